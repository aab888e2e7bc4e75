"""A server killed with SIGKILL in the middle of adjudicating a phase restarts and resolves that phase exactly once,
with every acknowledged order."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from umpire.server.store import CRASH_HOOK_ENV


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(database: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    log = database.with_suffix(f".{time.time_ns()}.log")
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "umpire", "serve", "--port", str(port), "--database", str(database)],
            env={**os.environ, **env},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    process.log = log  # type: ignore[attr-defined]
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")


def server_log(process: subprocess.Popen[bytes]) -> str:
    return str(process.log.read_text(errors="replace")[-3000:])  # type: ignore[attr-defined]


def test_sigkill_during_adjudication(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite"
    marker = tmp_path / "adjudicated"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(database, port, {CRASH_HOOK_ENV: str(marker)})
    try:
        made = httpx.post(f"{base}/api/games", json={"ruleset": "standard"}, timeout=60).json()
        gid = made["id"]

        def post(path: str, token: str, body: Any = None) -> Any:
            response = httpx.post(
                f"{base}/api/games/{gid}{path}",
                json=body or {},
                headers={"Authorization": f"Bearer {token}"},
                timeout=60,
            )
            assert response.status_code == 200, response.text
            return response.json()

        tokens = made["seat_tokens"]
        post("/gm/start", made["gm_token"])
        orders = {"FRANCE": "A PAR - BUR\nA MAR S A PAR - BUR", "GERMANY": "A MUN - RUH", "ITALY": "A VEN - TYR"}
        for seat, text in orders.items():
            post("/orders", tokens[seat], {"text": text})
        post("/gm/deadline", made["gm_token"], {"in_seconds": 0})
        # The scheduler adjudicates and stops just before committing; then the power goes out.
        for _ in range(1200):
            if marker.exists():
                break
            time.sleep(0.05)
        assert marker.exists(), f"the server never reached the adjudication:\n{server_log(server)}"
        assert int(marker.read_text()) == server.pid
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()

    server = start_server(database, port, {})
    try:
        view: dict[str, Any] = {}
        for _ in range(600):
            view = httpx.get(f"{base}/api/games/{gid}", timeout=60).json()["view"]
            if view["phase"] != "S1901M":
                break
            time.sleep(0.05)
        assert view["phase"] == "F1901M", server_log(server)
        assert view["history"]["length"] == 1
        results = view["history"]["last"]["results"]
        assert {r["order"]: r["result"] for r in results["FRANCE"]}["A PAR - BUR"] == "succeeds"
        assert [r["order"] for r in results["GERMANY"] if r["order"].startswith("A MUN")] == ["A MUN - RUH"]
        assert [r["order"] for r in results["ITALY"] if r["order"].startswith("A VEN")] == ["A VEN - TYR"]
        time.sleep(0.5)  # the scheduler keeps running: nothing more happens to the phase
        again = httpx.get(
            f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {made['gm_token']}"}, timeout=60
        ).json()
        assert again["view"]["history"]["length"] == 1 and again["game"]["seq"] == 4  # 3 orders, 1 resolve
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()

    import sqlite3

    with sqlite3.connect(database) as conn:
        rows = conn.execute("SELECT role, action FROM actions WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
    assert sum('"resolve"' in action for _, action in rows) == 1
    assert [role for role, action in rows if '"orders"' in action] == ["FRANCE", "GERMANY", "ITALY"]


def test_sigterm_with_a_stream_open(tmp_path: Path) -> None:
    """A server asked to stop (SIGTERM) while a page's live stream is open stops within its shutdown bound instead
    of waiting for the page to close (it used to wait forever)."""
    import threading

    from umpire.cli.serve import SHUTDOWN_SECONDS

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path / "stop.sqlite", port, {})
    opened = threading.Event()

    def listen(gid: str) -> None:
        with (
            contextlib.suppress(httpx.HTTPError),
            httpx.stream("GET", f"{base}/api/games/{gid}/events", timeout=60) as stream,
        ):
            for _ in stream.iter_lines():
                opened.set()

    try:
        gid = httpx.post(f"{base}/api/games", json={"ruleset": "standard"}, timeout=60).json()["id"]
        threading.Thread(target=listen, args=(gid,), daemon=True).start()
        assert opened.wait(60), server_log(server)
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=SHUTDOWN_SECONDS + 20)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the server did not stop on SIGTERM:\n{server_log(server)}") from None
        assert time.monotonic() - started < SHUTDOWN_SECONDS + 20
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
