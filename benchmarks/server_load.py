"""Load test of the game server: N simulated players submit and read orders concurrently over loopback.

    python benchmarks/server_load.py --players 200 --duration 30

starts ``umpire serve`` on a fresh SQLite database (or uses ``--url`` of a running server), makes one standard
game per seven players with every seat joined, then lets each player loop for ``--duration`` seconds: submit its
orders (a hold for each of its units), read its view, think a while (``--think`` seconds on average, uniformly
random up to twice that). It prints the p50/p90/p99/max latency of each kind of request and of all of them, and
the throughput; with ``--check`` it exits 1 when the overall p99 is above ``--target-ms`` (default 50).

Every request goes to 127.0.0.1 (or the ``--url`` given, which must be on this machine); the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx

T = TypeVar("T")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(database: Path, workers: int = 1) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = ["serve", "--port", str(port), "--database", str(database)]
    if workers != 1:
        command += ["--workers", str(workers)]
    process = subprocess.Popen(
        [sys.executable, "-m", "umpire", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    url = f"http://127.0.0.1:{port}"
    end = time.time() + 60
    while time.time() < end:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


async def setup(client: httpx.AsyncClient, players: int) -> list[tuple[str, str, str]]:
    """Games enough for ``players`` seats, all joined and started; returns (game, seat, token) per player."""
    seats: list[tuple[str, str, str]] = []
    while len(seats) < players:
        made = (await client.post("/api/games", json={"ruleset": "standard", "title": "load"})).json()
        gid = made["id"]
        for seat, token in made["seat_tokens"].items():
            if len(seats) < players:
                headers = {"Authorization": f"Bearer {token}"}
                response = await client.post(f"/api/games/{gid}/join", json={"name": f"p{len(seats)}"}, headers=headers)
                response.raise_for_status()
                seats.append((gid, seat, token))
        started = await client.post(
            f"/api/games/{gid}/gm/start", json={}, headers={"Authorization": f"Bearer {made['gm_token']}"}
        )
        started.raise_for_status()
    return seats


async def player(
    url: str, game: str, token: str, until: float, think: float, times: dict[str, list[float]], seed: int
) -> None:
    # One client (one kept-alive connection) per player, as a browser would have; a shared pool of hundreds of
    # connections costs the load generator more than the server.
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        await play(client, game, token, until, think, times, seed)


async def play(
    client: httpx.AsyncClient,
    game: str,
    token: str,
    until: float,
    think: float,
    times: dict[str, list[float]],
    seed: int,
) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {token}"}
    view = (await client.get(f"/api/games/{game}", headers=headers)).json()["view"]
    units = [u for a in view.get("actions", []) if a["type"] == "orders" for u in a["orderable"].get("units", [])]
    await asyncio.sleep(rng.uniform(0, 2 * think))  # players do not all start at once
    while time.perf_counter() < until:
        orders = "\n".join(f"{u} H" if rng.random() < 0.5 else f"{u} HOLD" for u in units)
        start = time.perf_counter()
        response = await client.post(f"/api/games/{game}/orders", json={"text": orders}, headers=headers)
        times["submit"].append(time.perf_counter() - start)
        if response.status_code != 200:
            times["errors"].append(1.0)
        start = time.perf_counter()
        response = await client.get(f"/api/games/{game}", headers=headers)
        times["read"].append(time.perf_counter() - start)
        if response.status_code != 200:
            times["errors"].append(1.0)
        await asyncio.sleep(rng.uniform(0, 2 * think))


async def run(url: str, players: int, duration: float, think: float) -> dict[str, list[float]]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        seats = await setup(client, players)
    times: dict[str, list[float]] = {"submit": [], "read": [], "errors": []}
    until = time.perf_counter() + duration
    await asyncio.gather(
        *(player(url, game, token, until, think, times, i) for i, (game, _seat, token) in enumerate(seats))
    )
    return times


# --- the realistic mode: pages with open streams, phases resolving ------------------------------------------


class Answer:
    """A response as the realistic mode needs it: the status and the body."""

    def __init__(self, status_code: int, content: bytes) -> None:
        self.status_code, self.content = status_code, content

    def json(self) -> Any:
        return json.loads(self.content)


class Link:
    """One kept-alive HTTP/1.1 connection to the server, as a browser tab holds one: requests go one at a time.

    The realistic mode's generator runs on the same two cores as the server and is part of every latency it
    measures, so it speaks the little HTTP it needs itself (fixed-length answers and chunked streams) rather than
    through httpx; a broken connection is an ``OSError`` (reconnected on the next request)."""

    def __init__(self, url: str) -> None:
        host, _, port = url.split("://", 1)[1].partition(":")
        self.host, self.port = host, int(port or 80)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _send(self, method: str, path: str, headers: dict[str, str], body: Any) -> asyncio.StreamReader:
        if self.writer is None or self.writer.is_closing() or self.reader is None or self.reader.at_eof():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(data)}"]
        if body is not None:
            lines.append("Content-Type: application/json")
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
        assert self.reader is not None
        return self.reader

    @staticmethod
    async def _head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
        status = int((await reader.readuntil(b"\r\n")).split()[1])
        fields = {}
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            fields[name.strip().lower()] = value.strip()
        return status, fields

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, json_body: Any = None
    ) -> Answer:
        try:
            async with asyncio.timeout(30):
                reused = self.writer is not None
                reader = await self._send(method, path, headers or {}, json_body)
                try:
                    status, fields = await self._head(reader)
                except (ConnectionError, asyncio.IncompleteReadError) as exc:
                    if not reused or (isinstance(exc, asyncio.IncompleteReadError) and exc.partial):
                        raise
                    # The server closed the idle kept-alive connection as the request went out: a browser sends
                    # it again on a new connection, and so do we (once).
                    self.close()
                    reader = await self._send(method, path, headers or {}, json_body)
                    status, fields = await self._head(reader)
                if fields.get("transfer-encoding") == "chunked":
                    content = b"".join([chunk async for chunk in self._chunks(reader)])
                else:
                    content = await reader.readexactly(int(fields.get("content-length", "0")))
        except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError, IndexError) as exc:
            self.close()
            raise OSError(f"{type(exc).__name__}") from exc
        return Answer(status, content)

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return await self.request("GET", path, headers)

    async def post(self, path: str, json: Any, headers: dict[str, str] | None = None) -> Answer:
        return await self.request("POST", path, headers, json)

    @staticmethod
    async def _chunks(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            yield await reader.readexactly(size)
            await reader.readexactly(2)
        await reader.readexactly(2)

    async def lines(self, path: str, headers: dict[str, str]) -> AsyncIterator[str]:
        """An event stream's lines (raises OSError for a status other than 200)."""
        reader = await self._send("GET", path, headers, None)
        status, _fields = await self._head(reader)
        if status != 200:
            raise OSError(f"stream {status}")
        rest = b""
        async for chunk in self._chunks(reader):
            rest += chunk
            *whole, rest = rest.split(b"\n")
            for line in whole:
                yield line.decode()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Page:
    """One open page: its event stream, the latest view it shows, and a wake-up when the phase changes."""

    def __init__(self, url: str, game: str, token: str | None) -> None:
        self.url, self.game, self.token = url, game, token
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.shown: dict[str, object] | None = None
        self.phase: object = None
        self.changed = asyncio.Event()
        self.events = 0
        self.bytes = 0

    def phase_of(self) -> object:
        view = (self.shown or {}).get("view")
        return (view or {}).get("phase") if isinstance(view, dict) else None

    async def follow(self, until: float, errors: list[str]) -> None:
        """Read the stream until ``until``: full views (``state``) and JSON patches (``patch``) against the last."""
        import jsonpatch

        link = Link(self.url)
        try:
            kind, data = "", []
            async for line in link.lines(f"/api/games/{self.game}/events", self.headers):
                if time.perf_counter() > until:
                    return
                if line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
                elif not line and data:
                    text = "\n".join(data)
                    self.events += 1
                    self.bytes += len(text)
                    payload = json.loads(text)
                    if kind == "state":
                        self.shown = payload
                    elif kind == "patch" and self.shown is not None:
                        self.shown = jsonpatch.apply_patch(self.shown, payload, in_place=True)
                    phase = self.phase_of()
                    if phase != self.phase:
                        self.phase = phase
                        self.changed.set()
                    kind, data = "", []
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            if time.perf_counter() < until:
                errors.append(f"stream {exc}")
        finally:
            link.close()

    async def next_phase(self, timeout: float) -> None:
        self.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), timeout)


async def timed(times: dict[str, list[float]], kind: str, request: Any, errors: list[str]) -> Any:
    start = time.perf_counter()
    try:
        response = await request
    except OSError as exc:
        errors.append(f"{kind} {exc}")
        return None
    times.setdefault(kind, []).append(time.perf_counter() - start)
    if response.status_code >= 400 and not (kind == "ready" and response.status_code in (409, 422)):
        errors.append(f"{kind} {response.status_code}")
    return response


async def seat_loop(page: Page, until: float, times: dict[str, list[float]], errors: list[str], seed: int) -> None:
    """A player: think, read the view, send holds for its units, say ready; then wait for the next phase."""
    rng = random.Random(seed)
    client = Link(page.url)
    try:
        while time.perf_counter() < until:
            await asyncio.sleep(rng.uniform(1.0, 9.0))
            if time.perf_counter() >= until:
                return
            response = await timed(times, "read", client.get(f"/api/games/{page.game}", headers=page.headers), errors)
            if response is None or response.status_code != 200:
                continue
            view = response.json()["view"]
            forms = [a for a in view.get("actions", []) if a.get("type") == "orders"]
            units = [u for f in forms for u in (f.get("orderable") or {}).get("units", [])]
            if units and str(view.get("phase", "")).endswith("M"):
                text = "\n".join(f"{u} H" for u in units)
                await timed(
                    times,
                    "submit",
                    client.post(f"/api/games/{page.game}/orders", json={"text": text}, headers=page.headers),
                    errors,
                )
            await timed(
                times,
                "ready",
                client.post(f"/api/games/{page.game}/ready", json={"ready": True}, headers=page.headers),
                errors,
            )
            await page.next_phase(max(0.0, min(30.0, until - time.perf_counter())))
    finally:
        client.close()


async def watcher_loop(page: Page, until: float, times: dict[str, list[float]], errors: list[str], seed: int) -> None:
    """A spectator: the page follows the stream; it re-reads the view now and then and the map at each phase."""
    rng = random.Random(seed)
    client = Link(page.url)
    try:
        while time.perf_counter() < until:
            await page.next_phase(rng.uniform(3.0, 9.0))
            if time.perf_counter() >= until:
                return
            await timed(times, "read", client.get(f"/api/games/{page.game}"), errors)
            await timed(times, "map", client.get(f"/api/games/{page.game}/map.svg"), errors)
    finally:
        client.close()


async def gm_loop(
    url: str, game: str, token: str, page: Page, until: float, times: dict[str, list[float]], errors: list[str]
) -> None:
    """The GM resolves a phase nobody finished within 20 s (a deadline would)."""
    headers = {"Authorization": f"Bearer {token}"}
    client = Link(url)
    try:
        while time.perf_counter() < until:
            before = page.phase
            await page.next_phase(max(0.0, min(20.0, until - time.perf_counter())))
            if page.phase == before and time.perf_counter() < until:
                await timed(
                    times, "resolve", client.post(f"/api/games/{game}/gm/resolve", json={}, headers=headers), errors
                )
    finally:
        client.close()


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) used so far by process ``pid`` and its children (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def settle(pid: int, limit: float = 20.0) -> None:
    """Wait until the server is idle (its start-up work, such as drawing the maps' geometry, is done)."""
    end = time.time() + limit
    before = sum(cpu_seconds(p) for p in server_pids(pid))
    while time.time() < end:
        time.sleep(0.5)
        now = sum(cpu_seconds(p) for p in server_pids(pid))
        if now - before < 0.05:
            return
        before = now


def server_pids(pid: int) -> list[int]:
    """The server process and its worker processes (``umpire serve --workers``)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid, *(int(c) for c in children)]


async def later(delay: float, work: Coroutine[Any, Any, Any]) -> Any:
    """``work`` after ``delay`` seconds (a page opened by someone arriving then)."""
    await asyncio.sleep(delay)
    return await work


async def realistic(
    url: str,
    games: int,
    watchers: int,
    duration: float,
    cpu: dict[str, float] | None = None,
    server_pid: int = 0,
    ramp: float = 0.0,
) -> tuple[dict[str, list[float]], list[str], list[Page]]:
    """``games`` standard games, every seat a page with its stream open, ``watchers`` observer pages per game.

    The games' pages open one after another over the first ``ramp`` seconds, as people arrive for a game night
    (0: all at the same instant, a reconnection storm); their requests count like all others."""
    times: dict[str, list[float]] = {}
    errors: list[str] = []
    made_games = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        for g in range(games):
            made = (await client.post("/api/games", json={"ruleset": "standard", "title": f"load {g}"})).json()
            for seat, token in made["seat_tokens"].items():
                headers = {"Authorization": f"Bearer {token}"}
                joined = await client.post(f"/api/games/{made['id']}/join", json={"name": seat}, headers=headers)
                joined.raise_for_status()
            gm = {"Authorization": f"Bearer {made['gm_token']}"}
            (await client.post(f"/api/games/{made['id']}/gm/start", json={}, headers=gm)).raise_for_status()
            made_games.append(made)
    until = time.perf_counter() + duration
    pids = server_pids(server_pid) if server_pid else []
    began = (sum(cpu_seconds(p) for p in pids), time.process_time())
    pages: list[Page] = []
    tasks = []
    per_game = 7 + watchers
    for g, made in enumerate(made_games):
        gid = made["id"]
        seat_pages = [Page(url, gid, token) for token in made["seat_tokens"].values()]
        watch_pages = [Page(url, gid, None) for _ in range(watchers)]
        opened = [ramp * (len(pages) + i) / max(1, games * per_game) for i in range(len(seat_pages + watch_pages))]
        pages += seat_pages + watch_pages
        game_tasks = [p.follow(until, errors) for p in seat_pages + watch_pages]
        game_tasks += [seat_loop(p, until, times, errors, g * 100 + i) for i, p in enumerate(seat_pages)]
        game_tasks += [watcher_loop(p, until, times, errors, g * 100 + 50 + i) for i, p in enumerate(watch_pages)]
        page_of_task = [*range(len(opened)), *range(len(seat_pages)), *range(len(seat_pages), len(opened))]
        tasks += [later(opened[i], t) for i, t in zip(page_of_task, game_tasks, strict=True)]
        tasks.append(
            later(
                opened[-1],
                gm_loop(
                    url, gid, made["gm_token"], watch_pages[0] if watch_pages else seat_pages[0], until, times, errors
                ),
            )
        )

    async def lag() -> None:
        """How late the generator's own loop wakes (its share of every latency it measures)."""
        while time.perf_counter() < until:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            times.setdefault("(generator lag)", []).append(time.perf_counter() - start - 0.01)

    tasks.append(lag())
    await asyncio.gather(*tasks)
    if cpu is not None:
        cpu["server"] = sum(cpu_seconds(p) for p in pids) - began[0]
        cpu["generator"] = time.process_time() - began[1]
    return times, errors, pages


def phases_resolved(url: str, games: list[str]) -> int:
    return sum(int(httpx.get(f"{url}/api/games/{g}").json()["phases"]) - 1 for g in games)


def run_fast(work: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run``, on uvloop when it is installed (the generator's own CPU is part of what it measures)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def realistic_main(args: argparse.Namespace) -> int:
    """Runs the realistic mode ``--runs`` times, each on a fresh server, and prints each run and the spread."""
    rows = []
    failed = False
    for run_no in range(1, args.runs + 1):
        tmp = tempfile.TemporaryDirectory(prefix="umpire-load-")
        process, url = start_server(Path(tmp.name) / "load.sqlite", args.workers)
        try:
            settle(process.pid)
            began = time.perf_counter()
            cpu: dict[str, float] = {}
            times, errors, pages = run_fast(
                realistic(url, args.games, args.watchers, args.duration, cpu, process.pid, args.ramp)
            )
            elapsed = time.perf_counter() - began
            game_ids = sorted({p.game for p in pages})
            phases = phases_resolved(url, game_ids)
        finally:
            process.terminate()
            process.wait(timeout=10)
            tmp.cleanup()
        every = [t for kind, values in times.items() if not kind.startswith("(") for t in values]
        p50, p99, top = (percentile(every, q) * 1000 for q in (50, 99, 100))
        pushed = sum(p.bytes for p in pages) / max(1, sum(p.events for p in pages))
        print(
            f"run {run_no}: {len(pages)} pages on {args.games} games, {len(every)} requests in {elapsed:.0f} s, "
            f"{phases * 60 / args.duration:.0f} phases/min; p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {top:.1f} ms; "
            f"errors {len(errors)}; {sum(p.events for p in pages)} stream events, {pushed:.0f} bytes each on average"
        )
        if cpu.get("server"):
            per_request = cpu["server"] * 1000 / max(1, len(every))
            print(
                f"    CPU: server {cpu['server'] / args.duration:.0%} of a core ({per_request:.1f} ms per request), "
                f"generator {cpu['generator'] / args.duration:.0%}; "
                f"load average {os.getloadavg()[0]:.1f} (other work on the machine counts too)"
            )
        for kind, values in sorted(times.items()):
            row = [percentile(values, q) * 1000 for q in (50, 99, 100)]
            print(f"    {kind:<8} {len(values):>6}  p50 {row[0]:7.1f}  p99 {row[1]:7.1f}  max {row[2]:7.1f} ms")
        if errors:
            print("    errors:", ", ".join(sorted(set(errors)))[:400])
        rows.append((p50, p99, top))
        failed |= bool(errors) or p99 >= args.target_ms or top >= args.target_max_ms
    if len(rows) > 1:
        for name, index in (("p50", 0), ("p99", 1), ("max", 2)):
            values = [r[index] for r in rows]
            median = statistics.median(values)
            print(f"{name}: {min(values):.1f}–{max(values):.1f} ms over {len(rows)} runs (median {median:.1f})")
    print(f"target: p99 < {args.target_ms:.0f} ms, max < {args.target_max_ms:.0f} ms, no errors")
    return 1 if args.check and failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of load")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between a player's rounds, seconds")
    parser.add_argument("--url", help="a running server on this machine (default: start one on a fresh SQLite)")
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--check", action="store_true", help="exit 1 when the p99 misses the target")
    parser.add_argument(
        "--realistic",
        action="store_true",
        help="pages with open event streams on --games games (7 seats and --watchers observers each), phases resolving",
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=3, help="observer pages per game in --realistic")
    parser.add_argument("--runs", type=int, default=3, help="runs of --realistic, each on a fresh server")
    parser.add_argument(
        "--ramp",
        type=float,
        default=10.0,
        help="--realistic: seconds over which the pages open, as people arrive (0: all at once, a reconnection storm)",
    )
    parser.add_argument("--target-max-ms", type=float, default=250.0)
    parser.add_argument("--workers", type=int, default=1, help="server processes (umpire serve --workers)")
    args = parser.parse_args()
    if args.realistic:
        return realistic_main(args)
    if args.url and not args.url.startswith(("http://127.", "http://localhost", "http://[::1]")):
        raise SystemExit("--url must be a server on this machine (loopback)")
    process = None
    tmp = tempfile.TemporaryDirectory(prefix="umpire-load-")
    url = args.url
    if url is None:
        process, url = start_server(Path(tmp.name) / "load.sqlite")
    try:
        began = time.perf_counter()
        times = asyncio.run(run(url, args.players, args.duration, args.think))
        elapsed = time.perf_counter() - began
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=10)
        tmp.cleanup()
    every = times["submit"] + times["read"]
    print(f"{args.players} players, {args.duration:.0f} s, think {args.think} s, server {url}")
    print(f"{'request':<8} {'count':>7} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, values in (("submit", times["submit"]), ("read", times["read"]), ("all", every)):
        row = [percentile(values, q) * 1000 for q in (50, 90, 99, 100)]
        print(f"{name:<8} {len(values):>7} " + " ".join(f"{v:>8.1f}" for v in row))
    print(f"throughput {len(every) / max(elapsed, 1e-9):.0f} requests/s; errors {len(times['errors'])}")
    p99 = percentile(every, 99) * 1000
    print(f"p50 {statistics.median(every) * 1000:.1f} ms, p99 {p99:.1f} ms (target p99 < {args.target_ms:.0f} ms)")
    if args.check and (p99 >= args.target_ms or times["errors"]):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
