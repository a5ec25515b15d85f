import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sudoku_workbench.core.geometry import digit_char, geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.search.solve import count, solve

# vision.picture first: it sets OpenCV's pixel bound, which cv2 reads when it is first imported.
from sudoku_workbench.vision.picture import PictureError

cv2 = pytest.importorskip("cv2")
from sudoku_workbench.vision.reader import read_picture  # noqa: E402

PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "data" / "photos" / "train"


def _puzzle(n: int, seed: int) -> Grid:
    """A random full grid of size n with about a third of its cells kept as givens."""
    geo = geometry_for_size(n)
    full = solve(Grid.empty(geo))
    assert full is not None
    rng = random.Random(seed)
    values = [v if rng.random() < 0.35 else 0 for v in full.values]
    return Grid.from_values(geo, values)


def _screenshot(grid: Grid, path: Path) -> None:
    """The grid drawn by Qt offscreen: thin cell lines, thick box lines, one character a given."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
    from PySide6.QtWidgets import QApplication

    # a QApplication, not a QGuiApplication: a window test later in this process needs widgets
    QApplication.instance() or QApplication([])
    geo = grid.geometry
    cell, pad = 40, 30
    side = geo.n * cell + 2 * pad
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    for k in range(geo.n + 1):
        thick = k % geo.box_rows == 0, k % geo.box_cols == 0
        for horizontal, bold in ((True, thick[0]), (False, thick[1])):
            painter.setPen(QPen(QColor("black"), 3 if bold else 1))
            at = pad + k * cell
            if horizontal:
                painter.drawLine(pad, at, pad + geo.n * cell, at)
            else:
                painter.drawLine(at, pad, at, pad + geo.n * cell)
    font = QFont("DejaVu Sans")
    font.setPixelSize(24)
    painter.setFont(font)
    for index, value in enumerate(grid.givens):
        if value:
            r, c = divmod(index, geo.n)
            box = QRectF(pad + c * cell, pad + r * cell, cell, cell)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, digit_char(value))
    painter.end()
    assert image.save(str(path))


@pytest.mark.parametrize("n", [4, 6, 9, 16])
def test_screenshots_read_exactly(tmp_path, n):
    grid = _puzzle(n, n)
    path = tmp_path / f"grid{n}.png"
    _screenshot(grid, path)
    reading = read_picture(path, count)
    assert reading.grid.geometry.n == n
    assert reading.grid.to_line() == grid.to_line()


def test_bad_pictures_get_one_message(tmp_path):
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((200, 300), 255, np.uint8))
    grid = tmp_path / "grid.png"
    _screenshot(_puzzle(9, 1), grid)
    cut = tmp_path / "cut.png"
    cut.write_bytes(grid.read_bytes()[:2000])
    for path, words in ((text, "not a picture"), (blank, "no grid"), (cut, "truncated")):
        with pytest.raises(PictureError, match=words):
            read_picture(path, count)


def test_command_prints_lines_and_fails_on_a_bad_file(tmp_path):
    grid = _puzzle(9, 2)
    good = tmp_path / "good.png"
    _screenshot(grid, good)
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"\xff\xd8 nothing")
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_workbench", "read-image", str(good), str(bad), "--format", "jsonl"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f'"puzzle": "{grid.to_line()}"' in done.stdout
    assert "bad.jpg" in done.stderr


@pytest.mark.skipif(not PHOTOS.is_dir(), reason="needs ../shared/data/photos/train")
def test_a_training_photo_reads_exactly():
    truth = dict(line.split("\t") for line in (PHOTOS / "truth.tsv").read_text().splitlines() if line)
    assert read_picture(PHOTOS / "image1.jpg", count).grid.to_line() == truth["image1.jpg"].strip()


def test_a_picture_over_the_pixel_bound_is_refused(tmp_path):
    huge = tmp_path / "huge.png"
    cv2.imwrite(str(huge), np.full((9000, 12000), 255, np.uint8))  # 108 megapixels, 120 kB of PNG
    with pytest.raises(PictureError, match="megapixels"):
        read_picture(huge, count)


def test_the_corners_are_in_the_pixels_of_the_picture_as_given(tmp_path):
    """A picture larger than the reader's working size: the corners are scaled back to its own pixels."""
    from sudoku_workbench.vision.picture import WORKING_SIDE
    from sudoku_workbench.vision.reader import read_data, read_grey

    grid = _puzzle(9, 3)
    small = tmp_path / "small.png"
    _screenshot(grid, small)  # the grid's outer lines run from 30 to 390 pixels
    big = cv2.resize(
        cv2.imread(str(small), cv2.IMREAD_GRAYSCALE), None, fx=5, fy=5, interpolation=cv2.INTER_NEAREST
    )
    assert max(big.shape) > WORKING_SIDE
    ok, png = cv2.imencode(".png", big)
    assert ok
    for reading in (read_data(png.tobytes(), "big", count), read_grey(big, "big", count)):
        assert reading.grid.to_line() == grid.to_line()
        assert reading.unique == (count(grid, 2) == 1)
        expected = [(150, 150), (1950, 150), (1950, 1950), (150, 1950)]
        for (x, y), (ex, ey) in zip(reading.corners, expected, strict=True):
            assert abs(x - ex) < 15
            assert abs(y - ey) < 15


def test_an_image_array_that_is_no_grey_picture_is_refused():
    from sudoku_workbench.vision.reader import read_grey

    for bad in (np.zeros((0, 0), np.uint8), np.zeros((20, 20, 3), np.uint8), np.zeros((20, 20), np.float32)):
        with pytest.raises(PictureError, match="grey picture"):
            read_grey(bad, "array", count)


@pytest.mark.parametrize("turns", [1, 3])
def test_a_picture_stored_on_its_side_reads_upright(tmp_path, turns):
    """Phone photos may lie on their side; the reader turns the grid the way its digits read."""
    from sudoku_workbench.vision.reader import read_grey

    grid = _puzzle(9, 3)
    path = tmp_path / "grid.png"
    _screenshot(grid, path)
    upright = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    reading = read_grey(np.ascontiguousarray(np.rot90(upright, turns)), "turned", count)
    assert reading.grid.to_line() == grid.to_line()
    # the reported top-left corner is where the upright grid's top left went in the turned picture
    x, y = read_grey(upright, "upright", count).corners[0]
    side = upright.shape[0] - 1
    assert reading.corners[0] == pytest.approx((y, side - x) if turns == 1 else (side - y, x), abs=3)
