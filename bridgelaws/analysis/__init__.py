"""The analysis layer: double-dummy values under the Laws' constraints (above the rules and the table, below the
view and the widgets). DDS is imported through endplay only when a search runs; :mod:`bridgelaws.analysis.stored`
reads precomputed values without it (the offline site).

The names below are loaded when first asked for (PEP 562), so that importing the shared position model
(:mod:`bridgelaws.analysis.position`, which the claim solver and so the engine's claim rules use) does not load
the search, and the rest of the layer, underneath the engine.
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
