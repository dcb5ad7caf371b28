"""The double-dummy solver, DDS through endplay, for plain play in a position with up to three cards already in
the current trick.

endplay is loaded on the first call, never when :mod:`bridgelaws.analysis` is imported: the core and the offline
site (which has no DDS) stay free of it. Only endplay's ctypes binding of ``libdds.so`` (``endplay._dds``, which
imports nothing but the standard library) is loaded, not the whole package (whose dealer and parsers take
seconds to import); when that fails, ``from endplay import _dds``.

Positions are given as the claim solver's bitmasks (:mod:`bridgelaws.analysis.claims`: bit ``16 * suit + rank``,
suits in PBN order, seats N E S W = 0 .. 3), which are DDS's own encodings shifted per suit: DDS's
``remainCards[hand][suit]`` holds bit ``rank`` for each card.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

__all__ = ["available", "best", "reaching", "scores", "calls"]

_DDS: Any = None
#: how many times DDS was asked (the benchmark reads it)
calls = [0]
_NAME = "bridgelaws_endplay_dds"


def _lib() -> Any:
    global _DDS
    if _DDS is None:
        _DDS = sys.modules.get(_NAME) or _load()
    return _DDS


def _load() -> Any:
    spec = importlib.util.find_spec("endplay")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("endplay is not installed: the double-dummy values need the full installation "
                          "(pip install bridgelaws[notebooks])")
    for folder in spec.submodule_search_locations:
        init = f"{folder}/_dds/__init__.py"
        sub = importlib.util.spec_from_file_location(_NAME, init, submodule_search_locations=[f"{folder}/_dds"])
        if sub is None or sub.loader is None:
            continue
        try:
            module = importlib.util.module_from_spec(sub)
            sys.modules[_NAME] = module
            sub.loader.exec_module(module)
            return module
        except (OSError, ImportError):
            sys.modules.pop(_NAME, None)
    from endplay import _dds   # the package's own way, should its layout change

    return _dds


def available() -> bool:
    """Whether DDS can be loaded here."""
    try:
        _lib()
    except ImportError:
        return False
    return True


def _deal(hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], trump: int) -> Any:
    dds = _lib()
    d = dds.deal()
    d.trump = 4 if trump < 0 else trump
    d.first = leader
    for i, b in enumerate(trick):
        pos = b.bit_length() - 1
        d.currentTrickSuit[i] = pos >> 4
        d.currentTrickRank[i] = pos & 15
    for h in range(4):
        m = hands[h]
        for s in range(4):
            d.remainCards[h][s] = (m >> (16 * s)) & 0xFFFF
    return d


def _solve(hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], trump: int, target: int,
           solutions: int) -> dict[int, int]:
    dds = _lib()
    fut = dds.futureTricks()
    dds.SolveBoard(_deal(hands, leader, trick, trump), target, solutions, 1, fut, 0)
    calls[0] += 1
    out: dict[int, int] = {}
    for i in range(fut.cards):
        score = fut.score[i]
        if score < 0:
            continue
        suit = fut.suit[i]
        ranks = (1 << fut.rank[i]) | fut.equals[i]
        for r in range(2, 15):
            if ranks >> r & 1:
                out[1 << (16 * suit + r)] = score
    return out


def best(hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], trump: int) -> int:
    """The tricks the side of the hand to play takes of the remaining ones (the current trick included), best
    play by both sides (DDS ``SolveBoard``, one best card)."""
    got = _solve(hands, leader, trick, trump, -1, 1)
    return max(got.values()) if got else 0


def reaching(hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], trump: int,
             target: int) -> frozenset[int]:
    """The cards (as bits) with which the hand to play lets his side take at least ``target`` of the remaining
    tricks, best play by both sides from there (DDS ``SolveBoard`` with a target, every such card)."""
    got = _solve(hands, leader, trick, trump, target, 2)
    return frozenset(b for b, s in got.items() if s >= target)


def scores(hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], trump: int) -> dict[int, int]:
    """Every legal card (as its bit) of the hand to play with the tricks his side takes after it."""
    return _solve(hands, leader, trick, trump, -1, 3)
