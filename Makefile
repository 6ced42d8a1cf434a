# tilelab course: `make lab` to learn, `make test` to check everything (DESIGN §1, §7).
# Every target creates .venv (python3 -m venv) when missing and installs the package with
# the course extra once; a stamp keeps repeat runs fast and reinstalls when pyproject changes.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON   ?= python3
VENV     ?= .venv
EXTRAS   ?= course
PIP_ARGS ?=
LAB_ARGS ?=
WORK     ?= work
# make lab COURSE_LANG=zh: the Chinese course (lessons/zh, exercises_zh -> work/zh, JupyterLab in Chinese)
COURSE_LANG ?= en
PYTEST_ARGS ?=
# make test runs test files on this many processes (pytest-xdist; a file stays in one process, its
# fixtures shared): the cores, at most 4 (grading tests start processes of their own). TEST_JOBS=0: one.
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ $$n -gt 4 ] && n=4; echo $$n)
# nbval runs notebooks in order, in one process (xdist's -n would split a notebook's cells).
NBVAL_ARGS ?=
NAMES    ?=
BIN      := $(VENV)/bin
PY       := $(BIN)/python
comma    := ,
STAMP    := $(VENV)/.tilelab-$(subst $(comma),-,$(EXTRAS)).stamp
# NO_INSTALL=1 PY=python3: use an interpreter as it is (a machine with no registry, such as the
# GPU host, where the wheels of .whl/ are on PYTHONPATH: see scripts/prepare_device_wheels.sh).
ifeq ($(NO_INSTALL),1)
STAMP    :=
endif
NBVAL    := --nbval-lax --nbval-current-env
# A wheelhouse in .whl/ (machines with no registry, such as the GPU host) is used when present.
WHEELHOUSE := $(if $(wildcard .whl/*.whl),--find-links .whl,)
# The site extra (Sphinx, MyST-NB, the theme) on top of EXTRAS, for `make site` and `make test`.
SITE_STAMP := $(VENV)/.site-extra.stamp
ifeq ($(NO_INSTALL),1)
SITE_STAMP :=
endif

.PHONY: rubric-sweep help install lab lessons compare-outputs test test-fast test-gpu test-gpu-notebooks release grade sandbox-user student-bundle clean-grading

help:
	@echo "make lab             set up, copy exercises/ into work/ (never overwriting), open JupyterLab on work/ and lessons/"
	@echo "make test            set up and run every test (no GPU needed)"
	@echo "make test-fast       the edit-run loop: unit tests of the toolchain, emulator, judge and rubric"
	@echo "make rubric-sweep    every count threshold over every drawn size (tilelab/rubric/sweep.json; CHECKS=...)"
	@echo "make test-gpu        the same on a GPU (TILELAB_BACKEND=gpu), plus nbval over solutions/ and an autograde"
	@echo "make lessons         build lessons/, solutions/, exercises/ from the text in course/ (NAMES=03 for one)"
	@echo "make compare-outputs the built notebooks' outputs against git's (REV=HEAD), times and addresses aside (NAMES=03)"
	@echo "make release         nbgrader generate_assignment: solutions/ -> exercises/ (and solutions_zh/ -> exercises_zh/)"
	@echo "make grade           autograde grading/submitted/*/*, feedback, grading/grades.csv (STUDENT=s ASSIGNMENT=a: one by hand)"
	@echo "make student-bundle  dist/tilelab-student.tar.gz without solutions, rubric or grading internals"
	@echo "make site            the course site, English and 中文, in build/site/ (Sphinx + MyST-NB, offline)"

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || { \
	  echo "could not create $(VENV): on Debian/Ubuntu install python3-venv (apt-get install python3-venv)"; exit 1; }
	$(PY) -m pip install --quiet $(WHEELHOUSE) $(PIP_ARGS) -e '.[$(EXTRAS)]'
	@rm -f $(VENV)/.tilelab-*.stamp
	@touch $@

# JupyterLab serves .lab/: links to work/, lessons/, kernels/ and the README, so solutions/ is out of
# sight; as root (a container) the script adds --allow-root and says so (scripts/lab.py).
lab: $(STAMP)
	$(PY) scripts/lab.py --lang $(COURSE_LANG) --work $(WORK) $(LAB_ARGS)

# nbval runs only where there are notebooks (a fresh course may have none yet).
define nbval
	nbs=$$(find $(1) -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort); \
	if [ -n "$$nbs" ]; then echo "nbval: $$nbs"; $(PY) -m pytest -p no:cacheprovider $(NBVAL) $(NBVAL_ARGS) $$nbs; \
	else echo "nbval: no notebooks under $(1)"; fi
endef

test: $(STAMP) sandbox-user
	$(PY) -m pytest -m "not gpu" -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS) tests
	$(call nbval,lessons/*.ipynb solutions)
	$(foreach l,$(patsubst solutions_%,%,$(wildcard solutions_*)),export TILELAB_LANG=$(l); $(call nbval,lessons/$(l) solutions_$(l));)

# The edit-run loop (docs/DESIGN.md §10): the tests tests/conftest.py marks `fast`, with the
# default NVRTC only. `make test` above runs these and every other test.
test-fast: $(STAMP)
	$(PY) -m pytest -m "fast and not gpu" --default-nvrtc $(PYTEST_ARGS) tests

# The rubric soundness sweep (issue 20): every count threshold over every size the draws can produce,
# with the solutions and the corpus; writes tilelab/rubric/sweep.json (CHECKS="grade_id ..." for some).
rubric-sweep: $(STAMP)
	nice $(PY) -m tilelab.rubric.sweep $(foreach c,$(CHECKS),--check $(c))

test-gpu: export TILELAB_BACKEND = gpu
test-gpu: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS) tests
	$(call nbval,solutions)

# the notebook half of test-gpu alone (a device call that has already run the pytest half);
# GPU_NOTEBOOKS="lessons/07_hopper_lesson.ipynb solutions/07_hopper": only those
GPU_NOTEBOOKS ?= solutions
test-gpu-notebooks: export TILELAB_BACKEND = gpu
test-gpu-notebooks: $(STAMP)
	$(call nbval,$(GPU_NOTEBOOKS))

# The course from its text sources (course/README.md): executes lessons and solutions on the
# emulator, then releases exercises/ through nbgrader; every language of course/.
lessons: $(STAMP)
	$(PY) scripts/build_course.py $(NAMES)

# after `make lessons`: did the rebuild change any output? (scripts/compare_outputs.py says what it normalises)
REV ?= HEAD
compare-outputs: $(STAMP)
	$(PY) scripts/compare_outputs.py --rev $(REV) $(NAMES)

release: $(STAMP)
	$(PY) -m grading.release

# make grade [WORKERS=N] [SCHEDULER=tcp://host:8786] [UNSAFE=1] [STUDENT=s] [ASSIGNMENT=a] [INCLUDE_MISSING=1]:
# STUDENT/ASSIGNMENT grade only those submissions, as the batch does (README: "Grading"); learner code runs in bubblewrap
# sandboxes as uids of the tilelab-sandbox range (created here when run as root); without a
# working sandbox it refuses unless UNSAFE=1 (README: "Grading").
SANDBOX_UID ?= 2000000000
grade: $(STAMP) sandbox-user
	WORKERS=$(WORKERS) SCHEDULER=$(SCHEDULER) UNSAFE=$(UNSAFE) STUDENT=$(STUDENT) ASSIGNMENT=$(ASSIGNMENT) \
	  INCLUDE_MISSING=$(INCLUDE_MISSING) $(PY) -m grading

sandbox-user:
	@if [ "$$(id -u)" = 0 ] && ! getent passwd tilelab-sandbox >/dev/null; then \
	  { getent group tilelab-sandbox >/dev/null || groupadd --system --gid $(SANDBOX_UID) tilelab-sandbox; } && \
	  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
	    --uid $(SANDBOX_UID) --gid tilelab-sandbox tilelab-sandbox 2>/dev/null && \
	  echo "created user tilelab-sandbox (uid $(SANDBOX_UID)): the first uid of make grade's sandboxes"; fi

student-bundle: $(STAMP)
	$(PY) scripts/student_bundle.py dist/tilelab-student.tar.gz

# From the executed, committed notebooks: nothing is run or fetched (site/build.py says how).
# make test builds it too (tests/test_site.py), so it installs the site extra as well.
.PHONY: site
site: $(SITE_STAMP)
	$(PY) site/build.py

test: $(SITE_STAMP)

$(SITE_STAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install --quiet $(WHEELHOUSE) $(PIP_ARGS) -e '.[$(EXTRAS),site]'
	@touch $@
