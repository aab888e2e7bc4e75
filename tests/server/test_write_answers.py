"""The answer to a write is built from what its transaction holds (no second read), and equals a fresh read."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Api, started_game
from umpire.server.store import Store


def without_clock(answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "game": {k: v for k, v in answer["game"].items() if k != "now"}}


@pytest.fixture
def snapshots(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every Store.snapshot call (the second read a write's answer used to make)."""
    calls: list[str] = []
    real = Store.snapshot

    def counting(self: Store, *args: Any, **kwargs: Any) -> Any:
        calls.append("snapshot")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Store, "snapshot", counting)
    return calls


def test_writes_answer_from_their_transaction_what_a_read_shows(api: Api, snapshots: list[str]) -> None:
    made = started_game(api, settings={"press": "full"})
    gid, france, gm = made["id"], made["seat_tokens"]["FRANCE"], made["gm_token"]
    api.ok("POST", f"/api/games/{gid}/press", france, {"to": "public", "body": "hello"})
    steps = [
        (france, "orders", {"text": "A PAR H\nA MAR H\nF BRE H"}),
        (france, "ready", {"ready": True}),
        (france, "actions", {"action": {"type": "ready", "ready": False}}),
        (gm, "gm/resolve", {}),  # a new phase: its row is read in the transaction
        (france, "orders", {"text": "A PAR H"}),
    ]
    for token, path, body in steps:
        snapshots.clear()
        answer = api.ok("POST", f"/api/games/{gid}/{path}", token, body)
        assert snapshots == [], f"POST {path} read the game again to answer"
        assert without_clock(answer) == without_clock(api.ok("GET", f"/api/games/{gid}", token)), path
    assert api.ok("GET", f"/api/games/{gid}", france)["phases"] == 2


def test_a_refused_write_leaves_no_trace_in_what_is_read(api: Api) -> None:
    made = started_game(api)
    gid, france = made["id"], made["seat_tokens"]["FRANCE"]
    before = api.ok("GET", f"/api/games/{gid}", france)
    status, _ = api.call("POST", f"/api/games/{gid}/actions", france, {"action": {"type": "no such action"}})
    assert status == 422
    assert without_clock(api.ok("GET", f"/api/games/{gid}", france)) == without_clock(before)
