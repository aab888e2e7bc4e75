"""Bots the server may put in a seat whose player missed a deadline (the "bot plays the seat" policy)."""

from __future__ import annotations

from collections.abc import Callable

from umpire.kernel.bots import Bot


def _standard() -> Bot:
    from umpire.bots.standard import SimpleBot

    return SimpleBot("greedy")


#: Ruleset name -> a factory of the bot that may stand in for a missing player. Rulesets without one hold.
BOTS: dict[str, Callable[[], Bot]] = {"standard": _standard}


def bot_for(ruleset: str) -> Bot | None:
    """A stand-in bot for ``ruleset``, or None when it has none (the seat's orders are then the ruleset's default)."""
    factory = BOTS.get(ruleset)
    return factory() if factory is not None else None
