"""Score the reader on the held-out training photos (every fifth of truth.tsv; never the test set).

    .venv/bin/python packaging/training/score_held_out.py [PHOTOS_DIR]

Prints per photo: exact or not, wrong cells, seconds; then the totals and median/worst time.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from train_digits import PHOTOS, split

from sudoku_workbench.search.solve import count
from sudoku_workbench.vision.picture import PictureError
from sudoku_workbench.vision.reader import read_picture


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else PHOTOS
    _, held_out = split(root)
    exact, wrong, times = 0, 0, []
    for name, puzzle in held_out:
        started = time.perf_counter()
        try:
            line = read_picture(root / name, count, 9).grid.to_line()
        except PictureError:
            line = "?" * 81
        times.append(time.perf_counter() - started)
        bad = sum(a != b for a, b in zip(line, puzzle, strict=True))
        exact += bad == 0
        wrong += bad
        print(f"{name}\t{'exact' if bad == 0 else 'WRONG'}\t{bad} cells\t{times[-1]:.3f} s")
    cells = 81 * len(held_out)
    print(f"exact {exact}/{len(held_out)}; wrong cells {wrong}/{cells} = {100 * wrong / cells:.2f} %")
    print(f"time per picture: median {statistics.median(times):.3f} s, worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
