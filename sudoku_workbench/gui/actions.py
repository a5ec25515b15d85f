"""The window's actions as data: name, menu text, shortcuts and tooltip.

Menus, the step panel's buttons and the shortcuts all show these same ``QAction`` objects, so an action
disabled (Cancel while nothing runs) is disabled, with the same tooltip, everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

__all__ = ["MENUS", "ActionSpec", "build_actions"]


@dataclass(frozen=True)
class ActionSpec:
    """One action: its menu text, shortcuts, whether it is a toggle, and its tooltip."""

    name: str
    text: str
    shortcuts: tuple[str, ...] = ()
    checkable: bool = False
    tip: str = ""


_S = ActionSpec
#: Menu title → its actions in order ("-" is a separator; "recent" is the Open recent submenu).
MENUS: dict[str, tuple[ActionSpec | str, ...]] = {
    "&File": (
        _S("new", "&New…", ("Ctrl+N",), tip="An empty grid of a chosen size, in Givens mode"),
        _S(
            "new_killer",
            "New &killer…",
            ("Ctrl+Alt+N",),
            tip="Generate a killer of a chosen shape: cages only, no givens, one solution",
        ),
        _S("open", "&Open…", ("Ctrl+O",)),
        _S(
            "open_collection",
            "Open co&llection…",
            ("Ctrl+Alt+O",),
            tip="A file of many puzzles as a table: rate, sort, filter, open one",
        ),
        "recent",
        _S("save", "&Save", ("Ctrl+S",)),
        _S("save_as", "Save &As…", ("Ctrl+Shift+S",)),
        "-",
        _S(
            "paste",
            "&Import from clipboard",
            ("Ctrl+V",),
            tip="Paste a puzzle in any supported format, or a picture of one",
        ),
        _S(
            "import_picture",
            "Import &picture…",
            ("Ctrl+Shift+I",),
            tip="Read a puzzle from a photo or screenshot (a picture file dropped on the window too)",
        ),
        _S("export_hcp", "Export → &HCP…", ("Ctrl+E",)),
        _S("import_tour", "Import &tour…", ("Ctrl+T",)),
        _S(
            "export_dimacs",
            "Export → &DIMACS (CNF or colouring)…",
            ("Ctrl+Shift+X",),
            tip="SAT (.cnf) or graph colouring (.col)",
        ),
        _S(
            "import_model",
            "Import SAT &model…",
            ("Ctrl+Shift+M",),
            tip="A SAT solver's model of an exported CNF",
        ),
        _S("export_image", "Export &image (PNG/SVG)…", ("Ctrl+Shift+E",)),
        _S("print", "&Print…", ("Ctrl+P",)),
        _S(
            "print_booklet",
            "Print &booklet…",
            ("Ctrl+Alt+B",),
            tip="The open collection (or this puzzle) as a PDF: puzzles a page, ratings, solutions",
        ),
        "-",
        _S("quit", "&Quit", ("Ctrl+Q",)),
    ),
    "&Edit": (
        _S("undo", "&Undo", ("Ctrl+Z",)),
        _S("redo", "&Redo", ("Ctrl+Shift+Z", "Ctrl+Y")),
        "-",
        _S("copy", "&Copy as text", ("Ctrl+Shift+C",), tip="The position as one line of text"),
        _S("clear_entries", "C&lear entries", ("Ctrl+Shift+Backspace",)),
        _S("givens_mode", "&Givens mode", ("Ctrl+G",), checkable=True, tip="Typed digits become clues"),
        _S(
            "remove_marks",
            "&Remove candidates when placing",
            ("Ctrl+Shift+R",),
            checkable=True,
            tip="A digit you enter leaves the pencil marks of the cells it sees",
        ),
    ),
    "&Puzzle": (
        _S("logic", "&Logic", ("F5",), tip="Apply rule steps until stuck"),
        _S("step", "&Step", ("F6",), tip="One step forward"),
        _S("back", "&Back", ("Shift+F6",), tip="One step back"),
        _S("ok", "&OK", ("F7",), tip="Solve by recursive search"),
        _S(
            "hint",
            "&Hint",
            ("Ctrl+H",),
            tip="Press again to go deeper: where to look, which technique, the step",
        ),
        _S("check", "&Check", ("F8",), tip="Mark conflicts, wrong entries and a likely mistyped clue"),
        _S(
            "make_cage",
            "&Make cage…",
            ("Ctrl+K",),
            tip="The chosen cells (drag, Ctrl+click, Shift+arrows) become a killer cage with the sum typed",
        ),
        _S("remove_cage", "Remove ca&ge", ("Ctrl+Alt+K",), tip="Remove the cage of the chosen cells"),
        _S(
            "edit_regions",
            "E&dit regions",
            ("Ctrl+Alt+R",),
            checkable=True,
            tip="Paint a jigsaw's regions: a digit picks the region, drag over cells; again or Enter: done",
        ),
        _S("test", "Gen&erate…", ("F9",), tip="Generate a puzzle"),
        _S(
            "practise",
            "&Practise a technique…",
            ("Ctrl+Alt+P",),
            tip="Find a chosen technique on a puzzle played up to its first use; a score is kept",
        ),
        _S(
            "assume_unique",
            "Assume &one solution",
            ("Ctrl+Shift+O",),
            checkable=True,
            tip="Also use unique rectangles and BUG+1 (refused when the puzzle has several solutions)",
        ),
        _S("next_puzzle", "Ne&xt puzzle of the collection", ("Alt+Right",), tip="Page Down on the board too"),
        _S(
            "previous_puzzle",
            "Pre&vious puzzle of the collection",
            ("Alt+Left",),
            tip="Page Up on the board too",
        ),
        "-",
        _S("rate", "&Rate", ("Ctrl+R",)),
        _S("count", "Co&unt solutions", ("Ctrl+Shift+N",)),
        _S("anneal", "&Anneal…", ("Ctrl+Shift+A",), tip="Simulated annealing, live cost plot"),
        _S(
            "solve_hcp",
            "Solve through &HCP…",
            ("Ctrl+Shift+H",),
            tip="Find a Hamiltonian cycle of Haythorpe's graph (CP-SAT) and read the grid from it",
        ),
        _S("hcp_cycle", "Show the HCP c&ycle", ("Ctrl+Alt+H",), tip="Draw the last Hamiltonian cycle found"),
        _S("cancel", "Ca&ncel", ("Esc",), tip="Stop the running job, else leave practice"),
    ),
    "&View": (
        _S("candidates", "Show &candidates", ("Ctrl+Shift+K",), checkable=True),
        _S("graph_pane", "&Graph pane", ("Ctrl+Shift+G",), checkable=True),
        _S(
            "graph_follow",
            "Graph &follows the step",
            ("Ctrl+Shift+F",),
            checkable=True,
            tip="Draw the graph the shown step is read on (bilocation, bivalue or its matching)",
        ),
        _S("bilocation", "&Bilocation graph", ("Ctrl+Shift+L",), checkable=True),
        _S("bivalue", "Bi&value graph", ("Ctrl+Shift+U",), checkable=True),
        _S("graph_fit", "F&it graph to pane", ("Ctrl+Shift+0",), tip="Show the whole graph"),
        _S(
            "graph_pop_out",
            "&Pop out graph pane",
            ("Ctrl+Shift+P",),
            tip="Float the graph pane as a large window (again: put it back)",
        ),
        _S("search_tree", "Search &tree", ("Ctrl+Shift+T",), tip="Record and draw the search"),
        "-",
        _S("focus_board", "Go to the &board", ("F2",), tip="Keys type into the board"),
        _S("focus_steps", "Go to the step &list", ("F3",), tip="Arrows, Home, End, Page keys browse"),
        "-",
        _S(
            "clear_markers",
            "Clear &marker colours",
            ("Ctrl+Shift+J",),
            tip="Shift+click a candidate to colour it (two colours), right click to strike it out",
        ),
        "-",
        _S(
            "zoom_in",
            "Zoom &in",
            ("Ctrl++", "Ctrl+="),
            tip="Larger board and text (past the window, it scrolls)",
        ),
        _S("zoom_out", "Zoom &out", ("Ctrl+-",), tip="Smaller board and text"),
        _S("zoom_reset", "&Fit to window", ("Ctrl+0",), tip="The board as large as its place in the window"),
        _S("dark", "&Dark theme", ("Ctrl+Shift+D",), checkable=True, tip="Starts following the system"),
    ),
    "Prefe&rences": (
        _S(
            "techniques_prefs",
            "&Techniques…",
            ("Ctrl+,",),
            tip="Choose and order the rules Logic, Step, Hint, Rate and Generate use",
        ),
    ),
    "&Help": (
        _S("techniques", "&Techniques reference", ("F1",)),
        _S("about", "&About", ("Shift+F1",)),
    ),
}


def build_actions(parent: QWidget) -> dict[str, QAction]:
    """Every action of :data:`MENUS`, by name."""
    actions: dict[str, QAction] = {}
    for entries in MENUS.values():
        for spec in entries:
            if isinstance(spec, ActionSpec):
                actions[spec.name] = _action(parent, spec)
    return actions


def _action(parent: QWidget, spec: ActionSpec) -> QAction:
    action = QAction(spec.text, parent)
    action.setObjectName(spec.name)
    action.setShortcuts([QKeySequence(s) for s in spec.shortcuts])
    action.setCheckable(spec.checkable)
    if spec.tip:
        action.setToolTip(spec.tip)
        action.setStatusTip(spec.tip)
    parent.addAction(action)
    return action
