"""The techniques: the reference dialog with its pictures, and the preferences of which rules run."""
