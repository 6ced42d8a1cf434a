#!/usr/bin/env bash
# One device call: the transpose tuning study (bench/gpu_transpose_variants.py), then nbval
# over the solution notebooks on the GPU, one process (what `make test-gpu` ends with).
#   device run:  carry .whl; command: bash scripts/device_transpose_study.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/tilelab-gpu-out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl \
  || { echo "wheel install failed"; exit 2; }
export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
timeout ${STUDY_TIMEOUT:-240} python3 bench/gpu_transpose_variants.py --out "$OUT" 2>&1 | tee "$OUT/variants.log"
TILELAB_BACKEND=gpu timeout ${NBVAL_TIMEOUT:-240} python3 -m pytest -q -p no:cacheprovider --nbval-lax --nbval-current-env \
  $(find solutions -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort) > "$OUT/nbval-gpu.log" 2>&1
echo "nbval exit $?" | tee -a "$OUT/nbval-gpu.log"; tail -n 15 "$OUT/nbval-gpu.log"
