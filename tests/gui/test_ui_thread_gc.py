"""Cycles are collected by the UI thread's timer while a window may run pool threads, never by them."""

from __future__ import annotations

import gc
import threading
import weakref

from sudoku_workbench.gui.session import ui_thread_gc


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
    watched = _cycle()
    kept: list[object] = []
    worker = threading.Thread(target=_churn, args=(kept,))
    worker.start()
    worker.join()
    assert watched() is not None, "a pool thread collected the cycle"
    qtbot.waitUntil(lambda: watched() is None, timeout=5 * ui_thread_gc.INTERVAL_MS)
    assert kept


def test_the_timer_collects_only_what_is_due_and_release_restores_python(qtbot, monkeypatch):
    monkeypatch.setattr(ui_thread_gc, "jobs_running", lambda: True)  # no collection of everything
    gc.collect()
    assert ui_thread_gc.collect_due() == 0  # nothing is due right after a full collection
    ui_thread_gc.hold()  # a second holder: the release below must not turn collection back on
    ui_thread_gc.release()
    assert not gc.isenabled()
    ui_thread_gc.release()  # the conftest's hold
    assert gc.isenabled()
    ui_thread_gc.hold()  # give the conftest back the hold it releases at teardown
    assert not gc.isenabled()


def _oldest_generation_due() -> None:
    """Collect the young generations until the oldest one is past its threshold, as a long job would."""
    while gc.get_count()[2] <= gc.get_threshold()[2]:
        gc.collect(1)


def _young_objects() -> list[object]:
    return [o for generation in range(3) for o in gc.get_objects(generation)]


def test_what_outlives_the_oldest_generation_is_frozen(monkeypatch):
    monkeypatch.setattr(ui_thread_gc, "WHOLE_HEAP_GROWTH", float("inf"))  # no collection of everything
    kept, cycle = _Node(), _cycle()
    _oldest_generation_due()
    frozen = gc.get_freeze_count()
    ui_thread_gc.collect_due()
    assert cycle() is None  # the garbage of the oldest generation was collected...
    assert gc.get_freeze_count() > frozen  # ...and its survivors frozen: later collections skip them
    assert not any(o is kept for o in _young_objects())


def test_frozen_cycles_are_collected_once_no_job_ran_for_a_while(monkeypatch):
    monkeypatch.setattr(ui_thread_gc, "WHOLE_HEAP_GROWTH", 0)  # the frozen part always counts as grown
    cycle = _cycle()
    gc.freeze()
    monkeypatch.setattr(ui_thread_gc, "jobs_running", lambda: True)
    ui_thread_gc.collect_due()
    assert cycle() is not None, "everything was collected while a job ran"
    monkeypatch.setattr(ui_thread_gc, "jobs_running", lambda: False)
    monkeypatch.setattr(ui_thread_gc, "QUIET_SECONDS", float("inf"))
    ui_thread_gc.collect_due()
    assert cycle() is not None, "everything was collected right after a job"
    monkeypatch.setattr(ui_thread_gc, "QUIET_SECONDS", 0.0)
    ui_thread_gc.collect_due()
    assert cycle() is None
    assert gc.get_freeze_count() > 0  # the survivors are frozen again


def test_while_a_job_runs_the_young_survivors_are_frozen_at_once(monkeypatch):
    monkeypatch.setattr(ui_thread_gc, "jobs_running", lambda: True)
    gc.collect()
    dead = _cycle()
    kept = [[i] for i in range(2 * gc.get_threshold()[0])]  # a job's allocations, kept alive
    frozen = gc.get_freeze_count()
    assert ui_thread_gc.collect_due() > 0  # generation 0 was due: its garbage is gone...
    assert dead() is None
    assert gc.get_freeze_count() > frozen  # ...and its survivors frozen, never walked again
    assert not any(o is kept[0] for o in _young_objects())


def _in_generation(thing: object, generation: int) -> bool:
    return any(o is thing for o in gc.get_objects(generation))


def test_an_older_generation_is_collected_once_enough_has_moved_into_it(monkeypatch):
    monkeypatch.setattr(ui_thread_gc, "WHOLE_HEAP_GROWTH", float("inf"))
    monkeypatch.setattr(ui_thread_gc, "WALK_LIMIT", 500)
    monkeypatch.setattr(ui_thread_gc, "_tally", ui_thread_gc._Tally(frozen_after_whole=1))
    gc.collect()
    kept = [[i] for i in range(2 * gc.get_threshold()[0])]  # a job's allocations, kept alive
    ui_thread_gc.collect_due()  # generation 0 is due by Python's count: its survivors move up
    assert _in_generation(kept[0], 1)
    assert gc.get_count()[1] <= gc.get_threshold()[1]  # Python would not collect generation 1 yet...
    ui_thread_gc.collect_due()
    assert _in_generation(kept[0], 2)  # ...but more than WALK_LIMIT objects had moved into it
