"""Every step of every graph rule, on corpus positions the simple rules leave, agrees with the solution."""

from __future__ import annotations

from collections import Counter

from sudoku_workbench.logic.engine import GRAPH_RULE_IDS, rule_by_id
from tests.conftest import corpus
from tests.logic.graph_support import check_step, propagate_singles, solution_of

RULES = tuple(rule_by_id(rule_id) for rule_id in GRAPH_RULE_IDS)


def test_graph_rules_are_sound_on_hard_puzzles() -> None:
    fired: Counter[str] = Counter()
    for puzzle in corpus("top1465.txt", 14, every=103) + corpus(
        "forum_hardest_1905_11plus.txt", 6, every=997
    ):
        solution = solution_of(puzzle)
        assert solution is not None
        grid = propagate_singles(puzzle)
        while not grid.is_complete():
            first = None
            for rule in RULES:
                for step in rule.find(grid):
                    check_step(step, solution)
                    assert step.placements or step.eliminations
                    fired[rule.id] += 1
                    first = first or step
            if first is None:
                break
            grid = propagate_singles(grid.apply(first))
    # the sample exercises the rules (each one's firing is shown on hand-made positions elsewhere)
    assert {"nonrepetitive_cycle", "bivalue_cycle", "conflicting_paths"} <= set(fired), fired
