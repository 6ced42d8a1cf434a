#!/bin/bash
# Stage one unseen suite's recording for a device call (scripts/device_stages.sh; docs/FIDELITY.md's rounds):
#   bash scripts/stage_unseen.sh NNN p1_,p2_      ->  .stages/unseenNNN/{cub.tar.xz,command.sh}
# The cubins are this machine's (bench/fidelity.py --save-cubins: the ones the emulator's SASS-aware counts read),
# xz'd so that sixteen suites' stages fit beside the tree in the 64 MB a call carries; on the device the command
# unpacks them, records ncu's counts of those cubins (--cubins) and the GPU's outputs (bench/collection_gpu.py).
# A suite some of whose launches do not build (refused by NVRTC as by nvcc) is staged with the rest.
# A kernel whose parameters name a thrust type (thrust::complex<float>*) has a mangled name with CCCL's versioned
# namespace, which differs between NVRTC 12's CCCL 2 and the device's CCCL 3: stage its file apart under
# TILELAB_NVRTC=13 (TILELAB_NVRTC=13 bash scripts/stage_unseen.sh 243k psrdc_spectral_kurtosis) and compare it so.
set -u
cd "$(dirname "$0")/.."
NN=$1; P=$2
ONLY=$(echo "$P" | sed 's/^/\//; s/,/,\//g')
S=.stages/unseen$NN; C=/tmp/cubx$NN
rm -rf "$S" "$C"; mkdir -p "$S" "$C"
PY=${PYTHON:-.venv/bin/python}
$PY bench/fidelity.py --save-cubins "$C/cub" --only "$ONLY" > "$C/save.log" 2>&1 || echo "unseen$NN: some launches did not build (see $C/save.log)"
[ -f "$C/cub/cubins.json" ] || { echo "unseen$NN: no cubin built"; exit 1; }
tar cf - -C "$C" cub | xz -9e > "$S/cub.tar.xz"
cat > "$S/command.sh" <<EOC
D=\$(dirname "\$(readlink -f "\$0")")
mkdir -p $C && tar xJf "\$D/cub.tar.xz" -C $C
python3 bench/fidelity.py --ncu-only --cubins $C/cub --only $ONLY --budget 150 --out \$OUT
python3 bench/collection_gpu.py --only $P --out \$OUT --tag=-unseen$NN
EOC
du -sh "$S"
