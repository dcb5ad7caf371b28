"""Scanning: PBN text into games (records), each a list of tag pairs with the data that follows each.

The scanner reads the text once, from start to end: a plain line (one tag pair, or data tokens) takes a fast path,
and anything else (commentary, strings, a tag pair spread over several lines) is read token by token from where
the line starts, by one regular expression anchored there. Nothing is read twice, so the time is linear in the
size of the text whatever its brackets (issue #21, N1). Each game is handed on as soon as it ends, so only one
game's tokens are held at a time; a play section is refused as soon as it passes 52 cards (N4).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bridgelaws.errors import PbnError
from bridgelaws.i18n import Message

from ._common import CARDS, pbn_error, what

__all__ = ["Tag", "Game", "Scanner", "decode", "unescape", "MAX_SECTION_TOKENS"]

#: the most tokens one section holds (our own events table of a 1 MB scenario has fewer than 100,000)
MAX_SECTION_TOKENS = 250_000
_PLAY_CELLS = 52

_TOKEN = re.compile(r"""
   (?P<nl>\n)
  |(?P<ws>[ \t\f\v]+)
  |(?P<esc>(?<![^\n])%[^\n]*)
  |(?P<semi>;[^\n]*)
  |(?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s*"(?P<value>(?:[^"\\\n]|\\.)*)"\s*\])
  |(?P<str>"(?:[^"\\\n]|\\.)*")
  |(?P<tok>[^\s\[\]{};"]+)
  |(?P<bad>.)
""", re.VERBOSE)
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_SPECIAL = re.compile(r'[\[\]{};"%]')
_UNESCAPE = re.compile(r'\\(["\\])')
_NAMES: dict[str, str] = {}


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    line: int
    data: list[tuple[str, int]] = field(default_factory=list)
    cells: int = 0  # cards and '-' in a play section


@dataclass(slots=True)
class Game:
    number: int
    line: int = 0
    tags: list[Tag] = field(default_factory=list)
    commentary: list[str] = field(default_factory=list)
    names: set[str] = field(default_factory=set)


def decode(data: bytes) -> str:
    """UTF-8 when the bytes are UTF-8 (a byte-order mark is dropped), else Latin-1 (PBN's own charset)."""
    try:
        out = data.decode("utf-8")
    except UnicodeDecodeError:
        out = data.decode("latin-1")
    return out[1:] if out.startswith("\ufeff") else out


def unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


class _Skip(Exception):
    """Raised inside the token loop: the game is broken from ``pos`` on (collect mode skips to its end)."""

    def __init__(self, error: PbnError, pos: int) -> None:
        super().__init__(str(error))
        self.error = error
        self.pos = pos


class Scanner:
    """Splits the text into games, separated by empty lines (or by a tag given twice), and hands each to
    ``on_game`` when it ends. A game that cannot be scanned raises PbnError, or, with ``on_error``, is
    reported there and skipped up to the next empty line."""

    def __init__(self, path: str | None, on_game: Callable[[Game], None],
                 on_error: Callable[[PbnError], None] | None = None) -> None:
        self.path = path
        self.on_game = on_game
        self.on_error = on_error
        self.count = 0          # games begun, broken ones included
        self.game: Game | None = None
        self.current: Tag | None = None
        self.comments: list[str] = []   # commentary before the first tag pair of a game
        self.last_close = -1            # where the last '}' of the text is

    def error(self, what_: Message, line: int) -> PbnError:
        number = self.game.number if self.game is not None else self.count + 1
        return pbn_error(what_, path=self.path, record=number, line=line)

    def _begin(self, line: int) -> Game:
        if self.game is None:
            self.count += 1
            self.game = Game(self.count, line)
        return self.game

    def finish(self) -> None:
        game, self.game, self.current = self.game, None, None
        if game is not None and game.tags:
            self.on_game(game)

    def tag(self, name: str, value: str, line: int) -> None:
        game = self.game
        if game is not None and name in game.names and name != "Note":
            self.finish()  # a tag given twice: a new game that is not separated by an empty line
            game = None
        if game is None or not game.tags:
            game = self._begin(line)
            game.line = line
            if self.comments:
                game.commentary.extend(self.comments)
                self.comments = []
        name = _NAMES.setdefault(name, name)
        self.current = Tag(name, unescape(value), line)
        game.tags.append(self.current)
        game.names.add(name)

    def data(self, tokens: list[str], line: int) -> None:
        current = self.current
        if current is None:
            self._begin(line)
            raise self.error(what("outside_section", token=tokens[0][:40]), line)
        if current.name == "Play":
            current.cells += sum(1 for t in tokens if t in CARDS or t == "-" or t == "+")
            if current.cells > _PLAY_CELLS:
                raise self.error(what("play_too_long", cards=_PLAY_CELLS), line)
        if len(current.data) + len(tokens) > MAX_SECTION_TOKENS:
            raise self.error(what("section_too_long", tag=current.name, limit=MAX_SECTION_TOKENS), line)
        current.data.extend((tok, line) for tok in tokens)

    def read(self, source: str) -> None:
        """Scan ``source`` (line ends already ``\\n``), calling ``on_game`` for each game."""
        n = len(source)
        pos, line = 0, 1
        self.last_close = source.rfind("}")
        while pos < n:
            end = source.find("\n", pos)
            if end < 0:
                end = n
            try:
                if self._line(source[pos:end], line):
                    pos, line = self._scan(source, pos, line)
                    continue
            except PbnError as exc:
                pos, line = self._broken(source, exc, end)
                continue
            except _Skip as exc:
                pos, line = self._broken(source, exc.error, source.find("\n", exc.pos))
                continue
            pos, line = end + 1, line + 1
        self.finish()

    def _line(self, raw: str, line: int) -> bool:
        """One line on the fast path; True when it needs the tokenizer."""
        stripped = raw.strip()
        if not stripped:
            self.finish()
        elif raw[0] == "%":
            pass
        elif (m := _TAG_LINE.fullmatch(stripped)) is not None:
            self.tag(m.group(1), m.group(2), line)
        elif _SPECIAL.search(stripped) is None:
            self.data(stripped.split(), line)
        else:
            return True
        return False

    def _broken(self, source: str, exc: PbnError, end: int) -> tuple[int, int]:
        """After an error: raise it, or report it and skip to the end of the game (the next empty line)."""
        if self.on_error is None:
            raise exc
        self.on_error(exc)
        self.game, self.current = None, None
        line = (exc.line or 1)
        pos = len(source) if end < 0 else end + 1
        line += 1
        while pos < len(source):
            nxt = source.find("\n", pos)
            nxt = len(source) if nxt < 0 else nxt
            if not source[pos:nxt].strip():
                break
            pos, line = nxt + 1, line + 1
        return pos, line

    def _scan(self, source: str, pos: int, line: int) -> tuple[int, int]:
        """Tokens from ``pos`` (the start of a line) to the end of the line where the last token ends."""
        n = len(source)
        while pos < n:
            if source[pos] == "{":   # commentary: up to the next '}', found once (never a regex run to the end)
                pos, line = self._comment(source, pos, line)
                continue
            m = _TOKEN.match(source, pos)
            assert m is not None  # the last alternative matches any character
            kind = m.lastgroup
            if kind == "nl":
                return m.end(), line + 1
            pos = m.end()
            if kind in ("ws", "esc", "semi"):
                continue
            try:
                line = self._token(m, kind, line, source)
            except PbnError as exc:
                raise _Skip(exc, m.start()) from None
        return pos, line

    def _comment(self, source: str, pos: int, line: int) -> tuple[int, int]:
        close = source.find("}", pos) if pos < self.last_close else -1
        if close < 0:
            self._begin(line)
            raise _Skip(self.error(what("unclosed_comment"), line), pos)
        body = source[pos + 1:close]
        (self.game.commentary if self.game is not None else self.comments).append(body.strip())
        return close + 1, line + body.count("\n")

    def _token(self, m: re.Match[str], kind: str | None, line: int, source: str) -> int:
        if kind == "tag":
            self.tag(m.group("name"), m.group("value"), line)
            return line + m.group().count("\n")
        if kind == "tok":
            self.data([m.group()], line)
        elif kind == "str":
            self.data([unescape(m.group()[1:-1])], line)
        else:
            ch = m.group()
            if ch == "[":
                end = source.find("\n", m.start())
                text = source[m.start():end if end >= 0 else len(source)].strip()
                what_ = what("malformed_tag", text=text[:80])
            else:
                what_ = what("unexpected", char=ch)
            self._begin(line)
            raise self.error(what_, line)
        return line
