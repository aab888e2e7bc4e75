"""Fingerprints of seeded Here I Stand bot games: a hash of every role's view after every action, of the action
log and of the final state (issue 27 point 2: a refactoring changes none of them).

Run ``python tests/his2p/fingerprint.py [--full]`` with one tree's ``src`` on the path, then with another's, and
compare the printed lines (with the same ``PYTHONHASHSEED``; run one tree with two seeds to find an order that
follows the hash of a set, as the other majors' winter return did before it was sorted); ``test_fingerprint.py``
keeps a cheap version pinned.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from umpire.bots.registry import bot_for
from umpire.kernel.bots import play_bot
from umpire.kernel.canonical import canonical_json
from umpire.kernel.game import new_game, replay

#: (bot level, seed, options) of the games fingerprinted; the cheap set is the first few.
GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("random", 3, {}),
    ("normal", 1, {}),
    ("normal", 4, {"text": "italian"}),
    ("random", 0, {"deck": "anniversary"}),
    ("normal", 0, {}),
    ("normal", 2, {"deck": "anniversary"}),
    ("normal", 5, {"text": "italian"}),
    ("random", 1, {}),
    ("random", 2, {"text": "italian"}),
    ("random", 7, {}),
    ("normal", 6, {}),
    ("normal", 9, {"deck": "anniversary", "text": "italian"}),
)


def fingerprint(level: str, seed: int, options: dict[str, Any], max_actions: int = 2_000) -> dict[str, Any]:
    """Play one seeded bot game, hashing every role's view after every action (and at the start)."""
    game = new_game("his2p", options=options, seed=seed)
    seats = game.ruleset.seats(game.state)
    bots = {seat: bot_for("his2p", level) for seat in seats}
    views = hashlib.sha256()

    def look() -> None:
        for role in game.ruleset.roles(game.state):
            views.update(json.dumps(game.view(role), sort_keys=True).encode())

    look()
    taken = 0
    while not game.ruleset.is_over(game.state) and taken < max_actions:
        acted = False
        for seat, bot in bots.items():
            action = play_bot(bot, game.view(seat), seed, seat, len(game.record["actions"]))
            if action is not None:
                game.act(seat, action)
                taken += 1
                acted = True
                look()
        if not acted:
            break
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state), "the replay differs"
    return {
        "game": f"{level}:{seed}:{json.dumps(options, sort_keys=True)}",
        "actions": taken,
        "log": hashlib.sha256(json.dumps(game.record["actions"], sort_keys=True).encode()).hexdigest()[:16],
        "views": views.hexdigest()[:16],
        "state": game.digest()[:16],
        "blocked": game.state.get("blocked"),
    }


def main(argv: list[str]) -> None:
    games = GAMES if "--full" in argv else GAMES[:3]
    for level, seed, options in games:
        print(json.dumps(fingerprint(level, seed, options), sort_keys=True), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
