#!/usr/bin/env bash
# On the GPU machine: install the carried wheels (.whl/, made by
# scripts/prepare_device_wheels.sh) into /tmp/site and check that notebooks run there:
# nbclient executes one through ipykernel, nbval checks it, nbgrader's apps import.
# Usage: bash bench/gpu_wheels_check.sh OUTDIR
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-/tmp}
if ! ls .whl/*.whl >/dev/null 2>&1; then echo "no .whl/: nothing to check"; exit 0; fi
t0=$(date +%s)
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD
echo "installed $(ls .whl/*.whl | wc -l) wheels in $(( $(date +%s) - t0 )) s"
python3 - <<'PY' || exit 1
import importlib
for m in ["nbformat", "nbclient", "nbconvert", "jupyter_client", "ipykernel", "IPython", "traitlets",
          "nbval", "nbgrader.apps", "ipywidgets", "sqlalchemy", "tilelab.toolchain", "tqdm"]:
    mod = importlib.import_module(m)
    print(f"import {m}: ok {getattr(mod, '__version__', '')}")
PY
d=$(mktemp -d)
python3 - "$d/t.ipynb" <<'PY' || exit 1
import sys, nbformat
nb = nbformat.v4.new_notebook()
nb.cells = [nbformat.v4.new_code_cell("import numpy as np\nprint('sum', int(np.arange(10).sum()))"),
            nbformat.v4.new_code_cell("import tilelab.toolchain as c\nprint('nvrtc major', c.find_nvrtc().major > 0)")]
ep = __import__("nbclient").NotebookClient(nb, timeout=120, kernel_name="python3")
ep.execute()
print("nbclient outputs:", [o.get("text", "").strip() for c in nb.cells for o in c.outputs])
nbformat.write(nb, sys.argv[1])
PY
python3 -m pytest -q -p no:cacheprovider --nbval-lax --nbval-current-env "$d/t.ipynb" || exit 1
python3 -m nbgrader --version || exit 1
echo "wheels check: OK in $(( $(date +%s) - t0 )) s"
