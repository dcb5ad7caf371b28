"""Numbers in the contract's terms (issue 37): what a count of tricks for declarer's side means for the contract,
``4♥: 10 tricks needed; 9 is one down``. Used by the values box on the card table and by ``worth``.

A contract of level L needs L + 6 tricks (Law 77 scores a contract made when declarer's side wins at least that
many; each trick short is one undertrick, each trick more one overtrick)."""

from __future__ import annotations

from collections.abc import Iterable

from bridgelaws.deal import Contract
from bridgelaws.i18n import normalize_lang, text

__all__ = ["contract_words", "tricks_needed", "outcome_text", "target_line"]


def contract_words(contract: Contract, lang: str) -> str:
    """``4♥``, ``3ut`` (Danish), ``3NT``, ``4♠X``: the contract as the table shows it."""
    lang = normalize_lang(lang)
    trump = contract.trump
    strain = text("render.notrump", lang) if trump is None else text("terms.suit", lang, suit=trump)
    doubled = {0: "", 1: text("render.doubled", lang), 2: text("render.redoubled", lang)}[contract.doubled]
    return f"{contract.level}{strain}{doubled}"


def tricks_needed(contract: Contract) -> int:
    return contract.level + 6


def outcome_text(contract: Contract, tricks: int, lang: str) -> str:
    """``9 is one down``, ``10 makes``, ``11 makes with 1 overtrick``: ``tricks`` for declarer's side."""
    lang = normalize_lang(lang)
    diff = tricks - tricks_needed(contract)
    if diff < 0:
        key = "terms.down_one" if diff == -1 else "terms.down"
        return text(key, lang, tricks=tricks, n=-diff)
    if diff == 0:
        return text("terms.makes", lang, tricks=tricks)
    key = "terms.over_one" if diff == 1 else "terms.over"
    return text(key, lang, tricks=tricks, n=diff)


def target_line(contract: Contract, tricks: Iterable[int], lang: str) -> str:
    """``4♥: 10 tricks needed; 9 is one down, 8 is two down``: the contract's target and what each distinct
    count of tricks means, most tricks first."""
    lang = normalize_lang(lang)
    counts = sorted(set(tricks), reverse=True)
    outcomes = ", ".join(outcome_text(contract, n, lang) for n in counts)
    need = text("terms.needed", lang, contract=contract_words(contract, lang), need=tricks_needed(contract))
    return text("terms.target", lang, needed=need, outcomes=outcomes) if outcomes else need
