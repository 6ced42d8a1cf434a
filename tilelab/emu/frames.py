"""Per-thread call state of a chunk: each thread's call stack (frames) and its ``.param`` slots.
calls.py pushes and pops the frames; devio.py reads a call's arguments from the slots."""
from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import UnsupportedInstruction
from ..messages import msg


@dataclasses.dataclass
class _Frame:
    lanes: np.ndarray          # sorted thread indices that made this call
    ret_pc: int
    callee: str
    caller_rets: list          # the caller's return slots, in order
    saved: dict                # recursive callee: name -> values of these lanes before the call
    live: int
    group: object = None       # a call through a pointer: per lane, the warp's call it reconverges at


class CallState:
    """Call stacks and .param slots of every thread of a chunk."""

    def __init__(self, m):
        self.T = m.T
        self.depth = np.zeros(m.T, dtype=np.int64)
        self.frame_at: list[np.ndarray] = []        # per depth: frame id of each thread
        self.frames: dict[int, _Frame] = {}
        self.next_id = 0
        # calls through a pointer, one group per warp and call: its lanes not back yet, and per
        # thread the group it waits on (held, m.held, until the rest are back)
        self.group_left = np.zeros(64, dtype=np.int64)
        self.next_group = 0
        self.waits_on = np.full(m.T, -1, dtype=np.int64)
        self.params: dict[str, np.ndarray] = {}
        self.sizes = getattr(m.fn, "param_sizes", None) or dict(m.fn.param_vars)

    def slot(self, name: str) -> np.ndarray:
        a = self.params.get(name)
        if a is None:
            size = self.sizes.get(name)
            if size is None:
                raise UnsupportedInstruction(msg("errors.undeclared_parameter", name=name))
            a = self.params[name] = np.zeros((self.T, max(8, (size + 7) // 8 * 8)), dtype=np.uint8)
        return a


def state(m) -> CallState:
    st = getattr(m, "call_state", None)
    if st is None:
        st = m.call_state = CallState(m)
    return st


def arg_u64(m, ins, k, lanes) -> np.ndarray:
    """The ``k``-th argument of a ``call`` to a library function (vprintf, malloc, free, __assertfail), per lane."""
    arr = state(m).slot(ins.args[2].items[k].name)
    return np.ascontiguousarray(arr[lanes, :8]).view(np.uint64).reshape(-1)
