"""Live updates: which games changed, fanned out to every open event stream of every server process.

Within one process, :class:`Hub` wakes the streams of a game when :meth:`Hub.publish` is called (from any thread).
Across processes on one PostgreSQL database, every change also runs ``pg_notify('umpire', game_id)`` in its
transaction, and each process listens (:func:`listen_postgres`) and publishes what it hears locally. Processes on
one SQLite database (``umpire serve --workers N``) look for each other's changes a few times a second instead
(:func:`watch_database`). A notification carries only a game's id, never content: each stream then asks for its
own role's view. Streams also re-check every few seconds, so a notification lost during a reconnect delays an
update by seconds, nothing worse.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

log = logging.getLogger("umpire.server")

T = TypeVar("T")


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


class Batches:
    """The work of a game's event streams, done in one trip to the thread pool per change instead of one per
    stream: a change wakes all of a game's streams at once, and each asks for its next message; the jobs asked
    for within a moment of each other are run together, one after another, on one worker thread.

    Each job is exactly what the stream would have run alone (its own caller, its own last message), so what a
    stream is sent does not change; only the hand-overs between the loop and the pool do, which under load cost
    more than the jobs themselves (a change of a game with ten open pages took ten of them)."""

    def __init__(self) -> None:
        self._pending: dict[str, list[tuple[Callable[[], Any], asyncio.Future[Any]]]] = {}
        self._flushing: set[asyncio.Task[None]] = set()

    async def run(self, game_id: str, job: Callable[[], T]) -> T:
        """``job()`` on the thread pool, with the other jobs of ``game_id`` asked for now; its result or error."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        batch = self._pending.get(game_id)
        if batch is None:
            batch = self._pending[game_id] = []
            task = loop.create_task(self._flush(game_id))
            self._flushing.add(task)
            task.add_done_callback(self._flushing.discard)
        batch.append((job, done))
        return await done

    async def _flush(self, game_id: str) -> None:
        from starlette.concurrency import run_in_threadpool

        for _ in range(4):  # let the other streams woken by the same change add their jobs
            await asyncio.sleep(0)
        batch = self._pending.pop(game_id, [])
        try:
            outcomes = await run_in_threadpool(_run_all, [job for job, _ in batch])
        except BaseException:  # cancelled (the server stops): so are the streams waiting here
            for _job, done in batch:
                done.cancel()
            raise
        for (_job, done), (ok, value) in zip(batch, outcomes, strict=True):
            if done.done():  # the stream went away meanwhile
                continue
            if ok:
                done.set_result(value)
            else:
                done.set_exception(value)


def _run_all(jobs: list[Callable[[], Any]]) -> list[tuple[bool, Any]]:
    outcomes: list[tuple[bool, Any]] = []
    for job in jobs:
        try:
            outcomes.append((True, job()))
        except Exception as exc:  # handed to the stream that asked, as if it had run the job itself
            outcomes.append((False, exc))
    return outcomes


async def watch_database(changes: Callable[[], list[str]], hub: Hub, interval: float) -> None:
    """Every ``interval`` seconds, wake the streams of the games ``changes()`` names (run on the thread pool: it
    reads the database); until cancelled. Server processes sharing a SQLite database learn of each other's
    changes this way (:meth:`umpire.server.store.Store.changes_by_others`)."""
    from starlette.concurrency import run_in_threadpool

    while True:
        try:
            for game_id in await run_in_threadpool(changes):
                hub.deliver(game_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database is busy or gone for a moment: look again on the next beat
            log.warning("could not look for other processes' changes (%s)", type(exc).__name__)
        await asyncio.sleep(interval)


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
