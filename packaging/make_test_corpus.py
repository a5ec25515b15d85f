"""Write tests/data/: the small puzzle corpus that lets a bare clone run its tests.

Sets whose licence allows copying are sampled from ../shared/data (every k-th line, k recorded in
tests/data/sources.json so the tests can scale their own strides); sets without a stated licence are
replaced by puzzles of the workbench's own generator (unique, checked again by an independent count).

    python packaging/make_test_corpus.py
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
OUT = REPO / "tests" / "data"

#: name → (lines kept, source, licence); the lines are spread evenly over the file.
SAMPLED = {
    "royle17.txt": (
        200,
        "Gordon Royle's 17-clue list, tdoku data set 2",
        "BSD-2-Clause (tdoku); credit Royle / UWA",
    ),
    "royle17_original49151.txt": (
        50,
        "Royle's original list, norvig/pytudes",
        "MIT (pytudes); credit Royle",
    ),
    "norvig_sudoku10k.txt": (
        100,
        "Norvig's 10k test file, norvig/pytudes",
        "MIT (pytudes)",
    ),
    "top1465.txt": (
        150,
        "magictour top1465, tdoku data set 3",
        "BSD-2-Clause (tdoku data)",
    ),
    "forum_hardest_1106.txt": (
        75,
        "enjoysudoku HardestDatabase110626, tdoku data set 6",
        "BSD-2-Clause (tdoku data)",
    ),
    "forum_hardest_1905_11plus.txt": (
        100,
        "enjoysudoku hardest, SE 11+, tdoku data set 5",
        "BSD-2-Clause (tdoku data)",
    ),
    "serg_benchmark.txt": (
        60,
        "Serg's benchmark (2+ solutions each), tdoku data set 7",
        "BSD-2-Clause (tdoku data)",
    ),
    "se_rated_sudokuexchange_sample50.txt": (
        50,
        "Sudoku Exchange Puzzle Bank, diabolical.txt",
        "public domain",
    ),
}

#: name → generate arguments, for sets whose source states no licence.
GENERATED = {
    "four_generated.txt": ["--size", "4", "--count", "100", "--seed", "4"],
    "sixbysix_generated.txt": ["--size", "6", "--symmetry", "mirror_lr", "--count", "20", "--seed", "6"],
    "sixteen_generated.txt": ["--size", "16", "--count", "12", "--seed", "16"],
}


def _sample(name: str, keep: int) -> tuple[list[str], int]:
    lines = [ln for ln in (SHARED / name).read_text(encoding="utf-8").splitlines() if ln.strip()]
    stride = max(1, len(lines) // keep)
    return lines[::stride][:keep], stride


def _generate(args: list[str]) -> list[str]:
    command = [sys.executable, "-m", "sudoku_workbench", "generate", "--no-progress", "--jobs", "2", *args]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=REPO)
    return [line.split()[0] for line in done.stdout.splitlines() if line.strip()]


def main() -> None:
    """Write every sample file and the sources manifest."""
    OUT.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, dict[str, object]] = {}
    for name, (keep, source, licence) in SAMPLED.items():
        lines, stride = _sample(name, keep)
        (OUT / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        manifest[name] = {"lines": len(lines), "stride": stride, "source": source, "licence": licence}
    for name, args in GENERATED.items():
        lines = _generate(args)
        (OUT / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        source = "sudoku-workbench generate " + " ".join(args)
        manifest[name] = {"lines": len(lines), "stride": 1, "source": source, "licence": "MIT (this project)"}
    (OUT / "sources.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
