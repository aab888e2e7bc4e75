"""What the new-game form offers per ruleset (``GET /api/rulesets``, ``table``)."""

from __future__ import annotations

from tests.server.conftest import Api


def test_each_ruleset_says_what_its_table_uses(api: Api) -> None:
    tables = {r["name"]: r["table"] for r in api.ok("GET", "/api/rulesets")}
    assert tables["standard"] == {
        "assignment": ["chosen", "random"],
        "missed_orders": ["hold", "bot", "civil_disorder"],
        "bots": ["random", "easy", "dumbbot", "normal", "hard", "strong"],
        "bot_notes": tables["standard"]["bot_notes"],
        "deadlines": ["movement", "retreats", "adjustments"],
        "timetable": False,
    }
    # Every standard level says how strong it is; DumbBot is named as the reference.
    assert list(tables["standard"]["bot_notes"]) == tables["standard"]["bots"]
    assert "DumbBot" in tables["standard"]["bot_notes"]["dumbbot"]
    assert tables["europe1615"]["assignment"] == ["chosen", "random", "auction"]
    assert tables["his2p"]["bots"] == ["random", "normal"]
    assert tables["europe1615"]["deadlines"] == ["movement", "retreats", "adjustments", "default"]
    # The megagame: its own timetable, no movement deadlines, no auction, no bots.
    assert tables["rr3"] == {
        "assignment": ["chosen", "random"],
        "missed_orders": ["hold", "civil_disorder"],
        "bots": [],
        "bot_notes": {},
        "deadlines": ["default"],
        "timetable": True,
    }
