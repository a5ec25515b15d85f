"""HoDoKu's scale: scores summed from its facts, its level rule at the edges, the CLI, and agreement.

The puzzles' HoDoKu numbers are HoDoKu 2.2's own ratings (each ``hodoku_rated_*.txt`` says how they
were measured); ``python -m tests.logic.test_hodoku_scale`` prints the agreement on each whole file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Form, Highlights, Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rate, rule_by_id, solve_by_logic
from sudoku_workbench.logic.rating.hodoku_scale import (
    GUESS,
    GUESS_SCORE,
    HodokuRating,
    hodoku_order,
    puzzle_level,
    rate_hodoku,
    step_technique,
)
from sudoku_workbench.logic.rule_choice import preset_rules
from sudoku_workbench.logic.shared.hodoku_steps import HODOKU_STEPS, HodokuLevel
from sudoku_workbench.search.solve import solve
from tests.logic.test_se_scale import _spearman

RATED = Path(__file__).with_name("hodoku_rated_top1465_every7.txt")
#: The other measured sets: diabolical Sudoku Exchange puzzles (Hard … Extreme) and 17-clue ones (Easy …).
OTHER_SETS = ("hodoku_rated_sudokuexchange_next160.txt", "hodoku_rated_royle17_every500.txt")
#: The easy newspaper puzzle: HoDoKu solves it with 21 full houses and 30 naked singles, 4 points each.
NEWSPAPER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#: top1465 line 148: HoDoKu 2.2 rates it Medium, 712.
MEDIUM_712 = "...46..8.7.....9.....1.....4....53...8.6......2.......3.9.7...........215........"
E, M, H, U, X = HodokuLevel


def _rated_rows(path: Path = RATED) -> list[tuple[str, str, int]]:
    """(puzzle, HoDoKu level, HoDoKu score) of the measured puzzles of a ``hodoku_rated_*.txt`` file."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            _number, puzzle, level, score, _guessed = line.split("\t")
            rows.append((puzzle, level.upper(), int(score)))
    return rows


def _rate(puzzle: str) -> HodokuRating:
    grid = parse_line(puzzle)
    solution = solve(grid)
    assert solution is not None
    return rate_hodoku(grid, solution=solution.values)


def test_a_singles_puzzle_scores_its_singles() -> None:
    rated = _rate(NEWSPAPER)
    assert (rated.score, rated.level, rated.status) == (204, E, "solved")  # HoDoKu's own: Easy (204)
    assert rated.step_count == 51
    assert rated.hardest in {"FULL_HOUSE", "NAKED_SINGLE"}


#: What HoDoKu scores a single: 4 a full house or naked single, 14 a hidden single.
SINGLES = {"full_house": 4, "naked_single": 4, "hidden_single": 14}


def test_the_score_is_the_sum_of_the_base_scores_of_the_steps() -> None:
    grid = parse_line(MEDIUM_712)
    singles = solve_by_logic(grid, preset_rules("singles"))
    rated = rate_hodoku(grid, preset_rules("singles"))
    assert rated.status == "stuck"  # no solution given: nothing to guess from
    assert rated.score == sum(SINGLES[step.rule] for step in singles.steps)
    assert rated.step_count == len(singles.steps)


def test_a_puzzle_hodoku_rates_medium_712() -> None:
    rated = _rate(MEDIUM_712)
    assert (rated.score, rated.level) == (712, M)
    assert HODOKU_STEPS[rated.hardest].level == M


def test_where_the_rules_end_hodoku_guesses_the_middle_empty_cell() -> None:
    grid = parse_line(MEDIUM_712)
    solution = solve(grid)
    assert solution is not None
    singles = preset_rules("singles")
    rated = rate_hodoku(grid, singles, solution=solution.values)
    assert (rated.status, rated.hardest, rated.hardest_rule, rated.level) == ("solved", GUESS, "", X)
    before = solve_by_logic(grid, singles)
    stuck = before.grid
    middle = stuck.empty_cells[len(stuck.empty_cells) // 2]
    after = rate_hodoku(stuck.place(middle, solution.values[middle]), singles, solution=solution.values)
    assert rated.guesses == after.guesses + 1
    assert rated.score == sum(SINGLES[step.rule] for step in before.steps) + GUESS_SCORE + after.score


@pytest.mark.parametrize(
    ("hardest", "score", "level"),
    [
        (E, 800, E), (E, 801, M), (E, 1000, M), (E, 1001, H), (E, 1600, H), (E, 1601, U),
        (E, 1800, U), (E, 1801, X), (H, 0, H), (M, 1601, U), (U, 900, U), (X, 10, X),
    ],
)  # fmt: skip
def test_the_level_is_the_hardest_steps_raised_by_the_score(
    hardest: HodokuLevel, score: int, level: HodokuLevel
) -> None:
    assert puzzle_level(hardest, score) is level


def test_steps_score_as_the_hodoku_technique_they_are() -> None:
    quad = Step("naked_tuple", highlights=Highlights(cells=(0, 1, 2, 3)))
    triple = Step("naked_tuple", highlights=Highlights(cells=(0, 1, 2)))
    hidden_quad = Step("pile_exclusion", highlights=Highlights(cells=(0, 1, 2, 3)))
    sashimi = Step("finned_swordfish", form=Form(sashimi=True))
    grouped = Step("nice_loop", form=Form(grouped=True))
    assert [step_technique(s) for s in (quad, triple, hidden_quad, sashimi, grouped)] == [
        "NAKED_QUADRUPLE",
        "NAKED_TRIPLE",
        "HIDDEN_QUADRUPLE",
        "SASHIMI_SWORDFISH",
        "GROUPED_NICE_LOOP",
    ]


def test_rules_run_in_hodokus_order_with_quadruples_after_the_hidden_subsets() -> None:
    order = [rule.hodoku.technique for rule in hodoku_order(preset_rules("default"))]
    assert order.index("LOCKED_PAIR") < order.index("LOCKED_CANDIDATES_1") < order.index("NAKED_PAIR")
    assert order.index("NAKED_TRIPLE") < order.index("HIDDEN_PAIR") < order.index("NAKED_QUADRUPLE")
    assert order.index("HIDDEN_TRIPLE") < order.index("NAKED_QUADRUPLE") < order.index("HIDDEN_QUADRUPLE")
    steps = [HODOKU_STEPS[t].order for t in order]
    assert steps == sorted(steps)


def test_a_chain_rule_gives_the_step_that_removes_the_most_as_hodoku_does() -> None:
    def chains(_grid: Grid) -> Iterator[Step]:
        for removed in (1, 3, 2, 3):
            yield Step(
                "x_chain", eliminations=tuple((cell, 1) for cell in range(removed)), explanation=f"{removed}"
            )

    rule = replace(rule_by_id("x_chain"), find=chains)
    (ordered,) = hodoku_order([rule])
    assert [step.explanation for step in ordered.find(parse_line(NEWSPAPER))] == [
        "3"
    ]  # the first of the widest


def test_rules_hodoku_lacks_stay_off_its_path() -> None:
    """Eppstein's graph rules are in the default set, not HoDoKu's: they never score on its path."""
    rated = rate_hodoku(parse_line(MEDIUM_712), preset_rules("eppstein"))
    assert rated.hardest_rule in {"", *(rule.id for rule in preset_rules("hodoku"))}


def test_an_impossible_puzzle_is_a_contradiction() -> None:
    rated = rate_hodoku(parse_line("11" + "." * 79))
    assert (rated.status, rated.score, rated.step_count) == ("contradiction", 0, 0)


def test_rate_on_hodoku_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{NEWSPAPER}\n{MEDIUM_712}\n", encoding="utf-8")
    assert main(["rate", str(path), "--scale", "hodoku", "--no-header"]) == 0
    easy, medium = (line.split() for line in capsys.readouterr().out.splitlines())
    assert easy[:2] == ["204", "easy"]
    assert easy[3] == "51"
    assert medium[:2] == ["712", "medium"]
    assert main(["rate", str(path), "--scale", "hodoku", "--rules", "singles", "--no-header"]) == 0
    _easy, guessed = (line.split() for line in capsys.readouterr().out.splitlines())
    assert guessed[1:3] == ["extreme", "guess"]
    assert int(guessed[0]) > GUESS_SCORE


def agreement(rows: list[tuple[str, str, int]]) -> tuple[float, float]:
    """Spearman of our scores with HoDoKu's, and the share of puzzles given HoDoKu's level."""
    ours = [_rate(puzzle) for puzzle, _level, _score in rows]
    spearman = _spearman([r.score for r in ours], [score for _p, _l, score in rows])
    same = sum(r.level.name == level for r, (_p, level, _s) in zip(ours, rows, strict=True))
    return spearman, same / len(rows)


@pytest.mark.slow
def test_agreement_with_hodokus_own_ratings() -> None:
    """Every 5th of the 210 (42 puzzles: 0.954, 92.9 %); all 210 give Spearman 0.969 and 94.8 %."""
    spearman, same = agreement(_rated_rows()[::5])
    assert spearman >= 0.9
    assert same >= 0.8


def _our_level_agreement(rows: list[tuple[str, str, int]]) -> float:
    """Spearman of our own Level (easy … forcing, default rules) with HoDoKu's level."""
    ours = [float(rate(parse_line(puzzle)).level) for puzzle, _level, _score in rows]
    return _spearman(ours, [float(HodokuLevel[level]) for _p, level, _s in rows])


if __name__ == "__main__":
    for name in (RATED.name, *OTHER_SETS):
        rows = _rated_rows(RATED.with_name(name))
        correlation, share = agreement(rows)
        print(f"{name}: {len(rows)} puzzles: Spearman {correlation:.3f}, same level {share:.1%}")
        print(f"  our Level vs HoDoKu's level: Spearman {_our_level_agreement(rows):.3f}")
