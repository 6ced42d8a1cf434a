#!/bin/bash
# One call on the lent GPU machine for several staged pieces of work (docs/FIDELITY.md's device calls of 2026-12-04):
# each stage is a folder .stage-NAME/ (git-ignored through .git/info/exclude, carried by the call) holding
#   overlay/     files laid over a copy of the tree (a branch's new collection entries, its code),
#   command.sh   run from that copy's root with $OUT set (bench/fidelity.py --ncu-only, bench/collection_gpu.py ...),
# and the results come back as $OUT/NAME.tgz (the device returns at most 8 files). CCCL's headers, which tilelab's
# <cmath>, <type_traits> and <cstdint> need under NVRTC, come from the nvidia-cuda-cccl wheel in .stage-cccl/
# (`python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp
#  --platform manylinux2014_x86_64 -d .stage-cccl nvidia-cuda-cccl==13.3.5.0.6`, the pin of
# scripts/prepare_device_wheels.sh). The tree travels whole (64 MiB at most, carry included), so the largest
# recordings are stored gzipped (bench/recorded.py reads either form; a recorded command that names the .json
# finds the .json.gz).
#   device run: carry [".stage-cccl", ".stage-A", ".stage-B"]; command: STAGES="A B" bash scripts/device_stages.sh
# An unseen suite's stage: bash scripts/stage_unseen.sh NNN p1_,p2_ (into .stages/, which .gitignore leaves out).
# More stages than carry's 8 paths: copy them into one ignored folder, .stages/NAME/ (looked up where .stage-NAME/ is
# missing), carry ".stages", and set BUNDLE=1 (every stage's results in one $OUT/stages.tgz, rewritten after each
# stage, so a call cut off at its limit still returns the stages done) and DEADLINE (seconds after which the stages
# left are skipped and named in stages.txt). The tree alone is about 60 MB, so a call carries 17 or so unseen suites'
# stages at most (each about 0.1 MB with its xz'd cubins, plus .stage-cccx's 1.5 MB): keep the rest in another ignored
# folder (listed in .git/info/exclude) and move them into .stages/ for the next call.
set -u
BASE=$PWD
export PYTHONUNBUFFERED=1
# The wheel travels as it is (.stage-cccl/) or, where the tree is near the 64 MiB a call may carry, as its contents in one
# tar.xz (.stage-cccx/cccl.tar.xz: `unzip` the wheel, `tar cf - . | xz -9e`, 1.5 MB against the wheel's 4.1 MB); a
# wheel's contents unpacked into the target folder are what pip's --target install leaves.
mkdir -p /tmp/site
if [ -f .stage-cccx/cccl.tar.xz ]; then
  tar xJf .stage-cccx/cccl.tar.xz -C /tmp/site
else
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .stage-cccl/*.whl
fi
SITE=/tmp/site
START=$(date +%s)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/gpu.txt" 2>&1
for s in $STAGES; do
  D="$BASE/.stage-$s"; [ -d "$D" ] || D="$BASE/.stages/$s"
  if [ -n "${DEADLINE:-}" ] && [ $(( $(date +%s) - START )) -ge "$DEADLINE" ]; then
    echo "$s skipped: past DEADLINE=$DEADLINE s" | tee -a "$OUT/stages.txt"; continue
  fi
  W=/tmp/w-$s; O=/tmp/o-$s; rm -rf "$W" "$O"; mkdir -p "$O"
  cp -a "$BASE" "$W" && cp -a "$D/overlay/." "$W/"
  (cd "$W" && OUT=$O PYTHONPATH=$W:$SITE timeout "${STAGE_TIMEOUT:-230}" bash "$D/command.sh") \
    > "$O/stage-stdout.txt" 2>&1
  echo "$s rc=$? at $(( $(date +%s) - START )) s" | tee -a "$OUT/stages.txt"
  DONE="${DONE:-} o-$s"
  if [ -n "${BUNDLE:-}" ]; then           # one file for this call's stages so far: the device returns at most 8
    (cd /tmp && tar czf "$OUT/stages.tgz" $DONE)   # (a warm machine keeps earlier calls' /tmp/o-*: not theirs)
  else
    tar czf "$OUT/$s.tgz" -C /tmp "o-$s"
  fi
done
ls -la "$OUT"
