"""Phase names in words (issue 30 point 4): each ruleset names its phase codes, and the server sends the words
beside every code a page shows (the header, the last results, the history, the timeline, the press)."""

from __future__ import annotations

import pytest

from tests.server.conftest import Api
from tests.server.test_api import started_game
from umpire.kernel.registry import get


@pytest.mark.parametrize(
    ("ruleset", "code", "title"),
    [
        ("standard", "S1901M", "Spring 1901 movement"),
        ("standard", "F1907R", "Fall 1907 retreats"),
        ("standard", "W1901A", "Winter 1901 adjustments"),
        ("standard", "X1901M", "X1901M"),  # not a code of the map: given back as it is
        ("europe1615", "S1615I", "Initial status check 1615"),
        ("europe1615", "U1615M", "Summer 1615 movement"),
        ("europe1615", "U1615R", "Summer 1615 retreats"),
        ("europe1615", "F1620M", "Fall 1620 movement"),
        ("europe1615", "W1615E", "Early winter 1615 adjustments"),
        ("europe1615", "W1615A", "Late winter 1615 builds"),
        ("europe1615", "W1615S", "Scoring 1615"),
        ("europe1615", "W1615M", "W1615M"),
        ("his2p", "luthers_95_theses", "luthers_95_theses"),  # its own page names its steps
    ],
)
def test_each_ruleset_names_its_codes(ruleset: str, code: str, title: str) -> None:
    assert get(ruleset).phase_title(code) == title


def test_the_answer_names_every_code_it_shows(api: Api) -> None:
    made = started_game(api, seats=("FRANCE",))
    gid, tokens = made["id"], made["seat_tokens"]
    api.ok("POST", f"/api/games/{gid}/press", tokens["FRANCE"], {"to": "public", "body": "bonjour"})
    for token in tokens.values():
        shown = api.ok("POST", f"/api/games/{gid}/ready", token, {"ready": True})
    assert shown["view"]["phase"] == "F1901M"  # the code stays where it was
    assert shown["game"]["phase_title"] == "Fall 1901 movement"
    assert shown["game"]["phase_titles"] == {"F1901M": "Fall 1901 movement", "S1901M": "Spring 1901 movement"}
    assert [(m["phase"], m["phase_title"]) for m in shown["press"]] == [("S1901M", "Spring 1901 movement")]
    timeline = api.ok("GET", f"/api/games/{gid}/timeline")
    assert [(p["phase"], p["title"]) for p in timeline] == [
        ("S1901M", "Spring 1901 movement"),
        ("F1901M", "Fall 1901 movement"),
    ]
    past = api.ok("GET", f"/api/games/{gid}/phases/0")
    assert past["phase_title"] == "Spring 1901 movement"
    assert past["phase_titles"] == {"S1901M": "Spring 1901 movement"}
