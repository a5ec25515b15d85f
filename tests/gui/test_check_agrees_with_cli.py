"""The Check button and ``sudoku-workbench check`` report the same findings for the same puzzle."""

from __future__ import annotations

import pytest

from sudoku_workbench.cli import main
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, trigger

SEVERAL = "." * 20 + NEWSPAPER[20:]
DUPLICATE = "55" + NEWSPAPER[2:]
MISTYPED = NEWSPAPER[:39] + "2" + NEWSPAPER[40:]  # r5c4 is 8 in the newspaper puzzle


@pytest.mark.parametrize(
    "line", [NEWSPAPER, SEVERAL, DUPLICATE, MISTYPED], ids=["unique", "several", "dup", "typo"]
)
def test_the_button_and_the_command_agree(qtbot, window, capsys, tmp_path, line):
    path = tmp_path / "one.txt"
    path.write_text(line + "\n", encoding="utf-8")
    code = main(["check", str(path)])
    printed = capsys.readouterr().out.splitlines()
    assert all(p.startswith("puzzle 1: ") for p in printed)
    findings = [p.removeprefix("puzzle 1: ") for p in printed]

    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText(line)
    trigger(window, "paste")
    trigger(window, "check")
    settle(qtbot, window, timeout=60_000)
    shown = window.panel.finding.text()
    if line == NEWSPAPER:
        assert (code, findings) == (0, [])
        assert shown == "Check: the puzzle has one solution"
    else:
        assert code == 1
        assert findings
        assert shown == "Check: " + "; ".join(findings)
