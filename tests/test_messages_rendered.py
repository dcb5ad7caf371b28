"""Every sentence the engine produces during irregular playouts renders in da, nb and en: statements,
reasons why a constraint ended, and the explanations of refused events (no missing key or placeholder)."""

from __future__ import annotations

import random

from bridgelaws import Contract, Deal, Table
from bridgelaws.errors import IllegalPlayError
from bridgelaws.simulate import next_event

LANGS = ("da", "nb", "en")


def test_all_engine_sentences_render_in_every_language() -> None:
    seen_keys: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        table = Table(Deal.random(seed), Contract.parse(["3NT", "4S", "2H"][seed % 3], "NESW"[seed % 4]))
        for _ in range(300):
            ev = next_event(table, rng, 0.25)
            if ev is None:
                break
            try:
                table.push(ev)
            except IllegalPlayError as exc:
                for lang in LANGS:
                    assert exc.explain(lang)
                if exc.key:
                    seen_keys.add(exc.key)
                continue
            for st in table.statements():
                seen_keys.add(st.message.key)
                texts = [st.text(lang) for lang in LANGS]
                assert all(texts) and "{" not in "".join(texts)
            for change in table.changes():
                if change.reason is not None:
                    seen_keys.add(change.reason.key)
                    assert all(change.reason.text(lang) for lang in LANGS)
    # the playouts exercise the main families of messages
    for prefix in ("dir.pc_major", "dir.pc_minor", "dir.wait_for_declarer_lead", "dir.56_options", "dir.57_options",
                   "why.pc_played", "note.revoke_penalty"):
        assert prefix in seen_keys, prefix
