"""The walk from the Logic button to the painted step is the one the Architecture page lists.

The walk is recorded, not assumed: :class:`WalkRecorder` profiles the UI thread and the pool thread
(``sys.setprofile``) and keeps our own frames (``sudoku_workbench``) on the stack at each hand-over the
step takes: the job handed to the thread pool, the worker's first signal, the board told the step, and
the first drawing on the board after it. Strung together they are the walk; a hop is one call between
two of them (→) or one hand-over (⇒: pool thread, queued signal, posted paint). Functions that return
before the hand-over (the job that finds the steps, bookkeeping) are branches, not hops.
"""

from __future__ import annotations

import itertools
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtGui import QPainter

from sudoku_workbench.gui.board.canvas import BoardCanvas
from sudoku_workbench.gui.main_window import _dropping_checked
from sudoku_workbench.gui.session import worker
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, trigger
from tests.gui.test_logic import trigger_paste

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "pages" / "dev" / "architecture.md"

#: At most this many hops from the Logic button to the painted step (issue 31).
MOST_HOPS = 8

CALL, HAND_OVER = "→", "⇒"


def _name(frame: FrameType) -> str | None:
    """``module:qualname`` of one of our frames (``module`` within ``sudoku_workbench.gui``), else None."""
    module = frame.f_globals.get("__name__", "")
    if not module.startswith("sudoku_workbench."):
        return None
    short = module.removeprefix("sudoku_workbench.gui.").removeprefix("sudoku_workbench.")
    return f"{short}:{frame.f_code.co_qualname}"


def _our_stack(frame: FrameType | None) -> list[str]:
    """Our frames from the outermost to ``frame``."""
    names = []
    while frame is not None:
        name = _name(frame)
        if name is not None:
            names.append(name)
        frame = frame.f_back
    return names[::-1]


class WalkRecorder:
    """Our frames on the stack at each hand-over of the Logic step, in order (see the module's text)."""

    def __init__(self, board: BoardCanvas) -> None:
        self.board = board
        self.segments: list[list[str]] = []
        self._ui = threading.current_thread()

    def _hand_over(self, frame: FrameType, what: object) -> bool:
        """True when this C call hands the step on to the next part of the walk."""
        name, owner = getattr(what, "__name__", ""), getattr(what, "__self__", None)
        on_ui = threading.current_thread() is self._ui
        stage = len(self.segments)
        if stage == 0:  # the job goes to the thread pool
            return on_ui and name == "start" and isinstance(owner, QThreadPool)
        if stage == 1:  # the worker's first signal from the pool thread (a batch of steps)
            return not on_ui and name == "emit"
        if stage == 2:  # the board, now holding a rule's step, asks to be painted
            return on_ui and name == "update" and owner is self.board and self.board.step is not None
        if stage == 3:  # the first drawing on the board after that
            return on_ui and isinstance(owner, QPainter) and owner.device() is self.board
        return False

    def profile(self, frame: FrameType, event: str, arg: object) -> None:
        """The profile function, on the UI thread and on the pool thread."""
        if event == "c_call" and self._hand_over(frame, arg):
            self.segments.append(_our_stack(frame))

    def walk(self) -> list[tuple[str, str, str]]:
        """The hops: (from, arrow, to), a hand-over between segments and a call within one."""
        hops = []
        for index, segment in enumerate(self.segments):
            if index:
                hops.append((self.segments[index - 1][-1], HAND_OVER, segment[0]))
            hops.extend((a, CALL, b) for a, b in itertools.pairwise(segment))
        return hops


@contextmanager
def recording(board: BoardCanvas, monkeypatch: pytest.MonkeyPatch) -> Iterator[WalkRecorder]:
    """Profile the UI thread, and each pool thread while it runs a job, into a new recorder."""
    recorder = WalkRecorder(board)
    started, ended = worker._running.job_started, worker._running.job_ended

    def job_started() -> None:
        sys.setprofile(recorder.profile)
        started()

    def job_ended() -> None:
        ended()
        sys.setprofile(None)

    monkeypatch.setattr(worker._running, "job_started", job_started)
    monkeypatch.setattr(worker._running, "job_ended", job_ended)
    sys.setprofile(recorder.profile)
    try:
        yield recorder
    finally:
        sys.setprofile(None)


def documented_walk() -> list[tuple[str, str, str]]:
    """The numbered hops of the Architecture page (docs/pages/dev/architecture.md): ``N. `from` → `to` …``."""
    hop = re.compile(r"^\d+\. `([^`]+)` ([→⇒]) `([^`]+)`", re.MULTILINE)
    return [(a, arrow, b) for a, arrow, b in hop.findall(ARCHITECTURE.read_text(encoding="utf-8"))]


def record_logic(qtbot, window, monkeypatch) -> list[tuple[str, str, str]]:
    """Press Logic on a pasted puzzle and record the walk until the step is painted."""
    trigger_paste(qtbot, window, NEWSPAPER)
    settle(qtbot, window)
    with recording(window.board, monkeypatch) as recorder:
        with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
            trigger(window, "logic")
        qtbot.waitUntil(lambda: len(recorder.segments) == 4, timeout=5000)
    settle(qtbot, window)
    return recorder.walk()


def test_the_walk_from_logic_to_the_painted_step_is_the_documented_one(qtbot, window, monkeypatch):
    walk = record_logic(qtbot, window, monkeypatch)
    listed = "\n".join(f"{n}. `{a}` {arrow} `{b}`" for n, (a, arrow, b) in enumerate(walk, 1))
    assert walk == documented_walk(), f"the walk recorded:\n{listed}"
    assert len(walk) <= MOST_HOPS


def test_a_relay_on_the_way_is_one_hop_more(qtbot, window, monkeypatch):
    """The check can fail: Logic's action connected through the wrapper every action once had."""
    jobs = window.session.jobs

    def logic_from(_path: object = None) -> None:  # an optional parameter, as File → Open's
        jobs.logic()

    action = window.acts["logic"]
    action.triggered.disconnect()
    action.triggered.connect(_dropping_checked(logic_from))
    walk = record_logic(qtbot, window, monkeypatch)
    assert walk[0] == ("main_window:_dropping_checked.<locals>.<lambda>", CALL, "session.jobs:Jobs.logic")
    assert walk[1:] == documented_walk()
    assert len(walk) > MOST_HOPS
