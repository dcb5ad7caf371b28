"""The analysis layer: double-dummy values under the Laws' constraints (above the rules and the table, below the
view and the widgets). DDS is imported through endplay only when a search runs; :mod:`bridgelaws.analysis.stored`
reads precomputed values without it (the offline site).

Its modules, for a reader:

- :mod:`~bridgelaws.analysis.position`: the position model that the claim solver and the search share (when a
  state is plain play and nothing else, its keys, one card of each run of equal cards, its bitmasks);
- :mod:`~bridgelaws.analysis.claims`: the claim solver (Laws 70 and 71: how few tricks the claimer's side can be
  held to under any legal play), which the engine's claim rules use;
- :mod:`~bridgelaws.analysis.search`: the double-dummy search under the Laws' constraints, with
  :mod:`~bridgelaws.analysis.dds` (DDS through endplay) for plain play;
- :mod:`~bridgelaws.analysis.worth`: what each option of a decision is worth, a position's value, the 64C check;
- :mod:`~bridgelaws.analysis.stored` and :mod:`~bridgelaws.analysis.labels`: precomputed values and their labels.

The names below are loaded when first asked for (PEP 562), so that the engine's claim rules, which import the
claim solver and the position model, do not load the search, DDS and the rest of the layer underneath the engine
(tests/test_imports.py).
"""

from __future__ import annotations

from typing import Any

__all__ = ["DEFAULT_BUDGET", "OptionValue", "RevokeCheck", "Worth", "WorthError", "claim_value", "option_name",
           "option_events", "option_values", "position_value", "revoke_check"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from bridgelaws.analysis import worth

        return getattr(worth, name)
    raise AttributeError(f"module 'bridgelaws.analysis' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
