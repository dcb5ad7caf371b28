"""A card table's play so far as PBN and LIN files, offered in its folded Save/Load box (docs/pbn.md).

Pure Python (no widget library): :class:`bridgelaws.widgets.CardTable` keeps one :class:`Downloads` per table and
asks it for the block it puts into the box. The files are links with ``data:`` URLs, so no server is needed.
"""

from __future__ import annotations

import html as _htmlesc
import urllib.parse
from pathlib import Path
from typing import Any

from bridgelaws import pbn as _pbn
from bridgelaws import scenario as _scenario
from bridgelaws.i18n import text


def file_name(session: Any) -> str:
    """The files' name: the table's own file, else the example's scenario id, in safe ASCII."""
    br = session.branches[session.branch]
    stem = Path(session.filename).stem if session.filename else (br.scenario.id if br.scenario is not None
                                                                  else "example")
    stem = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "_.-") else "-" for ch in stem).strip("-.")
    return stem if stem and stem[0].isalnum() else "example"


def scenario_now(session: Any) -> _scenario.Scenario:
    """The play so far as a scenario (what Save writes), with the example's title, question and laws."""
    return _scenario.from_table(session.table, id=file_name(session), **session.example_metadata())


class Downloads:
    """Offered once the page asks (a button first, then the two links); the links are made again only when
    the play, the language, the branch or the file changes."""

    def __init__(self) -> None:
        self.offered = False
        self._cache: tuple[Any, str] | None = None

    def _links(self, session: Any) -> str:
        lang = session.lang
        key = (tuple(session.table.history), lang, session.branch, session.filename)
        if self._cache is None or self._cache[0] != key:
            name = file_name(session)
            sc = scenario_now(session)
            links = []
            for kind, content in (("pbn", _pbn.to_pbn(sc, lang)), ("lin", _pbn.to_lin(sc, lang))):
                href = "data:text/plain;charset=utf-8," + urllib.parse.quote(content, safe="")
                links.append(f'<a href="{href}" download="{name}.{kind}" data-download="{kind}" '
                             f'style="margin-right:12px">{_htmlesc.escape(text("pbn.widget." + kind, lang))}</a>')
            self._cache = (key, "".join(links))
        return self._cache[1]

    def into(self, markup: str, session: Any) -> str:
        """``markup`` (the files region) with the download block inside the folded Save/Load box (or after it)."""
        if not self.offered:
            inner = (f'<button type="button" data-action="downloads" style="font-size:14px;margin-top:4px">'
                     f'{_htmlesc.escape(text("pbn.widget.prepare", session.lang))}</button>')
        else:
            inner = self._links(session)
        block = f'<div class="bl-downloads" style="font-size:14px;margin-top:6px">{inner}</div>'
        at = markup.find('class="bl-files')  # the folded Save/Load box (its class list may go on)
        end = markup.find("</details>", at) if at >= 0 else -1
        if end < 0:
            return markup + block
        return markup[:end] + block + markup[end:]
