"""The workbench window (PySide6 and pyqtgraph); the only package that imports Qt.

PySide6 is held below 6.12 in ``pyproject.toml``: the 6.12.0 wheels on Python 3.11 drop a reference to
``None`` on every Qt call that returns nothing (``QPainter.setPen``, ``QWidget.update``, …), which aborts
the interpreter with "deallocating None" after a few thousand calls, and our GUI tests deadlocked with
them while a worker thread ran Python code. 6.11.3 shows neither.
"""

__all__: list[str] = []
