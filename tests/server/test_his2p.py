"""Here I Stand (two-player) through the server: the same API plays it, and neither the other player nor the
observer ever receives a hand, a Diplomatic hand, the deck or a sealed Diet card (issue 16, point 4, for what the
engine has today)."""

from __future__ import annotations

import json

from tests.server.conftest import Api


def test_his2p_plays_through_the_api_without_leaking_hands(api: Api) -> None:
    made = api.create(ruleset="his2p", seed=11)
    gid, tokens = made["id"], made["seat_tokens"]
    assert set(tokens) == {"papacy", "protestant"}
    for seat in tokens:
        api.ok("POST", f"/api/games/{gid}/join", tokens[seat], {"name": seat}, who=seat)
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    # the Protestant's "pass automatically unless I hold a card that can be played here" (HIS-R09), taken while the
    # other seat decides, shows only in its own view
    setting = {"type": "autopass", "kind": "unless_playable", "on": True}
    mine = api.ok("POST", f"/api/games/{gid}/actions", tokens["protestant"], {"action": setting}, who="protestant")
    assert mine["view"]["autopass_unless_playable"] is True
    for _ in range(60):
        gm = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
        if not gm["acting"] or gm["phase"] == "action":
            break
        seat = gm["acting"][0]
        mine = api.ok("GET", f"/api/games/{gid}", tokens[seat], who=seat)["view"]
        api.ok("POST", f"/api/games/{gid}/actions", tokens[seat], {"action": mine["actions"][0]}, who=seat)
    gm = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
    assert gm["phase"] == "action", gm["log"][-3:]
    api.ok("GET", f"/api/games/{gid}")  # the observer
    for text in api.received["papacy"] + api.received.get("observer", []):
        assert '"autopass_unless_playable":true' not in text.replace(" ", "")  # the Protestant's setting
    assert any('"autopass_unless_playable":true' in text.replace(" ", "") for text in api.received["protestant"])
    for seat, other in (("papacy", "protestant"), ("protestant", "papacy")):
        secret = {c["number"] for c in gm["hands"][seat]}
        for text in api.received[other] + api.received.get("observer", []):
            # a player's auto-pass preferences for the combat-card windows are its own (issue 14 point 8)
            for key in ('"hands"', '"deck":[', '"diplomatic_hands"', '"diplomatic_deck":[', '"autopass"'):
                assert key not in text
            for view in _views(text):
                shown = {c["number"] for c in view.get("hand", [])}
                assert not shown & secret
                assert view.get("diplomatic_hand", []) != gm["diplomatic_hands"][seat] or not view.get(
                    "diplomatic_hand"
                )


def _views(text: str) -> list[dict]:
    try:
        data = json.loads(text)
    except ValueError:
        return []
    view = data.get("view") if isinstance(data, dict) else None
    return [view] if isinstance(view, dict) else []


def test_his2p_is_offered_by_the_new_game_form_and_has_its_own_page(api: Api) -> None:
    listed = {r["name"]: r["browser"] for r in api.ok("GET", "/api/rulesets")}
    assert listed["his2p"] is True and listed["standard"] is True
    gid = api.create(ruleset="his2p", seed=1)["id"]
    page = api.client.get(f"/g/{gid}")
    assert page.status_code == 200 and "/static/his2p.js" in page.text and "/static/game.js" not in page.text


def test_his2p_map_svg_is_the_board_drawn_from_the_callers_view(api: Api) -> None:
    made = api.create(ruleset="his2p", seed=1)
    gid = made["id"]
    token = made["seat_tokens"]["papacy"]
    answer = api.client.get(f"/api/games/{gid}/map.svg", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert 'id="space-wittenberg"' in answer.text and 'class="space electorate protestant"' in answer.text
