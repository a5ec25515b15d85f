"""Fish on one digit: basic, finned and sashimi, Franken and Mutant, Siamese, Kraken.

Eppstein's matching rules live here too: their digit rule is a fish of any size.
"""
