"""A submission's files, read by the trusted driver as data it cannot trust (issue 20, item 8).

``make grade`` runs as the instructor (often root) over folders learners filled: a file may be a
symbolic link (to /etc/shadow, to a FIFO that blocks a reader forever), a device, a directory where a
file is expected, a few gigabytes, or JSON nested 100,000 deep. Everything here:

- walks without following links (``os.scandir(..., follow_symlinks=False)`` and ``lstat``);
- opens with ``O_NOFOLLOW | O_NONBLOCK`` and reads only a regular file (``fstat`` on the open
  descriptor, so nothing can be swapped in between), never more than its cap;
- checks a JSON document's size and nesting depth before any parser sees it.

What is left out is said in words the learner reads in their feedback: a ``Note`` (a key of the
``[files]`` section of tilelab/messages and its fields), in English by ``str()`` and in the
submission's language by ``Note.text(lang)``.
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from tilelab.messages import msg

#: a submitted notebook is a few hundred KB; a larger one is not read
MAX_NOTEBOOK_BYTES = 16 << 20
#: any other file of a submission (data, a header, an image)
MAX_FILE_BYTES = 4 << 20
#: all the files of a submission together
MAX_SUBMISSION_BYTES = 32 << 20
#: files and folders looked at in one submission, and how deep
MAX_ENTRIES = 2000
MAX_DEPTH = 8
#: nesting of a notebook's JSON (a real one is about 6 deep: cells, outputs, data, metadata)
MAX_JSON_DEPTH = 64
#: timestamp.txt holds one date
MAX_TIMESTAMP_BYTES = 256


class Note:
    """One thing said about a submission's files: ``files.<key>`` of the message catalog, filled."""

    def __init__(self, key: str, **fields):
        self.key, self.fields = key, fields

    def text(self, lang: str | None = "en") -> str:
        fields = {k: (v.text(lang) if isinstance(v, Note) else v) for k, v in self.fields.items()}
        return msg(f"files.{self.key}", lang, **fields)

    def __str__(self) -> str:
        return self.text("en")

    @property
    def name(self) -> str:
        """The file it is about (that of the note it wraps, for a file left out)."""
        why = self.fields.get("why")
        return str(self.fields.get("name") or (why.name if isinstance(why, Note) else ""))

    def __repr__(self) -> str:
        return f"Note({self.key!r}, {self.fields!r})"


class NotReadable(ValueError):
    """A file of a submission that is not read, and why (``note``; ``str()``: in English)."""

    def __init__(self, key: str, **fields):
        self.note = Note(key, **fields)
        super().__init__(str(self.note))


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of ``path`` if it is a regular file (not a link, FIFO, device or folder) of at most
    ``limit`` bytes; else NotReadable. Never blocks on a FIFO and never follows a link."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        if os.path.islink(path):
            raise NotReadable("link", name=path.name) from None
        raise NotReadable("not_opened", name=path.name, why=e.strerror) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotReadable("folder" if stat.S_ISDIR(st.st_mode) else "not_regular", name=path.name)
        if st.st_size > limit:
            raise NotReadable("too_large", name=path.name, size=f"{st.st_size:,}", limit=f"{limit:,}")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:   # it grew while being read
                raise NotReadable("too_large", name=path.name, size=f"{total:,}+", limit=f"{limit:,}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def is_real_dir(path: Path) -> bool:
    """A folder, not a link to one."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def real_subdirs(path: Path) -> list[Path]:
    """The folders directly in ``path`` (no links, no hidden ones), sorted."""
    if not is_real_dir(path):
        return []
    with os.scandir(path) as it:
        return sorted(Path(e.path) for e in it if not e.name.startswith(".") and e.is_dir(follow_symlinks=False))


def has_notebook(path: Path) -> bool:
    """Whether folder ``path`` holds a ``*.ipynb`` entry of any kind (a broken one is reported later)."""
    if not is_real_dir(path):
        return False
    with os.scandir(path) as it:
        return any(e.name.endswith(".ipynb") for e in it)


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")


def json_depth(data: bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text (brackets inside strings not counted)."""
    skeleton = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for c in skeleton:
        if c in (0x5B, 0x7B):
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def load_json(data: bytes, name: str, max_depth: int = MAX_JSON_DEPTH):
    """``json.loads`` of a learner's file, after its depth is checked (NotReadable if it is not JSON)."""
    depth = json_depth(data)
    if depth > max_depth:
        raise NotReadable("nested_json", name=name, depth=f"{depth:,}")
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise NotReadable("not_json", name=name, why=(str(e).splitlines() or [type(e).__name__])[0][:200]) from None


def notebook_problem(data: bytes, name: str) -> Note | None:
    """None when ``data`` has a notebook's shape (an object whose ``cells`` is a list of objects);
    else what is wrong with it. The full schema is checked where it is graded."""
    try:
        nb = load_json(data, name)
    except NotReadable as e:
        return e.note
    if not isinstance(nb, dict):
        return Note("not_object", name=name, kind=type(nb).__name__)
    cells = nb.get("cells")
    if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
        return Note("no_cells", name=name)
    return None


def read_submission(folder: Path) -> tuple[dict, list[Note]]:
    """({relative path: bytes}, notes) of a submission folder: regular files only, within the caps.

    Notebooks come first and must be readable whole; any other file that is a link, not a regular
    file, too large, or past the submission's total is left out, and a note says so. A folder that
    cannot be walked raises NotReadable."""
    if not is_real_dir(folder):
        raise NotReadable("not_a_folder", name=folder.name)
    entries, notes, seen = [], [], 0
    stack = [(folder, 0)]
    while stack:
        d, depth = stack.pop()
        with os.scandir(d) as it:
            for e in sorted(it, key=lambda e: e.name):
                seen += 1
                if seen > MAX_ENTRIES:
                    notes.append(Note("too_many", n=f"{MAX_ENTRIES:,}"))
                    stack.clear()
                    break
                p = Path(e.path)
                rel = str(p.relative_to(folder))
                if e.name == ".ipynb_checkpoints":
                    continue
                if e.is_symlink():
                    notes.append(Note("link", name=rel))
                elif e.is_dir(follow_symlinks=False):
                    if rel == "timestamp.txt":   # nbgrader reads it as a file
                        notes.append(Note("folder", name=rel))
                    elif depth + 1 >= MAX_DEPTH:
                        notes.append(Note("too_deep", name=rel, n=MAX_DEPTH))
                    else:
                        stack.append((p, depth + 1))
                else:
                    entries.append((p, rel))
    files, total = {}, 0
    entries.sort(key=lambda pr: (not pr[1].endswith(".ipynb"), pr[1]))
    for p, rel in entries:
        notebook = rel.endswith(".ipynb") and "/" not in rel
        try:
            data = read_regular(p, MAX_NOTEBOOK_BYTES if notebook else MAX_FILE_BYTES)
        except NotReadable as e:
            if notebook:
                raise
            e.note.fields["name"] = rel
            notes.append(Note("left_out", why=e.note))
            continue
        if total + len(data) > MAX_SUBMISSION_BYTES:
            if notebook:
                raise NotReadable("over_total", mb=MAX_SUBMISSION_BYTES >> 20)
            notes.append(Note("over_total_file", name=rel, mb=MAX_SUBMISSION_BYTES >> 20))
            continue
        total += len(data)
        files[rel] = data
    return files, notes
