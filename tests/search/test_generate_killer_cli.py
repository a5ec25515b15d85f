"""``sudoku-workbench generate --killer``: lines of unique no-givens killers, reproducible, refusals."""

from __future__ import annotations

import json

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import geometry, with_cages
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rate
from sudoku_workbench.search.generate import GRADING_RULES
from tests.search.test_killer_search import _cp_sat_count


def records(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["generate", "--killer", "--jobs", "1", "--format", "jsonl", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def killer_of(record: dict[str, object], n: int = 9) -> Grid:
    """The record's puzzle, read from its one-line form; its ``cages`` field says the same."""
    cages = [Cage(tuple(c["cells"]), c["sum"]) for c in record["cages"]]  # type: ignore[attr-defined]
    grid = parse_line(str(record["puzzle"]))
    box = {9: (3, 3), 6: (2, 3)}[n]
    assert grid.geometry == with_cages(geometry(*box), cages)
    return grid


def test_the_text_line_is_the_killer_s_one_line_form_and_level(capsys):
    (record,) = records(capsys, "--count", "1", "--seed", "5")
    assert main(["generate", "--killer", "--jobs", "1", "--count", "1", "--seed", "5"]) == 0
    *words, level = capsys.readouterr().out.split()
    line = " ".join(words)
    assert level == record["level"]
    assert parse_line(line) == killer_of(record)


def test_each_line_is_a_unique_killer_without_givens_that_the_rules_solve(capsys):
    found = records(capsys, "--count", "1", "--seed", "5")
    assert len(found) == 1
    assert found[0]["seed"] == 5
    for record in found:
        grid = killer_of(record)
        assert not any(grid.values)
        assert sorted(c for cage in grid.geometry.cages for c in cage.cells) == list(range(81))
        assert _cp_sat_count(grid, 2) == 1  # an independent count
        rating = rate(grid, GRADING_RULES)
        assert record["level"] == rating.level.name.lower() != "needs_search"
        assert record["hardest"] == rating.hardest_rule


def test_a_line_s_seed_makes_it_again(capsys):
    second = records(capsys, "--count", "2", "--seed", "11")[1]
    again = records(capsys, "--count", "1", "--seed", str(second["seed"]))
    assert again == [second]


def test_the_shape_options_apply(capsys):
    (record,) = records(capsys, "--size", "6", "--seed", "2")
    grid = killer_of(record, 6)
    assert grid.geometry.n == 6
    assert _cp_sat_count(grid, 2) == 1


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--symmetry", "rot180"], "--symmetry does not apply to --killer"),
        (["--se", "7.0-7.9"], "--se does not apply to --killer"),
        (["--needs", "x_wing"], "--needs does not apply to --killer"),
        (["--no-unique"], "--no-unique does not apply to --killer"),
        (["--very-hard"], "--very-hard does not apply to --killer"),
        (["--format", "csv"], "--format csv does not apply to --killer"),
    ],
)
def test_options_that_do_not_apply_are_refused_by_name(capsys, option, words):
    assert main(["generate", "--killer", "--seed", "1", *option]) == 2
    captured = capsys.readouterr()
    assert words in captured.err
    assert captured.out == ""
