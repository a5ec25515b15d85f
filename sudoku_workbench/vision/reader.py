"""Reading a picture into a puzzle: grid, cells, classifier, then the uniqueness repair."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.vision.cells import FEATURES, cell_features
from sudoku_workbench.vision.classifier import shipped
from sudoku_workbench.vision.grid_finder import find_grid, square_size
from sudoku_workbench.vision.picture import load
from sudoku_workbench.vision.repair import Counter, repaired

__all__ = ["DOUBT", "Reading", "cell_probabilities", "read_picture"]

#: A cell whose chosen value has less probability than this is reported as doubtful.
DOUBT = 0.9
#: Probability of "empty" for a cell with no blob of ink.
_EMPTY = 0.995


@dataclass(frozen=True)
class Reading:
    """What was read: the puzzle, each cell's confidence, the cells repaired and those in doubt."""

    grid: Grid
    confidence: tuple[float, ...]
    changed: tuple[int, ...]
    doubtful: tuple[int, ...]
    corners: tuple[tuple[float, float], ...]


def cell_probabilities(square: np.ndarray, n: int) -> np.ndarray:
    """One row per cell: the probabilities of empty (column 0) and of digits 1 … n."""
    features = cell_features(square, n)
    probs = np.zeros((n * n, n + 1))
    probs[:, 0] = _EMPTY
    probs[:, 1:] = (1 - _EMPTY) / n
    present = [(i, f) for i, f in enumerate(features) if f is not None]
    if present:
        rows = np.stack([f for _, f in present]).reshape(-1, FEATURES)
        classes = shipped().probabilities(rows)[:, : n + 1]
        probs[[i for i, _ in present]] = classes / classes.sum(axis=1, keepdims=True)
    return probs


def read_picture(path: Path, count: Counter, size: int | None = None) -> Reading:
    """Read the puzzle in the picture at ``path`` (``size`` rows, or found from the grid's lines).

    Raises:
        PictureError: when the file is no readable picture or holds no grid.
    """
    found = find_grid(load(path), str(path))
    n = size or square_size(found.square)
    geo = geometry_for_size(n)
    probs = cell_probabilities(found.square, n)
    values, changed = repaired(geo, probs, count)
    confidence = tuple(float(probs[cell, value]) for cell, value in enumerate(values))
    doubtful = tuple(cell for cell, p in enumerate(confidence) if p < DOUBT)
    return Reading(Grid.from_values(geo, values), confidence, tuple(changed), doubtful, found.corners)
