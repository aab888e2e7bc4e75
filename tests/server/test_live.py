"""Live updates: each open event stream gets its own role's view when the game changes."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx

from tests.server.conftest import Events, LiveServer, follow


def wait_for(predicate: Any, seconds: float = 5.0) -> bool:
    end = time.time() + seconds
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_stream_follows_the_game(live: LiveServer) -> None:
    http = httpx.Client(base_url=live.url, timeout=10)
    made = http.post("/api/games", json={"ruleset": "standard"}).json()
    gid, tokens = made["id"], made["seat_tokens"]
    gm = {"Authorization": f"Bearer {made['gm_token']}"}
    events = Events()
    got = events.docs
    stop = threading.Event()
    thread = threading.Thread(
        target=follow, args=(f"{live.url}/api/games/{gid}/events", tokens["FRANCE"], events, stop), daemon=True
    )
    thread.start()
    assert wait_for(lambda: got and got[-1]["game"]["status"] == "lobby")
    assert got[0]["you"]["role"] == "FRANCE"
    http.post(f"/api/games/{gid}/gm/start", json={}, headers=gm)
    assert wait_for(lambda: got[-1]["game"]["status"] == "running")
    http.post(
        f"/api/games/{gid}/orders",
        json={"text": "A PAR - BUR"},
        headers={"Authorization": f"Bearer {tokens['FRANCE']}"},
    )
    assert wait_for(lambda: got[-1]["view"].get("orders") == {"FRANCE": ["A PAR - BUR"]})
    http.post(f"/api/games/{gid}/gm/resolve", json={}, headers=gm)
    assert wait_for(lambda: got[-1]["view"]["phase"] == "F1901M")
    stop.set()
    http.post(f"/api/games/{gid}/gm/pause", json={}, headers=gm)  # one more event lets the reader see `stop`
    thread.join(timeout=5)
    http.close()
    kinds = [event for event, _ in events.messages]
    assert kinds[0] == "state" and "patch" in kinds, kinds  # a whole answer first, then what changed
    assert all("now" not in data for event, data in events.messages if event == "patch")


def test_stream_refuses_bad_tokens(live: LiveServer) -> None:
    made = httpx.post(f"{live.url}/api/games", json={"ruleset": "standard"}).json()
    bad = httpx.get(f"{live.url}/api/games/{made['id']}/events", headers={"Authorization": "Bearer wrong"})
    assert bad.status_code == 401 and bad.json()["error"]
    missing = httpx.get(f"{live.url}/api/games/nosuchgame/events")
    assert missing.status_code == 404


def test_a_change_reaches_a_games_streams_in_one_trip_to_the_thread_pool(app_db: str, monkeypatch: Any) -> None:
    """Ten pages on a game: one change is one batch of ten stream jobs on the pool, not ten hand-overs (under
    load the hand-overs cost more than the jobs); each page still gets its own role's view."""
    from umpire.server import live as live_module

    batches: list[int] = []
    real = live_module._run_all

    def counting(jobs: list[Any]) -> Any:
        batches.append(len(jobs))
        return real(jobs)

    monkeypatch.setattr(live_module, "_run_all", counting)
    with LiveServer(app_db, poll=0.1, heartbeat=30) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        made = http.post("/api/games", json={"ruleset": "standard"}).json()
        gid, tokens = made["id"], made["seat_tokens"]
        gm = {"Authorization": f"Bearer {made['gm_token']}"}
        http.post(f"/api/games/{gid}/gm/start", json={}, headers=gm).raise_for_status()
        pages = [tokens[seat] for seat in sorted(tokens)] + [None, None, None]
        streams = [Events() for _ in pages]
        stop = threading.Event()
        threads = [
            threading.Thread(
                target=follow, args=(f"{server.url}/api/games/{gid}/events", token, events, stop), daemon=True
            )
            for token, events in zip(pages, streams, strict=True)
        ]
        for thread in threads:
            thread.start()
        assert wait_for(lambda: all(events.docs for events in streams))
        batches.clear()
        france = {"Authorization": f"Bearer {tokens['FRANCE']}"}
        http.post(f"/api/games/{gid}/ready", json={"ready": True}, headers=france).raise_for_status()
        assert wait_for(lambda: all(len(events.docs) >= 2 for events in streams))
        assert batches == [len(pages)], batches
        assert [events.docs[-1]["you"]["role"] for events in streams] == [
            *sorted(tokens),
            "observer",
            "observer",
            "observer",
        ]
        stop.set()
        http.post(f"/api/games/{gid}/gm/pause", json={}, headers=gm)
        for thread in threads:
            thread.join(timeout=5)
        http.close()
