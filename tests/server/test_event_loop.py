"""Issue 12, point 8: no request handler does blocking work on the event loop.

Every route but the event stream (which awaits its reads on the thread pool) and the empty favicon is a plain
function, which Starlette runs on its thread pool; an ``async def`` handler doing database, replay, rules or password
work would hold every other request while it runs.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
from typing import Any

from fastapi.routing import APIRoute

from umpire.server import security
from umpire.server.app import create_app

# The account handlers only await the password thread (``accounts.Hashing``, issue 26 point 6), off the pool.
ASYNC_ALLOWED = {"events", "favicon", "login", "create_account"}


def test_every_handler_runs_on_the_thread_pool(app_db: str) -> None:
    app = create_app(app_db, scheduler=False, warm=False)
    routes = [r for r in app.routes if isinstance(r, APIRoute)]
    assert len(routes) > 20
    on_loop = sorted(r.name for r in routes if inspect.iscoroutinefunction(r.endpoint) and r.name not in ASYNC_ALLOWED)
    assert on_loop == [], f"async handlers that would run on the event loop: {on_loop}"


def test_the_stream_reads_through_the_thread_pool(app_db: str, monkeypatch: Any) -> None:
    """The event stream's database reads happen on a worker thread, never on the loop's own thread."""
    from fastapi.testclient import TestClient

    from umpire.server.store import Store

    where: list[str] = []
    real = Store.read

    def spying(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
            where.append("the event loop")
        except RuntimeError:
            where.append("a worker thread")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Store, "read", spying)
    app = create_app(app_db, scheduler=False, warm=False, heartbeat=0.05)
    with TestClient(app) as client:
        made = client.post("/api/games", json={"ruleset": "standard"}).json()
        with client.stream("GET", f"/api/games/{made['id']}/events") as response:
            for line in response.iter_lines():
                if line.startswith("event: state"):
                    break
    assert where and set(where) == {"a worker thread"}


def test_password_hashes_are_few_at_once(monkeypatch: Any) -> None:
    """A burst of logins queues for the scrypt semaphore instead of running dozens of 16 MiB hashes at once."""
    running, peak = 0, 0
    guard = threading.Lock()
    real = security.hashlib.scrypt

    def counting(*args: Any, **kwargs: Any) -> bytes:
        nonlocal running, peak
        with guard:
            running += 1
            peak = max(peak, running)
        try:
            return real(*args, **kwargs)
        finally:
            with guard:
                running -= 1

    monkeypatch.setattr(security.hashlib, "scrypt", counting)
    threads = [threading.Thread(target=security.hash_password, args=("correct horse",)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert 1 <= peak <= 2


def test_the_deadline_scheduler_fires_on_a_worker_thread(monkeypatch: Any) -> None:
    """Firing a deadline runs the bots of bot seats and missed orders (the strong level thinks for up to its
    deadline): the scheduler does it on a worker thread, never on the event loop."""
    from umpire.server import scheduler

    where: list[str] = []

    def spying(store: Any, now: float | None = None) -> list[str]:
        try:
            asyncio.get_running_loop()
            where.append("the event loop")
        except RuntimeError:
            where.append("a worker thread")
        return []

    class NoDeadlines:
        def next_deadline(self) -> None:
            return None

    async def one_round() -> None:
        task = asyncio.create_task(scheduler.run_scheduler(NoDeadlines(), poll=0.01))  # type: ignore[arg-type]
        await asyncio.sleep(0.1)
        task.cancel()

    monkeypatch.setattr(scheduler, "fire_due", spying)
    asyncio.run(one_round())
    assert where and set(where) == {"a worker thread"}
