"""A server game from a position (issue 31 point 1): the creator (its GM) sends one; the game starts from that
moment, its log replays from the position after a restart, and a bad or oversized position is refused with its
problems (docs/positions.md)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Api
from umpire.kernel.game import new_game
from umpire.kernel.position import MAX_BYTES, write_position
from umpire.server.app import create_app


def position(seed: int = 3) -> dict[str, Any]:
    game = new_game("his2p", seed=seed)
    return write_position(game.ruleset, game.state)


def test_the_gm_starts_a_game_from_a_position_and_it_replays_after_a_restart(api: Api, app_db: str) -> None:
    # ruling K-G09
    moment = position()
    moment["bonus_vp"]["protestant"] = 4  # the position, not the scenario: a VP the 1517 set-up does not give
    made = api.create(ruleset="his2p", seed=12, position=moment)
    gid, tokens = made["id"], made["seat_tokens"]
    for seat in tokens:
        api.ok("POST", f"/api/games/{gid}/join", tokens[seat], {"name": seat}, who=seat)
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    for _ in range(4):
        gm = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
        seat = gm["acting"][0]
        mine = api.ok("GET", f"/api/games/{gid}", tokens[seat], who=seat)["view"]
        api.ok("POST", f"/api/games/{gid}/actions", tokens[seat], {"action": mine["actions"][0]}, who=seat)
    before = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
    assert before["bonus_vp"]["protestant"] == 4
    assert before["log"][0]["text"].startswith("the game starts from a position")
    with TestClient(create_app(app_db, scheduler=False)) as again:
        store = again.app.state.store  # type: ignore[attr-defined]
        assert store.verify(gid) == 4  # the position and the log replay to the stored state
        after = Api(again).ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
    assert after == before
    for seat in tokens:  # the position's hands and decks reach no player
        for text in api.received[seat]:
            for bad in ('"diplomatic_deck":[', '"position":'):
                i = text.find(bad)
                assert i < 0, text[max(0, i - 200) : i + 200]


def test_a_bad_position_is_refused_with_one_line_per_problem(api: Api) -> None:
    moment = position()
    moment["turn"] = 0
    moment["units"]["gulf_of_lyon"] = {"papacy": {"regular": 1}}
    status, data = api.call("POST", "/api/games", body={"ruleset": "his2p", "position": moment})
    assert status == 422
    assert data["problems"] == [
        "turn: expected 1 to 9, found 0",
        "units.gulf_of_lyon.papacy.regular: land units cannot stand in a sea zone",
    ]
    assert data["error"] == "\n".join(data["problems"])
    status, data = api.call(
        "POST", "/api/games", body={"ruleset": "his2p", "position": position(), "options": {"deck": "base"}}
    )
    assert status == 422 and "own moment and options" in data["error"]
    huge = {**position(), "padding": "x" * MAX_BYTES}
    status, data = api.call("POST", "/api/games", body={"ruleset": "his2p", "position": huge})
    assert status == 422 and "positions of at most" in data["error"]
    status, data = api.call("POST", "/api/games", body={"ruleset": "standard", "position": position()})
    assert status == 422 and data["error"] == "ruleset: this position is of 'his2p', not of 'standard'"
