"""Read a recording in bench/results/, plain or gzipped.

The largest recordings are stored as ``.json.gz`` so that the tree stays small enough to travel to the
device machine; a command recorded before a file was gzipped names it without ``.gz``, so a name that is
missing is looked up with ``.gz`` added.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path


def resolve(path) -> Path:
    """The file a recording's name means: itself, or its gzipped copy when only that exists."""
    p = Path(path)
    if not p.exists() and p.suffix != ".gz" and p.with_name(p.name + ".gz").exists():
        return p.with_name(p.name + ".gz")
    return p


def read_bytes(path) -> bytes:
    p = resolve(path)
    raw = p.read_bytes()
    return gzip.decompress(raw) if p.suffix == ".gz" else raw


def read_json(path):
    """A recording's JSON, whether stored plain or gzipped."""
    return json.loads(read_bytes(path))
