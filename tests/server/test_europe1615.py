"""Europe 1615 through the server: a whole submission text per seat, per-line errors, secrecy between seats."""

from __future__ import annotations

import json

from tests.server.conftest import Api, started_game


def test_a_1615_submission_is_saved_with_its_bad_lines_marked(api: Api) -> None:
    made = started_game(api, ("FRANCE", "SPAIN"), ruleset="europe1615", seed=3)
    game, france, spain = made["id"], made["seat_tokens"]["FRANCE"], made["seat_tokens"]["SPAIN"]
    text = "9: WUR\n5: LOR\nPAR-CHA\nNORM S PAR-CHA\nPAR - XXX"
    answer = api.ok("POST", f"/api/games/{game}/orders", france, {"text": text}, who="FRANCE")
    assert [(e["line"], e["text"]) for e in answer["lines"]] == [(5, "PAR - XXX")]
    assert "XXX" in answer["lines"][0]["error"]
    assert answer["view"]["submission"]["text"] == text
    # Spain sees neither France's text nor its deployments before resolution.
    seen = json.dumps(api.ok("GET", f"/api/games/{game}", spain, who="SPAIN"))
    assert "PAR-CHA" not in seen and "9: WUR" not in seen
    api.ok("POST", f"/api/games/{game}/gm/resolve", made["gm_token"])
    after = api.ok("GET", f"/api/games/{game}", france)["view"]
    assert after["phase"] != "S1615M"
    assert "CHA" in {u["loc"] for u in after["units"].values() if u["nation"] == "FRANCE"}


def test_a_resubmission_with_bad_lines_keeps_the_earlier_good_submission(api: Api) -> None:
    """Issue 18, point 3: a typo in a resubmission used to replace good orders, silently dropping the unit's
    order; now it is refused with its lines and the earlier submission stands until a good one replaces it."""
    # ruling E1615-C36
    made = started_game(api, ("FRANCE", "SPAIN"), ruleset="europe1615", seed=3)
    game, france = made["id"], made["seat_tokens"]["FRANCE"]
    good = "9: WUR\nPAR-CHA"
    api.ok("POST", f"/api/games/{game}/orders", france, {"text": good})
    status, answer = api.call("POST", f"/api/games/{game}/orders", france, {"text": "9: WUR\nPAR-CHX"})
    assert status == 422, answer
    assert "earlier orders stand" in answer["error"]
    assert [(e["line"], e["text"]) for e in answer["lines"]] == [(2, "PAR-CHX")]
    assert api.ok("GET", f"/api/games/{game}", france)["view"]["submission"] == {"text": good, "errors": []}
    # A good resubmission replaces it as before.
    api.ok("POST", f"/api/games/{game}/orders", france, {"text": "9: WUR\nPAR-BUR"})
    assert api.ok("GET", f"/api/games/{game}", france)["view"]["submission"]["text"] == "9: WUR\nPAR-BUR"
