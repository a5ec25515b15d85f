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
from sudoku_workbench.vision.picture import PictureError, decode_scaled, load_bytes, shrunk
from sudoku_workbench.vision.repair import Counter, repaired

__all__ = ["DOUBT", "Reading", "cell_probabilities", "read_data", "read_grey", "read_picture"]

#: A cell whose chosen value has less probability than this is reported as doubtful.
DOUBT = 0.9
#: Probability of "empty" for a cell with no blob of ink.
_EMPTY = 0.995
#: Mean probability of the digits read above which the grid as found is taken to be upright.
_SURE_UPRIGHT = 0.97
#: How much surer a turned grid must read than the best so far to be taken instead.
_TURN_MARGIN = 0.1


@dataclass(frozen=True)
class Reading:
    """What was read: the puzzle, each cell's confidence, the cells repaired and those in doubt.

    ``corners`` are the found grid's, clockwise from the top left, in the pixels of the picture as given
    (not of the shrunk copy the grid was looked for in), so a window can outline the grid on it.
    ``unique`` says whether the puzzle read has exactly one solution.
    """

    grid: Grid
    confidence: tuple[float, ...]
    changed: tuple[int, ...]
    doubtful: tuple[int, ...]
    corners: tuple[tuple[float, float], ...]
    unique: bool = True


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
    return read_data(load_bytes(path), str(path), count, size)


def read_data(data: bytes, source: str, count: Counter, size: int | None = None) -> Reading:
    """Read the puzzle in a picture file's contents; ``source`` names it in messages.

    Raises:
        PictureError: when the bytes are no readable picture or hold no grid.
    """
    grey, scale = decode_scaled(data, source)
    return _read(grey, scale, source, count, size)


def read_grey(grey: np.ndarray, source: str, count: Counter, size: int | None = None) -> Reading:
    """Read the puzzle in an 8-bit grey image already decoded (a pasted picture, rows × columns).

    Raises:
        PictureError: when the image is empty or holds no grid.
    """
    if grey.ndim != 2 or grey.dtype != np.uint8 or grey.size == 0:
        raise PictureError(f"{source}: not an 8-bit grey picture with pixels in it")
    small, scale = shrunk(grey)
    return _read(small, scale, source, count, size)


def _upright(square: np.ndarray, n: int) -> tuple[np.ndarray, int]:
    """The cell probabilities of the grid turned the way its digits read best, and the quarter turns.

    A phone photo may be stored sideways (or its orientation tag may be wrong), so the digits of the
    rectified grid can lie on their side. A sure upright reading is kept; otherwise the surest of the
    three turns replaces it if it reads clearly better. (A grid upside down is seldom found this
    way: its turned digits still look like digits.)
    """
    readings = [_sureness(square, n, 0)]
    if readings[0][0] < _SURE_UPRIGHT:
        readings += [_sureness(square, n, turns) for turns in (1, 2, 3)]
    best = max(readings[1:], key=lambda r: r[0], default=readings[0])
    _, probs, turns = best if best[0] > readings[0][0] + _TURN_MARGIN else readings[0]
    return probs, turns


def _sureness(square: np.ndarray, n: int, turns: int) -> tuple[float, np.ndarray, int]:
    """How sure the classifier is of the digits of the grid turned ``turns`` times counter-clockwise."""
    probs = cell_probabilities(np.rot90(square, turns), n)
    inked = probs[:, 0] < _EMPTY
    sureness = float(probs[inked, 1:].max(axis=1).mean()) if inked.any() else 0.0  # no digit: no reading
    return sureness, probs, turns


def _read(grey: np.ndarray, scale: float, source: str, count: Counter, size: int | None) -> Reading:
    found = find_grid(grey, source)
    n = size or square_size(found.square)
    geo = geometry_for_size(n)
    probs, turns = _upright(found.square, n)
    values, changed = repaired(geo, probs, count)
    confidence = tuple(float(probs[cell, value]) for cell, value in enumerate(values))
    doubtful = tuple(cell for cell, p in enumerate(confidence) if p < DOUBT)
    grid = Grid.from_values(geo, values)
    unique = not grid.problems() and count(grid, 2) == 1
    # turned counter-clockwise, the grid's top-left corner is the one found ``turns`` places on
    corners = tuple((x / scale, y / scale) for x, y in found.corners[turns:] + found.corners[:turns])
    return Reading(grid, confidence, tuple(changed), doubtful, corners, unique)
