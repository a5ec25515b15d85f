"""Almost locked sets: the sets of a position and the rules built on them.

ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.
"""
