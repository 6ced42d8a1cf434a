"""The message catalog: what the course's code prints or draws, per language.

Code cells are the same in every language of the course; the words they print come from
``<lang>.toml`` beside this file, chosen by ``TILELAB_LANG`` (``en`` when unset). A key missing
from a language falls back to English, so a half-translated catalog still runs.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
SOURCE = "en"


def language() -> str:
    return os.environ.get("TILELAB_LANG", "").strip() or SOURCE


def languages() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.toml"))


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """The flat ``{"section.key": text}`` catalog of one language ({} when there is none)."""
    path = HERE / f"{lang}.toml"
    if not path.is_file():
        return {}
    flat: dict[str, str] = {}

    def walk(prefix, d):
        for k, v in d.items():
            if isinstance(v, dict):
                walk(f"{prefix}{k}.", v)
            else:
                flat[prefix + k] = v
    walk("", tomllib.loads(path.read_text(encoding="utf-8")))
    return flat


def msg(key: str, lang: str | None = None, **fields) -> str:
    """The text of ``key`` in ``lang`` (default: :func:`language`), its ``{fields}`` filled."""
    lang = lang or language()
    text = catalog(lang).get(key)
    if text is None:
        text = catalog(SOURCE).get(key)
    if text is None:
        raise KeyError(f"no message {key!r} in tilelab/messages/{SOURCE}.toml")
    return text.format(**fields) if fields else text


def label(text: str, lang: str | None = None) -> str:
    """A kernel's or a variant's label as the lessons show it (``"copy (same geometry)"``), in
    ``lang``: the ``[labels]`` section is keyed by the English label itself, because the lessons
    use the label as data (a dict key, a row name); a label the catalog lacks is shown as it is."""
    key = "labels." + text
    if key not in catalog(SOURCE):
        return text
    return msg(key, lang)
