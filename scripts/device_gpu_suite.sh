#!/usr/bin/env bash
# One call on the lent GPU machine (no registry): install the carried wheels (made by
# scripts/prepare_device_wheels.sh), run `make test-gpu` (the whole suite with
# TILELAB_BACKEND=gpu, nbval over solutions/, an autograde) and the fidelity bench.
# Logs and result files go to $OUT (the device tool brings that folder back).
#   BENCH="bench/gpu_transpose.py --ncu"  run a benchmark first, on the idle GPU (JSON + log to $OUT)
#   SKIP_SUITE=1, SKIP_FIDELITY=1         leave out make test-gpu, the fidelity bench (FIDELITY_TIMEOUT=360 s)
#   SUITE_TARGET=test-gpu-notebooks       only the nbval half of make test-gpu (the solutions on the GPU)
#   PYTEST_SELECT="tests/x.py -k y"       after the bench, only these tests, with TILELAB_BACKEND=gpu (pytest-select.log)
#   JUDGE="--assignment 07_hopper --tag 07" beside the suite, the whole judge over those corpus entries on the
#                                         GPU (bench/gpu_corpus_judge.py; its JSON and judge.log to $OUT)
#   GPU_NOTEBOOKS="lessons/07_hopper_lesson.ipynb solutions/07_hopper"  with SUITE_TARGET=test-gpu-notebooks: only those
#   e.g. the transpose study alone: BENCH="bench/gpu_transpose_variants.py --repeat 2" SKIP_SUITE=1 SKIP_FIDELITY=1
#   device run:  carry .whl; command: bash scripts/device_gpu_suite.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/tilelab-gpu-out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
  || { echo "wheel install failed"; exit 2; }
export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
# data files of --target installs (nbconvert's HTML templates for the feedback pages) live here
export JUPYTER_PATH=/tmp/site/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}
# make grade's sandbox: bubblewrap from the carried .deb when the machine has none
if ! command -v bwrap >/dev/null && ls .whl/bubblewrap_*.deb >/dev/null 2>&1; then
  dpkg -x .whl/bubblewrap_*.deb /tmp/bwrap-root && export PATH=/tmp/bwrap-root/usr/bin:$PATH
fi
if python3 -c "import sys; from grading.sandbox import probe; w = probe(); print(w or 'sandbox: ok'); sys.exit(1 if w else 0)" \
    > "$OUT/sandbox.txt" 2>&1; then cat "$OUT/sandbox.txt"
else
  echo "no sandbox on this machine ($(tail -n 1 "$OUT/sandbox.txt")): grading UNSAFE=1" | tee -a "$OUT/sandbox.txt"
  export UNSAFE=1
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"
# the cubin the GPU runs is the emulator's PTX assembled by ptxas (or nvJitLink): say which, and its version
python3 -c "from tilelab import toolchain as c; p = c.compile_cuda('__global__ void k() {}'); a = p.assembled('sm_90'); \
print(f'NVRTC {p.nvrtc.version[0]}.{p.nvrtc.version[1]}, cubin by {a.tool} (whole program: {a.whole_program})')" \
  2>&1 | tee -a "$OUT/gpu.txt"
rc=0
if [ -n "${BENCH:-}" ]; then
  timeout ${BENCH_TIMEOUT:-180} python3 $BENCH --out "$OUT" > "$OUT/bench.log" 2>&1; echo "bench exit $?" | tee -a "$OUT/bench.log"
  tail -n 40 "$OUT/bench.log"
fi
if [ -n "${PYTEST_SELECT:-}" ]; then
  TILELAB_BACKEND=gpu timeout ${SELECT_TIMEOUT:-300} python3 -m pytest -q -p no:cacheprovider $PYTEST_SELECT \
    > "$OUT/pytest-select.log" 2>&1; echo "pytest-select exit $?" | tee -a "$OUT/pytest-select.log"
  tail -n 15 "$OUT/pytest-select.log"
fi
if [ -n "${JUDGE:-}" ]; then     # beside the suite (the bench above had the GPU to itself)
  timeout ${JUDGE_TIMEOUT:-300} python3 bench/gpu_corpus_judge.py $JUDGE --out "$OUT" > "$OUT/judge.log" 2>&1 &
  judge_pid=$!
fi
if [ -z "${SKIP_SUITE:-}" ]; then
  # test-gpu without a venv: the machine's python3 with the carried wheels
  timeout ${SUITE_TIMEOUT:-420} make ${SUITE_TARGET:-test-gpu} NO_INSTALL=1 PY=python3 \
    PYTEST_ARGS="-q -p no:cacheprovider ${XDIST:--n 4 --dist loadfile}" > "$OUT/test-gpu.log" 2>&1 || rc=$?
  echo "make ${SUITE_TARGET:-test-gpu} exit $rc" | tee -a "$OUT/test-gpu.log"
  tail -n 25 "$OUT/test-gpu.log"
fi
if [ -n "${JUDGE:-}" ]; then
  wait $judge_pid; echo "judge exit $?" | tee -a "$OUT/judge.log"
  tail -n 15 "$OUT/judge.log"
fi
if [ -z "${SKIP_FIDELITY:-}" ]; then
  # kernels/ and the whole collection under one ncu process; the JSON records the seconds it took
  timeout ${FIDELITY_TIMEOUT:-360} python3 bench/fidelity.py --out "$OUT" > "$OUT/fidelity.log" 2>&1
  echo "fidelity exit $?" >> "$OUT/fidelity.log"
  tail -n 25 "$OUT/fidelity.log"
fi
exit $rc
