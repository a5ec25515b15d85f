"""The workbench window (PySide6 and pyqtgraph); the only package that imports Qt.

Importing this package first guards against a reference-count bug of the PySide6 6.12 wheels on
Python 3.11: Qt methods that return nothing drop one reference to ``None`` per call (measured:
``QPainter.setPen``, ``QAction.setEnabled``, ``QWidget.update`` each lose one), and ``True``/``False``
leak the same way, so after some thousand calls the interpreter aborts with "deallocating None".
Python 3.12 made these objects immortal (PEP 683), which hides the bug; on 3.11 we give them the same
practically endless reference count.
"""

from __future__ import annotations

import ctypes
import sys

__all__: list[str] = []

if sys.version_info < (3, 12) and sys.implementation.name == "cpython":
    # ob_refcnt is the first field of every CPython object; 2**40 references never run out.
    for _singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(_singleton)).value += 1 << 40
