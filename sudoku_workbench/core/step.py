"""Steps and their highlights: the one record for deductions, user edits, history and export.

Rules build the explanation from the same data they put in the record, so text and picture agree; what
the ratings and views decide by is data too (the highlights and the step's :class:`Form`), never read
back from the words.
The player's own moves and the fills found by other means are steps too, under the reserved rule ids
below; :data:`STEP_NAMES` names them (the logic rules are named in ``logic.engine.RULES``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_workbench.core.geometry import Candidate, Cell, Digit, Geometry, digit_char

__all__ = [
    "ANNEAL",
    "CLEAR",
    "ENTRY",
    "ENTRY_KEEPING_MARKS",
    "HCP_TOUR",
    "PENCIL",
    "PLAYER_STEPS",
    "SAT_MODEL",
    "SEARCH",
    "STEP_NAMES",
    "Chain",
    "Form",
    "Highlights",
    "Link",
    "Step",
    "candidate_name",
]

#: Rule id of a digit typed by the user (a placement).
ENTRY = "entry"
#: Rule id of a digit typed while "remove candidates when placing" is off: the cells it sees keep their
#: pencil marks on the board (the grid's candidates, which the rules read, lose the digit as usual).
ENTRY_KEEPING_MARKS = "entry_keeping_marks"
#: Rule id of a pencil-mark edit by the user (eliminations, or restored candidates).
PENCIL = "pencil"
#: Rule id of a cleared cell (its former digit is in ``eliminations``).
CLEAR = "clear"
#: Rule id of the OK button's answer: the search fills every empty cell.
SEARCH = "search"
#: Rule id of a fill found by simulated annealing.
ANNEAL = "anneal"
#: Rule id of a fill read from a SAT solver's model.
SAT_MODEL = "sat_model"
#: Rule id of a fill read from a Hamiltonian cycle of the exported HCP graph.
HCP_TOUR = "hcp_tour"

#: The steps the player makes by hand: listed as theirs, not highlighted as a deduction.
PLAYER_STEPS = frozenset({ENTRY, ENTRY_KEEPING_MARKS, PENCIL, CLEAR})

#: Display names of the steps that are not logic rules.
STEP_NAMES = {
    ENTRY: "Your entry",
    ENTRY_KEEPING_MARKS: "Your entry (marks kept)",
    PENCIL: "Your pencil mark",
    CLEAR: "Your deletion",
    SEARCH: "Search",
    ANNEAL: "Annealing",
    SAT_MODEL: "SAT model",
    HCP_TOUR: "Hamiltonian cycle tour",
}


def candidate_name(geo: Geometry, candidate: Candidate, sign: str = ":") -> str:
    """``r1c1:5``; with ``sign="="`` a placement, with ``sign="<>"`` an elimination.

    >>> from sudoku_workbench.core.geometry import geometry
    >>> candidate_name(geometry(3, 3), (0, 5), "<>")
    'r1c1<>5'
    """
    cell, digit = candidate
    return f"{geo.cell_name(cell)}{sign}{digit_char(digit)}"


@dataclass(frozen=True)
class Link:
    """A relation between two candidates: strong (one of them is true) or weak (not both)."""

    start: Candidate
    end: Candidate
    strong: bool = True


@dataclass(frozen=True)
class Chain:
    """Ordered cells joined by labelled edges: ``labels[i]`` joins ``cells[i]`` to ``cells[i+1]``.

    In a closed chain (a cycle) the last label joins the last cell back to the first.
    """

    cells: tuple[Cell, ...]
    labels: tuple[Digit, ...]
    closed: bool = False


@dataclass(frozen=True)
class Highlights:
    """What the view should emphasise, by role; colours are the view's business.

    ``cells`` are the focus, ``units`` the houses involved, ``pattern`` the candidates that form the
    reason, ``links`` arrows between candidates, ``chains`` the ordered cycle or paths for the graph pane,
    and ``matching`` the matched cell–digit pairs of a bipartite argument (Chain Exclusion).
    """

    cells: tuple[Cell, ...] = ()
    units: tuple[int, ...] = ()
    pattern: tuple[Candidate, ...] = ()
    links: tuple[Link, ...] = ()
    chains: tuple[Chain, ...] = ()
    matching: tuple[Candidate, ...] = ()


@dataclass(frozen=True)
class Form:
    """The shape of a step's argument beyond its highlights, set by the rule that found it.

    The ratings grade a step by these (SE and HoDoKu score a sashimi fish, a grouped or ALS chain and a
    deeper net apart) and the explanation puts them into words; nothing reads them back from the words.
    A chain's length, the houses and the links it uses are in the step's :class:`Highlights`.

    ``sashimi``: a finned fish with a base line that keeps at most one candidate in the cover lines.
    ``grouped``: a chain with a node of several cells (a digit in one of them).
    ``almost_locked_sets``: how many almost locked sets a chain's strong links run through.
    ``case_splits``: how many cells a forcing net splits into cases, nested or side by side.
    ``net_depth``: how deeply a forcing net's case splits nest (1: one split, none inside it).
    """

    sashimi: bool = False
    grouped: bool = False
    almost_locked_sets: int = 0
    case_splits: int = 0
    net_depth: int = 0


@dataclass(frozen=True)
class Step:
    """One deduction or edit: what it places, what it eliminates, why, what to show, and its form."""

    rule: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    highlights: Highlights = Highlights()
    explanation: str = ""
    form: Form = Form()

    def summary(self, geo: Geometry) -> str:
        """The effects in compact text: ``r1c1=5, r2c3<>7``."""
        parts = [candidate_name(geo, c, "=") for c in self.placements]
        parts += [candidate_name(geo, c, "<>") for c in self.eliminations]
        return ", ".join(parts)
