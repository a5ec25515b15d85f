"""The ids of the named hand-solver patterns (HoDoKu / Sudoku Explainer vocabulary) in the rule table.

They sit between Eppstein's rules in :data:`~sudoku_workbench.logic.engine.RULES`; the Eppstein
experiment and the tests that measure what his graph rules add leave them out by this set.
"""

from __future__ import annotations

from sudoku_workbench.logic.als import ALS_XY_WING, ALS_XZ, DEATH_BLOSSOM
from sudoku_workbench.logic.bivalue_chains import REMOTE_PAIR, XY_CHAIN
from sudoku_workbench.logic.colouring import MULTI_COLOURING, SIMPLE_COLOURING
from sudoku_workbench.logic.empty_rectangle import EMPTY_RECTANGLE
from sudoku_workbench.logic.finned_fish import FINNED_JELLYFISH, FINNED_SWORDFISH, FINNED_X_WING
from sudoku_workbench.logic.locked_sets import LOCKED_PAIR
from sudoku_workbench.logic.nice_loops import NICE_LOOP
from sudoku_workbench.logic.single_digit import SKYSCRAPER, TURBOT_FISH, TWO_STRING_KITE, X_CHAIN
from sudoku_workbench.logic.sue_de_coq import SUE_DE_COQ
from sudoku_workbench.logic.wxyz_wing import WXYZ_WING

__all__ = ["HAND_SOLVER_RULES"]

#: Rule ids added for the patterns hand-solvers name (the locked triple is Eppstein's rule too).
HAND_SOLVER_RULES = frozenset(
    {
        LOCKED_PAIR,
        SKYSCRAPER,
        TWO_STRING_KITE,
        TURBOT_FISH,
        EMPTY_RECTANGLE,
        X_CHAIN,
        SIMPLE_COLOURING,
        MULTI_COLOURING,
        FINNED_X_WING,
        FINNED_SWORDFISH,
        FINNED_JELLYFISH,
        REMOTE_PAIR,
        WXYZ_WING,
        XY_CHAIN,
        NICE_LOOP,
        ALS_XZ,
        ALS_XY_WING,
        DEATH_BLOSSOM,
        SUE_DE_COQ,
    }
)
