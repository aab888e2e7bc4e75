"""Bots for Here I Stand, two-player (issue 16): ``random`` picks uniformly among the legal actions its view lists.

A view lists every legal action fully formed, so the random bot needs no rules of its own; it never sees the other
player's hand (it gets its seat's view only). The ``normal`` level (a strategy for each side) is not written yet.
"""

from __future__ import annotations

import random
from typing import Any

LEVELS = ("random",)


class RandomBot:
    """A legal player: any of the actions the view offers, uniformly."""

    def act(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        actions = view.get("actions") or []
        return dict(rng.choice(actions)) if actions else None


def make_bot(level: str) -> RandomBot:
    """A bot of ``level`` (only ``random`` exists)."""
    if level != "random":
        raise ValueError(f"Here I Stand bots have the levels {', '.join(LEVELS)}, not {level!r}")
    return RandomBot()
