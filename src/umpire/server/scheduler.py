"""The deadline scheduler: a task inside the server that resolves phases whose deadline has passed.

Deadlines live in the database (``games.deadline_at``), so a restarted server finds the ones that passed while it
was down and resolves them at once. Several server processes on one database may all run it: resolving takes the
game's row lock and re-checks the deadline and the phase, so a phase is resolved exactly once.
"""

from __future__ import annotations

import asyncio
import logging
import time

from umpire.server.store import Store

log = logging.getLogger("umpire.server")


def fire_due(store: Store, now: float | None = None) -> list[str]:
    """Resolve every game whose deadline has passed; returns the ids of those resolved."""
    moment = time.time() if now is None else now
    fired = []
    for game_id in store.due_games(moment):
        try:
            if store.fire_deadline(game_id, moment):
                fired.append(game_id)
                log.info("deadline passed: resolved a phase of game %s", game_id)
        except Exception:
            log.exception("could not resolve the deadline of game %s", game_id)
    return fired


async def run_scheduler(store: Store, poll: float = 1.0) -> None:
    """Check deadlines until cancelled: at once, then at the next deadline or every ``poll`` seconds."""
    while True:
        try:
            # Off the event loop, on a worker thread like the request handlers: resolving a phase is quick, but the
            # bots of bot seats and of missed orders think in it (the strong level up to its deadline, seconds).
            await asyncio.to_thread(fire_due, store)
            upcoming = await asyncio.to_thread(store.next_deadline)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the deadline scheduler hit an error; retrying")
            upcoming = None
        wait = poll if upcoming is None else min(poll, max(0.05, upcoming - time.time()))
        await asyncio.sleep(wait)
