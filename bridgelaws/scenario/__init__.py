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
    _BARE_KEY_RE, _ID_RE, _VOCABULARY, EXPECTATION_KEYS, NOT_IMPLEMENTED, REQUIRED_KEYS, TEXT_KEYS,
    TOP_LEVEL_KEYS, Checkpoint, Scenario, Text, localized,
)
from bridgelaws.scenario.values import _Problem, _short
from bridgelaws.scenario.eventfields import _event, _history, _label, _specs
from bridgelaws.scenario.expectations import _checkpoints, _expected
from bridgelaws.scenario.validate import (
    MAX_DEPTH, MAX_NUMBER, MAX_STRING, _no_duplicate_keys, _out_of_bounds, from_dict,
)
from bridgelaws.scenario.reading import (
    MAX_FILE_BYTES, SUFFIXES, example_files, load, loads, open_read_only, read_file,
)
from bridgelaws.scenario.writing import _toml_key, _toml_string, _toml_value, dump, dumps, from_table, to_dict
from bridgelaws.scenario.replaying import _refusal, replay
from bridgelaws.scenario.comparisons import Difference, _plain, _show, _turn_law, compare
from bridgelaws.scenario.checker import CheckResult, check, check_file

__all__ = [
    "Scenario", "Checkpoint", "Difference", "CheckResult", "load", "loads", "dump", "dumps", "from_dict",
    "to_dict", "from_table", "replay", "check", "check_file", "localized", "EXPECTATION_KEYS",
    "NOT_IMPLEMENTED", "example_files",
]

#: names kept for callers that import them from here (tests, tools); not part of ``__all__``
_KEPT = (ScenarioError, _BARE_KEY_RE, _ID_RE, _VOCABULARY, REQUIRED_KEYS, TEXT_KEYS, TOP_LEVEL_KEYS, Text, _Problem,
         _short, _event, _history, _label, _specs, _checkpoints, _expected, MAX_DEPTH, MAX_NUMBER, MAX_STRING,
         _no_duplicate_keys, _out_of_bounds, MAX_FILE_BYTES, SUFFIXES, open_read_only, read_file, _toml_key,
         _toml_string, _toml_value, _refusal, _plain, _show, _turn_law, compare)
