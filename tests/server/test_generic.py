"""The server is ruleset-generic: a ruleset it has never heard of (the kernel's test-only hidden-hands game, a
sequential game with secret hands and an engine-run power) is played through the same API, views and action
endpoint, with its hidden hands kept from the other seat."""

from __future__ import annotations

import tests.kernel.toy  # noqa: F401  (registers the "toy-hands" ruleset)
from tests.server.conftest import Api


def test_a_sequential_hidden_hand_game_plays_through_the_server(api: Api) -> None:
    names = [r["name"] for r in api.ok("GET", "/api/rulesets")]
    assert "toy-hands" in names
    made = api.create(ruleset="toy-hands", options={"hand": 3}, seed=5)
    gid, tokens = made["id"], made["seat_tokens"]
    assert set(tokens) == {"RED", "BLUE"}
    for seat in tokens:
        api.ok("POST", f"/api/games/{gid}/join", tokens[seat], {"name": seat.lower()}, who=seat)
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    hands = {seat: api.ok("GET", f"/api/games/{gid}", tokens[seat], who=seat)["view"]["hand"] for seat in tokens}
    assert len(hands["RED"]) == 3 and not set(hands["RED"]) & set(hands["BLUE"])
    # Play the game out: each seat plays one card, then both pass (two passes end the game).
    plays = {"RED": 0, "BLUE": 0}
    for _ in range(20):
        shown = api.ok("GET", f"/api/games/{gid}")
        if shown["view"].get("turn") is None or shown["game"]["status"] == "over":
            break
        turn = shown["view"]["turn"]
        mine = api.ok("GET", f"/api/games/{gid}", tokens[turn], who=turn)["view"]
        if not mine["actions"]:
            break
        other = "BLUE" if turn == "RED" else "RED"
        action = mine["actions"][0] if plays[turn] == 0 else {"type": "pass"}
        plays[turn] += 1
        status, data = api.call("POST", f"/api/games/{gid}/actions", tokens[other], {"action": action})
        assert status == 422 and "turn" in data["error"]  # a token acts only for its own seat
        api.ok("POST", f"/api/games/{gid}/actions", tokens[turn], {"action": action}, who=turn)
    final = api.ok("GET", f"/api/games/{gid}")
    assert final["game"]["status"] == "over"
    # The cards a seat never played never reached the other seat, in any answer it got.
    played = {entry["card"] for entry in final["view"]["played"]}
    for seat, other in (("RED", "BLUE"), ("BLUE", "RED")):
        secret = set(hands[seat]) - played
        assert secret, "every card was played: the test would prove nothing"
        for text in api.received[other]:
            assert not {card for card in secret if f'"{card}"' in text}, (seat, other)
            assert '"hands"' not in text
    gm_view = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
    assert "hands" in gm_view  # the GM sees everything
