"""Graph rules in the engine: last at VERY_HARD (before forcing), driven by next_step and solve_by_logic."""

from __future__ import annotations

from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import GRAPH_RULE_IDS, RULES, Level, next_step, rule_by_id, solve_by_logic
from sudoku_workbench.logic.hand_patterns import HAND_SOLVER_RULES
from tests.conftest import corpus_lines, needs_shared_data
from tests.logic.graph_support import check_step, solution_of
from tests.logic.test_cycles import square

GRAPH_IDS = list(GRAPH_RULE_IDS)

#: top1465 puzzles (0-based lines) that the local rules left stuck and the graph rules solved, when pinned
NEEDING_GRAPHS = (54, 63, 93, 174, 225, 270)


def test_graph_rules_come_last_at_very_hard_before_forcing() -> None:
    below_forcing = [rule for rule in RULES if rule.level < Level.FORCING]
    assert [rule.id for rule in below_forcing[-len(GRAPH_IDS) :]] == GRAPH_IDS
    assert all(rule_by_id(rule_id).level is Level.VERY_HARD for rule_id in GRAPH_IDS)
    assert RULES[: len(below_forcing)] == tuple(below_forcing), "forcing rules close the table"


def test_next_step_finds_the_cycle() -> None:
    graph_rules = tuple(rule for rule in RULES if rule.id in GRAPH_IDS)
    step = next_step(square(3), graph_rules)
    assert step is not None
    assert step.rule == "nonrepetitive_cycle"


@needs_shared_data
def test_graph_rules_solve_more_of_a_hard_sample_and_stay_sound() -> None:
    # Eppstein's local rules only: the named hand-solver patterns (nice loops above all) would
    # otherwise do the graph rules' work before they are asked; forcing chains come after both.
    below_forcing = tuple(rule for rule in RULES if rule.level < Level.FORCING)
    local = tuple(r for r in below_forcing if r.id not in GRAPH_IDS and r.id not in HAND_SOLVER_RULES)
    paper = tuple(rule for rule in below_forcing if rule.id not in HAND_SOLVER_RULES)
    gained = 0
    lines = corpus_lines("top1465.txt")
    for puzzle in (parse_line(lines[i]) for i in NEEDING_GRAPHS):
        with_graphs, without = solve_by_logic(puzzle, paper), solve_by_logic(puzzle, local)
        solution = solution_of(puzzle)
        assert solution is not None
        for step in with_graphs.steps:
            check_step(step, solution)
        assert len(with_graphs.grid.empty_cells) <= len(without.grid.empty_cells)
        gained += len(without.grid.empty_cells) - len(with_graphs.grid.empty_cells)
    assert gained > 0
