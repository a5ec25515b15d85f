"""Killer cages: cage combinations, combinations crossed with houses, and the 45 rule (innies, outies)."""
