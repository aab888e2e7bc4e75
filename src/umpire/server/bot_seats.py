"""Seats a bot plays from the start (the creator's ``settings.bots``: seat -> level): checked when the game is
made, and played by the server as their decisions come, in the same transaction as the action that opened them.

A bot sees only its seat's view and its choices are logged as the seat's actions (``kernel/bots.py``), so a
replay never runs it. At least one seat stays a person's: a game of bots alone is ``umpire selfplay``'s work.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from umpire.bots import registry
from umpire.kernel.bots import Bot, play_bot
from umpire.kernel.errors import IllegalAction, UmpireError
from umpire.kernel.game import Game

log = logging.getLogger(__name__)

#: Bot actions one transaction may take: a person's action may hand the bots many decisions in a row (a whole
#: impulse, a response window, the draws of a new turn); more than this means a bot that never stops.
MAX_BOT_ACTIONS = 2000


def bot_name(level: str) -> str:
    """The name a bot seat shows in the seat list: ``normal bot``."""
    return f"{level} bot"


def check_bot_seats(
    ruleset: str, title: str, seats: list[str], staff: list[str], bots: dict[str, str], assignment: str
) -> None:
    """Refuse a ``bots`` setting naming an unknown or staff seat, an unknown level, a ruleset without bots, every
    player seat, or seats dealt by the blind auction (a bot does not bid) (IllegalAction, naming what is wrong and
    what was expected)."""
    if not bots:
        return
    if assignment == "auction":
        raise IllegalAction("a bot cannot bid in the blind auction; choose assignment 'chosen' or 'random' for bots")
    if ruleset not in registry.rulesets_with_bots():
        raise IllegalAction(f"{title} has no bots, so no seat can be played by one; leave 'bots' empty")
    levels = registry.levels(ruleset)
    players = [s for s in seats if s not in staff]
    for seat, level in bots.items():
        if seat not in players:
            raise IllegalAction(f"no player seat {seat!r} for a bot in {title}; seats: {', '.join(players)}")
        if level not in levels:
            raise IllegalAction(f"unknown bot level {level!r} for seat {seat!r}; levels: {', '.join(levels)}")
    if set(players) <= set(bots):
        raise IllegalAction(
            "every player seat would be a bot's; leave at least one seat for a person (bots alone: umpire selfplay)"
        )


def play_bot_seats(game: Game, bots: dict[str, str], seed: int, apply: Callable[[str, dict[str, Any]], None]) -> int:
    """Let the bot seats take their decisions until none has one (or the game is over); returns how many actions
    they took. ``apply`` applies a seat's action (the transaction's, so that it is logged)."""
    if not bots:
        return 0
    made: dict[str, Bot] = {seat: registry.bot_for(game.record["ruleset"], level) for seat, level in bots.items()}
    taken = 0
    while taken < MAX_BOT_ACTIONS and not game.ruleset.is_over(game.state):
        acted = False
        for seat, bot in made.items():
            action = play_bot(bot, game.view(seat), seed, seat, len(game.record["actions"]))
            if action is None:
                continue
            try:
                apply(seat, action)
            except UmpireError as exc:  # a bot's mistake must not undo the person's action that led to it
                log.warning("the %s bot's action %r was refused: %s", seat, action, exc)
                return taken
            taken += 1
            acted = True
        if not acted:
            break
    return taken
