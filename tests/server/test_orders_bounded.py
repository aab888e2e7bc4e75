"""Orders texts are bounded by work, not only by size (issue 26, point 4): at most 50 error lines are listed, then
one line saying how many more, and no more than MAX_LINES_TRIED lines are read. What that buys in time (a
20,000-character text answered within a few reads' time; another game's reads beside two clients posting such texts
within 3 times what they are beside two clients reading) is measured by ``benchmarks/hidden_info_timing.py`` with
:func:`orders_figures`, since timings belong in benchmarks, not tests."""

from __future__ import annotations

import statistics
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import Api, LiveServer
from umpire.server.submission import MAX_ERROR_LINES, MAX_LINES_TRIED

BAD = "\n".join("A XYZ - QQQ" for _ in range(1667))[:20000]  # 1,667 lines that are no orders: 20,000 characters
SOME = "\n".join(f"A XY{i % 10} - QQQ" for i in range(120))  # 120 lines that are no orders


def started(http: Any, url: str, ruleset: str = "standard", seat: str = "FRANCE") -> tuple[str, dict[str, str]]:
    made = http.post(f"{url}/api/games", json={"ruleset": ruleset}).json()
    headers = {"Authorization": f"Bearer {made['seat_tokens'][seat]}"}
    http.post(f"{url}/api/games/{made['id']}/join", json={"name": seat}, headers=headers)
    http.post(
        f"{url}/api/games/{made['id']}/gm/start", json={}, headers={"Authorization": f"Bearer {made['gm_token']}"}
    )
    return made["id"], headers


def test_a_long_bad_text_lists_50_lines_and_says_how_many_more(api: Api) -> None:
    # ruling K-G08
    gid, headers = started(api.client, "")
    for path in ("orders", "orders/check"):
        answer = api.client.post(f"/api/games/{gid}/{path}", json={"text": SOME}, headers=headers)
        lines = answer.json()["lines"]
        assert answer.status_code == (422 if path == "orders" else 200)
        assert len(lines) == MAX_ERROR_LINES + 1 and all(e["line"] > 0 for e in lines[:-1])
        assert lines[-1]["line"] == 0 and lines[-1]["error"].startswith("... and "), lines[-1]
    note = api.client.post(f"/api/games/{gid}/orders", json={"text": SOME}, headers=headers).json()["lines"][-1]
    assert "70 more lines" in note["error"], note
    # 20,000 characters of lines: read no further than MAX_LINES_TRIED of them, and refused at once.
    refused = api.client.post(f"/api/games/{gid}/orders", json={"text": BAD}, headers=headers)
    assert refused.status_code == 422
    assert refused.json()["lines"] == [
        {
            "line": 0,
            "text": "",
            "error": f"the text has more than {MAX_LINES_TRIED} lines of orders; at most {MAX_LINES_TRIED} are read "
            f"(lines {MAX_LINES_TRIED + 1} to 1667 were not read)",
        }
    ]
    # A text of good orders beyond the units' count: the count is the message, no line is blamed.
    many = "\n".join(["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"] * 20)
    refused = api.client.post(f"/api/games/{gid}/orders", json={"text": many}, headers=headers).json()
    assert refused["lines"] == [] and "expected at most" in refused["error"], refused


def timed(http: httpx.Client, method: str, url: str, headers: dict[str, str], body: Any = None) -> float:
    started_at = time.perf_counter()
    http.request(method, url, headers=headers, json=body)
    return time.perf_counter() - started_at


def orders_figures(tmp_path: Path) -> tuple[float, float, float, float]:
    """Medians: a read and a post of a 20,000-character text (side by side), then another game's read beside two
    clients reading and beside two clients posting such texts (the two blocks taken in turn, three times each)."""
    with (
        LiveServer(str(tmp_path / "umpire.sqlite"), scheduler=False, warm=False) as server,
        httpx.Client(timeout=30) as http,
    ):
        gid, headers = started(http, server.url)
        other, other_headers = started(http, server.url)
        read_url, other_url = f"{server.url}/api/games/{gid}", f"{server.url}/api/games/{other}"
        post = f"{server.url}/api/games/{gid}/orders"
        for _ in range(3):  # warm
            timed(http, "GET", read_url, headers), timed(http, "POST", post, headers, {"text": BAD})
        reads, posts = [], []
        for _ in range(15):  # side by side, so the machine's load falls on both alike
            reads.append(timed(http, "GET", read_url, headers))
            posts.append(timed(http, "POST", post, headers, {"text": BAD}))
        read, answered = statistics.median(reads), statistics.median(posts)

        def other_reads_while(method: str, body: Any) -> float:
            """The median read of the other game while two clients send ``method`` requests to this one."""
            stop = threading.Event()

            def busy() -> None:
                with httpx.Client(timeout=30) as own:
                    while not stop.is_set():
                        own.request(method, post if body else read_url, json=body, headers=headers)

            clients = [threading.Thread(target=busy) for _ in range(2)]
            for t in clients:
                t.start()
            try:
                return statistics.median(timed(http, "GET", other_url, other_headers) for _ in range(25))
            finally:
                stop.set()
                for t in clients:
                    t.join()

        # Two clients reading a game are the baseline; two posting 20,000-character texts, taken in turn with it.
        reading: list[float] = []
        posting: list[float] = []
        for _ in range(3):
            reading.append(other_reads_while("GET", None))
            posting.append(other_reads_while("POST", {"text": BAD}))
    return read, answered, statistics.median(reading), statistics.median(posting)
