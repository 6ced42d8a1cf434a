"""``SafeExecute``: nbgrader's Execute that survives the learner (DESIGN §7).

A dead kernel or a timed-out cell fails that cell and every later code cell, instead of aborting
the notebook (an empty graded cell would score full points); the notebook's outputs are capped
as they arrive; the kernel runs in a bubblewrap sandbox (grading/sandbox/) unless UNSAFE=1.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat.v4 import new_output
from traitlets import Integer, Unicode

from nbgrader.preprocessors import Execute

from grading.preprocessors.structure import add_repair_note
from grading.rubrics import REPO_ROOT
from grading.sandbox import use_sandbox
from grading.sandbox.kernel import SandboxedKernelManager
from tilelab import messages   # the repair note's words, in TILELAB_LANG (the submission's language)


def _size(value) -> int:
    """Bytes ``value`` (a message's content, data or metadata) adds to the notebook, about."""
    if value is None:
        return 0
    if isinstance(value, str):
        return len(value.encode("utf-8", "replace"))
    return len(json.dumps(value, default=str))


def error_output(ename: str, lines: list[str]):
    return new_output("error", ename=ename, evalue=lines[0] if lines else "", traceback=list(lines))


def _bare(e: BaseException) -> BaseException:
    """``e`` without its traceback and the exceptions it was raised in (their frames hold what the
    kernel sent): only its type and words are kept, for the failed cell's output."""
    seen = set()
    x = e
    while x is not None and id(x) not in seen:
        seen.add(id(x))
        nxt = x.__cause__ or x.__context__
        x.__traceback__ = x.__cause__ = x.__context__ = None
        x = nxt
    return e


# ------------------------------------------------ a message too large to build whole
# jupyter_client builds a message's content from its frame with json.loads on the decoded frame:
# the frame, its decoded text and the parsed strings are three copies of what the kernel sent, all
# alive at once (a 48 MB print held 157 MB). A content frame over a bound is never decoded whole:
# its JSON strings are cut to the output cap first (nothing longer than the cap is kept anyway),
# and a frame whose bulk is not long strings keeps only the fields the executor routes by.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_ROUTING = ("name", "ename", "status", "comm_id", "target_name", "display_id", "execution_count", "wait")


def _cut_strings(raw: bytes, keep: int) -> bytes:
    """``raw`` (JSON) with every string longer than ``keep`` bytes cut to about ``keep`` (at a place
    where it is still a valid JSON string: not inside an escape or a UTF-8 character)."""
    def cut(m):
        if m.end() - m.start() <= keep + 2:
            return m.group(0)
        body = raw[m.start() + 1:m.start() + 1 + keep]          # a slice: never the whole string again
        for _ in range(12):                  # back off past a split escape or character
            try:
                json.loads(b'"' + body + b'"')
                break
            except ValueError:
                body = body[:-1]
        return b'"' + body + b'"'
    return _JSON_STRING.sub(cut, raw)


def _routing_fields(raw: bytes) -> dict:
    """The small fields of a content frame that say where a message goes, found without parsing it."""
    out = {}
    for key in _ROUTING:
        field = re.compile(rb'"' + key.encode() + rb'"\s*:\s*("[^"\\]{0,200}"|-?\d{1,12}|true|false|null)')
        m = field.search(raw[:1 << 16]) or field.search(raw)      # the first 64 KB first, then the frame
        if m:
            out[key] = json.loads(m.group(1))
    return out


def bounded_content(session, raw, msg_type: str, bound: int, keep: int):
    """The content of a message whose frame ``raw`` is over ``bound`` bytes, built from at most
    about ``bound`` bytes of it: long strings cut to ``keep`` bytes; if that is still over the bound,
    the routing fields alone (a stream's text or an error's value then says what was cut)."""
    short = _cut_strings(bytes(raw) if not isinstance(raw, bytes) else raw, keep)
    if len(short) <= bound:
        return session.unpack(short)
    f = _routing_fields(short)
    note = f"[cut: a {len(raw):,}-byte message]"
    if msg_type == "stream":
        return {"name": f.get("name", "stdout"), "text": note}
    if msg_type in ("error", "execute_reply") and f.get("status", "error") == "error":
        return {"status": "error", "ename": f.get("ename", "Error"), "evalue": note, "traceback": [note],
                **({"execution_count": f["execution_count"]} if "execution_count" in f else {})}
    content = {k: f[k] for k in ("status", "execution_count", "comm_id", "target_name", "wait", "name") if k in f}
    if msg_type in ("display_data", "update_display_data", "execute_result"):
        content.update(data={"text/plain": note}, metadata={},
                       transient={"display_id": f["display_id"]} if "display_id" in f else {})
    elif msg_type.startswith("comm_"):
        content.setdefault("data", {"cut": note})
    return content


def bound_session(session, bound: int, keep: int):
    """``session.deserialize`` with the content of a frame over ``bound`` bytes built by
    ``bounded_content``, its signature checked as before; a message's ``tilelab_frame_bytes`` is
    the size the kernel sent."""
    plain = session.deserialize

    def deserialize(msg_list, content=True, copy=True):
        frame = msg_list[4] if len(msg_list) > 4 else None
        size = 0 if frame is None else len(frame if copy else frame.buffer)
        if not content or size <= bound:
            return plain(msg_list, content=content, copy=copy)
        message = plain(msg_list, content=False, copy=copy)      # signed and checked, content left as bytes
        if session.auth is not None:                             # as a decoded message's signature is
            session._add_digest(msg_list[0] if copy else bytes(msg_list[0].bytes))
        raw, message["content"] = message["content"], None
        message["content"] = bounded_content(session, raw, message["msg_type"], bound, keep)
        message["tilelab_frame_bytes"] = size
        return message
    session.deserialize = deserialize
    return session


class NotebookBudgetExceeded(Exception):
    def __init__(self, budget):
        super().__init__(f"notebook budget of {budget} s used up")
        self.budget = budget


class SafeExecute(Execute):
    """Execute that survives a dead kernel or a cell timeout.

    The failing cell and every later code cell get an error output, then the notebook goes on
    to the judge and ``SaveAutoGrades``. Stock nbgrader aborts the notebook instead, and stock
    nbclient interrupts a timed-out cell and runs the next one into the same hung kernel.
    """

    notebook_budget = Integer(1800, help="Seconds all of the learner's cells may take together; the cells "
                                        "after that are not run. The judge runs after them on its own "
                                        "limits, so slow Python cannot use up a kernel's grading time "
                                        "(0: no budget)").tag(config=True)
    max_output_bytes = Integer(1 << 20, help="Output bytes kept per notebook; the rest is cut").tag(config=True)
    max_output_lines = Integer(2000, help="Output lines kept per notebook; the rest is cut").tag(config=True)
    release_root = Unicode(str(REPO_ROOT / "exercises"),
                           help="Folder of <assignment>/ releases; this assignment's is bound read-only").tag(config=True)

    def __init__(self, *args, **kwargs):
        if use_sandbox():
            kwargs["kernel_manager_class"] = SandboxedKernelManager
        super().__init__(*args, **kwargs)
        self.interrupt_on_timeout = False  # a timeout raises CellTimeoutError; we take it from there
        self._kept_bytes = self._kept_lines = 0
        self._cut_cells: set = set()
        self._cuts: set = set()

    def create_kernel_manager(self):
        self.kernel_name = "python3"  # never a kernelspec named by the (learner-editable) notebook
        km = super().create_kernel_manager()
        assignment = (self.resources or {}).get("nbgrader", {}).get("assignment")
        release = Path(self.release_root) / assignment if assignment else None
        if hasattr(km, "release_dir") and release is not None and release.is_dir():
            km.release_dir = str(release)
        return km

    # ------------------------------------------------ output, capped as it arrives
    # Every way a kernel's message can add to what the trusted process keeps counts against the
    # same byte cap: outputs (here), outputs an Output widget captures (here, before its hook),
    # updates of a display by its id (_update_display_id) and widget state (handle_comm_msg).
    # What does not fit is dropped as it arrives, so the process holds at most the cap (plus the
    # one message being looked at), and the cut is reported in the notebook's repair note.
    def output(self, outs, msg, display_id, cell_index):
        parent = (msg.get("parent_header") or {}).get("msg_id")
        if self.output_hook_stack.get(parent):   # an Output widget takes it into its state
            if not self._room_for(max(_size(msg.get("content")), msg.get("tilelab_frame_bytes", 0)), "widget"):
                return None
            return super().output(outs, msg, display_id, cell_index)
        out = super().output(outs, msg, display_id, cell_index)
        if out is not None and outs and outs[-1] is out:
            outs.pop()
            kept = self._cap(out, cell_index, msg.get("tilelab_frame_bytes", 0))
            if kept is not None:
                outs.append(kept)
            return kept
        return out

    def _update_display_id(self, display_id, msg):
        if display_id not in self._display_id_map:
            return None
        content = msg.get("content") or {}
        size = max(_size(content.get("data")) + _size(content.get("metadata")), msg.get("tilelab_frame_bytes", 0))
        if not self._room_for(size, "display"):
            return None
        return super()._update_display_id(display_id, msg)

    def handle_comm_msg(self, outs, msg, cell_index):
        content = msg.get("content") or {}
        size = max(_size(content.get("data")), msg.get("tilelab_frame_bytes", 0)) + \
            sum(len(b) for b in msg.get("buffers") or [])
        if not self._room_for(size, "widget"):
            return None
        return super().handle_comm_msg(outs, msg, cell_index)

    def _room_for(self, size: int, kind: str) -> bool:
        """Count ``size`` bytes against the notebook's output cap; False (and the cut noted) if over."""
        if self._kept_bytes + size > self.max_output_bytes:
            self._kept_bytes = self.max_output_bytes
            self._cuts.add(kind)
            return False
        self._kept_bytes += size
        return True

    def _note_cuts(self):
        """Each kind of output that was cut, as a line of the notebook's repair note (its feedback)."""
        for kind in sorted(self._cuts):
            add_repair_note(self.nb, messages.msg("repair.output_cut", what=messages.msg(f"repair.cut_{kind}"),
                                                  limit=f"{self.max_output_bytes:,}"))

    def _cap(self, out, cell_index, sent=0):
        room_b = self.max_output_bytes - self._kept_bytes
        room_l = self.max_output_lines - self._kept_lines
        if out.output_type == "error":
            # always kept (an error is what scores a failed test cell 0), but bounded
            out.evalue = str(out.get("evalue", ""))[:2000]
            out.traceback = [str(t)[:2000] for t in out.get("traceback", [])[-20:]]
            return out
        if out.output_type == "stream":
            text = out.text
            size, lines = len(text.encode("utf-8", "replace")), text.count("\n")
            if size <= room_b and lines <= room_l:
                self._kept_bytes += size
                self._kept_lines += lines
                return out
            cut = text.encode("utf-8", "replace")[:max(room_b, 0)].decode("utf-8", "ignore")
            cut = "\n".join(cut.split("\n")[:max(room_l, 0)])
            self._kept_bytes = self.max_output_bytes
            self._kept_lines = self.max_output_lines
            self._cuts.add("output")
            if cell_index not in self._cut_cells:
                self._cut_cells.add(cell_index)
                cut += (f"\n[output cut: this notebook printed more than {self.max_output_bytes:,} bytes "
                        f"or {self.max_output_lines:,} lines; the rest was not kept]\n")
            out.text = cut
            return out if cut else None
        size = max(len(json.dumps(out, default=str)), sent)     # as sent, where its message was cut on arrival
        if size <= room_b:
            self._kept_bytes += size
            return out
        self._kept_bytes = self.max_output_bytes
        self._cuts.add("output")
        if cell_index in self._cut_cells:
            return None
        self._cut_cells.add(cell_index)
        return new_output("stream", name="stdout", text=(
            f"[output cut: a {size:,}-byte output is over this notebook's {self.max_output_bytes:,}-byte limit]\n"))

    def preprocess(self, nb, resources=None, km=None):
        NotebookClient.__init__(self, nb, km)
        self.reset_execution_trackers()
        self._check_assign_resources(resources)
        failure, index = None, 0
        self._kept_bytes = self._kept_lines = 0
        self._cut_cells = set()
        self._cuts = set()
        try:
            with self.setup_kernel():
                # a huge message is cut to the cap before it is decoded, not after (bound_session)
                bound_session(self.kc.session, 2 * self.max_output_bytes + (64 << 10), self.max_output_bytes + 1024)
                info_msg = self.wait_for_reply(self.kc.kernel_info())
                if info_msg:
                    self.nb.metadata["language_info"] = info_msg["content"]["language_info"]
                t0, per_cell = time.monotonic(), self.timeout
                for index, cell in enumerate(self.nb.cells):
                    left = self.notebook_budget - (time.monotonic() - t0) if self.notebook_budget else None
                    if left is not None and left <= 0 and cell.cell_type == "code":
                        failure = (index, NotebookBudgetExceeded(self.notebook_budget))
                        break
                    # a cell may take its own limit, or what is left of the notebook's budget
                    self.timeout = per_cell if left is None else max(1, int(min(per_cell or left, left)))
                    try:
                        self.preprocess_cell(cell, resources, index)
                    except (CellTimeoutError, DeadKernelError) as e:
                        budget_bound = (isinstance(e, CellTimeoutError) and left is not None
                                        and left < (per_cell or left + 1))
                        failure = (index, NotebookBudgetExceeded(self.notebook_budget) if budget_bound else _bare(e))
                        break
                    finally:
                        # nbclient keeps the cell's reply task; after an IOPub timeout its exception
                        # chain holds the frame of the cancelled output reader and the message it was
                        # reading: one message, as large as the kernel made it (100 MB from 48 prints of
                        # 2 MB into an Output widget, coalesced by the kernel)
                        self.task_poll_for_reply = None
                else:
                    index = len(self.nb.cells)
                self.timeout = per_cell
        except (CellTimeoutError, DeadKernelError, RuntimeError) as e:
            # the kernel did not start, or died between cells: fail whatever has not run;
            # a failed shutdown after the last cell changes nothing
            if failure is None and index < len(self.nb.cells):
                failure = (index, _bare(e))
            else:
                self.log.warning("kernel shutdown: %s", e)
        finally:
            release = getattr(self.km, "release_sandbox", None)
            if release:
                release()
        if failure is not None:
            self._fail_from(failure[0], failure[1])
        self.set_widgets_metadata()
        if self._cuts:
            self._note_cuts()
        return self.nb, self.resources

    def _fail_from(self, index, exc):
        if isinstance(exc, NotebookBudgetExceeded):
            why = (f"the notebook's cells had used up their {exc.budget} s, so this cell and the ones after it "
                   f"were not run (your kernels are still graded: the judge has its own time)")
            ename = "NotebookBudgetExceeded"
        elif isinstance(exc, CellTimeoutError):
            why = f"this cell did not finish within {self.timeout} s, so the notebook was stopped here"
            ename = "CellTimeoutError"
        elif isinstance(exc, DeadKernelError):
            why = "the Python kernel died while running this cell, so the notebook was stopped here"
            ename = "DeadKernelError"
        else:
            why = f"the Python kernel could not run this cell ({exc}), so the notebook was stopped here"
            ename = "KernelError"
        self.log.warning("cell %d: %s (%s)", index, why, exc)
        for i, cell in enumerate(self.nb.cells):
            if cell.cell_type != "code" or i < index:
                continue
            if i == index:
                cell.outputs = [o for o in cell.get("outputs", []) if o.get("output_type") != "error"]
                cell.outputs.append(error_output(ename, [f"{ename}: {why}"]))
            else:
                cell.outputs = [error_output(
                    "NotExecuted", [f"NotExecuted: not run, because an earlier cell failed ({ename})"])]
