"""Message catalogues: every sentence the library shows, in Danish, Norwegian (bokmål) and English.

The catalogues are gettext files, so translators can open them in Poedit, Lokalize or any PO editor:

- ``bridgelaws/i18n/<domain>.pot``: the English source; each entry has a ``msgctxt`` (the stable key the
  code uses, e.g. ``pc.must_play``) and a ``msgid`` (the English text);
- ``bridgelaws/i18n/da/<domain>.po`` and ``bridgelaws/i18n/nb/<domain>.po``: the same entries with a
  ``msgstr`` in Danish and Norwegian.

English is the ``msgid`` itself. Placeholders are ``{name}`` or ``{name:spec}`` and are filled with
localized values: cards, seats, suits and law references are written in the target language.
A small reader of our own (stdlib only) keeps the core free of dependencies; ``tests/test_i18n.py`` checks
that every key exists in every language with the same placeholders.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import bridgelaws.errors as _errors

__all__ = ["LANGS", "normalize_lang", "catalog", "Message", "text", "localize", "missing_keys", "LocalText"]

LANGS: tuple[str, ...] = ("da", "nb", "en")
_ALIASES = {"no": "nb", "nb": "nb", "nn": "nb", "da": "da", "en": "en", "dk": "da"}
_DIR = Path(__file__).parent


def normalize_lang(lang: str) -> str:
    """``da``, ``nb`` (alias ``no``) or ``en``; anything else is a :class:`~bridgelaws.errors.LanguageError`
    (a ValueError) that lists the choices."""
    try:
        return _ALIASES[str(lang).strip().lower()]
    except KeyError:
        raise _errors.LanguageError(f"unknown language {lang!r}: use 'da', 'nb' (or 'no') or 'en'") from None


def _unquote(s: str) -> str:
    s = s.strip()
    if not (s.startswith('"') and s.endswith('"')):
        raise ValueError(f"expected a quoted string, got {s!r}")
    body = s[1:-1]
    if "\\" not in body:  # most lines: nothing to unescape (every kernel reads all catalogues once)
        return body
    # a backslash and the character after it; a lone backslash at the very end stays as it is
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m[1], m[1]), body)


_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def read_po(path: Path) -> dict[str, tuple[str, str]]:
    """Read a .po/.pot file into ``{msgctxt: (msgid, msgstr)}``. Entries without msgctxt are ignored
    (the header is one). Fuzzy entries count as untranslated."""
    entries: dict[str, tuple[str, str]] = {}
    cur: dict[str, str] = {}
    last: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal cur, fuzzy, last
        if "msgctxt" in cur:
            key = cur["msgctxt"]
            if key in entries:
                raise ValueError(f"{path}: duplicate key {key!r}")
            entries[key] = (cur.get("msgid", ""), "" if fuzzy else cur.get("msgstr", ""))
        cur, fuzzy, last = {}, False, None

    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        try:
            if not line:
                flush()
            elif line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                if last is None:
                    raise ValueError("continuation line without a keyword")
                cur[last] += _unquote(line)
            else:
                kw, _, rest = line.partition(" ")
                if kw not in ("msgctxt", "msgid", "msgstr"):
                    raise ValueError(f"unknown keyword {kw!r}")
                if kw == "msgctxt" and ("msgid" in cur or "msgctxt" in cur):
                    flush()
                cur[kw] = _unquote(rest)
                last = kw
        except ValueError as exc:
            raise ValueError(f"{path}:{lineno}: {exc}") from None
    flush()
    return entries


@cache
def _source() -> dict[str, str]:
    """key -> English text, from every domain's .pot file."""
    merged: dict[str, str] = {}
    for pot in sorted(_DIR.glob("*.pot")):
        for key, (msgid, _) in read_po(pot).items():
            if key in merged:
                raise ValueError(f"{pot.name}: key {key!r} is defined in another domain too")
            merged[key] = msgid
    return merged


@cache
def _translations(lang: str) -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for po in sorted((_DIR / lang).glob("*.po")):
        merged.update(read_po(po))
    return merged


def catalog(lang: str) -> dict[str, str]:
    """key -> text for ``lang``. English comes from the templates; a translation whose msgid no longer
    matches the English source is stale and treated as missing."""
    return dict(_catalog(normalize_lang(lang)))


@cache
def _catalog(lang: str) -> dict[str, str]:
    """``catalog(lang)`` computed once per language (``text`` is called for every sentence shown)."""
    src = _source()
    if lang == "en":
        return dict(src)
    out = {}
    for key, (msgid, msgstr) in _translations(lang).items():
        if key in src and msgstr and msgid == src[key]:
            out[key] = msgstr
    return out


def clear_caches() -> None:
    """Forget the catalogues read so far (after editing a .po file in a running session, and in tests)."""
    _source.cache_clear()
    _translations.cache_clear()
    _catalog.cache_clear()


def missing_keys(lang: str) -> set[str]:
    """Keys of the English source with no current translation in ``lang``."""
    return set(_source()) - set(catalog(lang))


def localize(value: Any, lang: str, spec: str = "") -> str:
    """Write one placeholder value in ``lang``: cards, seats, suits, ranks, law references, messages,
    and lists of them (joined with commas and a localized "and" / "or" when ``spec`` says so)."""
    if isinstance(value, Message):
        return value.text(lang)
    fn = _LOCALIZERS.get(type(value))
    if fn is not None:
        return fn(value, lang, spec)
    if type(value).__module__ in _LOCALIZED_MODULES:
        raise RuntimeError(f"no localizer for {type(value).__name__}: bridgelaws.notation registers them "
                           "(import bridgelaws.notation)")
    if isinstance(value, (list, tuple, frozenset, set)):
        items = list(value)
        if isinstance(value, (frozenset, set)):
            items.sort(key=_sort_key)
        conj, _, inner = spec.partition(":")
        words = [localize(v, lang, inner) for v in items]
        if conj in ("and", "or") and len(words) > 1:
            joiner = text(f"word.{conj}", lang)
            return ", ".join(words[:-1]) + f" {joiner} " + words[-1]
        return ", ".join(words)
    return str(value)


#: type -> function(value, lang, spec) writing it in ``lang``. The catalogues sit below the value types they
#: write, so the modules that know how to write them register here: ``laws`` (LawRef) and ``notation``
#: (Card, Seat, Suit, Rank). Imports then run one way (tests/test_imports.py).
_LOCALIZERS: dict[type, Callable[[Any, str, str], str]] = {}
#: modules whose values must have a localizer (never written with plain ``str`` by accident)
_LOCALIZED_MODULES = frozenset({"bridgelaws.cards", "bridgelaws.laws"})


def register_localizer(cls: type, fn: Callable[[Any, str, str], str]) -> None:
    """Make ``{placeholder}`` write values of ``cls`` with ``fn(value, lang, spec)``."""
    _LOCALIZERS[cls] = fn


def registered_localizer(cls: type) -> Callable[[Any, str, str], str] | None:
    """The function registered to write values of ``cls`` (None: none is)."""
    return _LOCALIZERS.get(cls)


class LocalText(dict):  # type: ignore[type-arg]
    """A free text written by a person in one or more languages, ``{"da": …, "nb": …, "en": …}`` (a claim's
    clarification statement, as a scenario file gives it): shown in the reader's language, else in English,
    else in the first language given. Read-only and hashable, so that an event holding it stays a value."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        out = {normalize_lang(lang): str(t) for lang, t in texts.items()}
        if not out:
            raise ValueError("a text in several languages needs at least one language")
        super().__init__((lang, out[lang]) for lang in LANGS if lang in out)

    def text(self, lang: str = "en") -> str:
        lang = normalize_lang(lang)
        for choice in (lang, "en"):
            if choice in self:
                return str(dict.__getitem__(self, choice))
        return str(next(iter(self.values())))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a LocalText is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.text("en")


register_localizer(LocalText, lambda value, lang, spec: value.text(lang))


def _sort_key(v: Any) -> Any:
    sk = getattr(v, "sort_key", None)
    if sk is not None:
        return sk
    idx = getattr(v, "index", None)
    return idx if isinstance(idx, int) else str(v)


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return localize(value, self.lang, format_spec)


def text(key: str, lang: str = "en", /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` with its placeholders filled. A key missing from the catalogue
    raises KeyError (the catalogue test makes sure that never reaches a user)."""
    lang = normalize_lang(lang)
    cat = _catalog(lang)
    try:
        template = cat[key]
    except KeyError:
        raise KeyError(f"message {key!r} is missing from the {lang!r} catalogue") from None
    if "{" not in template and "}" not in template:  # no placeholder, no escaped brace: as it stands
        return template
    return _Formatter(lang).vformat(template, (), params)


@dataclass(frozen=True)
class Message:
    """A sentence as data: a catalogue key and its parameters. ``.text(lang)`` renders it."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return text(self.key, lang, **dict(self.params))

    def __str__(self) -> str:
        return self.text("en")


def placeholders(template: str) -> set[str]:
    """The placeholder names used in a template (for the catalogue tests)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def iter_keys() -> Iterable[str]:
    return iter(_source())


_errors.install_renderer(lambda key, params, lang: text(key, lang, **dict(params)))
