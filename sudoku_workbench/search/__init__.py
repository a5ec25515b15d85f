"""Recursive search (the OK button), solution counting and puzzle generation."""
