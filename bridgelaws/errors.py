"""The library's exceptions. ``str(exc)`` is stable English; ``exc.explain(lang)`` is localized.

Every error the engine raises for a refused event carries the law it applied (or ``None`` where the
event is simply impossible, like playing a card one does not hold), the seat, the card and the trick.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

# The errors sit below every other module of the package and import none of them: they carry what they describe
# (seat, card, law paragraph, event) as data. Localized text comes from the message catalogues, which install
# their renderer here when they are imported (``bridgelaws.i18n`` is imported with the package).
_Renderer = Callable[[str, Mapping[str, Any], str], str]
_renderer: _Renderer | None = None


def install_renderer(render: _Renderer) -> None:
    """Called by :mod:`bridgelaws.i18n`: ``render(key, params, lang)`` writes a catalogue message."""
    global _renderer
    _renderer = render


class BridgeLawsError(Exception):
    """Root of all errors raised by bridgelaws."""

    #: catalogue key of the localized explanation, and its parameters
    key: str | None = None
    params: dict[str, Any]

    def __init__(self, message: str, *, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if key is not None:
            self.key = key
        self.params = params

    def explain(self, lang: str = "en") -> str:
        """The error in words for a person, in ``lang`` (``da``, ``nb`` or ``en``)."""
        if self.key is None:
            return str(self)
        if _renderer is None:  # pragma: no cover - bridgelaws/__init__ imports the catalogues
            raise RuntimeError("bridgelaws.i18n is not loaded: import bridgelaws")
        return _renderer(self.key, self.params, lang)


class NotationError(BridgeLawsError, ValueError):
    """Text that cannot be read as a card, holding, seat, deal or designation. ``position`` is the 0-based
    index in ``text`` where reading failed, when known."""

    def __init__(self, message: str, *, text: str = "", lang: str | None = None, position: int | None = None,
                 key: str | None = None, **params: Any) -> None:
        super().__init__(message, key=key, text=text, **params)
        self.text = text
        self.lang = lang
        self.position = position


class AmbiguousNotationError(NotationError):
    """Text that could mean more than one thing; ``candidates`` lists them."""

    def __init__(self, message: str, *, text: str = "", lang: str | None = None, position: int | None = None,
                 candidates: tuple[object, ...] = (), key: str | None = None, **params: Any) -> None:
        candidates = tuple(candidates)
        super().__init__(message, text=text, lang=lang, position=position, key=key, candidates=candidates,
                         **params)
        self.candidates = candidates


class InvalidDealError(BridgeLawsError, ValueError):
    """A deal that is not a complete, consistent 52-card deal where one is needed."""

    def __init__(self, message: str, *, status: Any = None, key: str | None = None, **params: Any) -> None:
        super().__init__(message, key=key, **params)
        self.status = status


class IllegalPlayError(BridgeLawsError, ValueError):
    """An event the table refuses: the state is left unchanged."""

    def __init__(self, message: str, *, law: Any = None, seat: Any = None,
                 card: Any = None, trick_no: int | None = None, event: object = None,
                 key: str | None = None, **params: Any) -> None:
        params.setdefault("seat", seat)
        params.setdefault("card", card)
        params.setdefault("law", law)
        super().__init__(message, key=key, **params)
        self.law = law
        self.seat = seat
        self.card = card
        self.trick_no = trick_no
        self.event = event


class NotInHandError(IllegalPlayError):
    """The player does not hold the card (an impossible event)."""


class FailureToFollowSuitError(IllegalPlayError):
    """A plain play that does not follow suit when the player could (Law 44C)."""


class OutOfTurnError(IllegalPlayError):
    """A play or statement by the wrong player (Laws 53 to 57)."""


class PenaltyCardError(IllegalPlayError):
    """An event that breaks the rules about penalty cards (Laws 49 to 52)."""


class DecisionError(IllegalPlayError):
    """A choice that is not on offer, or a play while a decision is pending."""


class LanguageError(BridgeLawsError, ValueError):
    """A language code other than ``da``, ``nb`` (``no``) or ``en``."""


class ScenarioError(BridgeLawsError, ValueError):
    """A scenario file that cannot be read, validated or replayed; says where."""

    def __init__(self, message: str, *, path: str | None = None, event_no: int | None = None,
                 key: str | None = None, **params: Any) -> None:
        super().__init__(message, key=key, **params)
        self.path = path
        self.event_no = event_no


class PbnError(BridgeLawsError, ValueError):
    """A PBN file that cannot be read, or a record that cannot be replayed; says which file, record and line.
    ``record`` is the 1-based number of the record (game) in the file, ``line`` the 1-based line."""

    def __init__(self, message: str, *, path: str | None = None, record: int | None = None,
                 line: int | None = None, key: str | None = None, **params: Any) -> None:
        super().__init__(message, key=key, record=record, line=line, **params)
        self.path = path
        self.record = record
        self.line = line
