"""A `using` alias whose right side is not a plain type name (a template-id such as
`modular_operation_gpu::BarrettOperations<T>`, GPU-NTT's OPERATOR_GPU) must not make the scalar-alias scan backtrack
over every way of splitting its long qualified name (unseen111: the scan never finished)."""
import subprocess
import sys
import textwrap

SRC = textwrap.dedent("""
    template <typename T>
    using OPERATOR_GPU = modular_operation_gpu_with_a_long_name::BarrettOperationsOfAVeryLongName<T>;
    using Data64 = unsigned long long;
    """)


def test_using_alias_scan_is_linear():
    code = ("from tilelab.toolchain.signature import _type_aliases; import sys; "
            f"a = _type_aliases({SRC!r}); print(a['Data64'])")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "unsigned long long"
