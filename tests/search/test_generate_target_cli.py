"""``generate`` by target on the command line: records in three formats, seeds that remake a line,
bad targets refused in one line."""

from __future__ import annotations

import csv
import io
import json

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import solve_by_logic
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.logic.rule_choice import choose_rules, preset_rules
from tests.search.exact_cover import count_solutions

BASE = ["generate", "--jobs", "1", "--seed", "21"]


def test_jsonl_records_carry_the_rating_the_hardest_rule_and_a_seed_that_remakes_them(capsys) -> None:
    assert main([*BASE, "--count", "2", "--se", "2.0-2.9", "--format", "jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 2
    assert records[0]["seed"] == 21 != records[1]["seed"]
    for record in records:
        grid = parse_line(record["puzzle"])
        assert count_solutions(grid, 2) == 1
        rated = rate_se(grid, choose_rules(), one_solution=True)
        assert record["scale"] == "se"
        assert 2.0 <= record["rating"] == rated.difficulty <= 2.9
        assert record["hardest"] == rated.hardest_rule
    assert (
        main(
            [
                "generate",
                "--jobs",
                "1",
                "--seed",
                str(records[1]["seed"]),
                "--se",
                "2.0-2.9",
                "--format",
                "jsonl",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out) == records[1]


def test_csv_has_a_header_and_text_has_the_same_fields(capsys) -> None:
    args = [*BASE, "--count", "2", "--needs", "pointing"]
    assert main([*args, "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [list(row) for row in rows] == [["puzzle", "scale", "rating", "hardest", "seed"]] * 2
    assert main(args) == 0
    header, *text = [line.split(" ") for line in capsys.readouterr().out.splitlines()]
    assert header == ["#", *rows[0]]
    assert text == [list(row.values()) for row in rows]
    for row in rows:
        steps = solve_by_logic(parse_line(row["puzzle"]), choose_rules()).steps
        assert "pointing" in {step.rule for step in steps}


def test_a_preset_with_format_makes_puzzles_those_rules_solve(capsys) -> None:
    assert main([*BASE, "--count", "2", "--rules", "singles", "--format", "text", "--no-header"]) == 0
    for line in capsys.readouterr().out.splitlines():
        puzzle, scale, rating, hardest, _seed = line.split(" ")
        assert (scale, rating) == ("level", "easy")
        assert hardest in {"full_house", "naked_single", "hidden_single"}
        assert solve_by_logic(parse_line(puzzle), preset_rules("singles")).status == "solved"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--needs", "xwing"], "--needs: unknown technique 'xwing'; did you mean x_wing"),
        (["--hardest", "x_wing", "--rules", "singles"], "--hardest x_wing: not among the chosen rules"),
        (["--se", "7.0-7.9", "--level", "hard"], "--level does not combine with a target"),
        (["--needs", "x_wing", "--no-unique"], "--no-unique does not combine"),
    ],
)
def test_bad_targets_are_one_line_and_exit_2(args: list[str], message: str, capsys) -> None:
    assert main([*BASE, *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_a_band_that_does_not_read_is_an_argparse_error(capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main([*BASE, "--se", "seven"])
    assert info.value.code == 2
    assert "argument --se: SE band 'seven'" in capsys.readouterr().err


def test_a_forcing_chain_line_is_unique_symmetric_uses_it_and_its_seed_remakes_it(capsys) -> None:
    args = ["generate", "--jobs", "1", "--needs", "unit_forcing_chain", "--format", "jsonl"]
    assert main([*args, "--seed", "9", "--count", "2"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 2
    assert records[0]["puzzle"] != records[1]["puzzle"]
    for record in records:
        grid = parse_line(record["puzzle"])
        assert count_solutions(grid, 2) == 1
        assert all(bool(digit) == bool(grid.givens[80 - cell]) for cell, digit in enumerate(grid.givens))
        run = solve_by_logic(grid, choose_rules())
        assert run.status == "solved"
        assert "unit_forcing_chain" in {step.rule for step in run.steps}
    assert main([*args, "--seed", str(records[1]["seed"])]) == 0
    assert json.loads(capsys.readouterr().out) == records[1]


def test_the_text_records_under_their_header_are_still_a_puzzle_file(tmp_path, capsys) -> None:
    """The header is a comment line, so the output can be read back as puzzles (by logic, say)."""
    assert main([*BASE, "--count", "2", "--rules", "singles", "--format", "text"]) == 0
    made = tmp_path / "made.txt"
    made.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["logic", "-q", str(made), "--rules", "singles"]) == 0
    assert [line.split()[1] for line in capsys.readouterr().out.splitlines()] == ["solved", "solved"]
