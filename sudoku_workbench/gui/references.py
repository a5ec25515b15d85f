"""Help → About (the techniques reference is ``techniques.dialog``)."""

from __future__ import annotations

import html

from sudoku_workbench import __version__

__all__ = ["about_html"]


def about_html() -> str:
    """Version, what the program is, and the papers it draws on."""
    return (
        f"<h2>Sudoku Workbench {html.escape(__version__)}</h2>"
        "<p>Solve, study and make Sudoku puzzles of sizes 4x4 to 25x25: explained logic steps, "
        "Eppstein's graph rules on bilocation and bivalue graphs, search, generation and Hamiltonian "
        "cycle (HCP) export after Haythorpe.</p>"
        "<p>Keys on the board: arrows move, digits (letters above 9) enter, Ctrl+digit (Shift+letter) "
        "toggles a candidate, Delete/Backspace clear. The Puzzle menu lists the step-through keys.</p>"
    )
