"""Cycles are collected by the UI thread's timer while a window may run pool threads, never by them."""

from __future__ import annotations

import gc
import threading
import weakref

from sudoku_workbench.gui import ui_thread_gc


class _Node:
    """A thing that can sit in a reference cycle and be watched through a weak reference."""

    def __init__(self) -> None:
        self.me = self


def _cycle() -> weakref.ref[_Node]:
    return weakref.ref(_Node())


def _churn(kept: list[object]) -> None:
    """Allocate (and keep) enough container objects to push generation 0 well past its threshold."""
    kept.extend([i] for i in range(gc.get_threshold()[0] * 3))


def test_a_pool_thread_never_collects_while_held(qtbot):
    # The GUI conftest already holds collection for every test, as the program does for its life.
    assert not gc.isenabled()
    watched, kept = _cycle(), []
    worker = threading.Thread(target=_churn, args=(kept,))
    worker.start()
    worker.join()
    assert watched() is not None, "a pool thread collected the cycle"
    qtbot.waitUntil(lambda: watched() is None, timeout=5 * ui_thread_gc.INTERVAL_MS)
    assert kept


def test_the_timer_collects_what_python_would_and_release_restores_python(qtbot):
    gc.collect()
    assert ui_thread_gc.collect_due() == 0  # nothing is due right after a full collection
    ui_thread_gc.hold()  # a second holder: the release below must not turn collection back on
    ui_thread_gc.release()
    assert not gc.isenabled()
    ui_thread_gc.release()  # the conftest's hold
    assert gc.isenabled()
    ui_thread_gc.hold()  # give the conftest back the hold it releases at teardown
    assert not gc.isenabled()
