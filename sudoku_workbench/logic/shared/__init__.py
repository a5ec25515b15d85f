"""What the rule families share, below all of them.

Cell and digit text, unit places, memos, digit links, graph masks, a solve's memory, HoDoKu's facts.
"""
