"""The one thing pyproject.toml cannot say alone: the optional compiled kernels.

The propagation fixpoint of the forcing rules, the singles tally, the nice-loop walk, the search
under OK, count and the uniqueness tests, and the minlex search.
``optional=True`` lets the build go on without them when no C compiler is at hand; the package then
runs their Python code
(sudoku_workbench/logic/forcing/_kernel.py, sudoku_workbench/logic/_tally_kernel.py,
sudoku_workbench/logic/chains/_aic_kernel.py, sudoku_workbench/search/_engine.py,
sudoku_workbench/search/_minlex.py), with the same steps.
"""

from setuptools import Extension, setup

#: The 128-bit cell masks both mask kernels include (shipped as package data, so the sdist has it).
MASKS = "sudoku_workbench/logic/_mask128.h"

setup(
    ext_modules=[
        Extension(
            "sudoku_workbench.logic.forcing._fixpoint",
            # one extension from several files, one job each, sharing one private header
            sources=[
                "sudoku_workbench/logic/forcing/_fixpoint.c",
                "sudoku_workbench/logic/forcing/_fixpoint_tables.c",
                "sudoku_workbench/logic/forcing/_fixpoint_rounds.c",
                "sudoku_workbench/logic/forcing/_fixpoint_trials.c",
                "sudoku_workbench/logic/forcing/_fixpoint_replay.c",
                "sudoku_workbench/logic/forcing/_fixpoint_nets.c",
            ],
            depends=[MASKS, "sudoku_workbench/logic/forcing/_fixpoint.h"],
            optional=True,
        ),
        Extension(
            "sudoku_workbench.logic._singles_tally",
            # one extension from several files, one job each, sharing one private header
            sources=["sudoku_workbench/logic/_singles_tally.c"],
            optional=True,
        ),
        Extension(
            "sudoku_workbench.search._search_kernel",
            # one extension from three files (the tables, the search, the plain 9x9's band count),
            # sharing one private header; the rules are a header of inline functions the search
            # instantiates twice (any shape, 9x9)
            sources=[
                "sudoku_workbench/search/_search_kernel.c",
                "sudoku_workbench/search/_search_tables.c",
                "sudoku_workbench/search/_search_bands.c",
            ],
            depends=["sudoku_workbench/search/_search_kernel.h", "sudoku_workbench/search/_search_rules.h"],
            optional=True,
        ),
        Extension(
            "sudoku_workbench.logic.chains._aic_walk",
            # one extension from several files, one job each, sharing one private header
            sources=["sudoku_workbench/logic/chains/_aic_walk.c"],
            depends=[MASKS],
            optional=True,
        ),
        Extension(
            "sudoku_workbench.search._minlex_kernel",
            sources=["sudoku_workbench/search/_minlex_kernel.c"],
            optional=True,
        ),
    ]
)
