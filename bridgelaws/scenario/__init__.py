"""Scenario files: read, validate, write, replay and check them (docs/scenario-format.md).

A scenario is one deal played from trick 1 up to a question, with the irregularities on the way and the
ruling we expect. The same data model is read from TOML (what we write by hand) and JSON (what programs
exchange):

>>> s = loads('''
... id = "first-lead"
... contract = "3NT"
... declarer = "S"
... deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
... history = [{ seat = "W", action = "play", card = "HA" }]
... [expected]
... to_act = "N"
... legal_cards = ["HT", "H9", "H8"]
... ''')
>>> check(s).status
'PASS'
>>> loads(dumps(s)) == s
True

``load`` / ``loads`` validate everything they read and raise :class:`~bridgelaws.errors.ScenarioError`
saying what is wrong and where (file, ``event 7 (W play SX)``, ``expected.legal_cards`` ...). ``dump`` /
``dumps`` write TOML (a small emitter of our own, stable order) or JSON. ``replay`` pushes the history
onto a :class:`~bridgelaws.table.Table`; ``check`` compares the table with ``expected`` and every checkpoint.

The package is split by concern, imports running one way (each module imports only those above it):

- :mod:`.model`: the format's rules (keys, vocabularies) and the data model (:class:`Scenario`);
- :mod:`.values`, :mod:`.eventfields`, :mod:`.expectations`: validating values, events and expectations;
- :mod:`.validate`: from parsed data to a Scenario, bounds first; :mod:`.reading`: files and texts, limits;
- :mod:`.writing`: TOML and JSON out; :mod:`.replaying`: the history on a Table;
- :mod:`.comparisons` and :mod:`.checker`: comparing expectations, PASS / FAIL / ERROR.
"""

from __future__ import annotations

from bridgelaws.errors import ScenarioError
from bridgelaws.scenario.model import (
    EXPECTATION_KEYS, NOT_IMPLEMENTED, REQUIRED_KEYS, TEXT_KEYS, TOP_LEVEL_KEYS, Checkpoint, Scenario, Text, localized,
)
from bridgelaws.scenario.validate import MAX_DEPTH, MAX_NUMBER, MAX_STRING, from_dict
from bridgelaws.scenario.reading import (
    MAX_FILE_BYTES, SUFFIXES, example_files, load, loads, open_read_only, read_file,
)
from bridgelaws.scenario.writing import dump, dumps, from_table, to_dict
from bridgelaws.scenario.replaying import replay
from bridgelaws.scenario.comparisons import Difference, compare
from bridgelaws.scenario.checker import CheckResult, check, check_file

__all__ = [
    "Scenario", "Checkpoint", "Difference", "CheckResult", "load", "loads", "dump", "dumps", "from_dict",
    "to_dict", "from_table", "replay", "check", "check_file", "localized", "EXPECTATION_KEYS",
    "NOT_IMPLEMENTED", "example_files",
]

#: names kept for callers that import them from here (tests, tools); not part of ``__all__``. The helpers the
#: package's modules share (values.Problem, eventfields.read_event, writing.toml_value, comparisons.turn_law ...)
#: are public in the module that owns them and imported from there: they are not the package's API.
_KEPT = (ScenarioError, REQUIRED_KEYS, TEXT_KEYS, TOP_LEVEL_KEYS, Text, MAX_DEPTH, MAX_NUMBER, MAX_STRING,
         MAX_FILE_BYTES, SUFFIXES, open_read_only, read_file, compare)
