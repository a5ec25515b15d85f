"""The deduction rules, the ordered rule table and the step engine (the Logic button).

One module per rule family (singles and subsets, fish, single-digit patterns, wings, chains and
loops, ALS, uniqueness, forcing chains and nets, Eppstein's graph rules); ``rule_table`` lists every
rule once, in the order the engine tries them, with the function that finds it, and ``rule_choice``
the presets and the user's choice over it. ``engine`` holds the step loop; ``se_scale`` and
``hodoku_scale`` rate along the two programs' paths; ``soundness`` checks runs against known solutions;
``techniques`` is the reference the window shows. Modules whose names start with ``_`` are tables and
helpers the rules share.
"""
