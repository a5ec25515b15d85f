"""Reading a puzzle from a picture: find the grid, rectify it, classify its cells (OpenCV and numpy).

Beside ``search`` and ``hcp`` in the layers: it imports only the core, and the uniqueness repair is given
the solution counter by its caller (the command line passes ``search.solve.count``).
"""

import os

#: OpenCV refuses to decode past this many pixels. It reads the bound once, when cv2 is first imported,
#: so it is set here, before any module of the package (``cells`` imports cv2 before ``picture`` does).
MAX_PIXELS = 100_000_000
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))
