"""Collections of puzzles: the dock, its lazy index, model and ratings, booklets, the library log."""
