"""On a learner's own GPU, Nsight Compute usually may not read the counters (ERR_NVGPUCTRPERM):
the error says why, how to allow it on Linux and Windows, and offers the emulator's counts.
A stand-in ncu (a script that prints what the real one prints) drives the real code path."""
from __future__ import annotations

import stat

import pytest

from tilelab.gpu import ncu

ERR = ("==PROF== Connected to process 4242\n"
       "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance "
       "Counters on the target device 0. For instructions on enabling permissions and to get more "
       "information see https://developer.nvidia.com/ERR_NVGPUCTRPERM\n")


def _fake_ncu(tmp_path, text, rc):
    exe = tmp_path / "ncu"
    (tmp_path / "out.txt").write_text(text)
    exe.write_text(f"#!/bin/sh\ncat '{tmp_path / 'out.txt'}'\nexit {rc}\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


@pytest.mark.parametrize("rc", [0, 1])
def test_permission_error_is_explained_with_the_fix(tmp_path, rc):
    with pytest.raises(ncu.CounterPermission) as e:
        ncu.ncu_profile([], ncu=_fake_ncu(tmp_path, ERR, rc), timeout=30)
    msg = str(e.value)
    assert "ERR_NVGPUCTRPERM" in msg and "NVreg_RestrictProfilingToAdminUsers=0" in msg
    assert "Manage GPU Performance Counters" in msg                      # Windows / WSL2
    assert 'backend="emu"' in msg and "--backend emu" in msg            # the emulator's counts instead
    assert isinstance(e.value, ncu.NcuUnavailable)                       # callers that catch it still do


def test_other_failures_keep_ncus_own_words(tmp_path):
    with pytest.raises(ncu.NcuUnavailable) as e:
        ncu.ncu_profile([], ncu=_fake_ncu(tmp_path, "==ERROR== Failed to connect to process\n", 1), timeout=30)
    assert not isinstance(e.value, ncu.CounterPermission) and "Failed to connect" in str(e.value)


def test_profile_and_cli_show_the_whole_explanation(monkeypatch, capsys):
    import importlib
    from tilelab import cli
    profile = importlib.import_module("tilelab.profile")
    import tilelab.gpu as gpu

    def refuse(*a, **k):
        raise ncu.CounterPermission(ncu.PERMISSION_HELP)
    monkeypatch.setattr(gpu, "ncu_metrics", refuse)
    monkeypatch.setattr(ncu, "find_ncu", lambda: "ncu")
    note = profile._ncu_note(None, (1, 1, 1), (1, 1, 1), [], 0, {})
    assert "emulator's" in note and "NVreg_RestrictProfilingToAdminUsers=0" in note
    assert cli._gpu_metrics(None, (1, 1, 1), (1, 1, 1), [], type("O", (), {"shared": 0})()) is None
    err = capsys.readouterr().err
    assert "NVreg_RestrictProfilingToAdminUsers=0" in err and "--backend emu" in err
