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
PYTEST_ARGS ?=
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

.PHONY: help install lab lessons test test-gpu release grade student-bundle clean-grading

help:
	@echo "make lab             set up, copy exercises/ into work/ (never overwriting), open JupyterLab"
	@echo "make test            set up and run every test (no GPU needed)"
	@echo "make test-gpu        the same on a GPU (TILELAB_BACKEND=gpu), plus nbval over solutions/ and an autograde"
	@echo "make lessons         build lessons/, solutions/, exercises/ from the text in course/ (NAMES=03 for one)"
	@echo "make release         nbgrader generate_assignment: solutions/ -> exercises/"
	@echo "make grade           autograde grading/submitted/*/*, feedback, grading/grades.csv"
	@echo "make student-bundle  dist/tilelab-student.tar.gz without solutions, rubric or grading internals"

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || { \
	  echo "could not create $(VENV): on Debian/Ubuntu install python3-venv (apt-get install python3-venv)"; exit 1; }
	$(PY) -m pip install --quiet $(WHEELHOUSE) $(PIP_ARGS) -e '.[$(EXTRAS)]'
	@rm -f $(VENV)/.tilelab-*.stamp
	@touch $@

lab: $(STAMP)
	$(PY) scripts/copy_exercises.py exercises $(WORK)
	$(BIN)/jupyter lab lessons/00_start_here.ipynb $(LAB_ARGS)

# nbval runs only where there are notebooks (a fresh course may have none yet).
define nbval
	nbs=$$(find $(1) -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort); \
	if [ -n "$$nbs" ]; then echo "nbval: $$nbs"; $(PY) -m pytest -p no:cacheprovider $(NBVAL) $(NBVAL_ARGS) $$nbs; \
	else echo "nbval: no notebooks under $(1)"; fi
endef

test: $(STAMP)
	$(PY) -m pytest -m "not gpu" $(PYTEST_ARGS) tests
	$(call nbval,lessons solutions $(wildcard solutions_*))

test-gpu: export TILELAB_BACKEND = gpu
test-gpu: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS) tests
	$(call nbval,solutions)

# The course from its text sources (course/README.md): executes lessons and solutions on the
# emulator, then releases exercises/ through nbgrader; every language of course/.
lessons: $(STAMP)
	$(PY) scripts/build_course.py $(NAMES)

release: $(STAMP)
	$(PY) scripts/release.py

grade: $(STAMP)
	$(PY) scripts/grade.py

student-bundle: $(STAMP)
	$(PY) scripts/student_bundle.py dist/tilelab-student.tar.gz
