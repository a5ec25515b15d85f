"""Ratings: Sudoku Explainer's scale and solve path, HoDoKu's score and level."""
