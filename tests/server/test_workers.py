"""Several server processes on one SQLite database (``umpire serve --workers N``): each one's event streams see
the others' changes within a fraction of a second, and their writers queue fairly for the database."""

from __future__ import annotations

import asyncio
import fcntl
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.server.test_crash import free_port
from umpire.server import db
from umpire.server.live import Hub, watch_database
from umpire.server.models import CreateGame
from umpire.server.store import Caller, Store


def fresh_store(url: str) -> Store:
    engine = db.make_engine(url)
    db.migrate(engine)
    return Store(engine)


def test_changes_by_others_names_the_games_another_process_changed(app_db: str) -> None:
    mine, other = fresh_store(app_db), fresh_store(app_db)
    made = mine.create(CreateGame(ruleset="standard", seed=1))
    gid = str(made["id"])
    mine.start(gid)
    assert mine.changes_by_others() == []  # the first look only takes its mark
    seq = mine.read_shared(gid, None, max_age=60)[1].row.seq
    other.act(gid, Caller("FRANCE"), [{"type": "ready", "ready": True}])
    assert mine.changes_by_others() == [gid]
    assert mine.read_shared(gid, None, max_age=60)[1].row.seq == seq + 1  # the shared snapshot was dropped
    assert mine.changes_by_others() == []  # seen once
    mine.act(gid, Caller("FRANCE"), [{"type": "ready", "ready": False}])
    assert mine.changes_by_others() == []  # its own change woke its streams already
    assert other.changes_by_others() == []  # other's first look
    mine.act(gid, Caller("FRANCE"), [{"type": "ready", "ready": True}])
    assert other.changes_by_others() == [gid]


def test_watch_database_wakes_the_streams_of_the_changed_games() -> None:
    woken: list[str] = []

    class Recording(Hub):
        def deliver(self, game_id: str) -> None:
            woken.append(game_id)

    looks = iter([["a"], [], ["b", "c"]])

    async def main() -> None:
        task = asyncio.create_task(watch_database(lambda: next(looks, []), Recording(), 0.01))
        await asyncio.sleep(0.3)
        task.cancel()

    asyncio.run(main())
    assert woken == ["a", "b", "c"]


def test_writers_of_one_file_queue_on_its_lock_file(app_db: str) -> None:
    """While a transaction writes, another process's writer waits on ``<database>-writer`` (woken at once when
    it is released), rather than polling in SQLite's busy handler and losing to this process's next writer."""
    store = fresh_store(app_db)
    with store.writing():
        probe = os.open(f"{app_db}-writer", os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(probe)
    probe = os.open(f"{app_db}-writer", os.O_RDWR)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free again
    finally:
        os.close(probe)


def test_serve_with_two_workers_streams_every_change(tmp_path: Path) -> None:
    """A real ``umpire serve --workers 2``: changes made through either process reach a stream open on either,
    well within the streams' 5 s heartbeat."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "umpire", "serve", "--port", str(port), "--database", "g.sqlite", "--workers", "2"],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.time() + 90
        while time.time() < deadline:
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            pytest.fail(f"the server did not start: {log.read_text()[-2000:]}")
        made = httpx.post(f"{url}/api/games", json={"ruleset": "standard"}, timeout=60).json()
        gid, gm = made["id"], {"Authorization": f"Bearer {made['gm_token']}"}
        httpx.post(f"{url}/api/games/{gid}/gm/start", json={}, headers=gm, timeout=60).raise_for_status()
        seen: list[tuple[float, int]] = []  # (when, the GM's action count) per message of each stream
        streams_open = threading.Barrier(5)

        def follow(index: int) -> None:
            import json

            with httpx.stream("GET", f"{url}/api/games/{gid}/events", headers=gm, timeout=30) as response:
                streams_open.wait()
                doc: dict[str, object] | None = None
                for line in response.iter_lines():
                    if line.startswith("data:") and doc is None:
                        doc = json.loads(line[5:])
                    elif line.startswith("data:"):
                        for op in json.loads(line[5:]):
                            if op["path"] == "/game/seq":
                                seen.append((time.monotonic(), index * 1000 + int(op["value"])))
                    if any(value % 1000 == 8 for _, value in seen if value // 1000 == index):
                        return

        # Four streams on separate connections: the kernel spreads them over the two processes.
        followers = [threading.Thread(target=follow, args=(i,), daemon=True) for i in range(4)]
        for thread in followers:
            thread.start()
        streams_open.wait(timeout=30)
        time.sleep(0.5)
        sent = {}
        seat = {"Authorization": f"Bearer {made['seat_tokens']['FRANCE']}"}
        for n in range(1, 9):  # eight changes, each on a new connection (either process may take it)
            with httpx.Client(base_url=url, timeout=60) as client:
                client.post(f"/api/games/{gid}/ready", json={"ready": n % 2 == 1}, headers=seat).raise_for_status()
            sent[n] = time.monotonic()
            time.sleep(0.3)
        for thread in followers:
            thread.join(timeout=20)
        for index in range(4):
            got = {value % 1000: at for at, value in seen if value // 1000 == index}
            assert 8 in got, f"stream {index} never saw the last change: {sorted(got)}"
            assert got[8] - sent[8] < 2.0, f"stream {index} saw the last change {got[8] - sent[8]:.1f} s late"
    finally:
        server.terminate()
        server.wait(timeout=30)
