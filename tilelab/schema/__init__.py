"""JSON Schemas for what tilelab writes: ``run.schema.json`` is ``tilelab run --json``.

Checked into the repo (and shipped as package data) so tools that read our output
can validate it, and a test keeps the CLI honest against it.
"""
from __future__ import annotations

import json
from importlib import resources

SCHEMA_VERSION = 1


def load(name: str = "run") -> dict:
    return json.loads(resources.files(__name__).joinpath(f"{name}.schema.json").read_text())


def validate(doc: dict, name: str = "run") -> None:
    """Raise ``jsonschema.ValidationError`` if ``doc`` does not follow the schema (needs jsonschema)."""
    import jsonschema
    schema = load(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)
