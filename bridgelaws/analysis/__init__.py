"""The analysis layer: double-dummy values under the Laws' constraints (above the rules and the table, below the
view and the widgets). DDS is imported through endplay only when a search runs; :mod:`bridgelaws.analysis.stored`
reads precomputed values without it (the offline site)."""

from __future__ import annotations

from bridgelaws.analysis.worth import (
    DEFAULT_BUDGET, OptionValue, RevokeCheck, Worth, WorthError, claim_value, option_name, option_values,
    position_value, revoke_check, option_events,
)

__all__ = ["DEFAULT_BUDGET", "OptionValue", "RevokeCheck", "Worth", "WorthError", "claim_value", "option_name",
           "option_events", "option_values", "position_value", "revoke_check"]
