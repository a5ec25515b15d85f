"""Score the reader on the held-out training photos (every fifth of truth.tsv; never the test set).

    .venv/bin/python packaging/training/score_held_out.py [PHOTOS_DIR]

Prints per photo: exact or not, wrong cells (row, column: truth -> read), CPU seconds; then the totals
and the median and worst CPU time.
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
        started = time.process_time()
        try:
            line = read_picture(root / name, count, 9).grid.to_line()
        except PictureError:
            line = "?" * 81
        times.append(time.process_time() - started)
        misread = [i for i, (a, b) in enumerate(zip(line, puzzle, strict=True)) if a != b]
        bad = len(misread)
        exact += bad == 0
        wrong += bad
        cells = " ".join(f"r{i // 9 + 1}c{i % 9 + 1}:{puzzle[i]}->{line[i]}" for i in misread)
        print(f"{name}\t{'exact' if bad == 0 else 'WRONG'}\t{bad} cells\t{times[-1]:.3f} s CPU\t{cells}")
    total = 81 * len(held_out)
    print(f"exact {exact}/{len(held_out)}; wrong cells {wrong}/{total} = {100 * wrong / total:.2f} %")
    print(f"CPU time per picture: median {statistics.median(times):.3f} s, worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
