"""The PostgreSQL path: migrations, a game, deadlines fired once by several servers, and live updates fanned out
between two server processes through LISTEN/NOTIFY.

A throw-away cluster is made with Debian's initdb and pg_ctl on a free loopback port (installed by
``scripts/install-postgres.sh`` when absent); the tests skip, saying why, only when that is impossible.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Api, Events, LiveServer, follow, started_game
from umpire.server.app import create_app
from umpire.server.db import make_engine
from umpire.server.scheduler import fire_due
from umpire.server.store import Store

ROOT = Path(__file__).resolve().parents[2]


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    binaries = pg_bin()
    if binaries is None:
        result = subprocess.run(
            ["bash", str(ROOT / "scripts" / "install-postgres.sh")], capture_output=True, text=True, timeout=900
        )
        binaries = pg_bin()
        if binaries is None:
            pytest.skip(f"PostgreSQL is not installed and could not be: {result.stderr.strip()[-300:]}")
    base = Path(tempfile.mkdtemp(prefix="umpire-pg-"))
    data, sockets = base / "data", base / "sock"
    sockets.mkdir()
    run_as: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run the server as")
        shutil.chown(base, user.pw_uid, user.pw_gid)
        shutil.chown(sockets, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    subprocess.run(
        [*run_as, str(binaries / "initdb"), "-D", str(data), "-U", "umpire", "--auth=trust", "-E", "UTF8"],
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    try:
        subprocess.run(
            [str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "umpire", "umpire"],
            check=True,
            capture_output=True,
        )
        yield f"postgresql://umpire@127.0.0.1:{port}/umpire"
    finally:
        subprocess.run(
            [*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(base, ignore_errors=True)


def test_game_on_postgres(postgres: str) -> None:
    app = create_app(postgres, scheduler=False)
    with TestClient(app) as client:
        api = Api(client)
        made = started_game(api, seats=("FRANCE",))
        gid = made["id"]
        api.ok("POST", f"/api/games/{gid}/orders", made["seat_tokens"]["FRANCE"], {"text": "A PAR - BUR"})
        status, data = api.call(
            "POST", f"/api/games/{gid}/orders", made["seat_tokens"]["FRANCE"], {"text": "A PAR - XX"}
        )
        assert status == 422 and data["lines"][0]["line"] == 1
        for token in made["seat_tokens"].values():
            shown = api.ok("POST", f"/api/games/{gid}/ready", token, {"ready": True})
        assert shown["view"]["phase"] == "F1901M"
        api.ok("POST", f"/api/games/{gid}/press", made["seat_tokens"]["FRANCE"], {"to": ["ITALY"], "body": "ciao"})
    # A second server process (a new app) replays the game from PostgreSQL and checks it against its digest.
    again = create_app(postgres, scheduler=False)
    with TestClient(again) as client:
        shown = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {made['seat_tokens']['ITALY']}"})
        assert shown.json()["view"]["phase"] == "F1901M" and shown.json()["press"][0]["body"] == "ciao"


def test_deadline_fired_once_by_many_servers(postgres: str) -> None:
    app = create_app(postgres, scheduler=False)
    with TestClient(app) as client:
        api = Api(client)
        made = started_game(api)
        api.ok("POST", f"/api/games/{made['id']}/gm/deadline", made["gm_token"], {"in_seconds": 0})
    stores = [Store(make_engine(postgres)) for _ in range(4)]
    fired: list[list[str]] = []
    barrier = threading.Barrier(len(stores))

    def run(store: Store) -> None:
        barrier.wait()
        fired.append([g for g in fire_due(store, 10**10) if g == made["id"]])

    threads = [threading.Thread(target=run, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(len(f) for f in fired) == [0, 0, 0, 1]
    assert sum(a["action"]["type"] == "resolve" for a in stores[0].action_log(made["id"])) == 1
    for store in stores:
        store.engine.dispose()


def test_live_updates_cross_servers_by_notify(postgres: str, tmp_path: Path) -> None:
    # A long heartbeat: an update that arrives quickly came through LISTEN/NOTIFY, not through polling.
    with LiveServer(postgres, heartbeat=60.0) as first, LiveServer(postgres, heartbeat=60.0) as second:
        made = httpx.post(f"{first.url}/api/games", json={"ruleset": "standard"}).json()
        gid = made["id"]
        events = Events()
        got = events.docs
        stop = threading.Event()
        url = f"{second.url}/api/games/{gid}/events"
        thread = threading.Thread(
            target=follow, args=(url, made["seat_tokens"]["FRANCE"], events, stop), kwargs={"timeout": 70}, daemon=True
        )
        thread.start()
        end = time.time() + 10
        while not got and time.time() < end:
            time.sleep(0.02)
        assert got and got[-1]["game"]["status"] == "lobby"
        started = time.time()
        gm = {"Authorization": f"Bearer {made['gm_token']}"}
        assert httpx.post(f"{first.url}/api/games/{gid}/gm/start", json={}, headers=gm).status_code == 200
        while got[-1]["game"]["status"] != "running" and time.time() < started + 5:
            time.sleep(0.02)
        assert got[-1]["game"]["status"] == "running", "the other server's stream never heard of the change"
        assert time.time() - started < 5
        stop.set()
        httpx.post(f"{first.url}/api/games/{gid}/gm/pause", json={}, headers=gm)
        thread.join(timeout=5)


def test_migrations_match_the_tables(postgres: str) -> None:
    from tests.server.test_migrations import schema_differences

    assert schema_differences(postgres) == []
