"""A submitted notebook's structure, checked against its release and repaired (issue 8).

A learner can delete, edit, duplicate or retype the release's read-only and grade cells, and
edit their nbgrader metadata or ids; stock nbgrader then scores a silent 0 or stops the
notebook. ``RepairStructure`` (first of the autograde preprocessors) rebuilds the notebook from
the release instead: every release cell in its place with its metadata, the learner's answer
cells (nbgrader ``solution`` cells, matched by ``grade_id``) with the learner's source, and
every cell the learner added after the release cell it followed. What was repaired is written
in a note at the top of the notebook (and so in the feedback), and in the notebook's metadata
(``tilelab.repairs``) for the driver's summary. Which kernel is graded is the ``%%cuda``
parser's decision (tilelab.magic), made on the repaired notebook.
"""
from __future__ import annotations

import copy
import os
from pathlib import Path

import nbformat
from nbformat.v4 import new_markdown_cell
from traitlets import List, Unicode

from nbgrader.preprocessors import NbGraderPreprocessor
from nbgrader.utils import compute_checksum

from grading.rubrics import REPO_ROOT
from tilelab.messages import msg   # the notes are in the submission's language (TILELAB_LANG)

NOTE_ID = "tilelab-repairs"


def _nbg(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def _name(gid) -> str:
    """A grade id as the note shows it: the learner may have written anything there."""
    text = "".join(ch if ch.isalnum() or ch in "_-." else "?" for ch in str(gid))
    return text[:60] + ("..." if len(text) > 60 else "")


def _is_answer(meta: dict) -> bool:
    return bool(meta.get("solution"))


def _what(meta: dict) -> str:
    if meta.get("grade") and not meta.get("solution"):
        return msg("repair.grade_cell")
    if _is_answer(meta):
        return msg("repair.answer_cell")
    return msg("repair.read_only_cell")


def repair(nb, release, prior=()) -> list[str]:
    """Rebuild ``nb`` (in place) on ``release``'s cells; returns what was repaired, in words
    (``prior``: repairs made before nbgrader read the notebook, such as a rename)."""
    notes: list[str] = list(prior)
    rel_ids = [_nbg(c).get("grade_id") for c in release.cells]
    rel_by_id = {g: c for g, c in zip(rel_ids, release.cells) if g}
    claimed: dict = {}
    extras: dict = {None: []}
    anchor = None
    for cell in nb.cells:
        meta = _nbg(cell)
        gid = meta.get("grade_id")
        if cell.get("id") == NOTE_ID:
            continue  # a note from an earlier grading run (or a forged one): rebuilt below
        if gid in rel_by_id and gid not in claimed:
            claimed[gid] = cell
            anchor = gid
            continue
        if gid in rel_by_id:
            notes.append(msg("repair.second_copy", what=_what(_nbg(rel_by_id[gid])), gid=gid)
                         + msg("repair.kept_as_yours" if _is_answer(_nbg(rel_by_id[gid])) else "repair.removed"))
            if not _is_answer(_nbg(rel_by_id[gid])):
                continue
        elif meta:
            notes.append(msg("repair.unknown_metadata", gid=_name(gid)))
        plain = copy.deepcopy(cell)
        plain.metadata.pop("nbgrader", None)
        plain.pop("id", None)
        extras.setdefault(anchor, []).append(plain)
    if list(claimed) != [g for g in rel_ids if g in claimed]:
        notes.append(msg("repair.out_of_order"))
    cells = list(extras[None])
    for gid, rel in zip(rel_ids, release.cells):
        mine = claimed.get(gid) if gid else None
        rel_meta = _nbg(rel)
        if gid is None:
            cells.append(copy.deepcopy(rel))
        elif mine is None:
            cells.append(copy.deepcopy(rel))
            notes.append(msg("repair.missing", what=_what(rel_meta), gid=gid)
                         + (msg("repair.with_starting_code") if _is_answer(rel_meta) else ""))
        elif _is_answer(rel_meta):
            cell = copy.deepcopy(rel)
            cell.source = mine.source
            if mine.cell_type != rel.cell_type:
                notes.append(msg("repair.answer_type", gid=gid, mine=mine.cell_type, rel=rel.cell_type))
            elif _nbg(mine) != rel_meta and _strip(_nbg(mine)) != _strip(rel_meta):
                notes.append(msg("repair.metadata", what=msg("repair.answer_cell"), gid=gid))
            if rel.cell_type == "code":
                cell.outputs = list(mine.get("outputs", [])) if mine.cell_type == "code" else []
                cell.execution_count = mine.get("execution_count") if mine.cell_type == "code" else None
            cells.append(cell)
        else:
            cell = copy.deepcopy(rel)
            if mine.cell_type != rel.cell_type:
                notes.append(msg("repair.type", what=_what(rel_meta), gid=gid, mine=mine.cell_type))
            elif mine.source != rel.source:
                # nbgrader's checksum is of the cell as it was released: still true of the learner's
                # copy means nobody edited it since, so it came from an older release of the course
                older = _nbg(mine).get("checksum") and _nbg(mine).get("checksum") == _checksum(mine)
                notes.append(msg("repair.older_release" if older else "repair.edited", what=_what(rel_meta), gid=gid))
            elif _strip(_nbg(mine)) != _strip(rel_meta):
                notes.append(msg("repair.metadata", what=_what(rel_meta), gid=gid))
            cells.append(cell)
        cells += extras.get(gid, []) if gid else []
    nb.cells = cells
    for k in ("kernelspec", "language_info"):
        if k in release.metadata:
            nb.metadata[k] = copy.deepcopy(release.metadata[k])
    if notes:
        text = msg("repair.head") + "\n\n" + \
            "\n".join(f"- {n}" for n in notes)
        note = new_markdown_cell(text)
        note["id"] = NOTE_ID
        nb.cells.insert(0, note)
    nb.metadata.setdefault("tilelab", {})["repairs"] = notes
    return notes


def add_repair_note(nb, note: str) -> None:
    """Add ``note`` to the repair note at the top of ``nb`` (made if there is none) and to its
    metadata: a repair made after RepairStructure ran (an output cut while the notebook ran)."""
    notes = nb.metadata.setdefault("tilelab", {}).setdefault("repairs", [])
    notes.append(note)
    if nb.cells and nb.cells[0].get("id") == NOTE_ID:
        nb.cells[0].source += f"\n- {note}"
        return
    cell = new_markdown_cell(msg("repair.head") + "\n\n" + f"- {note}")
    cell["id"] = NOTE_ID
    nb.cells.insert(0, cell)


def _checksum(cell) -> str | None:
    try:
        return compute_checksum(cell)
    except Exception:                            # a cell too broken to sum was edited
        return None


def _strip(meta: dict) -> dict:
    """nbgrader metadata without what nbgrader itself rewrites (checksum, schema version)."""
    return {k: v for k, v in meta.items() if k not in ("checksum", "schema_version", "cell_type")}


def renamed_notebooks(folder: Path, release_names: list[str], lang: str | None = None) -> list[str]:
    """Rename a submission's notebooks back to the release's names when the learner renamed
    them (matched on the release's grade ids); returns what was renamed, in words (in ``lang``)."""
    have = {p.name for p in folder.glob("*.ipynb")}
    missing = [n for n in release_names if n not in have]
    unknown = sorted(have - set(release_names))
    notes = []
    if not missing or not unknown:
        return notes
    for name in missing:
        best, best_hits = None, 0
        for cand in unknown:
            try:
                ids = {_nbg(c).get("grade_id") for c in nbformat.read(folder / cand, as_version=4).cells}
            except Exception:  # noqa: BLE001 - an unreadable file is not the renamed notebook
                continue
            hits = len(ids - {None})
            if hits > best_hits:
                best, best_hits = cand, hits
        if best is None and len(missing) == 1 and len(unknown) == 1:
            best = unknown[0]
        if best is not None:
            os.rename(folder / best, folder / name)
            unknown.remove(best)
            notes.append(msg("repair.renamed", best=best, name=name, lang=lang))
    return notes


def unreadable_notebooks(folder: Path) -> str:
    """'' when every notebook of the submission can be read; else what is wrong and what to do."""
    for p in sorted(folder.glob("*.ipynb")):
        try:
            nbformat.validate(nbformat.read(p, as_version=4))
        except Exception as e:  # noqa: BLE001 - JSON, encoding or schema: all mean "not a notebook"
            first = str(e).strip().splitlines()[0][:200] if str(e).strip() else type(e).__name__
            return (f"'{p.name}' is not a readable notebook ({first}); the learner should open their "
                    "copy in JupyterLab, save it, and submit again")
    return ""


class RepairStructure(NbGraderPreprocessor):
    """Rebuild the submitted notebook on its release's cells before anything else runs."""

    release_root = Unicode(str(REPO_ROOT / "exercises"),
                           help="Folder of <assignment>/<notebook>.ipynb releases").tag(config=True)
    prior_notes = List(help="Repairs made before nbgrader read the notebooks (renamed files)").tag(config=True)
    language = Unicode("", help="The language the submission is graded in (grading/language.py): written "
                                "into the notebook's metadata as tilelab.lang, for grades.csv and the "
                                "class report").tag(config=True)

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        path = Path(self.release_root) / str(info.get("assignment")) / f"{info.get('notebook')}.ipynb"
        if self.language:
            nb.metadata.setdefault("tilelab", {})["lang"] = self.language
        if not path.is_file():
            self.log.warning("no release notebook at %s: structure not checked", path)
            return nb, resources
        notes = repair(nb, nbformat.read(path, as_version=4), self.prior_notes)
        for n in notes:
            self.log.warning("repaired: %s", n)
        return nb, resources
