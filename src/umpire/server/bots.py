"""Bots the server may put in a seat whose player missed a deadline (the "bot plays the seat" policy).

They come from the bot registry (``umpire.bots.registry``) at each ruleset's default level; a ruleset without
bots holds instead.
"""

from __future__ import annotations

from umpire.bots import registry
from umpire.kernel.bots import Bot


def bot_for(ruleset: str) -> Bot | None:
    """A stand-in bot for ``ruleset``, or None when it has none (the seat's orders are then the ruleset's default)."""
    if ruleset not in registry.rulesets_with_bots():
        return None
    return registry.bot_for(ruleset)
