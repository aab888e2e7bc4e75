"""RR3 treaties with consent (handbook, *Treaties*: "Players may make such treaties between themselves as they desire,
imposing a time limit if they wish. Political Control **must** be made aware of any treaty or it will not be
regarded as valid within the game"). Issue 19, point 5: a treaty bound every team its proposer named; now each
named team accepts or refuses, and a peace ends only the wars of those who signed (RR3-H01)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.test_rr3_politics_desk import make, req, settle, war

from umpire.games.rr3 import desk
from umpire.games.rr3.desks import treaties
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]


def consents(s: State, treaty: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        i["params"]["answer_by"]: i
        for i in s["items"].values()
        if i["kind"] == "treaty_consent" and i["params"]["answers"] == treaty["id"]
    }


def answer(s: State, team: str, item: dict[str, Any], accept: bool) -> None:
    desk.do_direct(s, team, {"type": "answer", "item": item["id"], "accept": accept}, team=team)


def test_politics_each_named_team_gets_an_item_to_accept_or_refuse() -> None:
    s = make()
    treaty = req(s, "france", "register_treaty", parties=["england", "lutherans"], terms="mutual defence", turns=2)
    asked = consents(s, treaty)
    assert sorted(asked) == ["england", "lutherans"]
    assert all(i["desk"] == desk.POLITICAL and i["team"] == t for t, i in asked.items())
    # each team's answer form offers its own item only
    form = next(f for f in desk.request_forms(s, "england", "england") if f["type"] == "answer")
    assert form["fields"][0]["choices"] == [asked["england"]["id"]]
    assert not [f for f in desk.request_forms(s, "habsburgs", "habsburgs") if f["type"] == "answer"]
    with pytest.raises(IllegalAction, match="not possible for habsburgs"):
        desk.do_direct(
            s, "habsburgs", {"type": "answer", "item": asked["england"]["id"], "accept": True}, team="habsburgs"
        )
    with pytest.raises(IllegalAction, match=r"waiting for the answer of england .*, lutherans"):
        settle(s, treaty)
    answer(s, "england", asked["england"], True)
    answer(s, "lutherans", asked["lutherans"], False)
    assert s["items"][asked["england"]["id"]]["closed_by"]["role"] == "england"
    settle(s, treaty)
    [made] = s["treaties"]
    assert made["parties"] == ["france", "england"] and made["refused"] == ["lutherans"] and made["expires"] == 3
    assert treaties.treaty_valid(s, made)
    s["turn"] = 4
    assert not treaties.treaty_valid(s, made)


def test_politics_a_treaty_nobody_else_accepts_is_not_registered() -> None:
    s = make()
    treaty = req(s, "france", "register_treaty", parties=["england"], terms="an alliance")
    answer(s, "england", consents(s, treaty)["england"], False)
    with pytest.raises(IllegalAction, match=r"no other party has accepted this treaty \(refused: england\)"):
        settle(s, treaty)
    assert s.get("treaties", []) == []


def test_politics_political_control_records_an_answer_or_registers_without_it() -> None:
    s = make()
    treaty = req(s, "france", "register_treaty", parties=["england", "lutherans"], terms="x")
    asked = consents(s, treaty)
    settle(s, asked["england"], accept=True)  # England's answer given at the desk
    settle(s, treaty, without_answers=True)
    assert s["treaties"][0]["parties"] == ["france", "england"]
    lapsed = s["items"][asked["lutherans"]["id"]]
    assert lapsed["status"] == desk.DISMISSED and "not bound" in lapsed["outcome"]


def test_politics_dismissing_a_treaty_closes_its_questions() -> None:
    s = make()
    treaty = req(s, "france", "register_treaty", parties=["england"], terms="x")
    desk.dismiss_item(s, desk.POLITICAL, {"item": treaty["id"], "why": "withdrawn by France"})
    assert s["items"][consents(s, treaty)["england"]["id"]]["status"] == desk.DISMISSED
    assert desk.awaiting(s, "england", ("treaty_consent",)) == []


def test_politics_a_peace_ends_only_the_wars_of_those_who_signed() -> None:
    """France at war with Spain (Habsburgs) and Hesse (Lutherans); a peace naming all three ends only the war with
    the team that accepted it."""
    s = make()
    war(s, "france", "france", "spain")
    war(s, "france", "france", "hesse")
    treaty = req(
        s,
        "france",
        "register_treaty",
        parties=["habsburgs", "lutherans"],
        terms="Peace of Cambrai",
        peace=["france", "spain", "hesse"],
    )
    asked = consents(s, treaty)
    answer(s, "habsburgs", asked["habsburgs"], True)
    answer(s, "lutherans", asked["lutherans"], False)
    done = settle(s, treaty)
    assert s["states"]["france"]["at_war_with"] == ["hesse"] and s["states"]["spain"]["at_war_with"] == []
    assert s["states"]["hesse"]["at_war_with"] == ["france"]
    assert "peace: france-spain" in done["outcome"] and "still at war (not signed): france-hesse" in done["outcome"]


def test_politics_a_peace_names_states_of_the_parties_only() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="two or more states"):
        req(s, "france", "register_treaty", parties=["habsburgs"], terms="x", peace=["france"])
    with pytest.raises(IllegalAction, match="hesse is played by lutherans, which is not a party to this treaty"):
        req(s, "france", "register_treaty", parties=["habsburgs"], terms="x", peace=["france", "hesse"])
    # a non-played state may be named: Political Control speaks for it
    req(s, "france", "register_treaty", parties=["habsburgs"], terms="x", peace=["france", "spain", "wurttemberg"])
