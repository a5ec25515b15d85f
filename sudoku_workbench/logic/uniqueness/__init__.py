"""Uniqueness: rules that hold only if the puzzle has exactly one solution.

Unique and avoidable rectangles, with the rectangle helpers they share.
"""
