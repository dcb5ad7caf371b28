"""The HTML pictures' look, named once: the colours, the font, the sizes the layout is built from, and the
inline ``style`` strings (:func:`css`) together with the widget's stylesheet of classes made from them."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

RED = "#c8102e"
BLACK = "#111111"
BLUE = "#1f5fa8"
ORANGE = "#e07b00"
GREEN = "#2f6b3a"
#: Arial's metrics everywhere: Arial on Windows and macOS, its metric twin Liberation Sans on Linux (Debian's
#: fonts-liberation, which .ci/run installs), so a line wraps on a teacher's laptop where it wraps in the fit test
#: (tests/test_fit_browser.py); DejaVu Sans, a tenth wider, only where neither is installed
FONT = 'Arial, "Liberation Sans", Helvetica, "DejaVu Sans", sans-serif'
#: the Director's statements, readable from the back of a seminar room (issue #20 item 2)
STATEMENT_PX = 20
#: the widget's widest: wider, the statements' lines grow too long to read and the side boxes drift away
WIDGET_MAX_PX = 1000
#: a decision's option this long or shorter stands beside the others ("Krev ♥"), a longer one on its own line
SHORT_OPTION = 24
#: the compass's widest in the widget: the rest of a 1280 px Lab page with its file browser open is the side's
COMPASS_MAX_PX = 580
#: in the widget, a suit this long or longer may wrap inside its hand when the compass would be wider than that
WRAP_SUIT = 5


def stylesheet() -> str:
    """The shared stylesheet: empty. Every picture carries its styles inline (an untrusted notebook drops
    ``<style>`` elements, and a page-wide stylesheet would restyle other pictures). Kept for callers that
    strip a repeated stylesheet."""
    return ""


def css(**props: str | int | None) -> str:
    """``css(font_size="20px", color=RED)`` -> ``"font-size:20px;color:#c8102e"`` (None values left out)."""
    return _css(tuple(props.items()))


@lru_cache(maxsize=4096)
def _css(items: tuple[tuple[str, Any], ...]) -> str:
    return ";".join(f"{k.replace('_', '-')}:{v}" for k, v in items if v is not None)



def style_class(style: str) -> str:
    """The class that carries ``style`` in the widget's stylesheet (a hash of it: the same on every run)."""
    return "bl-s" + hashlib.sha1(style.encode("utf-8")).hexdigest()[:10]


def style_rules(sheet: dict[str, str]) -> str:
    """The stylesheet of the classes in ``sheet``, in a stable order."""
    return "\n".join(f".{cls}{{{style}}}" for style, cls in sorted(sheet.items(), key=lambda kv: kv[1]))
