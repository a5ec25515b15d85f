"""The one thing pyproject.toml cannot say alone: the optional compiled propagation fixpoint.

``optional=True`` lets the build go on without it when no C compiler is at hand; the package then
propagates in Python (sudoku_workbench/logic/forcing/_kernel.py), with the same steps.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "sudoku_workbench.logic.forcing._fixpoint",
            sources=["sudoku_workbench/logic/forcing/_fixpoint.c"],
            optional=True,
        )
    ]
)
