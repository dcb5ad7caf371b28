"""Replaying a scenario's history on a :class:`~bridgelaws.table.Table`."""

from __future__ import annotations

from bridgelaws.errors import BridgeLawsError, ScenarioError
from bridgelaws.events import Event
from bridgelaws.table import Table

from bridgelaws.scenario.model import Scenario


def refusal(scenario: Scenario, no: int, event: Event, exc: BridgeLawsError) -> ScenarioError:
    msg = str(exc)
    prefix = f"{event}: "
    if msg.startswith(prefix):
        msg = msg[len(prefix):]
    where = f"{scenario.path}: " if scenario.path else ""
    err = ScenarioError(f"{where}event {no} ({event}): {msg}", path=scenario.path, event_no=no,
                        scenario_id=scenario.id)
    err.__cause__ = exc
    return err


def replay(scenario: Scenario, upto: int | None = None) -> Table:
    """The table after the scenario's history (or its first ``upto`` events). An event the engine refuses
    raises ScenarioError naming the event (1-based) and what the engine said; the original
    IllegalPlayError is its ``__cause__``."""
    table = Table(scenario.deal, scenario.contract, dealer=scenario.dealer, vulnerable=scenario.vulnerable)
    events = scenario.history if upto is None else scenario.history[:upto]
    for no, event in enumerate(events, 1):
        try:
            table.push(event)
        except BridgeLawsError as exc:
            raise refusal(scenario, no, event, exc) from exc
    return table
