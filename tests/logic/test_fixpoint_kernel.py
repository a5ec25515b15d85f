"""The compiled propagation fixpoint computes what Python's loop computes: same states, same steps.

Differential tests: every corpus of tests/data is solved by Logic with the kernel and without it, the
steps (words and pictures included) compared one by one; on positions of those solves, every
assumption is propagated both ways in every mode and the whole state compared, contradictions and
their words included, and so are the kernel's trials of every assumption at once and the case splits
it finds on them, and its forcing-net searches (each candidate's refutation, split by split, and a
whole search's leads against Python's search, which keeps what shallower passes found); hypothesis
adds odd positions (candidates taken away at random, so that contradictions of every kind come up).
They run on the extension when it was built, even with SUDOKU_WORKBENCH_PURE set, and are skipped only
on an install without it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import forget_caches, steps_with_grids
from sudoku_workbench.logic.forcing import _kernel, forcing_nets
from sudoku_workbench.logic.forcing.propagation import Contradicted, Mode, Propagation
from sudoku_workbench.logic.forcing.trials import Trials, open_candidates, reached
from tests.conftest import REPO, SAMPLE_CORPORA, spread_sample

fixpoint = pytest.importorskip(
    "sudoku_workbench.logic.forcing._fixpoint", reason="the compiled fixpoint was not built (no compiler)"
)

#: Positions of a solve whose every assumption is propagated both ways.
POSITION_STRIDE = 7


def _solve(grid: Grid, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Grid]]:
    """Logic's steps on ``grid``, each with the grid after it, with or without the kernel."""
    monkeypatch.setattr(_kernel, "kernel", fixpoint if compiled else None)
    forget_caches()
    return list(steps_with_grids(grid))


def _state(grid: Grid, mode: Mode, literals: list[tuple[int, int, bool]], compiled: bool) -> dict[str, Any]:
    """The whole state after assuming ``literals``, one run each on a fresh copy, and how it ended."""
    prop = Propagation(grid, mode)
    prop._compiled = _kernel.compiled_for(fixpoint, grid.geometry) if compiled else None
    stop: tuple[Any, ...] = ()
    for literal in literals:
        prop = prop.copy()
        prop.assume(*literal)
        try:
            prop.run()
        except Contradicted as contradiction:
            stop = (contradiction.words, contradiction.parents, contradiction.unit)
            break
    return {
        **{k: v for k, v in vars(prop).items() if k != "_compiled"},
        "stop": stop,
        "reached": reached(prop),
    }


def _trials(grid: Grid, mode: Mode, compiled: bool) -> tuple[Any, ...]:
    """Every assumption of the position at once, and the cell and unit splits found on them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_kernel, "kernel", fixpoint if compiled else None)
        trials = Trials(grid, mode)
        return trials.closures, trials.splits(False), trials.splits(True)


def _compare_trials(grid: Grid, mode: Mode) -> int:
    """The trials and splits of one position both ways; the number of splits with a conclusion."""
    with_kernel = _trials(grid, mode, True)
    assert with_kernel == _trials(grid, mode, False), (grid.to_line(), mode)
    return len(with_kernel[1]) + len(with_kernel[2])


def _assumptions(grid: Grid) -> list[tuple[int, int, bool]]:
    return [
        (cell, digit, on)
        for cell, mask in enumerate(grid.candidates)
        for digit in range(1, grid.geometry.n + 1)
        if mask >> (digit - 1) & 1
        for on in (True, False)
    ]


def _compare_positions(grids: list[Grid]) -> int:
    """Every assumption of every position in every mode, both ways; the number of runs compared."""
    runs = 0
    for grid in grids:
        for mode in Mode:
            _compare_trials(grid, mode)
            for literal in _assumptions(grid):
                assert _state(grid, mode, [literal], True) == _state(grid, mode, [literal], False), (
                    grid.to_line(),
                    mode,
                    literal,
                )
                runs += 1
    return runs


def _differential(name: str, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for grid in spread_sample(name, count):
        with_kernel = _solve(grid, True, monkeypatch)
        without = _solve(grid, False, monkeypatch)
        assert [step for step, _ in with_kernel] == [step for step, _ in without], grid.to_line()
        if _kernel.compiled_for(fixpoint, grid.geometry) is None:
            continue  # too large for the kernel: both solves ran Python's loop
        positions = [grid, *(after for _, after in with_kernel)][::POSITION_STRIDE]
        assert _compare_positions([g for g in positions if not g.is_complete()]) > 0


@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_steps_and_states_are_the_same_with_and_without_the_kernel(name, monkeypatch):
    _differential(name, 1, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_more_puzzles_of_every_corpus_give_the_same_steps(name, monkeypatch):
    _differential(name, 4, monkeypatch)


_TOP = spread_sample("top1465.txt", 20)


def _thinned(grid, seed, part, whole):
    """The grid with part/whole of its open candidates removed at random: positions no solve reaches."""
    open_candidates = [(c, d) for c, d, on in _assumptions(grid) if on]
    return grid.eliminate(seed.sample(open_candidates, len(open_candidates) * part // whole))


@settings(max_examples=60, deadline=None)
@given(
    index=st.integers(0, len(_TOP) - 1),
    seed=st.randoms(use_true_random=False),
    mode=st.sampled_from(list(Mode)),
    count=st.integers(1, 3),
)
def test_odd_positions_propagate_the_same_way(index, seed, mode, count):
    grid = _thinned(_TOP[index], seed, 1, 4)
    literals = seed.sample(_assumptions(grid), count)
    assert _state(grid, mode, literals, True) == _state(grid, mode, literals, False)


@settings(max_examples=60, deadline=None)
@given(
    index=st.integers(0, len(_TOP) - 1),
    seed=st.randoms(use_true_random=False),
    mode=st.sampled_from(list(Mode)),
    share=st.integers(0, 4),
)
def test_odd_positions_give_the_same_trials_and_splits(index, seed, mode, share):
    _compare_trials(_thinned(_TOP[index], seed, share, 10), mode)


def test_the_trials_find_splits_and_contradictions_both_ways():
    """The comparisons above are not empty: the kernel finds splits with conclusions, and contradictions."""
    grid = _TOP[0]
    assert _compare_trials(grid, Mode.DYNAMIC) > 0
    closures = _trials(grid, Mode.DYNAMIC, True)[0]
    assert any(closure.contradicted for closure in closures.values())
    assert any(not closure.contradicted for closure in closures.values())


def _first_net(grid: Grid, candidates: list[tuple[int, int]], depth: int, compiled: bool) -> tuple[int, Any]:
    """The first candidate a forcing net refutes within ``depth`` splits, and its refutation, one way."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_kernel, "kernel", fixpoint if compiled else None)
        return forcing_nets._first_net(grid, candidates, depth, {})


def _compare_nets(grid: Grid, depth: int) -> set[str]:
    """Every open candidate's net within ``depth`` splits both ways; how they ended (open, at once, split)."""
    endings = set()
    for candidate in open_candidates(grid):
        with_kernel = _first_net(grid, [candidate], depth, True)
        assert with_kernel == _first_net(grid, [candidate], depth, False), (grid.to_line(), candidate, depth)
        endings.add("open" if with_kernel[0] < 0 else "at once" if with_kernel[1] is None else "split")
    return endings


def _search(grid: Grid, after: Grid, compiled: bool) -> list[tuple[Any, ...]]:
    """A whole net search's leads, and the step each gives on its grid and on the next, one way."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_kernel, "kernel", fixpoint if compiled else None)
        forget_caches()
        leads = forcing_nets._net_search(grid)
        return [(lead.candidate, lead.depth, lead(grid), lead(after)) for lead in leads]


#: A forum-hardest puzzle whose Logic run has forcing nets one and two splits deep.
_HARDEST = parse_line(
    "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8", "hardest", 1
)


def _before_nets(grid: Grid, every: int) -> list[tuple[Grid, Grid]]:
    """Every ``every``-th position of the Logic run where a forcing net is next, and the one after it."""
    found, before = [], grid
    for step, after in steps_with_grids(grid):
        if step.rule == forcing_nets.FORCING_NET:
            found.append((before, after))
        before = after
    return found[::every]


def test_forcing_nets_refute_the_same_way_with_and_without_the_kernel():
    endings: set[str] = set()
    depths, steps = set(), 0
    for grid, after in _before_nets(_HARDEST, 2):
        for depth in (1, 2):
            endings |= _compare_nets(grid, depth)
        with_kernel = _search(grid, after, True)
        assert with_kernel == _search(grid, after, False), grid.to_line()
        depths.add(with_kernel[0][1])
        steps += sum(step is not None for lead in with_kernel for step in lead[2:])
    assert {"open", "split"} <= endings
    assert depths == {1, 2}  # the Python search kept its shallower pass for the second
    assert steps > 50


@settings(max_examples=20, deadline=None)
@given(
    index=st.integers(0, len(_TOP) - 1),
    seed=st.randoms(use_true_random=False),
    share=st.integers(0, 3),
    depth=st.integers(0, 2),
)
def test_odd_positions_give_the_same_forcing_nets(index, seed, share, depth):
    grid = _thinned(_TOP[index], seed, share, 40)
    _compare_nets(grid, depth)
    candidates = list(open_candidates(grid))
    assert _first_net(grid, candidates, depth, True) == _first_net(grid, candidates, depth, False)


def _two_solutions(grid: Grid, compiled: bool) -> list[tuple[int, ...]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_kernel, "kernel", fixpoint if compiled else None)
        return forcing_nets._two_solutions(grid)


def _fewer_givens(grid: Grid, seed, dropped: int) -> Grid:
    """The puzzle with ``dropped`` of its givens taken out at random (it may then have many solutions)."""
    givens = list(grid.givens)
    for cell in seed.sample([c for c, d in enumerate(givens) if d], dropped):
        givens[cell] = 0
    return Grid.from_values(grid.geometry, givens)


@settings(max_examples=30, deadline=None)
@given(
    index=st.integers(0, len(_TOP) - 1),
    seed=st.randoms(use_true_random=False),
    dropped=st.integers(0, 8),
    share=st.integers(0, 2),
)
def test_odd_positions_give_the_same_solutions(index, seed, dropped, share):
    grid = _thinned(_fewer_givens(_TOP[index], seed, dropped), seed, share, 40)
    assert _two_solutions(grid, True) == _two_solutions(grid, False)


def test_the_solution_search_finds_none_one_and_two_both_ways():
    one = _TOP[0]
    (solution,) = _two_solutions(one, True)
    none = one.eliminate([(c, d) for c, d in open_candidates(one) if solution[d - 1] >> c & 1][:1])
    two = Grid.from_values(one.geometry, [0] * 10 + list(one.givens[10:]))
    counts = []
    for grid in (none, one, two):
        found = _two_solutions(grid, True)
        assert found == _two_solutions(grid, False)
        counts.append(len(found))
    assert counts == [0, 1, 2]


def test_a_bad_candidate_to_try_is_a_clear_error_not_a_crash():
    prop = Propagation(_TOP[0], Mode.DYNAMIC)
    compiled = _kernel.compiled_for(fixpoint, prop.geo)
    assert compiled is not None
    with pytest.raises(ValueError, match="outside the grid"):
        prop.assume_each(compiled, [(0, 10)])
    with pytest.raises(ValueError, match="outside the grid"):
        compiled.nets(*Propagation(_TOP[0], Mode.NET).masks(), [(81, 1)], 2)
    with pytest.raises(ValueError, match="in the grid"):
        compiled.explain(Mode.DYNAMIC, *prop.masks(), 0, 0, 10, None)
    with pytest.raises(ValueError, match="outside the grid"):
        compiled.explain(Mode.DYNAMIC, *prop.masks(), 0, 0, 1, (0, 10, True))


def test_the_kernel_refuses_grids_too_large_for_it():
    sixteen = spread_sample("sixteen_generated.txt", 1)[0].geometry
    nine = _TOP[0].geometry
    assert _kernel.compiled_for(fixpoint, sixteen) is None
    assert _kernel.compiled_for(fixpoint, nine) is not None


def test_a_bad_queue_is_a_clear_error_not_a_crash():
    prop = Propagation(_TOP[0], Mode.NET)
    prop._compiled = _kernel.compiled_for(fixpoint, prop.geo)
    prop.assume(200, 1, True)
    with pytest.raises(ValueError, match="outside the grid"):
        prop.run()


@pytest.mark.parametrize(("value", "expected"), [("1", "None"), ("", "_fixpoint"), ("0", "_fixpoint")])
def test_the_environment_variable_keeps_the_kernel_out(value, expected):
    env = {**os.environ, _kernel.PURE_VARIABLE: value, "PYTHONPATH": str(REPO)}
    shown = subprocess.run(
        [sys.executable, "-c", "from sudoku_workbench.logic.forcing import _kernel; print(_kernel.kernel)"],
        cwd=Path(REPO),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert expected in shown.stdout
