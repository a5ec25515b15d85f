"""A puzzle read from a picture: import, reading off the UI thread, review, the picture beside the board."""
