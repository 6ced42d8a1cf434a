#!/usr/bin/env bash
# Fetch, on a machine with PyPI, the wheels that the lent GPU machine lacks to run
# `make test-gpu` (pytest + nbval over the solutions, and an nbgrader autograde).
#
# That machine has CUDA 13, Python 3.12 (/opt/torch/.venv), cupy-cuda13x, numpy,
# pytest, jinja2, pyyaml, requests, tqdm, matplotlib, NVRTC 13 (nvidia-cuda-nvrtc), the
# toolkit's ptxas (Program.cubin assembles the emulator's PTX with it, tilelab/toolchain/assemble.py),
# nvJitLink (nvidia-nvjitlink, the fallback), nvdisasm, ncu and compute-sanitizer, but no
# package registry (ptxas's and nvJitLink's 40+ MiB wheels would not fit the budget below, so
# they are not carried: device_gpu_suite.sh prints which assembler it found). What is
# missing travels as wheels in .whl/ (git-ignored) and is installed there with:
#
#   python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
#       --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site:$PWD
#
# The list is the dependency closure of nbgrader, nbval, ipykernel and ipywidgets for
# CPython 3.12 on manylinux x86_64, less what the machine already has (the device
# tool's KINDS.md lists it) and less what is never imported by the tests or by
# `nbgrader autograde` (JupyterLab's server and assets, babel, the LSP): 74 wheels, 42 MiB.
# Versions are pinned to the ones the project's CI resolves, so both run the same code.
#
# SUBSET=nbval: only what nbval needs to execute notebooks there (nbval, nbclient, ipykernel and
# their closure, ipywidgets for the lessons' explorers, CCCL's headers): 35 wheels, 20 MiB, for a
# device call that carries a small stage (the whole tree travels in 64 MiB). cuda-bindings (tensor maps)
# is on that machine already. FROM=DIR takes the wheels from a folder this script filled before
# instead of downloading them (same pins, same check), e.g.
#   SUBSET=nbval FROM=.whl scripts/prepare_device_wheels.sh .stage-x/.whl
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=${1:-.whl}
LIMIT_MIB=${LIMIT_MIB:-55}
PY=${PYTHON:-python3}
SUBSET=${SUBSET:-}
FROM=${FROM:-}

EXCLUDE=$(git rev-parse --git-path info/exclude 2>/dev/null || echo .git/info/exclude)   # a worktree's too
grep -qxF '/.whl/' "$EXCLUDE" 2>/dev/null || { mkdir -p "$(dirname "$EXCLUDE")"; echo '/.whl/' >> "$EXCLUDE"; }
mkdir -p "$DEST"

WHEELS=(
  # grading and notebook execution
  nbgrader==0.9.6 nbval==0.11.0 nbclient==0.11.0 nbconvert==7.17.2 nbformat==5.11.1
  jupyter-client==8.10.0 jupyter-core==5.9.1 ipykernel==7.4.0 ipython==9.18.1
  ipython-pygments-lexers==1.1.1 traitlets==5.16.1 comm==0.2.3 matplotlib-inline==0.2.2
  nest-asyncio2==1.7.4 pyzmq==27.3.0 tornado==6.6.1 debugpy==1.8.22
  prompt-toolkit==3.0.53 wcwidth==0.9.4 jedi==0.20.1 parso==0.8.7 pexpect==4.9.0
  ptyprocess==0.7.0 stack-data==0.6.3 asttokens==3.0.2 executing==2.3.0 pure-eval==0.2.4
  platformdirs==4.14.8 fastjsonschema==2.22.3
  # nbconvert
  mistune==3.4.0 bleach==6.4.0 tinycss2==1.5.1 webencodings==0.6.1 defusedxml==0.7.1
  pandocfilters==1.5.1 jupyterlab-pygments==0.3.0 beautifulsoup4==4.15.0 soupsieve==4.1.3
  # jsonschema (nbformat validation, jupyter-events)
  jsonschema==4.26.0 jsonschema-specifications==2025.9.1 referencing==0.37.0 rpds-py==2026.9.1
  # nbgrader: database, its apps import jupyter_server and notebook
  sqlalchemy==2.1.9 alembic==1.20.1 mako==1.4.3 rapidfuzz==3.14.6
  jupyter-server==2.21.1 notebook==7.6.5 notebook-shim==0.2.4 jupyter-events==0.12.1
  python-json-logger==4.2.0 jupyter-server-terminals==0.5.4 terminado==0.18.1
  argon2-cffi==25.1.0 argon2-cffi-bindings==26.2.0 cffi==2.1.1 pycparser==3.12
  send2trash==2.2.0 overrides==7.7.0 websocket-client==1.9.2 jsonpointer==3.12
  rfc3339-validator==0.1.4 rfc3986-validator==0.1.1 rfc3987-syntax==1.1.0 lark==1.3.1
  fqdn==1.6.0 isoduration==20.11.0 arrow==1.4.0 uri-template==1.3.0 webcolors==25.10.0
  tzdata==2026.6
  # widgets (tilelab.banks.explorer)
  ipywidgets==8.1.9 widgetsnbextension==4.0.16 jupyterlab-widgets==3.0.17
  # make grade on Dask (dask[distributed] and what the machine lacks of its closure)
  dask==2026.8.0 distributed==2026.8.0 cloudpickle==3.1.3 fsspec==2026.9.0 toolz==1.2.0 partd==1.4.2
  locket==1.0.0 msgpack==1.2.4 sortedcontainers==2.4.0 tblib==3.2.2 zict==3.0.0 click==8.5.1
  importlib-metadata==10.2.0 zipp==4.1.2 lazy-importer==0.1.0 psutil==7.2.2
  # the lessons' text sources (tests/test_course_text.py reads them) and CUDA 13's CCCL headers
  # (<cooperative_groups.h> under NVRTC 13: the collection and the intrinsics tests)
  jupytext==1.19.6 mdit-py-plugins==0.7.0 nvidia-cuda-cccl==13.3.5.0.6
)

# the wheels of a subset: package names (the pins stay those of WHEELS above)
NBVAL_SUBSET="nbval nbclient nbformat jupyter-client jupyter-core ipykernel ipython ipython-pygments-lexers
  traitlets comm matplotlib-inline nest-asyncio2 pyzmq tornado debugpy prompt-toolkit wcwidth jedi parso pexpect
  ptyprocess stack-data asttokens executing pure-eval platformdirs fastjsonschema jsonschema
  jsonschema-specifications referencing rpds-py ipywidgets widgetsnbextension jupyterlab-widgets nvidia-cuda-cccl"
case "$SUBSET" in
  "") ;;
  nbval)
    picked=()
    for w in "${WHEELS[@]}"; do
      for n in $NBVAL_SUBSET; do [ "${w%%==*}" = "$n" ] && picked+=("$w"); done
    done
    WHEELS=("${picked[@]}")
    LIMIT_MIB=${SUBSET_LIMIT_MIB:-22} ;;
  *) echo "unknown SUBSET=$SUBSET (known: nbval)" >&2; exit 2 ;;
esac

PLAT=()
for p in manylinux_2_28_x86_64 manylinux_2_27_x86_64 manylinux_2_26_x86_64 manylinux_2_17_x86_64 \
         manylinux2014_x86_64 manylinux1_x86_64 manylinux_2_5_x86_64 manylinux_2_24_x86_64 \
         manylinux_2_31_x86_64 manylinux_2_34_x86_64 manylinux_2_35_x86_64; do
  PLAT+=(--platform "$p")
done

if [ -n "$FROM" ]; then          # copy the pinned wheels from a folder filled before (no download)
  "$PY" - "$FROM" "$DEST" "${WHEELS[@]}" <<'PY'
import os, re, shutil, sys
src, dest, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
norm = lambda s: re.sub(r"[-_.]+", "_", s).lower()
want = {(norm(w.split("==")[0]), w.split("==")[1]) for w in wanted}
for f in sorted(os.listdir(src)):
    if f.endswith(".whl") and (norm(f.split("-")[0]), f.split("-")[1]) in want:
        shutil.copy2(os.path.join(src, f), os.path.join(dest, f))
PY
else
"$PY" -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --abi cp312 --abi abi3 --abi none "${PLAT[@]}" -d "$DEST" "${WHEELS[@]}"
fi

# keep one version of each (two would stop the whole install there)
"$PY" - "$DEST" "${WHEELS[@]}" <<'PY'
import os, re, sys
dest, wanted = sys.argv[1], sys.argv[2:]
norm = lambda s: re.sub(r"[-_.]+", "_", s).lower()
want = {norm(w.split("==")[0]): w.split("==")[1] for w in wanted}
for f in sorted(os.listdir(dest)):
    if not f.endswith(".whl"):
        continue
    name, ver = f.split("-")[:2]
    if norm(name) not in want or want[norm(name)] != ver:
        print("removing stale", f)
        os.remove(os.path.join(dest, f))
missing = set(want) - {norm(f.split("-")[0]) for f in os.listdir(dest) if f.endswith(".whl")}
if missing:
    sys.exit(f"missing wheels: {sorted(missing)}")
PY

# bubblewrap for make grade's sandbox: the machine has no apt registry, so its .deb travels too and
# device_gpu_suite.sh unpacks it with dpkg -x (it needs only libc and libcap2). Best effort: without
# it the device run grades with UNSAFE=1 and says so.
if [ -n "$SUBSET" ]; then
  :                              # a subset runs notebooks, not make grade
elif command -v apt-get >/dev/null && (cd "$DEST" && apt-get download -q bubblewrap >/dev/null 2>&1); then
  echo "bubblewrap .deb: $(ls "$DEST"/bubblewrap_*.deb)"
else
  echo "no bubblewrap .deb (apt-get download failed): the device run will grade UNSAFE" >&2
fi

total=$(du -cm "$DEST"/*.whl | tail -1 | cut -f1)
n=$(ls "$DEST"/*.whl | wc -l)
echo "$n wheels, ${total} MiB in $DEST"
if [ "$total" -gt "$LIMIT_MIB" ]; then
  echo "over the ${LIMIT_MIB} MiB budget (the working tree that travels is 64 MiB in all)" >&2
  exit 1
fi
