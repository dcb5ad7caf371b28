"""PBN files in and PBN/LIN exports out: the deals of real tournaments, and our examples in other tools.

Reading (PBN 2.1, as real files write it)::

    >>> from bridgelaws.pbn import read_pbn
    >>> records = read_pbn('''
    ... [Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
    ... [Declarer "S"]
    ... [Contract "3NT"]
    ... [Result "9"]
    ... [Play "W"]
    ... HA HT H5 H2
    ... *
    ... ''')
    >>> r = records[0]
    >>> r.board, str(r.contract), r.declarer, [str(p.card) for p in r.plays]
    (1, '3NT', Seat.SOUTH, ['HA', 'HT', 'H5', 'H2'])

The play section is laid out in columns by seat, starting with the opening leader (the ``[Play]`` tag's
value), one row per trick; the cards of a trick are played clockwise from its leader, the winner of the trick
before (PBN 2.1 section 3.4). ``plays`` gives the cards in the order they were played, whatever the layout.
A ``-`` is a card not played (a claim); ``*`` ends the play. Tag-pair notes (``=1=``), ``[Note]`` tags,
commentary (``{...}``, ``; ...``), NAGs (``$1``), suffix annotations (``!``, ``?``) and the irregularity tokens of
section 3.9 (``^R``, ``^L``, ``^I``, ``^S``) are read and set aside. CRLF line ends and Latin-1 bytes are
read. Anything else raises :class:`~bridgelaws.errors.PbnError` with the record number and the line.

Writing: :func:`to_pbn` writes a scenario as a PBN game: the legal play in the play section, the events with
the irregularities in a ``[BridgelawsEventsTable]`` section of our own, which :func:`read_pbn` reads back into
exactly the same scenario, and commentary in the chosen language for people. :func:`to_lin` writes BBO's LIN
for its hand viewer, with the Director's statements as ``nt`` notes. See ``docs/pbn.md``.

``read_pbn(source, errors="collect")`` reads every record it can and returns the errors of the others (record and
line in each) in the result's ``errors``. A record without ``[Contract]`` and ``[Declarer]`` takes both from its
auction. The text is read in time linear in its size, and at most :data:`MAX_PBN_BYTES` bytes and
:data:`MAX_PBN_RECORDS` records are read.

The package, in the order its modules import one another: ``_common`` (tables and the error builder), ``scan``
(text into games), ``auction`` (the contract an auction decides), ``convert`` (records as scenarios), ``records``
(:class:`PbnRecord`), ``build`` (a game into a record), ``read`` (:func:`read_pbn`, :func:`select`), ``write_pbn``
(:func:`to_pbn`) and ``write_lin`` (:func:`to_lin`).
"""

from __future__ import annotations

from bridgelaws.errors import PbnError

from ._common import EVENTS_TABLE, SCENARIO_TAG
from .convert import decode_details, encode_details, to_scenario
from .read import MAX_PBN_BYTES, MAX_PBN_RECORDS, read_pbn, select
from .records import PbnRecord, PbnRecords, PbnTable
from .write_lin import to_lin
from .write_pbn import to_pbn

__all__ = [
    "PbnRecord", "PbnRecords", "PbnTable", "PbnError", "read_pbn", "select", "to_scenario", "to_pbn", "to_lin",
    "EVENTS_TABLE", "SCENARIO_TAG", "MAX_PBN_BYTES", "MAX_PBN_RECORDS", "encode_details", "decode_details",
]
