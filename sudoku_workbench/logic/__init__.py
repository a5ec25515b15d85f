"""The deduction rules, the ordered rule table and the step engine (the Logic button)."""
