"""A finding's words: the message catalog's text in the learner's language that keeps its English
(``Said``), so the emulator groups and names findings by the English words whatever language the
learner reads."""
from __future__ import annotations

from ...messages import SOURCE, language, msg


class Said(str):
    """A finding's detail in the learner's language (``TILELAB_LANG``) that remembers its English
    text, ``en``: the emulator keeps one finding per kind of access and array on a line, and names
    shared offsets (``sB[3][5]``), by the English words, whatever language the learner reads."""

    def __new__(cls, text: str, en: str | None = None):
        self = super().__new__(cls, text)
        self.en = english(text) if en is None else en     # Said(a Said) keeps its English
        return self

    def __getnewargs__(self):          # pickle and copy (dataclasses.asdict) keep both texts
        return str(self), self.en

    def __add__(self, other):
        return Said(str(self) + str(other), self.en + english(other))


def english(text) -> str:
    return getattr(text, "en", text)


def said(key: str, **fields) -> Said:
    """The catalog's ``key`` in the learner's language, and in English (fields that are Said
    themselves go into each text in its own language)."""
    text = msg(key, **fields)
    if language() == SOURCE:
        return Said(text)
    return Said(text, msg(key, SOURCE, **{k: english(v) for k, v in fields.items()}))
