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
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


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


def start_server(database: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "umpire", "serve", "--port", str(port), "--database", str(database)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    url = f"http://127.0.0.1:{port}"
    end = time.time() + 30
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of load")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause between a player's rounds, seconds")
    parser.add_argument("--url", help="a running server on this machine (default: start one on a fresh SQLite)")
    parser.add_argument("--target-ms", type=float, default=50.0)
    parser.add_argument("--check", action="store_true", help="exit 1 when the p99 misses the target")
    args = parser.parse_args()
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
