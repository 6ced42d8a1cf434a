"""Reading a CUDA source file as text, whatever its editor saved it in.

Why: nvcc reads a source as bytes, so a ``.cu`` file whose comments are in GBK (the default of Chinese
Windows editors; QPanda's GPUGates.cu, the forty-third unseen suite) builds there, while Python's
``read_text()`` stops at the first such byte with a UnicodeDecodeError. The file is read as UTF-8 (a BOM
dropped), else as GB18030 (GBK's superset), else as Latin-1, which reads any bytes: the text is what an
editor in that encoding shows, and NVRTC gets it as UTF-8 (comments and string literals alike)."""
from __future__ import annotations

from pathlib import Path

ENCODINGS = ("utf-8-sig", "gb18030", "latin-1")


def decode_source(data: bytes) -> str:
    """``data`` as text, in the first of ``ENCODINGS`` that reads it whole."""
    for enc in ENCODINGS[:-1]:
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode(ENCODINGS[-1])


def read_source(path) -> str:
    """The text of the source file ``path`` (``decode_source``); OSError as ``Path.read_bytes`` raises it."""
    return decode_source(Path(path).read_bytes())
