"""What the program says about the rules: the techniques reference, practice, soundness."""
