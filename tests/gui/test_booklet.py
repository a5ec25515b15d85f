"""``booklet``: 100 puzzles, 4 a page, with solutions, make 25 + 9 pages, none of them blank; the
caption under a puzzle is its rating; the command line starts no Qt until it draws."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.library.booklet_plan import booklet_item
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.search.solve import first_solutions
from tests.conftest import corpus_lines

_PAGE = re.compile(rb"/Type\s*/Page[^s]")


def _pdf_pages(data: bytes) -> int:
    """The page objects of a PDF, read from its bytes (Qt's writer leaves them uncompressed)."""
    return len(_PAGE.findall(data))


def _ink_per_page(pdf, tmp_path) -> list[int]:
    """Dark pixels on each page as pdftoppm renders it at 20 dpi (grey, PGM)."""
    subprocess.run(["pdftoppm", "-r", "20", "-gray", str(pdf), str(tmp_path / "page")], check=True)
    counts = []
    for page in sorted(tmp_path.glob("page-*.pgm")):
        raw = page.read_bytes()
        header_end = raw.index(b"255\n") + 4  # P5, width height, 255
        counts.append(sum(1 for b in raw[header_end:] if b < 128))
    return counts


def test_a_hundred_puzzles_four_a_page_with_solutions(qapp, tmp_path, capsys):
    lines = corpus_lines("top1465.txt", 100)
    source = tmp_path / "hundred.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "hundred.pdf"
    assert (
        main(["booklet", str(source), "-o", str(out), "--per-page", "4", "--no-ratings", "--jobs", "2"]) == 0
    )
    assert f"{out}: 34 pages, 100 puzzles" in capsys.readouterr().err
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert _pdf_pages(data) == 25 + 9  # 100 / 4 puzzle pages, then 100 / 12 solution pages rounded up
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed: pages counted, not looked at")
    ink = _ink_per_page(out, tmp_path)
    assert len(ink) == 34
    assert all(count > 200 for count in ink), ink
    assert ink[25] > ink[0]  # a page of twelve filled solutions holds more ink than four puzzles


def test_each_layout_fills_its_pages(qapp, tmp_path):
    from sudoku_workbench.gui.collection.booklet import booklet_pdf

    items = [
        booklet_item((i, line, False, False)) for i, line in enumerate(corpus_lines("top1465.txt", 7), 1)
    ]
    for per_page, pages in [(1, 7), (2, 4), (4, 2), (6, 2)]:
        data, count = booklet_pdf(items, "seven", per_page, solutions=False)
        assert count == pages == _pdf_pages(data)
    with pytest.raises(ValueError, match="3 puzzles a page"):
        booklet_pdf(items, "seven", 3)


def test_the_caption_is_the_rating_and_the_solution_the_only_one():
    line = corpus_lines("top1465.txt", 1)[0]
    item = booklet_item((5, line, True, True))
    grid = parse_line(line)
    assert item.caption.startswith(f"SE {rate_se(grid, one_solution=True).difficulty:.1f} · HoDoKu ")
    (solution,) = first_solutions(grid, 2)
    assert item.solution == solution.to_line()
    assert item.number == 5
    assert len(item.steps) > 10
    assert item.steps[0].split(":")[0] in {"Hidden single", "Naked single", "Full house"}


def test_the_command_line_loads_qt_only_to_draw(tmp_path):
    probe = (
        "import sys; from sudoku_workbench.cli import build_parser; build_parser(); "
        "print('PySide6' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_bad_rows_are_named_and_a_non_pdf_name_refused(qapp, tmp_path, capsys):
    source = tmp_path / "some.txt"
    source.write_text(corpus_lines("top1465.txt", 1)[0] + "\nnot a puzzle\n", encoding="utf-8")
    assert main(["booklet", str(source), "-o", str(tmp_path / "b.png")]) == 2
    assert "a booklet is written as PDF" in capsys.readouterr().err
    assert main(["booklet", str(source), "-o", str(tmp_path / "b.pdf"), "--no-ratings"]) == 1
    err = capsys.readouterr().err
    assert f"{source}, line 2:" in err
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")
