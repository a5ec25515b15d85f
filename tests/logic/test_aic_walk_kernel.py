"""The compiled nice-loop walk hands back the chains Python's walk finds that prove something, in order.

Differential tests: on positions of Logic's solves of every corpus of tests/data, every start is
walked both ways to both limits (the short pass, then the long pass from where the short one stopped)
and the chains compared one by one (Python's own, less those its conclusions find nothing in), with
the starts that stopped at their limit; the solves' steps are compared too. Hypothesis adds odd
positions (candidates taken away at random). They run on the extension when it was built, even with
SUDOKU_WORKBENCH_PURE set, and are skipped only without it.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_workbench.core import Grid
from sudoku_workbench.logic.als.als_sets import Als
from sudoku_workbench.logic.chains import _aic_kernel, aic_search
from sudoku_workbench.logic.chains.aic_graph import chain_graph, chain_sets
from sudoku_workbench.logic.engine import forget_caches, steps_with_grids
from sudoku_workbench.logic.shared._digit_links import digit_links
from tests.conftest import SAMPLE_CORPORA, spread_sample

aic_walk = pytest.importorskip(
    "sudoku_workbench.logic.chains._aic_walk", reason="the compiled walk was not built (no compiler)"
)

#: Positions of a solve whose walks are compared.
POSITION_STRIDE = 3


def _every_chain(grid: Grid, compiled: bool) -> list[tuple[int, Any, list[Any]]]:
    """Each walk of the search, both passes, to its end: (limit, start, its chains that prove something),
    then each pass as the search walks it, all its starts at once: (limit, the starts it cut, its chains).

    The kernel hands back only those; Python's walk hands back every chain, and its conclusions sort them.
    """

    def proving(found: list[Any]) -> list[Any]:
        if compiled:
            return found
        return [path for path in found if aic_search._conclusions(links, grid.candidates, path)]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_aic_kernel, "kernel", aic_walk if compiled else None)
        links = digit_links(grid)
        walks: list[tuple[int, Any, list[Any]]] = []
        for one_by_one in True, False:
            starts, chains, cut = aic_search._search(grid, links)
            for limit in (aic_search.SHORT, aic_search.LONGEST):
                walked = starts if limit == aic_search.SHORT else [s for s in starts if s in cut]
                if one_by_one:
                    walks += [(limit, start, proving(list(chains([start], limit)))) for start in walked]
                else:
                    found = proving(list(chains(walked, limit)))
                    walks.append((limit, sorted(s for s in walked if s in cut), found))
        return walks


def _compare(grid: Grid) -> int:
    """The walks of one position both ways; the number of chains compared."""
    with_kernel = _every_chain(grid, True)
    assert with_kernel == _every_chain(grid, False), grid.to_line()
    return sum(len(found) for _limit, _start, found in with_kernel)


def _solve(grid: Grid, compiled: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Grid]]:
    monkeypatch.setattr(_aic_kernel, "kernel", aic_walk if compiled else None)
    forget_caches()
    return list(steps_with_grids(grid))


def _differential(name: str, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for grid in spread_sample(name, count):
        with_kernel = _solve(grid, True, monkeypatch)
        assert [step for step, _ in with_kernel] == [step for step, _ in _solve(grid, False, monkeypatch)]
        if _aic_kernel.compiled_search(grid, digit_links(grid)) is None:
            continue  # too large for the kernel: both solves ran Python's walk
        positions = [grid, *(after for _, after in with_kernel)][::POSITION_STRIDE]
        for position in positions:
            if not position.is_complete():
                _compare(position)


@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_chains_and_steps_are_the_same_with_and_without_the_kernel(name, monkeypatch):
    _differential(name, 1, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE_CORPORA)
def test_more_puzzles_of_every_corpus_give_the_same_chains(name, monkeypatch):
    _differential(name, 4, monkeypatch)


_HARD = spread_sample("forum_hardest_1106.txt", 2)


@functools.cache
def _midway() -> list[Grid]:
    """Positions deep in a hard solve: long walks, many chains, starts cut at the short limit."""
    return [after for step, after in steps_with_grids(_HARD[0])][30:75:5]


def test_the_comparison_is_not_empty():
    walks = _every_chain(_midway()[2], True)
    assert any(found for limit, _start, found in walks if limit == aic_search.LONGEST)
    assert _compare(_midway()[2]) > 20


@settings(max_examples=40, deadline=None)
@given(index=st.integers(0, 8), seed=st.randoms(use_true_random=False), share=st.integers(0, 5))
def test_odd_positions_give_the_same_chains(index, seed, share):
    grid = _midway()[index]
    open_candidates = [
        (c, d + 1) for c, mask in enumerate(grid.candidates) for d in range(9) if mask >> d & 1
    ]
    _compare(grid.eliminate(seed.sample(open_candidates, len(open_candidates) * share // 10)))


def test_the_kernel_refuses_grids_too_large_for_it():
    sixteen = spread_sample("sixteen_generated.txt", 1)[0]
    nine = _HARD[0]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_aic_kernel, "kernel", aic_walk)
        assert _aic_kernel.compiled_search(sixteen, digit_links(sixteen)) is None
        assert _aic_kernel.compiled_search(nine, digit_links(nine)) is not None


def test_the_kernel_starts_where_python_does():
    grid = _midway()[4]
    graph = chain_graph(grid)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_aic_kernel, "kernel", aic_walk)
        found = _aic_kernel.compiled_search(grid, digit_links(grid))
    assert found is not None
    assert found[0] == sorted(node for node in graph.nodes if node[1].bit_count() == 1)


def _build(grid: Grid, sets: Any) -> Any:
    return _aic_kernel.built_graph(aic_walk, grid, digit_links(grid), sets)


def test_a_bad_start_or_set_is_a_clear_error_not_a_crash():
    grid = _HARD[0]
    tables, _starts = _build(grid, chain_sets(grid))
    with pytest.raises(ValueError, match="out of range"):
        aic_walk.walk_on(tables, (0, 10**6), (0, 0), 1, 8)
    with pytest.raises(ValueError, match="differ in length"):
        aic_walk.walk_on(tables, (0, 1), (0,), 0, 8)
    with pytest.raises(ValueError, match="out of range"):
        _build(grid, (Als(0, 3, 1, (0,) * 10),))
    with pytest.raises(ValueError, match="do not fit"):
        _build(grid, (Als(0, 3, 1 << 9, (0,) * 10),))
    with pytest.raises(AttributeError):
        _build(grid, ((1, 1),))
