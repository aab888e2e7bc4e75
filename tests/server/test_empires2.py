"""Empires for Two in the server: offered by the new-game form, its own page, its board drawn from the caller's
view, its actions in words (``games/empires2/labels.py``)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from tests.server.conftest import Api
from umpire.bots.empires2 import RandomBot
from umpire.games.empires2.drawing import draw_view
from umpire.games.empires2.scenario import load_scenario
from umpire.kernel.game import new_game


def test_empires2_is_offered_by_the_new_game_form_and_has_its_own_page(api: Api) -> None:
    listed = {r["name"]: r["browser"] for r in api.ok("GET", "/api/rulesets")}
    assert listed["empires2"] is True
    gid = api.create(ruleset="empires2", seed=1)["id"]
    page = api.client.get(f"/g/{gid}")
    assert page.status_code == 200 and "/static/empires2.js" in page.text and "/static/game.js" not in page.text


def test_empires2_map_svg_is_drawn_from_the_callers_view(api: Api) -> None:
    made = api.create(ruleset="empires2", seed=1)
    token = made["seat_tokens"]["germany"]
    answer = api.client.get(
        f"/api/games/{made['id']}/map.svg?panel=false", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(answer.text)
    ids = {el.attrib["id"]: el for el in root.iter() if "id" in el.attrib}
    assert ids["area-saxony"].attrib["fill"] == load_scenario("millennium").empires["germany"].colour
    assert ids["area-saxony"].attrib["data-area"] == "saxony"
    assert "panel" not in ids


def test_the_board_shows_owners_courts_and_unrest_now_not_at_the_start() -> None:
    game = new_game("empires2", "millennium", seed=1)
    game.state["areas"]["saxony"].update(owner="byzantine", unrest=True)
    game.state["empires"]["germany"]["court"] = "franconia"
    root = ET.fromstring(draw_view(game.view("germany"), panel=False))
    ids = {el.attrib["id"]: el for el in root.iter() if "id" in el.attrib}
    assert ids["area-saxony"].attrib["fill"] == load_scenario("millennium").empires["byzantine"].colour
    assert "unrest-saxony" in ids and "in unrest" in "".join(ids["area-saxony"].itertext())
    assert "Franconia: court area of Germany" in "".join(ids["court-germany"].itertext())


def test_every_action_has_its_own_words() -> None:
    """A page of buttons is useless if two read alike: over random games, no two actions of one decision share a
    label, and none falls back to the raw action type."""
    bot, rng = RandomBot(), random.Random(5)
    seen: set[str] = set()
    for seed in (1, 2):
        game = new_game("empires2", "millennium", seed=seed)
        for _ in range(250):
            acting = game.view("gm")["acting"]
            if not acting:
                break
            view = game.view(acting[0])
            words = [label["label"] for label in view["action_labels"]]
            assert len(words) == len(set(words)) == len(view["actions"]), words
            assert view["decision_text"]
            seen |= {a["type"] for a in view["actions"]}
            assert all(w != a["type"].replace("_", " ") for w, a in zip(words, view["actions"], strict=True))
            action = bot.act(view, rng)
            assert action is not None
            game.act(acting[0], action)
    assert {"place", "endeavour", "tax", "end_turn", "defend"} <= seen


def test_empires2_options_of_24_0_and_25_0_through_the_api(api: Api) -> None:
    """The new-game form lists raiders, magnates and colonisation (off); raiders on is a game whose view has the
    round's raids; colonisation on is refused with its reason, not a 500 (EMP-M01, M12)."""
    [listed] = [r for r in api.ok("GET", "/api/rulesets") if r["name"] == "empires2"]
    options = {o["name"]: o["default"] for o in listed["options"]}
    assert options == {
        "seats": "scenario",
        "leave_out": "none",
        "raiders": False,
        "magnates": False,
        "colonisation": False,
        "millennium_adjustment": True,
        "schism": False,
        "crusades": False,
    }
    made = api.create(ruleset="empires2", seed=5, options={"raiders": True, "magnates": True})
    status, answer = api.call("GET", f"/api/games/{made['id']}", made["gm_token"])
    assert status == 200 and answer["view"]["raids"][0]["area"] == "flanders"
    status, answer = api.call("POST", "/api/games", body={"ruleset": "empires2", "options": {"colonisation": True}})
    assert status == 422, answer  # as any option the ruleset refuses
    assert "cannot be played in empires2: umpire's map has no uncolonised area" in str(answer)
    body = {"ruleset": "empires2", "scenario": "charlemagne", "options": {"leave_out": "kiev"}}
    status, answer = api.call("POST", "/api/games", body=body)
    assert status == 422 and "only for the Millennium scenario (33.11" in str(answer), answer
