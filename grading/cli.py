#!/usr/bin/env python3
"""`make grade` (``python -m grading``): autograde every submission on Dask, in sandboxes; feedback and grading/grades.csv.

Submissions are grading/submitted/<student>/<assignment>/. Each is one Dask task
(grading/task.py): it grades that submission alone, in a scratch course folder and gradebook,
with learner code only inside bubblewrap sandboxes (grading/sandbox/), renders its feedback,
and returns the result. This driver alone writes the course gradebook (nbgrader's API), the
autograded notebooks, the feedback pages and grades.csv.

- cluster: a LocalCluster sized to this machine (one CPU worker per core; on a GPU host one
  worker per GPU, pinned with CUDA_VISIBLE_DEVICES and holding the Dask resource ``GPU``, so
  no two timings share a GPU), or ``--scheduler tcp://host:8786`` (``make grade
  SCHEDULER=...``) for a cluster the instructor runs (README: Slurm, Kubernetes);
- a submission's time limit kills its grading process (Dask has no task timeout) and fails
  only it; a task whose worker died is retried once (``allowed-failures``);
- a rerun skips a submission whose files, release and grader are unchanged (``--force``
  regrades all);
- a worker of the local cluster that does not come back after its process ended is replaced by a
  fresh one (grading/workers.py), so the submissions queued behind it still run;
- each submission is graded against the nbgrader source of its own language (solutions/ or
  solutions_<lang>/: grading/language.py tells which), with that language's release and template
  gradebook, so the cells nbgrader restores and the feedback are in that language; the grades
  merge into the one course gradebook by grade id (every language has the same ids and points),
  and grades.csv says each submission's language;
- without a working sandbox it refuses, unless UNSAFE=1, and then every line says UNSAFE;
- it exits 1 when any submission failed, naming each with the reason.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import html
import importlib.metadata
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

import dateutil.parser
from traitlets.config.loader import PyFileConfigLoader

from grading import language as lg
from grading import sandbox as sb
from grading import submission_files as sf
from grading.cell_limits import cell_timeout
from grading.export import export
from grading.progress import Progress
from grading.release import assignments, release
from grading.rubrics import RUBRIC_DIR, load_rubric
from grading.sandbox import cgroup
from grading.workers import WorkerWatch
from tilelab.rubric.draw import course_secret
from tilelab.toolchain import available_nvrtc, nvrtc_version

ROOT = Path(__file__).resolve().parent.parent

SUBMITTED = ROOT / "grading" / "submitted"
CACHE_NAME = ".grade-cache.json"
PREFIX = ""
#: the progress bar (grading/progress.py) while one is shown: say() writes above it
BAR = None


def say(*lines) -> None:
    """print, with UNSAFE on every line when grading without a sandbox."""
    for text in lines:
        for line in str(text).splitlines() or [""]:
            if BAR is not None:
                BAR.write(PREFIX + line)
            else:
                print(PREFIX + line, flush=True)


def submissions(submitted: Path = SUBMITTED):
    """(student, assignment) for every submission folder holding a notebook (folders only, never
    a link to one: the driver reads learners' folders with the instructor's rights)."""
    return [(student.name, a.name) for student in sf.real_subdirs(submitted)
            for a in sf.real_subdirs(student) if sf.has_notebook(a)]


def check_timestamp(files: dict) -> sf.Note | None:
    """A timestamp.txt nbgrader cannot parse makes it drop the submission: leave it out, say so."""
    data = files.get("timestamp.txt")
    if data is None:
        return None
    try:
        if len(data) > sf.MAX_TIMESTAMP_BYTES:
            raise ValueError("too long")
        dateutil.parser.parse(data.decode("utf-8").strip())
        return None
    except (ValueError, OverflowError, UnicodeDecodeError):
        del files["timestamp.txt"]
        return sf.Note("timestamp")


def read_tree(folder: Path) -> dict:
    """{relative path: bytes} of a trusted folder's files (the releases: regular files, no checkpoints)."""
    files, _ = sf.read_submission(folder)
    return files


def prepare(course: dict, student: str, a: str) -> tuple[dict, list[sf.Note]]:
    """(files, notes) of one submission: its regular files within the caps (grading/submission_files.py),
    every notebook of notebook shape, timestamp.txt readable or set aside. NotReadable: it cannot be graded."""
    files, notes = sf.read_submission(course["submitted"] / student / a)
    if not any(rel.endswith(".ipynb") and "/" not in rel for rel in files):
        about = [n for n in notes if n.name.endswith(".ipynb")]
        raise sf.NotReadable("no_notebook", why=about[0] if about else sf.Note("none_there"))
    for rel in sorted(files):
        if rel.endswith(".ipynb") and "/" not in rel:
            problem = sf.notebook_problem(files[rel], rel)
            if problem:
                raise sf.NotReadable("resubmit", why=problem)
    ts = check_timestamp(files)
    if ts:
        notes.append(ts)
    elif "timestamp.txt" not in files and any(n.name == "timestamp.txt" for n in notes):
        notes.append(sf.Note("on_time"))
    return files, notes


def write_not_graded(course: dict, r: dict) -> None:
    """A failed submission's own feedback: one page that says why it was not graded."""
    d = Path(course["feedback"]) / r["student"] / r["assignment"]
    if d.is_symlink() or d.is_file():
        d.unlink()
    elif d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    reason = html.escape(r.get("reason") or "unknown reason")
    (d / "not-graded.html").write_text(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Not graded</title></head><body>\n"
        f"<h1>{html.escape(r['assignment'])}: not graded</h1>\n<p>{reason}</p>\n</body></html>\n")


def rule_files(assignment: str) -> list[Path]:
    """The files a grade of ``assignment`` depends on besides the submission: the grader's and the
    package's code, the nbgrader config, the assignment's rubric, the counting pins, the reference
    kernels (their counts are thresholds) and the package's data (headers, message texts)."""
    files = sorted((ROOT / "grading").rglob("*.py")) + sorted((ROOT / "tilelab").rglob("*.py"))
    files += [ROOT / "nbgrader_config.py", RUBRIC_DIR / f"{assignment}.toml", RUBRIC_DIR / "_counting.toml"]
    files += sorted((ROOT / "kernels").rglob("*.cu"))           # the reference kernels, where they are read
    files += sorted(p for p in (ROOT / "tilelab").rglob("*") if p.suffix in (".cu", ".cuh", ".h", ".toml", ".json")
                    or p.parent.name == "include")               # package data (references, if packaged there)
    seen, out = set(), []
    for p in files:   # kernels/ is a link to tilelab/kernels/: each file once
        if p.is_file() and p.resolve() not in seen:
            seen.add(p.resolve())
            out.append(p)
    return out


@functools.lru_cache(maxsize=1)
def nvrtc_versions() -> list[str]:
    """Every NVRTC the judge may load on this machine: major, library, the version it reports
    (and TILELAB_NVRTC, which overrides the choice). A new NVRTC can compile the same kernel to
    other code, so other counts."""
    out = [f"TILELAB_NVRTC={os.environ.get('TILELAB_NVRTC', '')}"]
    for major, path in available_nvrtc().items():
        try:
            version = ".".join(str(v) for v in nvrtc_version(major))
        except Exception as e:  # noqa: BLE001 - a library that does not load is a fact of this machine too
            version = f"not loadable ({type(e).__name__})"
        out.append(f"{major}:{path}:{version}")
    return out


@functools.lru_cache(maxsize=1)
def nbgrader_version() -> str:
    """Part of every cache key: read from the installed distribution, without importing nbgrader (seconds)."""
    return importlib.metadata.version("nbgrader")


def grader_version(assignment: str) -> str:
    """Hash of everything that decides a grade besides the submission (a rerun's skip key): the
    rule files, nbgrader's version, the course secret (the sizes each learner is graded on are
    drawn with it) and the installed NVRTC."""
    h = hashlib.sha256()
    for p in rule_files(assignment):
        try:
            name = str(p.relative_to(ROOT))
        except ValueError:
            name = str(p)
        h.update(name.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    h.update(nbgrader_version().encode())
    h.update(hashlib.sha256(course_secret()).digest())
    h.update(json.dumps(nvrtc_versions()).encode())
    return h.hexdigest()


def content_key(files: dict, release_files: dict, version: str, extra: dict) -> str:
    h = hashlib.sha256(version.encode())
    for group in (files, release_files):
        for rel in sorted(group):
            h.update(rel.encode() + b"\0" + hashlib.sha256(group[rel]).digest())
    h.update(json.dumps(extra, sort_keys=True).encode())
    return h.hexdigest()


def parse_nbgrader_args(args: list[str]) -> dict:
    """``--Execute.timeout=10`` style options (as for nbgrader autograde) -> {"Execute.timeout": 10}."""
    out = {}
    for a in args:
        key, _, value = a.lstrip("-").partition("=")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def gpu_count() -> int:
    """GPUs this machine grades on (0 on the emulator backend or without nvidia-smi)."""
    if os.environ.get("TILELAB_BACKEND", "").lower() == "emu" or not shutil.which("nvidia-smi"):
        return 0
    try:
        r = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return 0
    return sum(1 for line in r.stdout.splitlines() if line.startswith("GPU "))


def start_cluster(workers: int | None, scheduler: str | None):
    """(client, cluster or None, description, gpu_tasks)."""
    import dask
    from distributed import Client
    # a task whose worker died is retried once, elsewhere; a second death fails it
    dask.config.set({"distributed.scheduler.allowed-failures": 1,
                     "distributed.worker.daemon": False,
                     "distributed.admin.tick.limit": "60s"})
    if scheduler:
        client = Client(scheduler, timeout=60)
        info = client.scheduler_info()
        gpu = any("GPU" in (w.get("resources") or {}) for w in info["workers"].values())
        n = len(info["workers"])
        return client, None, f"{n} worker{'' if n == 1 else 's'} at {scheduler}", gpu
    gpus = gpu_count()
    if gpus and not workers:
        from distributed import Nanny, Scheduler, SpecCluster
        specs = {f"gpu{i}": {"cls": Nanny, "options": {
            "nthreads": 1, "resources": {"GPU": 1}, "memory_limit": 0,
            "env": {"CUDA_VISIBLE_DEVICES": str(i)}}} for i in range(gpus)}
        cluster = SpecCluster(workers=specs, scheduler={"cls": Scheduler, "options": {"dashboard_address": None}},
                              silence_logs=40)
        return Client(cluster), cluster, f"LocalCluster: {gpus} GPU workers (one GPU each)", True
    from distributed import LocalCluster
    n = workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, memory_limit=0,
                           dashboard_address=None, silence_logs=40)
    return Client(cluster), cluster, f"LocalCluster: {n} CPU worker{'s' if n > 1 else ''}", False


def release_key(names, lang: str = lg.SOURCE) -> str:
    """Hash of what a release and its gradebook entries are made from."""
    h = hashlib.sha256(nbgrader_version().encode() + json.dumps([lang] + sorted(names)).encode())
    files = [ROOT / "nbgrader_config.py"] + sorted((ROOT / "grading").rglob("*.py"))
    for a in names:
        files += sorted(p for p in (lg.source_dir(lang, ROOT) / a).rglob("*") if p.is_file()
                        and ".ipynb_checkpoints" not in p.parts)
    for p in files:
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def release_dir(d: Path, lang: str = lg.SOURCE) -> Path:
    return d / ("release_tmp" if lang == lg.SOURCE else f"release_tmp_{lang}")


def prepare_releases(by_lang: dict, d: Path, db: str) -> dict:
    """{lang: template gradebook}: each language's release (in release_dir(d, lang)) and a blank
    gradebook that knows its assignments (the template every task of that language grades
    into); the English release goes into the course gradebook ``db``, which all languages'
    grades merge into, and its template is a copy of that without learners (blank_copy).
    nbgrader's release is slow (10-20 s a run, mostly its start), so there is one release per
    language (its assignments one after the other, or all in one nbgrader run when all are
    asked for), every language's at once, and nothing is released again unless its solutions or
    the grader changed."""
    out, runs, finish = {}, [], []
    tmp = Path(tempfile.mkdtemp(prefix="tilelab-template-"))
    try:
        for lang, wanted in by_lang.items():
            source = None if lang == lg.SOURCE else lg.source_dir(lang, ROOT)
            names = sorted(wanted)
            key = release_key(names, lang)
            tag = "" if lang == lg.SOURCE else f"-{lang}"
            stamp, template = d / f".release-key{tag}", d / f".template-gradebook{tag}.db"
            rdir = release_dir(d, lang)
            course_db = Path(db.removeprefix("sqlite:///"))
            if stamp.exists() and stamp.read_text() == key and template.exists() \
                    and (lang != lg.SOURCE or course_db.exists()) and all((rdir / a).is_dir() for a in wanted):
                out[lang] = template.read_bytes()
                continue
            blank = tmp / f"gradebook-{lang}.db"
            runs += [(lang, {"names": names, "source": source, "to": rdir,
                             "db": db if lang == lg.SOURCE else f"sqlite:///{blank}"})]
            finish.append((lang, key, stamp, template, blank))
        if runs:
            BAR.add(len(runs)) if BAR else None
            errors = []

            def run(lang, kw):
                try:
                    release(kw.pop("names"), quiet=True, **kw)
                except BaseException as e:  # noqa: BLE001 - SystemExit from release(): reported below
                    errors.append((lang, e))
                if BAR:
                    BAR.step(f"released {lang}")
            if BAR:
                BAR.phase("prepare")
                BAR.step(f"release {', '.join(sorted({lang for lang, _ in runs}))} …", 0)
            threads = [threading.Thread(target=run, args=r) for r in runs]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            if errors:
                lang, e = errors[0]
                raise SystemExit(f"make grade: the release{'' if lang == lg.SOURCE else ' of ' + lang} failed: {e}")
        for lang, key, stamp, template, blank in finish:
            if lang == lg.SOURCE:
                blank_copy(Path(db.removeprefix("sqlite:///")), blank)
            shutil.copyfile(blank, template)
            stamp.write_text(key)
            out[lang] = template.read_bytes()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def blank_copy(course_db: Path, out: Path) -> None:
    """A copy of the course gradebook without its learners, submissions and grades: what a
    release into an empty gradebook makes (the assignments, notebooks and cells), in no time."""
    shutil.copyfile(course_db, out)
    con = sqlite3.connect(out)
    try:
        with con:
            for table in ("comment", "grade", "submitted_notebook", "submitted_assignment", "student"):
                con.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names
        con.execute("VACUUM")
    finally:
        con.close()


def merge(db_url: str, r: dict) -> None:
    """Write one graded submission into the course gradebook (the driver is its only writer)."""
    from nbgrader.api import Gradebook, MissingEntry
    with Gradebook(db_url) as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SQLAlchemy's autoflush notes on nbgrader's own add_submission
        gb.update_or_create_student(r["student"])
        try:
            gb.remove_submission(r["assignment"], r["student"])
        except MissingEntry:
            pass
        kw = {"timestamp": dateutil.parser.parse(r["timestamp"])} if r.get("timestamp") else {}
        gb.add_submission(r["assignment"], r["student"], **kw)
        for nb_name, cells in r["grades"].items():
            for cell, g in cells.items():
                grade = gb.find_grade(cell, nb_name, r["assignment"], r["student"])
                grade.auto_score = g["auto_score"]
                grade.needs_manual_grade = g["needs_manual_grade"]
        gb.db.commit()


def write_outputs(course: dict, r: dict) -> None:
    for kind, files in (("autograded", r["autograded"]), ("feedback", r["feedback"])):
        d = Path(course[kind]) / r["student"] / r["assignment"]
        if d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True)
        for name, data in files.items():
            (d / name).write_bytes(data)


def export_csv(db_url: str, path: str, autograded: Path | None = None, include_missing: bool = False) -> None:
    """grades.csv (one row per submission, with its language and lateness) and the Canvas and
    Moodle imports beside it (grading/export.py)."""
    export(db_url, Path(path), autograded, include_missing)


#: nbgrader's own steps around the learner's cells and the judge: copying, the gradebook, the feedback page
GRADING_MARGIN_S = 300


def time_limit(assignment: str, notebooks: int, extra: dict | None = None) -> float:
    """Seconds one submission of ``assignment`` may take, from the budgets that already bound it:
    per notebook the kernel's start (Execute.startup_timeout) and the learner's cells together
    (SafeExecute.notebook_budget), every graded check's judge (the rubric's timeout_s), and a
    margin for nbgrader's own steps. A submission past it is stuck, not slow."""
    from grading.preprocessors import SafeExecute
    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(ROOT)).load_config()
    extra = extra or {}

    def setting(section, name, default):
        configured = cfg[section].get(name, default) if section in cfg else default
        return float(extra.get(f"{section}.{name}", configured) or 0)
    startup = setting("Execute", "startup_timeout", 60)
    budget = setting("SafeExecute", "notebook_budget", SafeExecute.notebook_budget.default_value)
    if not budget:   # no notebook budget: every cell may take its own limit
        budget = setting("Execute", "timeout", 900) * 50
    try:
        judges = sum(c.timeout_s for c in load_rubric(assignment).checks)
    except FileNotFoundError:
        judges = 0.0
    return max(1, notebooks) * (startup + budget) + judges + GRADING_MARGIN_S


def main(argv=None) -> int:
    global PREFIX
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", "-j", type=int, default=int(os.environ.get("WORKERS") or 0) or None,
                    help="Dask workers on this machine (default: one per core; one per GPU on a GPU host)")
    ap.add_argument("--scheduler", default=os.environ.get("SCHEDULER") or None,
                    help="address of a running Dask scheduler (tcp://host:8786) instead of a LocalCluster")
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("GRADE_TIMEOUT") or 0) or None,
                    help="seconds per submission before its grading is killed (default: what the "
                    "assignment's budgets add up to, see time_limit)")
    ap.add_argument("--csv", default=str(ROOT / "grading" / "grades.csv"))
    ap.add_argument("--course-dir", help="put submitted/, autograded/, feedback/, release_tmp/ and "
                    "gradebook.db here instead of grading/ (tests use it)")
    ap.add_argument("--force", action="store_true", help="regrade submissions that did not change")
    ap.add_argument("--nbgrader-arg", action="append", default=[],
                    help="extra nbgrader option for autograde, e.g. --Execute.timeout=60")
    ap.add_argument("--json", help="also write every result (scores, repairs, reasons, seconds) here")
    ap.add_argument("--student", default=os.environ.get("STUDENT") or None,
                    help="grade only this learner's submissions (always regraded; make grade STUDENT=...)")
    ap.add_argument("--assignment", default=os.environ.get("ASSIGNMENT") or None,
                    help="grade only this assignment's submissions (always regraded; make grade ASSIGNMENT=...)")
    ap.add_argument("--include-missing", action="store_true", default=bool(os.environ.get("INCLUDE_MISSING")),
                    help="grades.csv gets a row (status missing, no score) per learner who did not submit an "
                    "assignment others submitted")
    args = ap.parse_args(argv)
    global BAR
    BAR = Progress(PREFIX)
    try:
        return _main(args)
    finally:
        BAR.close()
        BAR = None


def _main(args) -> int:
    global PREFIX
    if sb.unsafe() and not sb.required():
        PREFIX = BAR.prefix = "UNSAFE "
        os.environ["TILELAB_UNSAFE"] = "1"
        say("grading WITHOUT a sandbox (UNSAFE=1): learner code runs with your rights")
    else:
        why = sb.probe()
        if why:
            say(f"make grade: no working sandbox, so nothing was graded: {why}",
                "(to grade anyway, at your own risk: make grade UNSAFE=1)")
            return 2

    if not sb.unsafe() and cgroup.why_unavailable() and gpu_count():
        say(f"note: {cgroup.why_unavailable()}; on this GPU host the sandboxes' memory is therefore not "
            "limited (no address-space limit with CUDA)")
    d = Path(args.course_dir).resolve() if args.course_dir else ROOT / "grading"
    course = {"submitted": d / "submitted", "autograded": d / "autograded", "feedback": d / "feedback"}
    db = f"sqlite:///{d / 'gradebook.db'}"
    subs = submissions(course["submitted"])
    if not subs:
        say(f"no submissions under {course['submitted']}/<student>/<assignment>/")
        return 0
    picked = [(s, a) for s, a in subs if args.student in (None, s) and args.assignment in (None, a)]
    if len(picked) < len(subs):      # by hand: only these, regraded as the batch grades them
        if not picked:
            say(f"no submission of {args.student or 'any learner'} for {args.assignment or 'any assignment'} "
                f"under {course['submitted']}/<student>/<assignment>/")
            return 2
        subs = picked
    known = set(assignments())
    unknown = sorted({a for _, a in subs} - known)
    names = sorted({a for _, a in subs} & known)
    extra = parse_nbgrader_args(args.nbgrader_arg)
    # each submission's language, told from its read-only cells against each language's nbgrader
    # source (the release has the same read-only cells); then every language's release at once
    sources = {lang: {a: {p.name: p.read_bytes() for p in sorted((lg.source_dir(lang, ROOT) / a).glob("*.ipynb"))}
                      for a in names} for lang in lg.languages(ROOT)}
    BAR.add(len(subs) + 1)
    with BAR.doing("load nbgrader"):       # (seconds on a busy machine: the bar is up before it)
        from grading import late
    prepared, langs = {}, {}
    for student, a in subs:       # read and tell the language first, so that all releases run at once
        if a in known:            # (one learner, one failure: whatever it holds, only its own line says so)
            try:
                prepared[student, a] = prepare(course, student, a)
                langs[student, a] = lg.detect(prepared[student, a][0],
                                              {lang: s[a] for lang, s in sources.items() if s.get(a)})
            except sf.NotReadable as e:
                prepared[student, a] = str(e)
            except Exception as e:  # noqa: BLE001 - a submission the checks did not foresee fails alone
                prepared[student, a] = f"it could not be prepared for grading ({type(e).__name__}: {str(e)[:300]})"
        BAR.step(f"read {student}/{a}")
    needed = sorted({lang for lang, _ in langs.values()} | ({lg.SOURCE} if names else set()))
    templates = prepare_releases({lang: names if lang == lg.SOURCE else [n for n in names if sources[lang].get(n)]
                                  for lang in needed}, d, db)
    due = late.due_dates(db)
    receipts = late.read_ledger(course["submitted"])

    def template(lang: str, a: str) -> tuple[bytes, str]:
        """(template gradebook of ``lang``, why it cannot grade ``a`` or '')."""
        return templates[lang], lg.same_grade_cells(templates[lg.SOURCE], templates[lang], lang, a)
    cache_path = d / CACHE_NAME
    cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    regrade = bool(args.force or args.student or args.assignment)   # by hand: always regraded

    results, jobs, skipped = [], [], []
    versions = {a: grader_version(a) for a in names}
    limits = {a: time_limit(a, len(list((release_dir(d) / a).glob("*.ipynb"))), extra) for a in names}
    cell_limits = {a: cell_timeout(a, extra) for a in names}
    for student, a in subs:
        name = f"{student}/{a}"
        if a in unknown:
            results.append({"student": student, "assignment": a, "ok": False, "reason": (
                f"'{a}' is not an assignment of this course (folders of solutions/: {', '.join(sorted(known))}); "
                "was the folder renamed?")})
            continue
        got = prepared[student, a]
        if isinstance(got, str):
            results.append({"student": student, "assignment": a, "ok": False, "reason": got})
            continue
        try:
            files, notes = got
            for note in notes:
                say(f"warning: {name}: {note}")
            lang, note = langs[student, a]
            notes = [n.text(lang) for n in notes]   # they go into the feedback: in the submission's language
            gradebook, refused = template(lang, a)
            if refused:
                results.append({"student": student, "assignment": a, "ok": False, "reason": refused})
                continue
            rel = read_tree(release_dir(d, lang) / a)
            rel = {k: v for k, v in rel.items() if k.endswith(".ipynb")}
            # graded with the time it reached the exchange (grading/late.py), against the gradebook's due date
            files, when = late.timing(files, receipts.get(name))
            job_extra = {**extra, **when}
            key = content_key(files, rel, versions[a], {**job_extra, "lang": lang, "due": str(due.get(a) or ""),
                                                        "cell_timeout": cell_limits[a]})
            fb = course["feedback"] / student / a
            if not regrade and cache.get(name, {}).get("key") == key and fb.is_dir() and any(fb.glob("*.html")):
                skipped.append(name)
                continue
            gradebook = late.with_due_date(gradebook, a, due.get(a))
        except Exception as e:  # noqa: BLE001 - a submission the checks above did not foresee fails alone
            results.append({"student": student, "assignment": a, "ok": False, "reason": (
                f"it could not be prepared for grading ({type(e).__name__}: {str(e)[:300]})")})
            continue
        jobs.append({"student": student, "assignment": a, "key": key, "files": files, "release": rel,
                     "gradebook": gradebook, "timeout": args.timeout or limits[a], "extra": job_extra, "lang": lang,
                     "notes": notes + ([note] if note else []), "cell_timeout": cell_limits[a]})

    if skipped:
        say(f"{len(skipped)} submission{'s' if len(skipped) > 1 else ''} unchanged since last graded: skipped "
            "(--force regrades them)")
    t0 = time.monotonic()
    if jobs:
        results += run_jobs(jobs, args, course, db, cache, cache_path)
    if names:
        export_csv(db, args.csv, course["autograded"], args.include_missing)

    failed = sorted((r for r in results if not r.get("ok")), key=lambda r: (r["student"], r["assignment"]))
    for r in failed:
        try:
            write_not_graded(course, r)
        except OSError as e:
            say(f"warning: no feedback page for {r['student']}/{r['assignment']}: {e}")
    graded = [r for r in results if r.get("ok")]
    wall = time.monotonic() - t0
    say("", f"graded {len(graded)} of {len(results)} submissions"
        + (f" ({len(skipped)} unchanged, not regraded)" if skipped else "")
        + f" in {wall:.0f} s; grades in {args.csv}")
    for r in graded:
        for note in r.get("repairs", []):
            say(f"  repaired {r['student']}/{r['assignment']}: {note}")
    for r in failed:
        say(f"  FAILED {r['student']}/{r['assignment']}: {r.get('reason') or 'unknown reason'}")
    if args.json:
        Path(args.json).write_text(json.dumps([{k: v for k, v in r.items() if k not in ("autograded", "feedback", "log")}
                                               for r in results], indent=1, default=str))
    return 1 if failed else 0


def task_failure(exc: BaseException) -> str:
    """Why a submission's Dask task failed, as it failed: its worker process died (twice: the task is
    retried once), or the task raised (on a worker, or before it ran: a scheduler or worker that cannot
    import this package, whose error Dask chains as the cause). grade_submission itself never raises
    for a bad submission, so an exception here is the grading machinery's, and says which."""
    from distributed import KilledWorker
    if isinstance(exc, KilledWorker):
        return ("its grading worker died twice while grading it (KilledWorker); it may use more memory than the "
                "worker has: grade it alone to see")
    chain, e = [], exc
    while e is not None and e not in chain and len(chain) < 10:
        chain.append(e)
        e = e.__cause__ or e.__context__

    def said(e):
        text = " ".join(str(e).split())
        return f"{type(e).__name__}: {text[:400]}{' ...' if len(text) > 400 else ''}"
    imports = [e for e in chain if isinstance(e, ImportError)]
    if imports:
        where = ("the Dask scheduler could not read the task" if "deserializ" in str(exc)
                 else "its grading task could not run on the Dask worker")
        return (f"{where} ({said(imports[0])}); install this repository (make install) in the environment of "
                "the scheduler and of every worker")
    return "its grading task failed with " + "; caused by ".join(said(e) for e in chain[:3])


def run_jobs(jobs, args, course, db, cache, cache_path):
    from distributed import as_completed
    from grading.task import grade_submission
    BAR.add(1)
    with BAR.doing("start the Dask cluster"):
        client, cluster, where, gpu = start_cluster(args.workers, args.scheduler)
    say(f"grading {len(jobs)} submission{'s' if len(jobs) > 1 else ''} on {where}")
    results = []
    try:
        futures = {client.submit(grade_submission, job, key=f"grade-{job['student']}-{job['assignment']}-{job['key'][:12]}",
                                 resources={"GPU": 1} if gpu else None, pure=False):
                   (job["student"], job["assignment"], job["key"]) for job in jobs}
        t0 = time.monotonic()
        BAR.phase("autograde")
        BAR.add(len(jobs))
        with WorkerWatch(client, cluster, say):          # a worker whose nanny stays down is replaced
            for fut in as_completed(futures):
                student, a, key = futures[fut]
                try:
                    r = fut.result()
                except Exception as e:  # noqa: BLE001 - reported for this submission alone
                    r = {"student": student, "assignment": a, "ok": False, "reason": task_failure(e)}
                if r.get("ok"):
                    merge(db, r)
                    from grading.late import apply_penalties
                    apply_penalties(db, a, student)
                    write_outputs(course, r)
                    cache[f"{student}/{a}"] = {"key": key}
                    cache_path.write_text(json.dumps(cache, indent=1, sort_keys=True))
                else:
                    cache.pop(f"{student}/{a}", None)
                for k in ("autograded", "feedback"):
                    r.pop(k, None)
                results.append(r)
                done = len(results)
                rate = done / max(time.monotonic() - t0, 1e-9) * 60
                BAR.step(f"{rate:.1f} submissions/min, {student}/{a} {'ok' if r.get('ok') else 'FAILED'}")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return results


if __name__ == "__main__":
    sys.exit(main())
