# A learner who makes the checks pass without writing the kernel: it leaves `vectorAdd` a stub
# and patches tilelab in its own Jupyter kernel, so the grade cell's tl.check prints a pass.
# Stock nbgrader runs the grade cell in this same kernel and would give full marks.
import tilelab as tl
import tilelab.check as _check_module

def _always_pass(*args, **kwargs):
    print("PASS: vectorAdd is correct on 8 sizes x 3 seeds")

tl.check = _always_pass
_check_module.check = _always_pass
_check_module.__class__.__call__ = lambda self, *a, **k: _always_pass()
