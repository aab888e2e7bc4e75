"""A seat that changes its orders tells no one: the observer's and another seat's answers and event streams are the
same before and after (no action count, no ready flag flipping back, no message, no extra keep-alive)."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest

from tests.server.conftest import Events, LiveServer, follow

HEARTBEAT = 0.3

GAMES = {
    # ruleset, seed, the seat that changes its orders (and its two versions), the seat that watches
    "standard": ("standard", 1, "FRANCE", ("A PAR - BUR", "A PAR - PIC\nF BRE - MAO"), "GERMANY"),
    "europe1615": ("europe1615", 3, "FRANCE", ("9: WUR\nPAR-CHA", "5: LOR\nPAR-BUR"), "SPAIN"),
}


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths at which two JSON documents differ, each with both values (short), for a readable failure."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in sorted(set(a) | set(b), key=str) for d in differences(a.get(k), b.get(k), f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in differences(x, y, f"{path}/{i}")]
    return [] if a == b else [f"{path}: {str(a)[:200]} != {str(b)[:200]}"]


def without_clock(answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "game": {k: v for k, v in answer["game"].items() if k != "now"}}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_changing_orders_is_invisible_to_the_others(app_db: str, name: str) -> None:
    ruleset, seed, mover, texts, watcher = GAMES[name]
    with LiveServer(app_db, poll=0.1, heartbeat=HEARTBEAT) as live, httpx.Client(base_url=live.url, timeout=10) as http:
        made = http.post("/api/games", json={"ruleset": ruleset, "seed": seed}).json()
        gid, tokens, gm = made["id"], made["seat_tokens"], made["gm_token"]

        def call(path: str, token: str | None, body: Any = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            if body is None:
                response = http.get(f"/api/games/{gid}{path}", headers=headers)
            else:
                response = http.post(f"/api/games/{gid}{path}", json=body, headers=headers)
            assert response.status_code == 200, response.text
            return response.json()

        for seat in (mover, watcher):
            call("/join", tokens[seat], {"name": seat.title()})
        call("/gm/start", gm, {})
        call("/orders", tokens[mover], {"text": texts[0]})
        call("/ready", tokens[mover], {"ready": True})

        streams = {who: Events() for who in ("observer", watcher)}
        stop = threading.Event()
        threads = [
            threading.Thread(
                target=follow, args=(f"{live.url}/api/games/{gid}/events", token, streams[who], stop), daemon=True
            )
            for who, token in (("observer", None), (watcher, tokens[watcher]))
        ]
        for thread in threads:
            thread.start()
        end = time.time() + 10
        while not all(s.docs for s in streams.values()) and time.time() < end:
            time.sleep(0.02)
        time.sleep(2 * HEARTBEAT)
        before = {"observer": call("", None), watcher: call("", tokens[watcher])}
        sent = {who: list(s.messages) for who, s in streams.items()}
        beats = {who: s.bytes for who, s in streams.items()}
        gm_seq = call("", gm)["game"]["seq"]

        # The mover changes its orders again and again, and marks itself ready once more.
        started = time.time()
        for i in range(10):
            call("/orders", tokens[mover], {"text": texts[(i + 1) % 2]})
        call("/ready", tokens[mover], {"ready": True})
        window = time.time() - started + 3 * HEARTBEAT
        time.sleep(3 * HEARTBEAT)

        after = {"observer": call("", None), watcher: call("", tokens[watcher])}
        mine = call("", tokens[mover])["view"]
        assert mine["ready"] is True and mover not in mine["waiting_for"]  # ready stays ready while orders change
        assert call("", gm)["game"]["seq"] == gm_seq + 11  # the GM sees every action
        for who in before:
            assert not differences(without_clock(after[who]), without_clock(before[who])), who
            assert "seq" not in after[who]["game"]
            assert streams[who].messages == sent[who], f"{who}'s stream sent a message"
            # Only keep-alives on the stream's own beat arrived (": still here" and its blank line: 14 bytes).
            assert streams[who].bytes - beats[who] <= 14 * (window / HEARTBEAT + 2), who
        assert before["observer"]["view"]["waiting_for"] == after["observer"]["view"]["waiting_for"]
        assert mover not in before["observer"]["view"]["waiting_for"]

        # A change they do see still reaches them, as a patch.
        call("/ready", tokens[mover], {"ready": False})
        # Wait for the change itself (on a loaded machine another patch, e.g. the clock's, may come first).
        end = time.time() + 10
        while mover not in streams["observer"].docs[-1]["view"]["waiting_for"] and time.time() < end:
            time.sleep(0.02)
        assert streams["observer"].messages[len(sent["observer"]) :][0][0] == "patch"
        assert mover in streams["observer"].docs[-1]["view"]["waiting_for"]
        stop.set()
        call("/gm/pause", gm, {})
        for thread in threads:
            thread.join(timeout=5)
