"""Menu commands that are dialogs in, session calls out: File, killer cages, jigsaw regions."""
