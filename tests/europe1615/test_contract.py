"""Europe 1615 through the adjudication contract (issue 5, point 17): state and submissions in, next state out."""

from __future__ import annotations

import io
import json

from umpire import adjudicate
from umpire.diplomacy.contract import run_jsonl
from umpire.kernel import new_game


def start_state() -> dict:
    return new_game("europe1615", seed=3).state


def test_phases_a_phase_from_state_and_submissions() -> None:
    answer = adjudicate(
        {
            "id": "spring",
            "variant": "europe1615",
            "state": start_state(),
            "submissions": {"FRANCE": "9: WUR\nPAR-CHA\nNORM S PAR-CHA\nPAR - XXX"},
        }
    )
    assert "error" not in answer, answer
    assert answer["phase"] == "S1615M" and answer["next_phase"] != "S1615M"
    assert answer["state"]["phase"] == answer["next_phase"]
    assert "CHA" in {u["loc"] for u in answer["state"]["units"].values() if u["nation"] == "FRANCE"}
    assert [e["line"] for e in answer["line_errors"]["FRANCE"]] == [4]
    assert "PAR" in answer["report"]


def test_phases_power_names_are_case_insensitive() -> None:
    """Issue 12, point 14: 'france' is FRANCE in a 1615 case as in every contract case; two spellings are an error."""
    upper = adjudicate(
        {"id": "u", "variant": "europe1615", "state": start_state(), "submissions": {"FRANCE": "PAR-CHA"}}
    )
    lower = adjudicate(
        {"id": "u", "variant": "europe1615", "state": start_state(), "submissions": {"france": "PAR-CHA"}}
    )
    assert "error" not in lower, lower
    assert lower["state"] == upper["state"]
    both = adjudicate(
        {"id": "b", "variant": "europe1615", "state": start_state(), "submissions": {"France": "", "FRANCE": ""}}
    )
    assert "two submissions for FRANCE" in both["error"]


def test_phases_the_answer_feeds_the_next_case() -> None:
    first = adjudicate({"id": "1", "variant": "europe1615", "state": start_state(), "submissions": {}})
    second = adjudicate({"id": "2", "variant": "europe1615", "state": first["state"], "submissions": {}})
    assert "error" not in second and second["phase"] == first["next_phase"]


def test_phases_bad_cases_are_precise_errors() -> None:
    assert "needs 'state'" in adjudicate({"id": "x", "variant": "europe1615"})["error"]
    bad = adjudicate({"id": "y", "variant": "europe1615", "state": start_state(), "submissions": {"PRUSSIA": ""}})
    assert "unknown power 'PRUSSIA'" in bad["error"]
    assert (
        "must map"
        in adjudicate({"id": "z", "variant": "europe1615", "state": start_state(), "submissions": 3})["error"]
    )


def test_phases_jsonl_mode_takes_1615_cases() -> None:
    case = {"id": "j", "state": start_state(), "submissions": {"SPAIN": "CAS H"}}
    out = io.StringIO()
    errors = run_jsonl(io.StringIO(json.dumps(case) + "\nnot json\n"), out, default_variant="europe1615")
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert errors == 1 and answers[0]["id"] == "j" and "next_phase" in answers[0] and "error" in answers[1]


def test_abandonment_the_gm_abandons_a_power_through_the_contract() -> None:
    """Issue 13, point 6: the GM's abandon travels in a case; the abandoned power is not waited for and is
    dissolved at early winter (ruling E1615-G02)."""
    answer = adjudicate(
        {
            "id": "a",
            "variant": "europe1615",
            "state": start_state(),
            "actions": [{"by": "gm", "type": "abandon", "power": "spain"}],
            "submissions": {"FRANCE": "PAR-CHA"},
        }
    )
    assert "error" not in answer, answer
    assert answer["state"]["abandoned"] == ["SPAIN"]
    assert any(h["public"].get("kind") == "abandoned" for h in answer["state"]["history"])
    refused = adjudicate(
        {"id": "b", "variant": "europe1615", "state": start_state(), "actions": [{"by": "FRANCE", "type": "abandon"}]}
    )
    assert refused["error"] == "action 1: only the GM may declare a power abandoned"


def test_victory_the_seats_end_the_game_by_agreement_through_the_contract() -> None:
    """Seed, "Victory by agreement": every remaining power agrees, the game ends and no phase is played."""
    seats = ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"]
    some = adjudicate(
        {
            "id": "v",
            "variant": "europe1615",
            "state": start_state(),
            "actions": [{"by": p, "type": "propose_end", "agree": True} for p in seats[:4]],
        }
    )
    assert "error" not in some and some["state"]["end_votes"] == seats[:4] and not some["state"]["over"]
    last = adjudicate(
        {
            "id": "w",
            "variant": "europe1615",
            "state": some["state"],
            "actions": [{"by": "spain", "type": "propose_end"}],
            "submissions": {"FRANCE": "PAR-CHA"},
        }
    )
    assert "error" not in last, last
    result = last["state"]["result"]
    assert last["state"]["over"] and result["kind"] == "draw" and result["powers"] == seats  # no round scored yet
    assert "agreed to stop" in result["reason"]
    assert last["next_phase"] == last["phase"] == some["next_phase"]


def test_phases_case_actions_are_checked() -> None:
    def error(actions: object) -> str:
        return adjudicate({"id": "e", "variant": "europe1615", "state": start_state(), "actions": actions})["error"]

    assert "'actions' must be a list" in error({"type": "abandon"})
    assert "unknown action type 'resolve'" in error([{"by": "gm", "type": "resolve"}])
    assert "unknown role 'PRUSSIA'" in error([{"by": "PRUSSIA", "type": "propose_end"}])
    assert "'agree' must be true or false" in error([{"by": "FRANCE", "type": "propose_end", "agree": "yes"}])
