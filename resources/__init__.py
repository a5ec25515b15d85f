"""Data shipped with the program: icons, sample puzzles and the techniques texts.

In the wheel this folder becomes the package ``sudoku_workbench.resources``; code reads it through
:mod:`importlib.resources`, so the same lookup works from a normal and from an editable install.
"""
