"""Live updates: which games changed, fanned out to every open event stream of every server process.

Within one process, :class:`Hub` wakes the streams of a game when :meth:`Hub.publish` is called (from any thread).
Across processes on one PostgreSQL database, every change also runs ``pg_notify('umpire', game_id)`` in its
transaction, and each process listens (:func:`listen_postgres`) and publishes what it hears locally. A
notification carries only a game's id, never content: each stream then asks for its own role's view. Streams also
re-check every few seconds, so a notification lost during a reconnect delays an update by seconds, nothing worse.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable

log = logging.getLogger("umpire.server")


class Hub:
    """Per-game wake-up queues of the event streams open in this process."""

    def __init__(self) -> None:
        self._subscribers: dict[str, set[asyncio.Queue[None]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._guard = threading.Lock()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def subscribe(self, game_id: str) -> asyncio.Queue[None]:
        queue: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        with self._guard:
            self._subscribers.setdefault(game_id, set()).add(queue)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[None]) -> None:
        with self._guard:
            subs = self._subscribers.get(game_id)
            if subs is not None:
                subs.discard(queue)
                if not subs:
                    del self._subscribers[game_id]

    def publish(self, game_id: str) -> None:
        """Wake the streams of ``game_id``; safe to call from any thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is shutting down
            loop.call_soon_threadsafe(self.deliver, game_id)

    def deliver(self, game_id: str) -> None:
        with self._guard:
            queues = list(self._subscribers.get(game_id, ()))
        for queue in queues:
            if queue.empty():
                queue.put_nowait(None)

    def streams(self) -> int:
        with self._guard:
            return sum(len(s) for s in self._subscribers.values())


async def listen_postgres(url: str, hub: Hub, forget: Callable[[str], None] | None = None) -> None:
    """LISTEN on the database and publish each notified game id to ``hub``; reconnects until cancelled.
    ``forget(game_id)`` is called first: what this process keeps of that game for its streams is out of date."""
    import psycopg

    dsn = url.replace("postgresql+psycopg://", "postgresql://", 1)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                await conn.execute("LISTEN umpire")
                log.info("listening for game changes from other server processes")
                async for note in conn.notifies():
                    if forget is not None:
                        forget(note.payload)
                    hub.deliver(note.payload)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: try again shortly
            log.warning("lost the database notification channel (%s); reconnecting", type(exc).__name__)
            await asyncio.sleep(1.0)
