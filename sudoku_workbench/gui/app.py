"""Start the Qt application and the main window."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    """Run the window until it is closed; return the exit code."""
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication.instance() or QApplication(sys.argv[:1] + argv)
    label = QLabel("Sudoku Workbench")
    label.setWindowTitle("Sudoku Workbench")
    label.show()
    return int(app.exec())
