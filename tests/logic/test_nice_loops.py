"""Alternating inference chains and nice loops: exact hand-made cases, grouped nodes included."""

from __future__ import annotations

from sudoku_workbench.core import geometry
from sudoku_workbench.logic.chains import nice_loops
from tests.logic.conftest import grid_from
from tests.logic.test_single_digit_patterns import keep_only, names

G9 = geometry(3, 3)


def test_chain_with_ends_on_two_digits() -> None:
    # (1)r1c1 = (1)r5c1 - (1)r5c6 = (2)r5c6 - (2)r8c6 = (2)r8c1: r1c1 is 1 or r8c1 is 2, so r1c1 is not 2.
    grid = keep_only(G9, 1, {9: ("r1c1", "r5c1")}, grid_from(G9, keep={"r5c6": "12"}))
    grid = keep_only(G9, 2, {7: ("r8c6", "r8c1")}, grid)
    steps = list(nice_loops.nice_loop(grid))
    assert len(steps) == 1
    step = steps[0]
    assert step.rule == "nice_loop"
    assert names(G9, step.eliminations) == {"r1c1<>2"}
    assert "(1)r1c1 = (1)r5c1 - (1)r5c6 = (2)r5c6 - (2)r8c6 = (2)r8c1" in step.explanation
    assert [link.strong for link in step.highlights.links] == [True, False, True, False, True]
    # One band over the cells the chain walks (r5c6 once for its two digits), labelled by digit.
    (band,) = step.highlights.chains
    assert band.cells == (0, 36, 41, 68, 63)
    assert band.labels == (1, 1, 2, 2)
    assert not band.closed


def test_discontinuous_loop_places_a_digit() -> None:
    # If r1c1 were 2: r7c5 = 2, r9c5 = 1, so column 1's 1 must be r1c1 after all.
    grid = keep_only(G9, 2, {6: ("r7c1", "r7c5")}, grid_from(G9, keep={"r1c1": "12", "r9c5": "12"}))
    grid = keep_only(G9, 1, {9: ("r1c1", "r9c1")}, grid)
    steps = list(nice_loops.nice_loop(grid))
    placing = [s for s in steps if s.placements]
    assert [s.placements for s in placing] == [((0, 1),)]
    assert placing[0].explanation.startswith("Discontinuous nice loop:")
    assert names(G9, steps[0].eliminations) == {"r1c1<>2"}


def test_continuous_loop_clears_every_weak_link() -> None:
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "23", "r2c1": "13"})
    # The three cells are a naked triple of box 1; every loop through them clears only what it may.
    loops = [s for s in nice_loops.nice_loop(grid) if s.explanation.startswith("Continuous nice loop")]
    assert any("(2)r1c2 = (3)r1c2 - (3)r2c1" in s.explanation for s in loops)
    gone = set().union(*(names(G9, s.eliminations) for s in loops))
    box = {"r1c3", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"}
    expected = {f"{c}<>{d}" for c in box for d in "123"}
    expected |= {f"r1c{c}<>2" for c in range(4, 10)} | {f"r{r}c1<>1" for r in range(4, 10)}
    assert gone == expected


def test_grouped_node() -> None:
    # Row 1's 1 is in r1c1 or the group r1c8/r1c9; row 2's in r2c7 or r2c2. The loop
    # (1)r1c1 = (1)r1c89 - (1)r2c7 = (1)r2c2 - (1)r1c1 clears the rest of boxes 1 and 3.
    grid = keep_only(G9, 1, {0: ("r1c1", "r1c8", "r1c9"), 1: ("r2c7", "r2c2")})
    step = next(nice_loops.nice_loop(grid))
    assert "(1)r1c89" in step.explanation
    assert "Grouped nodes: r1c8 and r1c9." in step.explanation
    assert names(G9, step.eliminations) == {f"r3c{c}<>1" for c in (1, 2, 3, 7, 8, 9)}


def test_almost_locked_set_as_a_chain_link() -> None:
    # r1c2 and r2c1 (box 1) hold only 1, 2, 3: without 2 they hold 1 and 3, so (2)r1c2 = (1)r2c1.
    grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "23", "r2c1": "13"})
    first = next(nice_loops.nice_loop(grid))
    assert first.explanation.startswith(
        "Continuous nice loop: (1)r1c1 = (2)r1c1 - (2)r1c2 = (1)r2c1 - (1)r1c1."
    )
    assert "inside almost locked sets" in first.explanation
    assert "r1c2 and r2c1 (holding only 1, 2 and 3)" in first.explanation


def test_a_kept_step_names_the_sets_of_its_own_position() -> None:
    """The same chain through a set holding other digits is a step with other words (steps are kept
    by content, and the chain alone does not say what its sets hold)."""
    for third in "3", "4":
        grid = grid_from(G9, keep={"r1c1": "12", "r1c2": "2" + third, "r2c1": "1" + third})
        first = next(nice_loops.nice_loop(grid))
        assert first.explanation.startswith("Continuous nice loop: (1)r1c1 = (2)r1c1 - (2)r1c2 = (1)r2c1")
        assert f"r1c2 and r2c1 (holding only 1, 2 and {third})" in first.explanation


def test_nothing_without_links() -> None:
    assert next(nice_loops.nice_loop(grid_from(G9)), None) is None


def test_an_als_link_is_named_by_the_first_set_with_both_nodes() -> None:
    """The explanations' scan of the chain sets agrees with a table of every set's nodes, for every
    pair of nodes of the sets (most pairs share no set) on positions along a hard solve."""
    from sudoku_workbench.logic.chains.aic_graph import als_link, chain_sets
    from sudoku_workbench.logic.engine import RULES, Level, steps_with_grids
    from tests.conftest import corpus

    (puzzle,) = corpus("top1465.txt", 1, 211)
    rules = tuple(rule for rule in RULES if rule.level < Level.FORCING)
    linked = 0
    for _step, grid in list(steps_with_grids(puzzle, rules))[::8]:
        sets = chain_sets(grid)
        nodes = sorted({node for als in sets for node in als.nodes})
        for a in nodes[::4]:
            for b in nodes:
                first = next((als for als in sets if a in als.nodes and b in als.nodes), None)
                assert als_link(grid, a, b) is first, (a, b)
                linked += first is not None and a != b
    assert linked, "no pair shared a set: the check would be empty"
