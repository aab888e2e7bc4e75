"""The first read of a long game after a restart: loaded from its snapshot, against replaying its whole log.

    python benchmarks/server_restart.py --ruleset standard --actions 1000

Plays a game with bots (``random`` level) until its log holds ``--actions`` actions, storing every action through
the server's store (each its own transaction, as players' requests are) in a fresh SQLite database. Then, several
times, it opens a new store on that database (a restart: nothing cached) and times the first read of the game (the
snapshot path, what the server does), and the same first read with the snapshot refused (a full replay of the log,
what the server did before snapshots). It prints both medians and their ratio; the goal is under 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from umpire.bots.registry import bot_for
from umpire.kernel.bots import play_bot
from umpire.kernel.game import new_game
from umpire.server import db
from umpire.server.models import CreateGame
from umpire.server.store import Caller, Store


def fresh_store(url: str) -> Store:
    engine = db.make_engine(url)
    db.migrate(engine)
    return Store(engine)


def fill(store: Store, ruleset: str, actions: int, seed: int) -> str:
    """A running game whose stored log holds ``actions`` actions chosen by random bots."""
    made = store.create(CreateGame(ruleset=ruleset, seed=seed))
    game_id = str(made["id"])
    store.start(game_id)
    shadow = new_game(ruleset, seed=seed)
    bot = bot_for(ruleset, "random")
    taken = 0
    while taken < actions and not shadow.ruleset.is_over(shadow.state):
        acted = False
        for seat in shadow.ruleset.seats(shadow.state):
            if taken >= actions:
                break
            action = play_bot(bot, shadow.view(seat), seed, seat, taken)
            if action is None:
                continue
            shadow.act(seat, action)
            store.act(game_id, Caller(seat), [action])
            taken += 1
            acted = True
        if not acted and taken < actions:
            shadow.act("gm", {"type": "resolve"})
            store.act(game_id, Caller("gm"), [{"type": "resolve"}])
            taken += 1
    return game_id


def first_read(url: str, game_id: str, replay: bool) -> float:
    store = fresh_store(url)
    try:
        if replay:
            store._load = store._replay  # type: ignore[method-assign]  # the path before snapshots
        start = time.perf_counter()
        store.read(game_id, None)
        return time.perf_counter() - start
    finally:
        store.engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="umpire-restart-") as tmp:
        url = str(Path(tmp) / "restart.sqlite")
        store = fresh_store(url)
        game_id = fill(store, args.ruleset, args.actions, args.seed)
        logged = store.snapshot(game_id).row.seq
        store.engine.dispose()
        snapshot, replayed = [], []
        for _ in range(args.runs):  # interleaved, so that both see the same machine
            snapshot.append(first_read(url, game_id, replay=False))
            replayed.append(first_read(url, game_id, replay=True))
    s, r = statistics.median(snapshot) * 1000, statistics.median(replayed) * 1000
    print(f"{args.ruleset}: a game of {logged} actions, first read after a restart, median of {args.runs}")
    print(f"  from the snapshot: {s:.1f} ms (max {max(snapshot) * 1000:.1f})")
    print(f"  replaying the log: {r:.1f} ms (max {max(replayed) * 1000:.1f})")
    print(f"  the snapshot is {r / s:.0f} times faster; goal under 100 ms: {'met' if s < 100 else 'missed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
