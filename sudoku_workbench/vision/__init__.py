"""Reading a puzzle from a picture: find the grid, rectify it, classify its cells (OpenCV and numpy).

Beside ``search`` and ``hcp`` in the layers: it imports only the core, and the uniqueness repair is given
the solution counter by its caller (the command line passes ``search.solve.count``).
"""
