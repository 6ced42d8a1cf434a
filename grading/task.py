"""Grade one submission: the task a Dask worker runs for ``make grade`` (grading/cli.py).

``grade_submission(job)`` gets everything as data (the submission's files, the release, a
gradebook that knows the assignment, all in the submission's language: ``job["lang"]``), grades in a scratch course folder of its own with a
scratch gradebook (nbgrader's SQLite takes one writer: the driver merges), renders the
feedback, and returns scores, the autograded notebooks and the feedback pages. The grading
itself runs in a child process (``python -m grading.task DIR``) with the submission's time
limit: Dask has no task timeout, and a hang must fail only its own submission. Learner code
runs only inside that child's sandboxes (grading/sandbox/).
"""
from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook
from nbgrader.apps import NbGraderAPI
from nbgrader.coursedir import CourseDirectory
from traitlets.config.loader import PyFileConfigLoader

from grading.preprocessors.structure import NOTE_ID, renamed_notebooks, unreadable_notebooks
from grading.sandbox import CappedReader

ROOT = Path(__file__).resolve().parent.parent
#: what a worker sends back per file, at most (a notebook's outputs are already capped)
MAX_RETURNED_FILE = 16 << 20
#: bytes of the child's log kept for the driver's failure report
LOG_TAIL = 8000


def _write_tree(base: Path, files: dict) -> None:
    for rel, data in files.items():
        p = base / rel
        if not p.resolve().is_relative_to(base.resolve()):
            raise ValueError(f"refusing a path outside the submission: {rel}")
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(base64.b64decode(data) if isinstance(data, str) else data)


def _read_tree(base: Path, *patterns: str, too_big: list | None = None) -> dict:
    """{name: bytes} of the files of ``base`` matching ``patterns``; a file over MAX_RETURNED_FILE is
    not read, and its name goes into ``too_big``."""
    out = {}
    if base.is_dir():
        for pattern in patterns:
            for p in sorted(base.glob(pattern)):
                if not p.is_file() or p.is_symlink():
                    continue
                if p.stat().st_size <= MAX_RETURNED_FILE:
                    out[p.name] = p.read_bytes()
                elif too_big is not None:
                    too_big.append(f"'{p.name}' ({p.stat().st_size:,} bytes)")
    return out


def grade_submission(job: dict) -> dict:
    """Grade ``job`` (see grading/cli.py ``make_job``); never raises for a bad submission."""
    t0 = time.monotonic()
    student, assignment = job["student"], job["assignment"]
    result = {"student": student, "assignment": assignment, "key": job.get("key"), "ok": False,
              "reason": "", "grades": {}, "autograded": {}, "feedback": {}, "repairs": [],
              "worker_gpu": os.environ.get("CUDA_VISIBLE_DEVICES", ""), "host": os.uname().nodename}
    scratch = Path(tempfile.mkdtemp(prefix="tilelab-grade-"))
    os.chmod(scratch, 0o700)
    try:
        sub = scratch / "submitted" / student / assignment
        sub.mkdir(parents=True)
        _write_tree(sub, job["files"])
        release = scratch / "release"
        _write_tree(release / assignment, job["release"])
        (scratch / "gradebook.db").write_bytes(job["gradebook"])
        result["lang"] = job.get("lang") or "en"
        renamed = renamed_notebooks(sub, sorted(job["release"]), result["lang"]) + list(job.get("notes") or [])
        result["repairs"] = list(renamed)
        bad = unreadable_notebooks(sub)
        if bad:
            result["reason"] = bad
            return result
        spec = {"student": student, "assignment": assignment, "cell_timeout": job.get("cell_timeout"),
                "lang": result["lang"],
                "release": str(release), "extra": job.get("extra", {}), "renamed": renamed}
        (scratch / "job.json").write_text(json.dumps(spec))
        rc, out, log = _run_child([sys.executable, "-m", "grading.task", str(scratch)], job.get("timeout", 3600))
        result["log"] = log[-LOG_TAIL:]
        if rc == "timeout":
            result["reason"] = (f"grading took longer than the {job.get('timeout', 3600):g} s limit per "
                                "submission and was stopped (a cell or a check that never ends?)")
        else:
            try:
                child = json.loads(out.strip().splitlines()[-1])
            except (ValueError, IndexError):
                child = {"ok": False, "reason": f"the grading process failed (exit {rc})"}
            result.update({k: v for k, v in child.items() if k != "repairs"})
            result["repairs"] = child.get("repairs") or result["repairs"]  # the notes say the renames too
        too_big: list = []
        result["autograded"] = _read_tree(scratch / "autograded" / student / assignment, "*.ipynb", "timestamp.txt",
                                          too_big=too_big)
        result["feedback"] = _read_tree(scratch / "feedback" / student / assignment, "*.html", "timestamp.txt",
                                        "submission_secret.txt", too_big=too_big)  # release_feedback reads them
        if too_big and result.get("ok"):   # never a grade without the notebook and the page it came from
            result["ok"] = False
            result["reason"] = (f"its {' and '.join(too_big)} {'is' if len(too_big) == 1 else 'are'} over the "
                                f"{MAX_RETURNED_FILE >> 20} MB the grading driver takes back from a worker")
    except Exception as e:  # noqa: BLE001 - one broken submission never stops the batch
        result["reason"] = f"could not be graded: {type(e).__name__}: {e}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result["seconds"] = time.monotonic() - t0
    return result


def _run_child(cmd, timeout):
    """(rc or 'timeout', stdout, stderr tail) of ``cmd`` in its own process group, killed whole."""
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, start_new_session=True, env=_child_env())
    readers = [CappedReader(p.stdout, 4 << 20), CappedReader(p.stderr, 4 << 20)]
    for r in readers:
        r.start()
    try:
        rc = p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        rc = "timeout"
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        p.wait()
        for r in readers:
            r.join(timeout=10)
    return rc, readers[0].data.decode(errors="replace"), readers[1].data.decode(errors="replace")


def _child_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.setdefault("TILELAB_PROGRESS", "0")
    return env


# ------------------------------------------------------------------ the child: nbgrader's API
def _config(scratch: Path, spec: dict):
    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT)).load_config()
    cfg.CourseDirectory.submitted_directory = str(scratch / "submitted")
    cfg.CourseDirectory.autograded_directory = str(scratch / "autograded")
    cfg.CourseDirectory.feedback_directory = str(scratch / "feedback")
    cfg.CourseDirectory.release_directory = spec["release"]
    cfg.CourseDirectory.db_url = f"sqlite:///{scratch / 'gradebook.db'}"
    cfg.RepairStructure.release_root = spec["release"]
    cfg.SafeExecute.release_root = spec["release"]
    cfg.RepairStructure.prior_notes = list(spec.get("renamed") or [])
    cfg.RepairStructure.language = spec.get("lang") or ""
    if spec.get("cell_timeout"):
        cfg.Execute.timeout = int(spec["cell_timeout"])
    for dotted, value in (spec.get("extra") or {}).items():
        section, _, name = dotted.rpartition(".")
        setattr(cfg[section], name, value)
    return cfg


def _grades(db_url: str, assignment: str, student: str) -> tuple[dict, str | None, list]:
    out, repairs = {}, []
    with Gradebook(db_url) as gb:
        sub = gb.find_submission(assignment, student)
        for nb in sub.notebooks:
            out[nb.name] = {g.name: {"auto_score": g.auto_score, "max_score": g.max_score,
                                     "needs_manual_grade": bool(g.needs_manual_grade)} for g in nb.grades}
        ts = sub.timestamp.isoformat() if sub.timestamp else None
    return out, ts, repairs


def main(argv=None) -> int:
    scratch = Path((argv or sys.argv[1:])[0])
    spec = json.loads((scratch / "job.json").read_text())
    # what the learner's kernel and the judge print comes from tilelab/messages in this language
    # (grading/sandbox/kernel.py and the judge pass TILELAB_LANG on)
    os.environ["TILELAB_LANG"] = spec.get("lang") or "en"
    cfg = _config(scratch, spec)
    out, sys.stdout = sys.stdout, sys.stderr  # only the result goes to stdout
    result = {"ok": False}
    try:
        api = NbGraderAPI(coursedir=CourseDirectory(config=cfg), config=cfg)
        a, s = spec["assignment"], spec["student"]
        r = api.autograde(a, s, force=True, create=True)
        sys.stderr.write(r.get("log") or "")
        if not r.get("success"):
            result["reason"] = "nbgrader could not autograde it: " + _last_error(r)
        else:
            f = api.generate_feedback(a, s, force=True)
            sys.stderr.write(f.get("log") or "")
            result["grades"], result["timestamp"], _ = _grades(cfg.CourseDirectory.db_url, a, s)
            result["repairs"] = _repairs(scratch / "autograded" / s / a)
            result["ok"] = bool(f.get("success"))
            if not f.get("success"):
                result["reason"] = "graded, but its feedback could not be rendered: " + _last_error(f)
    except Exception as e:  # noqa: BLE001 - reported, never a traceback wall
        result["reason"] = f"{type(e).__name__}: {e}"
    finally:
        sys.stdout = out
    out.write(json.dumps(result) + "\n")
    out.flush()
    return 0


def _repairs(folder: Path) -> list:
    """The repairs, read back from the note grading.preprocessors.structure put at the top of each notebook."""
    notes = []
    for p in sorted(folder.glob("*.ipynb")):
        try:
            cells = nbformat.read(p, as_version=4).cells
        except Exception:  # noqa: BLE001
            continue
        if cells and cells[0].get("id") == NOTE_ID:
            notes += [f"{p.stem}: {ln[2:]}" for ln in cells[0].source.splitlines() if ln.startswith("- ")]
    return notes


def _last_error(r: dict) -> str:
    text = (r.get("error") or "") + "\n" + (r.get("log") or "")
    lines = [ln.strip() for ln in text.splitlines() if ("[ERROR]" in ln or "Error" in ln) and "Please see" not in ln]
    return (lines[-1] if lines else (text.strip().splitlines() or ["unknown error"])[-1])[:400]


if __name__ == "__main__":
    sys.exit(main())
