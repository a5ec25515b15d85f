"""Help → Techniques reference opens the reference with a page and a picture per rule."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.storage import Storage
from sudoku_workbench.gui.techniques.dialog import TechniquesDialog
from sudoku_workbench.logic.rule_table import TABLE

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path: Path):
    win = MainWindow(Storage(tmp_path / "appdata"))
    win.resize(1100, 700)
    win.show()
    qtbot.waitExposed(win)
    yield win
    qtbot.waitUntil(win.session.idle, timeout=20_000)
    win.session.dirty = False
    win.close()
    win.deleteLater()


def _open_dialog(qtbot, window: MainWindow) -> TechniquesDialog:
    window.acts["techniques"].trigger()
    dialogs = [w for w in window.findChildren(TechniquesDialog) if w.isVisible()]
    assert len(dialogs) == 1, "the Help action should open one techniques dialog"
    qtbot.waitExposed(dialogs[0])
    return dialogs[0]


def test_help_menu_opens_the_reference_with_every_rule(qtbot, window: MainWindow, artifacts_dir: Path):
    dialog = _open_dialog(qtbot, window)
    listed = [dialog.rules.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dialog.rules.count())]
    assert listed == [rule.id for rule in TABLE]
    dialog.show_rule("xy_wing")
    page = dialog.page.toPlainText()
    assert "XY-Wing" in page
    assert "Source:" in page
    assert "pivot" in page
    assert "<img" in dialog.page.toHtml()
    assert dialog.grab().save(str(artifacts_dir / "techniques-dialog-xy-wing.png"))
    dialog.show_rule("nonrepetitive_cycle")
    assert "bilocation" in dialog.page.toPlainText()
    assert dialog.grab().save(str(artifacts_dir / "techniques-dialog-nonrepetitive-cycle.png"))
    dialog.close()


def test_every_page_shows_its_rules_example_explanation(qtbot, window: MainWindow) -> None:
    dialog = _open_dialog(qtbot, window)
    for row in range(dialog.rules.count()):
        dialog.rules.setCurrentRow(row)
        text = dialog.page.toPlainText()
        assert "Example (" in text, dialog.rules.item(row).text()
        assert "Source:" in text
    dialog.close()


def test_the_picture_tool_draws_every_example(qapp, tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    from sudoku_workbench.gui.techniques.pictures import write_reference

    written = write_reference(tmp_path)
    pictures = [p for p in written if p.suffix == ".png"]
    assert sorted(p.stem for p in pictures) == sorted(rule.id for rule in TABLE)
    for path in pictures:
        image = QImage(str(path))
        assert not image.isNull()
        assert image.width() == image.height() >= 200
    index = (tmp_path / "index.md").read_text(encoding="utf-8")
    assert all(f"({rule.id}.png)" in index for rule in TABLE)


def test_a_rule_without_a_page_still_gets_one(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_workbench.gui.techniques import dialog as techniques_dialog
    from sudoku_workbench.logic.reference.techniques import TechniqueError, technique

    def no_page_for_xy_wing(rule_id: str):
        if rule_id == "xy_wing":
            raise TechniqueError("no page")
        return technique(rule_id)

    monkeypatch.setattr(techniques_dialog, "technique", no_page_for_xy_wing)
    dialog = TechniquesDialog()
    qtbot.addWidget(dialog)
    dialog.show_rule("xy_wing")
    text = dialog.page.toPlainText()
    assert "XY-Wing" in text
    assert "no page for this rule yet" in text
    dialog.show_rule("x_wing")
    assert "Source:" in dialog.page.toPlainText()
