"""The Laws as code: one module per law group. Each registers handlers for the events it rules on.

The rules build on the play mechanics of :mod:`bridgelaws.mechanics` and never import the table; the table
imports them (tests/test_imports.py fails on any import cycle).

- :mod:`.play`: the ordinary play of a card (44), acceptance of a lead by a play (53A), 52B1b
- :mod:`.penalty_cards`: exposure (24, 48A, 49), penalty cards (50, 51), failure to play one (52)
- :mod:`.leads`: leads out of turn (53 to 56)
- :mod:`.premature`: premature, simultaneous and impossible plays (57 to 59)
- :mod:`.revoke`: correction of a revoke before it is established (62)
- :mod:`.played_card`: when a card is played (45, 41A); :mod:`.designation`: dummy's card (46)
- :mod:`.director`: what the Director says now, the constraints in force and how they change
"""
