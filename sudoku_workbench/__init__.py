"""Sudoku Workbench: solve, study and make Sudoku puzzles, and look at them as graphs.

Glossary (the words code, docs, explanations and the GUI share):

- *cell*: one square, numbered row-major from 0; shown as ``r1c1``.
- *row*, *column*, *box*: the three kinds of *unit*; every unit holds each digit once.
- *peer*: another cell sharing a unit with a cell.
- *digit*: 1 … N; above 9 written ``A``, ``B``, … (so a 16x16 uses ``1``–``9``, ``A``–``G``).
- *candidate*: a digit still possible in an empty cell, written ``r1c1:5``.
- *given*: a digit of the puzzle; *entry*: a digit the solver (person or program) filled in.
- *placement* (``r1c1=5``) and *elimination* (``r1c1<>5``): the two effects of a *step*.
- *rule*: a named way of finding steps; *link*: a strong or weak relation of two candidates.
- *bilocation* / *bivalue*: a digit with exactly two places in a unit / a cell with two candidates.
- *cycle*, *path*: ordered cells joined by labelled links; *tour*: a Hamiltonian cycle read back from a
  TSP solver.

This module imports nothing, so importing the core stays cheap.
"""

__version__ = "0.1.0"
