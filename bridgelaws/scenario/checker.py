"""The checker: replay a scenario, compare every expectation and checkpoint, and say PASS, FAIL or
ERROR."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.errors import BridgeLawsError, ScenarioError
from bridgelaws.table import Table

from bridgelaws.scenario.comparisons import not_implemented, compare, Difference
from bridgelaws.scenario.model import Checkpoint, NOT_IMPLEMENTED, Scenario
from bridgelaws.scenario.reading import load
from bridgelaws.scenario.replaying import refusal


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of checking one scenario: ``PASS``, ``FAIL`` (with the differences) or ``ERROR``."""

    id: str
    status: str
    differences: tuple[Difference, ...] = ()
    error: str | None = None
    path: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.status == "PASS"

    def lines(self) -> list[str]:
        """The checker's text: ``PASS id``, ``FAIL id`` and one indented line per difference, or
        ``ERROR id: what and where``."""
        if self.status == "ERROR":
            return [f"ERROR {self.id}: {self.error}"]
        return [f"{self.status} {self.id}"] + [f"  {d}" for d in self.differences]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "path": self.path, "status": self.status,
                "differences": [d.to_dict() for d in self.differences], "error": self.error,
                "warnings": list(self.warnings)}


def check_file(path: str | Path) -> CheckResult:
    """Load and check one file; a file that cannot be read or validated is an ERROR result."""
    try:
        scenario = load(path)
    except ScenarioError as exc:
        sid = exc.params.get("scenario_id") or Path(path).name
        return CheckResult(sid, "ERROR", error=str(exc), path=str(path))
    return check(scenario)


def check(scenario: Scenario) -> CheckResult:
    """Replay the scenario and compare every expectation after the last event, and each checkpoint after
    its events. An event the engine refuses is an ERROR; an event or a question the engine has no rule for
    yet is a FAIL saying ``not implemented``."""
    diffs: list[Difference] = []
    table = Table(scenario.deal, scenario.contract, dealer=scenario.dealer, vulnerable=scenario.vulnerable)
    by_after: dict[int, list[Checkpoint]] = {}
    for cp in scenario.checkpoints:
        by_after.setdefault(cp.after, []).append(cp)

    def result(status: str, error: str | None = None) -> CheckResult:
        return CheckResult(scenario.id, status, tuple(diffs), error, scenario.path, scenario.warnings)

    for cp in by_after.get(0, []):
        diffs.extend(compare(cp.expected, table, scenario, after=0))
    for no, event in enumerate(scenario.history, 1):
        try:
            table.push(event)
        except NotImplementedError as exc:
            diffs.append(Difference(f"event {no}", str(event), NOT_IMPLEMENTED, note=str(exc) or None))
            return result("FAIL")
        except BridgeLawsError as exc:
            if not_implemented(exc):
                diffs.append(Difference(f"event {no}", str(event), NOT_IMPLEMENTED, note=str(exc)))
                return result("FAIL")
            return result("ERROR", str(refusal(scenario, no, event, exc)))
        for cp in by_after.get(no, []):
            diffs.extend(compare(cp.expected, table, scenario, after=no))
    diffs.extend(compare(scenario.expected, table, scenario))
    return result("FAIL" if diffs else "PASS")
