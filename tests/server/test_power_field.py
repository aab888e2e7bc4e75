"""An action's ``power`` must be the seat's (issue 26, point 5): every ruleset refuses one naming a power the seat
neither is nor gives the orders of, with a 422 naming both, checked in one place (``Game.check_power``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Api


def started(api: Api, ruleset: str, **body: Any) -> dict[str, Any]:
    made = api.create(ruleset=ruleset, seed=3, **body)
    for seat, token in made["seat_tokens"].items():
        api.ok("POST", f"/api/games/{made['id']}/join", token, {"name": seat})
    api.ok("POST", f"/api/games/{made['id']}/gm/start", made["gm_token"])
    return made


def test_europe1615_refuses_orders_for_another_power_and_saves_nothing(api: Api) -> None:
    # ruling K-G05
    made = started(api, "europe1615")
    gid, austria = made["id"], made["seat_tokens"]["AUSTRIA"]
    before = api.ok("GET", f"/api/games/{gid}", austria)["view"].get("submission")
    status, refused = api.call("POST", f"/api/games/{gid}/orders", austria, {"text": "A VIE H", "power": "SPAIN"})
    assert status == 422 and "AUSTRIA" in refused["error"] and "SPAIN" in refused["error"], refused
    submit = {"type": "submit", "text": "A VIE H", "power": "SPAIN"}
    status, refused = api.call("POST", f"/api/games/{gid}/actions", austria, {"action": submit})
    assert status == 422 and "AUSTRIA" in refused["error"] and "SPAIN" in refused["error"], refused
    assert api.ok("GET", f"/api/games/{gid}", austria)["view"].get("submission") == before
    # Its own power, named, is taken as before.
    api.ok("POST", f"/api/games/{gid}/orders", austria, {"text": "A VIE H", "power": "AUSTRIA"})


@pytest.mark.parametrize("ruleset", ["standard", "europe1615", "his2p", "empires2", "rr3"])
def test_every_ruleset_refuses_a_legal_action_made_out_for_another_power(api: Api, ruleset: str) -> None:
    # ruling K-G05
    made = started(api, ruleset)
    gid, tokens = made["id"], made["seat_tokens"]
    for seat in tokens:
        token = tokens[seat]
        offered = [a for a in api.ok("GET", f"/api/games/{gid}", token)["view"].get("actions") or [] if "type" in a]
        if offered:
            break
    else:
        raise AssertionError(f"no seat of {ruleset} has an action at the start")
    other = next(s for s in tokens if s != seat)
    forged = {**offered[0], "power": other}
    status, refused = api.call("POST", f"/api/games/{gid}/actions", token, {"action": forged})
    assert status == 422, (status, refused)
    assert seat.lower() in refused["error"].lower() and other.lower() in refused["error"].lower(), refused
