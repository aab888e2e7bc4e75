"""The bot interface: given one role's view, produce that role's next action.

A bot sees exactly what a player in that seat sees (the role's view) and nothing else. Its choices are a
player's choices, not the game's randomness: they are logged as ordinary actions, so a replay never runs a bot.
For repeatable self-play a bot draws from its own ``random.Random`` seeded by :func:`bot_seed`.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Protocol


class Bot(Protocol):
    """Anything that can play a seat."""

    def act(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        """The action to take now, or None when the role has nothing to do."""


def bot_seed(game_seed: int, role: str, step: int) -> int:
    """A seed for a bot's choices at one step of one game, independent of every other seat's."""
    digest = hashlib.sha256(f"bot:{game_seed}:{role}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_bot(bot: Bot, view: dict[str, Any], game_seed: int, role: str, step: int) -> dict[str, Any] | None:
    """Ask ``bot`` for an action with its deterministic generator for this seat and step."""
    return bot.act(view, random.Random(bot_seed(game_seed, role, step)))


def run_bots(game: Any, bots: dict[str, Bot], max_actions: int = 100_000) -> int:
    """Let ``bots`` (by seat) play ``game`` until it is over or no bot has anything to do; returns actions taken.

    Each round asks every seat with a bot for its action; when no bot acts but the game goes on (a seat without
    a bot is silent), the GM resolves the phase as a deadline would.
    """
    taken = 0
    seed = game.record["seed"]
    while not game.ruleset.is_over(game.state) and taken < max_actions:
        acted = False
        for seat, bot in bots.items():
            action = play_bot(bot, game.view(seat), seed, seat, len(game.record["actions"]))
            if action is not None:
                game.act(seat, action)
                taken += 1
                acted = True
        if not acted:
            if not any(a.get("type") == "resolve" for a in game.view("gm").get("actions", [])):
                break
            game.act("gm", {"type": "resolve"})
            taken += 1
    return taken
