"""Which compiled kernels this install may use: each is an optional build, and one switch keeps them out.

setup.py builds the kernels where a C compiler is at hand; without one, or with ``SUDOKU_WORKBENCH_PURE``
set to anything but "" or "0", the package runs their Python code, with the same steps, so both paths can
be tested on one machine.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType

__all__ = ["PURE_VARIABLE", "compiled_module"]

#: Set to anything but "" or "0", this environment variable keeps the compiled kernels out.
PURE_VARIABLE = "SUDOKU_WORKBENCH_PURE"


def compiled_module(load: Callable[[], ModuleType]) -> ModuleType | None:
    """The extension module ``load`` imports, or None when it was not built or :data:`PURE_VARIABLE` is set.

    ``load`` imports it by a plain import statement, so the import contracts see the dependency.
    """
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return None
    try:
        return load()
    except ImportError:  # built without a compiler: the Python code runs
        return None
