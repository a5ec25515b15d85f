"""`sudoku-workbench --help` names every command, the window's `gui` included."""

from __future__ import annotations

import pytest

from sudoku_workbench.cli import main


def test_help_lists_gui_first(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.startswith("    ")]
    assert listed[0] == "gui"
    assert {"solve", "logic", "generate"} <= set(listed)


def test_gui_through_the_batch_parser_says_where_the_window_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["gui"]) == 2
    assert "the window starts from the sudoku-workbench command" in capsys.readouterr().err
