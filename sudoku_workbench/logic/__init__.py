"""The deduction rules, the ordered rule table and the step engine (the Logic button).

One module per rule family: ``local`` (singles, pointing, claiming), ``eppstein_local`` (locked
triple, hidden pair), ``tuples`` (naked tuples by components), ``exclusion`` (Chain and Pile
Exclusion), ``basic_fish`` (X-Wing, Swordfish, Jellyfish: the small cases of the digit matching rule,
found directly), ``matching_rules`` (Eppstein's digit and unit matching rules), ``wings`` (XY-Wing),
``cycles`` and ``bivalue_rules`` (the nonlocal graph rules). ``engine`` holds the table and the step
loop; ``soundness`` checks runs against known solutions.
"""
