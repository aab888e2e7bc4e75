"""``umpire demo RULESET``: the server with one game ready to play, bots in every seat but yours.

The game is made on the server's own store, exactly as the new-game form makes one (a ``settings.bots`` entry per
bot seat, seats chosen), and started at once, so the link printed opens a game where the bots have already
taken their first decisions. Without ``--database`` the demo keeps its games in a new folder under the system's
temporary directory, which it names, so a demo never touches the ``umpire.sqlite`` of ``umpire serve``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from umpire.bots import registry
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game


def demo_seats(ruleset: str, seat: str | None, level: str | None) -> tuple[str, dict[str, str]]:
    """The seat left to the person and the bots' ``seat -> level`` for a demo of ``ruleset`` (IllegalAction naming
    the rulesets with bots, the seats or the levels when one of them is not what was expected)."""
    known = registry.rulesets_with_bots()
    if ruleset not in known:
        raise IllegalAction(
            f"{ruleset!r} has no bots to fill the other seats; umpire demo runs {', '.join(known)} "
            "(umpire serve hosts every ruleset, with people in the seats)"
        )
    levels = registry.levels(ruleset)
    chosen = level if level is not None else registry.family(ruleset).default
    if chosen not in levels:
        raise IllegalAction(f"unknown bot level {chosen!r} for {ruleset}; expected one of {', '.join(levels)}")
    game = new_game(ruleset, None, {}, 0)
    staff = set(game.ruleset.staff_seats(game.state))
    players = [s for s in game.ruleset.seats(game.state) if s not in staff]
    mine = players[0] if seat is None else next((s for s in players if s.lower() == seat.lower()), None)
    if mine is None:
        raise IllegalAction(f"{ruleset} has no seat {seat!r}; expected one of {', '.join(players)}")
    return mine, {s: chosen for s in players if s != mine}


def create_demo(app: Any, address: str, ruleset: str, seat: str, bots: dict[str, str]) -> list[str]:
    """Create and start the demo game on ``app``'s store; the lines that tell the person where to go."""
    from umpire.server.models import CreateGame

    store = app.state.store
    body = CreateGame.model_validate(
        {"ruleset": ruleset, "title": f"umpire demo: {ruleset}", "settings": {"bots": bots}}
    )
    made = store.create(body)
    store.start(made["id"])
    level = next(iter(bots.values()))
    return [
        f"A {ruleset} game with {len(bots)} {level} bots is running.",
        f"Your seat, {seat}: {address}/g/{made['id']}#token={made['seat_tokens'][seat]}",
        f"The GM's page (everything, undo, deadlines): {address}/g/{made['id']}#token={made['gm_token']}",
    ]


def demo_database(database: str | None) -> str:
    """Where the demo keeps its games: the given database, or a new SQLite file in a temporary folder."""
    if database is not None:
        return database
    return str(Path(tempfile.mkdtemp(prefix="umpire-demo-")) / "umpire.sqlite")
