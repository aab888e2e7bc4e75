"""Small helpers that write SVG markup as text (the boards drawn from a view build their documents with them)."""

from __future__ import annotations

import colorsys
from typing import Any
from xml.sax.saxutils import escape, quoteattr

__all__ = ["attrs", "el", "ink", "pale", "text"]

GOLDEN = 0.381966  # of a turn: hues spread this way never repeat closely


def attrs(**given: Any) -> str:
    """Attributes as markup: ``stroke_width`` is written ``stroke-width``, a trailing ``_`` is dropped
    (``class_``), and None leaves the attribute out."""
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in given.items() if v is not None)


def el(tag: str, body: str = "", **given: Any) -> str:
    """An element with ``body`` (markup, already escaped) inside, or an empty element."""
    return f"<{tag}{attrs(**given)}>{body}</{tag}>" if body else f"<{tag}{attrs(**given)}/>"


def text(x: float, y: float, words: str, **given: Any) -> str:
    """A text element at (x, y); ``words`` is escaped."""
    return el("text", escape(words), x=f"{x:.1f}", y=f"{y:.1f}", **given)


def ink(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def pale(index: int) -> str:
    """The ``index``-th of a run of soft colours, hues spread by the golden angle (a minor state's land)."""
    r, g, b = colorsys.hls_to_rgb((0.11 + index * GOLDEN) % 1.0, 0.62, 0.45)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"
