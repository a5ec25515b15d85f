"""Practise a technique, the core: reading the set, replaying to the first use, judging answers, the score."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.step import CLEAR, ENTRY, PENCIL, Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import solve_by_logic
from sudoku_workbench.logic.reference.practice import (
    Answer,
    PracticeError,
    Score,
    answer_from_steps,
    judge,
    practice_rules,
    prepare,
    read_practice_set,
)

#: Generated puzzles (seed 28 of packaging/make_practice_set.py) whose default path uses these rules.
X_WING = ".....3..91...8.....2.47.3...1.9..73...5...6...86..7.4...9.54.1.....3...78..2....."
SHIPPED = Path(__file__).resolve().parents[2] / "resources" / "puzzles" / "practice.tsv"
HIDDEN_SINGLE = "6......9...3.4..72...7.93..3.2.....8...831...7.....5.1..16.5...95..1.2...6......9"


def test_the_replay_stops_right_before_the_first_use() -> None:
    puzzle = parse_line(X_WING)
    exercise = prepare(puzzle, "x_wing")
    run = solve_by_logic(puzzle, practice_rules())
    before = len(exercise.path)
    assert [step for step, _grid in exercise.path] == list(run.steps[:before])
    assert all(step.rule != "x_wing" for step in run.steps[:before])
    assert run.steps[before] == exercise.step
    assert exercise.step.rule == "x_wing"
    assert exercise.instances[0] == exercise.step
    # The position is the grid the path leads to, and the history shows it with the path recorded.
    history = exercise.history()
    assert history.grid == exercise.position
    assert history.cursor == before
    assert exercise.position.apply(exercise.step) == exercise.position.apply(run.steps[before])


def test_a_technique_the_path_never_uses_is_refused_by_name() -> None:
    with pytest.raises(PracticeError, match="Jellyfish"):
        prepare(parse_line(HIDDEN_SINGLE), "jellyfish")


def test_the_exact_eliminations_are_right() -> None:
    exercise = prepare(parse_line(X_WING), "x_wing")
    verdict = judge(exercise, Answer(struck=frozenset(exercise.step.eliminations)))
    assert verdict.right
    assert verdict.step == exercise.step
    assert verdict.text(exercise.puzzle.geometry).startswith("Right: that is the X-Wing")


def test_a_partial_answer_names_what_was_missed() -> None:
    exercise = prepare(parse_line(X_WING), "x_wing")
    geo = exercise.puzzle.geometry
    eliminations = exercise.step.eliminations
    assert len(eliminations) >= 2, "the test needs an X-Wing with several eliminations"
    verdict = judge(exercise, Answer(struck=frozenset(eliminations[1:])))
    first = f"{geo.cell_name(eliminations[0][0])}<>{eliminations[0][1]}"
    assert not verdict.right
    assert verdict.missed == (first,)
    assert verdict.wrong == ()
    assert verdict.text(geo) == f"Not quite. Missed: {first}."


def test_a_wrong_mark_is_named_even_beside_the_right_ones() -> None:
    exercise = prepare(parse_line(X_WING), "x_wing")
    position, geo = exercise.position, exercise.puzzle.geometry
    removed = set(exercise.step.eliminations)
    extra = next(
        (cell, digit)
        for cell in position.empty_cells
        for digit in position.candidates_of(cell)
        if (cell, digit) not in removed
    )
    verdict = judge(exercise, Answer(struck=frozenset(removed | {extra})))
    assert not verdict.right
    assert verdict.missed == ()
    assert verdict.wrong == (f"{geo.cell_name(extra[0])}<>{extra[1]}",)
    assert "Not part of the X-Wing" in verdict.text(geo)
    assert f"The step is {exercise.step.summary(geo)}." in verdict.text(geo)


def test_an_empty_answer_misses_the_whole_step() -> None:
    exercise = prepare(parse_line(X_WING), "x_wing")
    verdict = judge(exercise, Answer())
    assert not verdict.right
    assert len(verdict.missed) == len(exercise.step.eliminations)


def test_any_instance_of_the_technique_at_the_position_is_right() -> None:
    exercise = prepare(parse_line(HIDDEN_SINGLE), "hidden_single")
    assert len(exercise.instances) >= 2, "the opening position should hold several hidden singles"
    other = exercise.instances[1]
    assert other.placements != exercise.step.placements
    verdict = judge(exercise, Answer(placed=frozenset(other.placements)))
    assert verdict.right
    assert verdict.step == other
    wrong = judge(exercise, Answer(placed=frozenset(exercise.step.placements + other.placements)))
    assert not wrong.right
    assert len(wrong.wrong) == 1


def test_the_answer_is_read_from_the_players_own_steps() -> None:
    steps = [
        Step(PENCIL, eliminations=((3, 5),)),
        Step(PENCIL, eliminations=((4, 6),)),
        Step(PENCIL, placements=((3, 5),)),  # restored: no longer part of the answer
        Step(ENTRY, placements=((10, 2),)),
        Step(ENTRY, placements=((11, 7),)),
        Step(CLEAR, eliminations=((11, 7),)),  # cleared again
        Step("x_wing", eliminations=((20, 1),)),  # a rule's step is not the player's mark
    ]
    assert answer_from_steps(steps) == Answer(struck=frozenset({(4, 6)}), placed=frozenset({(10, 2)}))


def test_the_score_counts_right_answers_of_all_tried() -> None:
    exercise = prepare(parse_line(X_WING), "x_wing")
    score = Score().after(judge(exercise, Answer(struck=frozenset(exercise.step.eliminations))))
    score = score.after(judge(exercise, Answer()))
    assert score == Score(right=1, tried=2)
    assert score.text() == "Score: 1 right of 2 tried"


def test_the_set_reader_skips_comments_and_groups_by_technique() -> None:
    text = f"# a comment\n\nx_wing\t{X_WING}\nhidden_single\t{HIDDEN_SINGLE}\nx_wing\t{HIDDEN_SINGLE}\n"
    found = read_practice_set(text)
    assert list(found) == ["x_wing", "hidden_single"]
    assert [grid.to_line() for grid in found["x_wing"]] == [X_WING, HIDDEN_SINGLE]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (f"x_wing {X_WING}", "line 2: expected a rule id, a tab and a puzzle"),
        (f"x_wings\t{X_WING}", "line 2: unknown rule id 'x_wings'"),
        ("x_wing\t12345", "line 2"),
    ],
)
def test_a_bad_line_of_the_set_is_named(line: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        read_practice_set(f"# header\n{line}\n", "practice.tsv")


def test_the_shipped_set_is_read_from_the_package_resources() -> None:
    installed = Path(str(resources.files("sudoku_workbench.resources"))).resolve()
    if installed != SHIPPED.parents[1]:
        pytest.skip(f"the installed package reads its resources from another checkout ({installed})")
    assert read_practice_set() == read_practice_set(SHIPPED.read_text(encoding="utf-8"))
