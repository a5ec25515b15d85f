"""Help pages: the techniques reference (from the rule table's own docstrings) and About."""

from __future__ import annotations

import html
import inspect

from sudoku_workbench import __version__
from sudoku_workbench.gui import capabilities

__all__ = ["about_html", "techniques_html"]


def techniques_html() -> str:
    """Every rule of the logic engine, simplest first, with its level and the human rule it states."""
    if not capabilities.available("logic"):
        return f"<p>{html.escape(capabilities.waiting_for('logic'))}</p>"
    rules = capabilities.load("logic").RULES
    parts = ["<h2>Techniques</h2>", "<p>The rules the Logic and Step buttons use, simplest first.</p>"]
    for rule in rules:
        level = str(getattr(rule.level, "name", rule.level)).replace("_", " ").title()
        doc = inspect.getdoc(rule.find) or "(no description)"
        parts.append(f"<h3>{html.escape(rule.name)} <small>({html.escape(level)})</small></h3>")
        parts.append(f"<p>{html.escape(doc).replace(chr(10) + chr(10), '</p><p>')}</p>")
    return "\n".join(parts)


def about_html() -> str:
    """Version, what the program is, and the papers it draws on."""
    return (
        f"<h2>Sudoku Workbench {html.escape(__version__)}</h2>"
        "<p>Solve, study and make Sudoku puzzles of sizes 4x4 to 25x25: explained logic steps, "
        "Eppstein's graph rules on bilocation and bivalue graphs, search, generation and Hamiltonian "
        "cycle (HCP) export after Haythorpe.</p>"
        "<p>Keys on the board: arrows move, digits (letters above 9) enter, Ctrl+digit toggles a "
        "candidate, Delete/Backspace clear. The Puzzle menu lists the step-through keys.</p>"
    )
