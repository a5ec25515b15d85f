"""The puzzle library: collections, puzzles, ratings, tags and notes kept in one SQLite file.

Qt-free, so the command line (``library``) and the window read and write the same database.
"""
