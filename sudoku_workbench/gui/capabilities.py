"""Which capabilities of the other packages are present, decided in one place by trying the imports.

Parts of the workbench land at different times; a menu entry whose capability is missing is shown
disabled, with a tooltip naming what it waits for, instead of failing when pressed.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any

__all__ = ["CAPABILITIES", "Capability", "available", "load", "waiting_for"]


@dataclass(frozen=True)
class Capability:
    """A named capability: the module that provides it and the attributes the GUI uses."""

    name: str
    module: str
    attributes: tuple[str, ...]


CAPABILITIES: dict[str, Capability] = {
    cap.name: cap
    for cap in (
        Capability("formats", "sudoku_workbench.formats", ("parse_puzzle", "read_file", "write_file")),
        Capability(
            "document",
            "sudoku_workbench.formats.document",
            ("Document", "save_document", "load_document", "dumps_document", "loads_document"),
        ),
        Capability("search", "sudoku_workbench.search.solve", ("solve", "count", "solutions")),
        Capability(
            "logic", "sudoku_workbench.logic.engine", ("RULES", "next_step", "steps_until_stuck", "rate")
        ),
        Capability("graphs", "sudoku_workbench.graphs.picture", ("graph_picture",)),
        Capability("generator", "sudoku_workbench.search.generate", ("generate",)),
        Capability("symmetry", "sudoku_workbench.search.symmetry", ("SYMMETRIES", "fitting_symmetries")),
        Capability("hcp_export", "sudoku_workbench.hcp.files", ("write_export",)),
        Capability("hcp_import", "sudoku_workbench.hcp.files", ("grid_from_tour_file",)),
        Capability("anneal_dock", "sudoku_workbench.gui.anneal_dock", ()),
        Capability("search_tree_view", "sudoku_workbench.gui.search_tree_view", ()),
    )
}


@functools.cache
def _module(name: str) -> object | None:
    cap = CAPABILITIES[name]
    try:
        module = importlib.import_module(cap.module)
    except ImportError:
        return None
    return module if all(hasattr(module, attr) for attr in cap.attributes) else None


def available(name: str) -> bool:
    """True when the capability's module imports and has every attribute the GUI calls."""
    return _module(name) is not None


def load(name: str) -> Any:
    """The capability's module.

    Raises:
        LookupError: when the capability has not landed yet.
    """
    module = _module(name)
    if module is None:
        raise LookupError(waiting_for(name))
    return module


def waiting_for(name: str) -> str:
    """A tooltip for a disabled entry: which module it waits for."""
    cap = CAPABILITIES[name]
    needs = ", ".join(cap.attributes) or "the module"
    return f"Not available yet: waits for {cap.module} ({needs})"
