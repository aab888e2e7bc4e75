"""Fixtures of the server tests: an app on a fresh SQLite database, a small client for its API, and the browser.

The browser tests drive Debian's Chromium through Playwright. Starting Chromium costs seconds, so each test module
starts it once (``chromium``, module-scoped), and each test gets it through ``browser``, which closes the contexts
the test opened: tests share the process, never a page, a cookie or a storage. Not once per worker: Playwright's
synchronous API leaves its event loop marked running on the thread while it is open, and every later test of the
worker that calls ``asyncio.run`` then fails.
"""

from __future__ import annotations

import os
import subprocess
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

from umpire.server.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class Api:
    """The HTTP API as a test uses it: every call returns (status, JSON) and keeps what each caller received."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.received: dict[str, list[str]] = {}

    def call(self, method: str, path: str, token: str | None = None, body: Any = None, who: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if method == "GET":
            response = self.client.get(path, headers=headers)
        else:
            response = self.client.post(path, json=body if body is not None else {}, headers=headers)
        if who is not None:
            self.received.setdefault(who, []).append(response.text)
        return response.status_code, response.json()

    def ok(self, method: str, path: str, token: str | None = None, body: Any = None, who: str | None = None) -> Any:
        status, data = self.call(method, path, token, body, who)
        assert status < 300, (status, data)
        return data

    def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("ruleset", "standard")
        return self.ok("POST", "/api/games", body=body)


@pytest.fixture
def app_db(tmp_path: Path) -> str:
    return str(tmp_path / "umpire.sqlite")


@pytest.fixture
def client(app_db: str) -> Iterator[TestClient]:
    app = create_app(app_db, scheduler=False)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def api(client: TestClient) -> Api:
    return Api(client)


def started_game(api: Api, seats: tuple[str, ...] = ("FRANCE", "GERMANY"), **body: Any) -> dict[str, Any]:
    """A standard game with the given seats joined and started by the GM."""
    made = api.create(**body)
    for seat in seats:
        api.ok("POST", f"/api/games/{made['id']}/join", made["seat_tokens"][seat], {"name": seat.title()}, who=seat)
    api.ok("POST", f"/api/games/{made['id']}/gm/start", made["gm_token"])
    return made


class LiveServer:
    """A real uvicorn server on a free loopback port, in a thread of the test process."""

    def __init__(self, database: str, **app_options: Any) -> None:
        import socket
        import threading

        import uvicorn

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(database, **app_options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        import time

        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.02)
        raise RuntimeError("the test server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def live(app_db: str) -> Iterator[LiveServer]:
    with LiveServer(app_db, poll=0.1, heartbeat=0.3) as server:
        yield server


class Events:
    """What an event stream sent, read as a page reads it: each ``state`` message replaces the document, each
    ``patch`` message is applied to it with ``jsonpatch`` (an RFC 6902 implementation that is not the server's)."""

    def __init__(self) -> None:
        self.doc: dict[str, Any] | None = None
        self.docs: list[dict[str, Any]] = []  # the document after each message
        self.messages: list[tuple[str, str]] = []  # (event, data) as received
        self.bytes = 0
        self._event = "message"

    def feed(self, line: str) -> None:
        """One line of the stream (as ``httpx``'s ``iter_lines`` gives them)."""
        import copy
        import json

        import jsonpatch

        self.bytes += len(line.encode("utf-8")) + 1
        if line.startswith("event:"):
            self._event = line[6:].strip()
        elif line.startswith("data:"):
            data = line[5:].strip()
            self.messages.append((self._event, data))
            if self._event == "state":
                self.doc = json.loads(data)
            elif self._event == "patch":
                assert self.doc is not None, "a patch before any state"
                self.doc = jsonpatch.apply_patch(copy.deepcopy(self.doc), json.loads(data))
            if self.doc is not None and self._event in ("state", "patch"):
                self.docs.append(self.doc)
        elif not line:
            self._event = "message"


def follow(url: str, token: str | None, into: Events, stop: Any, timeout: float = 10) -> None:
    """Read the event stream at ``url`` into ``into`` until ``stop`` (a threading.Event) is set."""
    import httpx

    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(timeout=timeout) as client, client.stream("GET", url, headers=headers) as response:
        for line in response.iter_lines():
            into.feed(line)
            if stop.is_set():
                return


def ensure_chromium() -> None:
    """Install Debian's chromium through apt when it is missing (skip the browser tests if that fails)."""
    if os.path.exists(CHROMIUM):
        return
    script = ROOT / "scripts" / "install-chromium.sh"
    result = subprocess.run(["bash", str(script)], capture_output=True, text=True, timeout=900)
    if result.returncode != 0 or not os.path.exists(CHROMIUM):
        pytest.skip(f"Debian's chromium is not installed and could not be: {result.stderr.strip()[-300:]}")


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for a test module's browser tests."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (dev extra) is not installed")
    ensure_chromium()
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The process's Chromium for one test; the contexts (windows, cookies, storage) it opens are closed after it."""
    before = set(map(id, chromium.contexts))
    yield chromium
    for context in chromium.contexts:
        if id(context) not in before:
            context.close()
