"""The rule options of the commands that apply rules, in process: presets, lists, refusals, stuck."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import Level, rate, rule_by_id, solve_by_logic
from tests.conftest import corpus_lines

COMMANDS_WITH_FILE = ("logic", "rate", "soundness")


@pytest.fixture
def puzzles(tmp_path: Path) -> Path:
    path = tmp_path / "three.txt"
    # Three that medium rules cannot finish (the bare clone's top1465 sample starts with other lines).
    beyond_medium = [
        line for line in corpus_lines("top1465.txt", 20) if rate(parse_line(line)).level > Level.MEDIUM
    ]
    path.write_text("\n".join(beyond_medium[:3]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "command",
    [["logic"], ["rate"], ["soundness"], ["generate"], ["experiment", "eppstein"], ["bench"]],
)
def test_every_rule_command_lists_its_rules(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--rules", "singles", "--enable", "x_wing", "--list-rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "name", "family", "level", "SE", "HoDoKu", "shape", "use"]
    on = [line.split()[0] for line in lines[1:] if line.endswith(" on")]
    assert on == ["full_house", "naked_single", "hidden_single", "x_wing"]
    wxyz = next(line for line in lines if line.startswith("wxyz_wing "))
    assert "5.5" in wxyz
    assert "300*" in wxyz  # HoDoKu's ALS-XZ stands in for it
    assert wxyz.endswith(" off")


def test_the_list_says_which_rules_wait_for_one_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", "--rules", "hodoku", "--list-rules"]) == 0
    ur1 = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("unique_rectangle_1"))
    assert ur1.endswith("off (needs --assume-unique)")


@pytest.mark.parametrize("command", COMMANDS_WITH_FILE)
@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--rules", "easy"], "unknown rule preset 'easy'; the presets are default, hodoku, se"),
        (["--enable", "x_wing,swordfsh"], "--enable: unknown rule id 'swordfsh'"),
        (["--max-level", "fiendish"], "unknown level 'fiendish'"),
    ],
)
def test_bad_rule_options_exit_2_naming_the_word(
    command: str, options: list[str], message: str, puzzles: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, str(puzzles), *options]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert captured.out == ""


def test_logic_follows_the_chosen_rules_and_says_what_a_stuck_puzzle_needs(
    puzzles: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["logic", str(puzzles), "--rules", "singles"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(
        line.endswith("stuck: the next step needs Pointing (box → line), which is off (--enable pointing)")
        for line in lines
    )
    trace = tmp_path / "trace.jsonl"
    assert main(["logic", str(puzzles), "--rules", "no-chains", "--trace", str(trace)]) == 0
    lines = capsys.readouterr().out.splitlines()
    # The ALS rules stay (ALS-XY-Chain too, an ALS rule as in HoDoKu): they take the first puzzle past
    # where a nice loop was needed, to where only a dynamic forcing chain goes on.
    needed = "Dynamic forcing chain, which is off (--enable dynamic_forcing_chain)"
    assert f"stuck: the next step needs {needed}" in lines[0]
    used = {json.loads(line)["rule"] for line in trace.read_text(encoding="utf-8").splitlines()}
    assert not used & {"nice_loop", "x_chain", "xy_chain", "forcing_net"}


def test_logic_with_every_rule_says_only_solved(puzzles: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["logic", str(puzzles)]) == 0
    assert all(line.endswith(" solved") for line in capsys.readouterr().out.splitlines())


def test_rate_and_soundness_use_the_chosen_rules(puzzles: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", str(puzzles), "--rules", "singles", "--no-header"]) == 0
    assert all(line.startswith("needs_search ") for line in capsys.readouterr().out.splitlines())
    assert main(["soundness", str(puzzles), "--rules", "default", "--max-level", "medium"]) == 0
    out = capsys.readouterr().out
    assert "wrong 0" in out
    assert "stuck 3" in out
    assert "x_wing" not in out  # not fired: above the level


def test_generate_grades_with_the_chosen_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--count", "2", "--seed", "3", "--jobs", "1", "--rules", "singles"]) == 0
    singles = tuple(rule_by_id(rule_id) for rule_id in ("full_house", "naked_single", "hidden_single"))
    for line in capsys.readouterr().out.splitlines():
        puzzle, level = line.split()
        assert level == "easy"
        assert solve_by_logic(parse_line(puzzle), singles).status == "solved"
