"""The kill -9 trials for all five rulesets (issue 26, point 7): a server killed with SIGKILL while committing the
action that opens a new phase comes back with every acknowledged action and without the one it was killed in (never
acknowledged), the log replaying to the stored state; the same action sent again then opens the phase once.

One server process per trial (it dies in it), the five games prepared by the first: six starts in all."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.test_crash import free_port, server_log
from tests.server.test_snapshots import fresh_store
from umpire.server.store import CRASH_HOOK_ENV

RULESETS = ("standard", "europe1615", "his2p", "empires2", "rr3")


def start_server(database: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """The server in a process of its own (as ``umpire serve`` runs it, without warming the drawn maps, which this
    test never draws: a start costs less)."""
    code = (
        "import sys, uvicorn; from umpire.server.app import create_app; "
        "uvicorn.run(create_app(sys.argv[1], warm=False, poll=0.2), host='127.0.0.1', port=int(sys.argv[2]), "
        "log_level='warning')"
    )
    log = database.with_suffix(f".{time.time_ns()}.log")
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", code, str(database), str(port)],
            env={**os.environ, **env},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    process.log = log  # type: ignore[attr-defined]
    deadline = time.time() + 60
    while time.time() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")


class Client:
    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, token: str | None = None, body: Any = None, timeout: float = 60) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx.request(method, f"{self.base}{path}", json=body, headers=headers, timeout=timeout)
        assert response.status_code < 300, (path, response.status_code, response.text)
        return response.json()


def next_step(client: Client, made: dict[str, Any]) -> tuple[str, str, Any]:
    """The request that moves the game on: the GM's resolve where the GM has one, else the acting seat's first
    legal action. (path, token, body)."""
    gid, gm = made["id"], made["gm_token"]
    view = client.call("GET", f"/api/games/{gid}", gm)["view"]
    if any(a.get("type") == "resolve" for a in view.get("actions") or []):
        return f"/api/games/{gid}/gm/resolve", gm, {}
    seat = view["acting"][0]
    token = made["seat_tokens"][seat]
    mine = client.call("GET", f"/api/games/{gid}", token)["view"]["actions"]
    return f"/api/games/{gid}/actions", token, {"action": mine[0]}


def phases(client: Client, made: dict[str, Any]) -> int:
    """How many phases the game has opened (the history's pages)."""
    return int(client.call("GET", f"/api/games/{made['id']}", made["gm_token"])["phases"])


@pytest.mark.slow
def test_sigkill_while_opening_a_phase_in_every_ruleset(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite"
    port = free_port()
    client = Client(f"http://127.0.0.1:{port}")
    games: dict[str, dict[str, Any]] = {}
    for trial, ruleset in enumerate(RULESETS):
        marker = tmp_path / f"adjudicated-{trial}"
        server = start_server(database, port, {CRASH_HOOK_ENV: str(marker)})
        try:
            if not games:  # the first process sets every game up; starting one opens no phase
                for name in RULESETS:
                    made = client.call("POST", "/api/games", body={"ruleset": name, "seed": 3})
                    client.call("POST", f"/api/games/{made['id']}/gm/start", made["gm_token"], {})
                    games[name] = made
            made = games[ruleset]
            if trial:  # the game killed in the last trial: its action was not kept, and goes through now
                earlier = games[RULESETS[trial - 1]]
                assert phases(client, earlier) == earlier["phases_before"], server_log(server)
            seq_before = client.call("GET", f"/api/games/{made['id']}", made["gm_token"])["game"]["seq"]
            phases_before = phases(client, made)
            killed = None
            for _ in range(80):  # step on until a step opens a phase: that request stops before its commit
                path, token, body = next_step(client, made)
                done = threading.Event()

                def send(path: str = path, token: str = token, body: Any = body, done: threading.Event = done) -> None:
                    with contextlib.suppress(httpx.HTTPError):  # the server died under it: never acknowledged
                        httpx.post(
                            f"{client.base}{path}", json=body, headers={"Authorization": f"Bearer {token}"}, timeout=60
                        )
                    done.set()

                threading.Thread(target=send, daemon=True).start()
                while not done.is_set() and not marker.exists():
                    time.sleep(0.02)
                if marker.exists():
                    killed = (path, token, body)
                    break
                seq_before = client.call("GET", f"/api/games/{made['id']}", made["gm_token"])["game"]["seq"]
            assert killed is not None, f"{ruleset}: no step opened a phase\n{server_log(server)}"
            assert int(marker.read_text()) == server.pid
            made.update(killed=killed, seq_before=seq_before, phases_before=phases_before)
            os.kill(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()

    server = start_server(database, port, {})
    try:
        for ruleset, made in games.items():
            gid, gm = made["id"], made["gm_token"]
            answer = client.call("GET", f"/api/games/{gid}", gm)
            assert answer["game"]["seq"] == made["seq_before"], (ruleset, server_log(server))  # nothing lost, no more
            assert answer["phases"] == made["phases_before"], ruleset
            path, token, body = made["killed"]
            client.call("POST", path, token, body)  # the same request again: now it opens the phase, once
            after = client.call("GET", f"/api/games/{gid}", gm)
            assert after["phases"] > made["phases_before"], ruleset
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except Exception:
            server.kill()
            server.wait()
    store = fresh_store(str(database))
    try:
        for ruleset, made in games.items():
            assert store.verify(made["id"]) >= made["seq_before"] + 1, ruleset  # the log replays to the snapshot
    finally:
        store.engine.dispose()
