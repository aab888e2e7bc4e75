"""RR3 Map Control's money desk (handbook, *The Financial System*): revenue cards played as requests and rolled
on settlement, the Italian banks, transfers and the phase-1 procedures (unrest, revolt costs, Imperial Penny)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import umpire.games.rr3.desks  # noqa: F401  (registers the desks)
from umpire.games.rr3 import desk, prestige
from umpire.games.rr3.desks import finance as fdesk
from umpire.games.rr3.desks import politics as pdesk
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]


def seed_where(n: int, ok: Callable[[list[int]], bool]) -> int:
    """The first seed whose first ``n`` d6 draws satisfy ``ok`` (so a test can face the dice it needs)."""
    for seed in range(5000):
        s: State = {"rng": rng.init_rng(seed), "rolls": []}
        if ok([rng.roll(s, "probe") for _ in range(n)]):
            return seed
    raise AssertionError("no seed found")


def card(cid: str, kind: str, team: str, holder: str | None, state: str) -> dict[str, Any]:
    return {"id": cid, "kind": kind, "team": team, "holder": holder, "state": state, "played": None}


def make(seed: int = 1, *, turn: int = 1, phase: int = 1) -> State:
    def st(team: str | None, home: list[str], treasury: int = 5, unrest: int = 0) -> dict[str, Any]:
        return {
            "name": "",
            "played": team is not None,
            "team": team,
            "ruler": None,
            "religion": "catholic",
            "treasury": treasury,
            "debt": 0,
            "unrest": unrest,
            "home": home,
            "at_war_with": [],
            "influence": {},
        }

    return {
        "rng": rng.init_rng(seed),
        "rolls": [],
        "turn": turn,
        "phase": phase,
        "step": None,
        "items": {},
        "next_item": 1,
        "journal": [],
        "teams": {
            "france": {"states": ["france"], "characters": ["francis"], "prestige": 0, "heavenly": 0},
            "habsburgs": {
                "states": ["spain", "austria"],
                "characters": ["charles", "ferdinand"],
                "prestige": 0,
                "heavenly": 0,
            },
            "venice": {"states": ["venice"], "characters": ["gritti"], "prestige": 0, "heavenly": 0},
            "milan": {"states": ["milan"], "characters": ["sforza"], "prestige": 0, "heavenly": 0},
        },
        "states": {
            "france": st("france", ["ile_de_france", "normandy"]),
            "spain": st("habsburgs", ["castile"]),
            "austria": st("habsburgs", ["lower_austria"]),
            "venice": st("venice", ["veneto"]),
            "milan": st("milan", ["lombardy"]),
            "swiss": st(None, ["swiss"]),
        },
        "areas": {
            "ile_de_france": {"owner": "france", "religion": "catholic", "minority": None, "revolt": False},
            "normandy": {"owner": "france", "religion": "catholic", "minority": None, "revolt": False},
            "castile": {"owner": "spain", "religion": "catholic", "minority": None, "revolt": False},
            "lower_austria": {"owner": "austria", "religion": "catholic", "minority": None, "revolt": False},
        },
        "cards": {
            c["id"]: c
            for c in (
                card("fr_sub1", "subsidy", "france", "francis", "france"),
                card("fr_sub2", "subsidy", "france", "francis", "france"),
                card("fr_exa", "exaction", "france", "francis", "france"),
                card("fr_loan", "loan", "france", "francis", "france"),
                card("fr_it1", "italian_loan", "france", "francis", "france"),
                card("fr_it2", "italian_loan", "france", "francis", "france"),
                card("fr_pers", "persuasion", "france", "francis", "france"),
                card("sp_sub", "subsidy", "habsburgs", "charles", "spain"),
                card("au_sub", "subsidy", "habsburgs", "ferdinand", "austria"),
                card("au_sub2", "subsidy", "habsburgs", "charles", "austria"),
            )
        },
        "characters": {},
    }


def play(state: State, team: str, **fields: Any) -> dict[str, Any]:
    return desk.make_request(state, team, {"type": "play_card", **fields}, team=team)


def settle(state: State, item: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return desk.settle_item(state, desk.MAP, {"type": "settle", "item": item["id"], "who": "Ann", **fields})


def test_finance_desk_subsidy_without_revolt() -> None:
    """Subsidy d6+4, Unrest +2, revolt only when the d6 scores less than the index."""
    seed = seed_where(2, lambda d: d[1] >= 3)  # unrest 1 -> index 3: no revolt
    s = make(seed)
    s["states"]["france"]["unrest"] = 1
    item = play(s, "france", card="fr_sub1")
    assert item["desk"] == desk.MAP and item["status"] == desk.PENDING
    settle(s, item)
    revenue, revolt = (d["result"] for d in item["dice"])
    assert revolt >= 3
    assert s["states"]["france"]["treasury"] == 5 + revenue + 4
    assert s["states"]["france"]["unrest"] == 3
    assert s["cards"]["fr_sub1"]["played"] == {"turn": 1, "phase": 1}
    assert not s["areas"]["ile_de_france"]["revolt"]


def test_finance_desk_subsidy_revolt_halves_and_marks_home_area() -> None:
    seed = seed_where(2, lambda d: d[1] < 5)  # unrest 3 -> index 5: revolt
    s = make(seed)
    s["states"]["france"]["unrest"] = 3
    item = play(s, "france", card="fr_sub1")
    settle(s, item, revolt_area="normandy")
    revenue, _ = (d["result"] for d in item["dice"])
    assert s["states"]["france"]["treasury"] == 5 + (revenue + 4) // 2
    assert s["states"]["france"]["unrest"] == 0
    assert s["areas"]["normandy"]["revolt"] and s["areas"]["normandy"]["revolt_by"] == "unrest"
    assert any(j["public"] and "revolt" in j["text"] for j in s["journal"])


def test_finance_desk_revolt_area_must_be_a_home_area() -> None:
    s = make(seed_where(2, lambda d: d[1] < 5))
    s["states"]["france"]["unrest"] = 3
    item = play(s, "france", card="fr_sub1")
    with pytest.raises(IllegalAction, match="not a home area"):
        settle(s, item, revolt_area="castile")


def test_finance_desk_persuasion_card_keeps_the_index() -> None:
    seed = seed_where(2, lambda d: d[1] >= 2)  # unrest 1, not raised: no revolt
    s = make(seed)
    s["states"]["france"]["unrest"] = 1
    item = play(s, "france", card="fr_sub1", persuasion="fr_pers")
    settle(s, item)
    assert s["states"]["france"]["unrest"] == 1
    assert s["cards"]["fr_pers"]["played"] is not None
    with pytest.raises(IllegalAction, match="Subsidy card only"):
        play(make(), "france", card="fr_loan", persuasion="fr_pers")


def test_finance_desk_one_card_of_each_type_per_player() -> None:
    s = make()
    play(s, "france", card="fr_sub1")
    with pytest.raises(IllegalAction, match="already played a subsidy"):
        play(s, "france", card="fr_sub2")
    # RR3-DK01: the limit is per player; the Habsburgs' two players each play a subsidy
    play(s, "habsburgs", card="sp_sub")
    play(s, "habsburgs", card="au_sub")
    with pytest.raises(IllegalAction, match="already played a subsidy"):
        play(s, "habsburgs", card="au_sub2")  # Charles' second subsidy


def test_finance_desk_dismissed_play_frees_the_card() -> None:
    s = make()
    item = play(s, "france", card="fr_sub1")
    assert "fr_sub1" not in fdesk.held_cards(s, "france")
    desk.dismiss_item(s, desk.MAP, {"item": item["id"], "why": "played at the wrong table"})
    assert "fr_sub1" in fdesk.held_cards(s, "france")
    play(s, "france", card="fr_sub1")


def test_finance_desk_choices_list_the_cards_still_held() -> None:
    s = make()
    s["cards"]["fr_sub2"]["played"] = {"turn": 1, "phase": 1}
    spec = desk.REGISTRY.requests["play_card"]
    assert spec.chooser is not None
    choices = spec.chooser(s, "france")
    assert "fr_sub2" not in choices["card"] and "fr_sub1" in choices["card"]
    assert list(choices["persuasion"]) == ["fr_pers"]
    assert "sp_sub" not in choices["card"]
    with pytest.raises(IllegalAction, match="cannot be 'sp_sub'"):
        play(s, "france", card="sp_sub")


def test_finance_desk_exaction_only_to_raise_an_army_and_earmarked() -> None:
    s = make(3)
    with pytest.raises(IllegalAction, match="only be used to raise an army"):
        play(s, "france", card="fr_exa")
    item = play(s, "france", card="fr_exa", raise_army=True)
    settle(s, item)
    die = item["dice"][0]["result"]
    assert s["states"]["france"]["raise_fund"] == die
    assert s["states"]["france"]["treasury"] == 5


def test_finance_desk_subsidy_to_raise_an_army_goes_to_the_fund() -> None:
    s = make(seed_where(2, lambda d: d[1] >= 1))
    item = play(s, "france", card="fr_sub1", raise_army=True)
    settle(s, item)
    revenue = item["dice"][0]["result"]
    assert s["states"]["france"]["unrest"] == 0  # not raised
    assert s["states"]["france"]["raise_fund"] == revenue + 4


def test_finance_desk_loans_phase_four_halved_and_debt() -> None:
    s = make(4, phase=4)
    with pytest.raises(IllegalAction, match="phase 1"):
        play(s, "france", card="fr_sub1")
    item = play(s, "france", card="fr_loan")
    settle(s, item)
    die = item["dice"][0]["result"]
    assert s["states"]["france"]["treasury"] == 5 + (die + 6) // 2
    assert s["states"]["france"]["debt"] == (die + 6) // 2
    s2 = make(4, phase=2)
    with pytest.raises(IllegalAction, match="phase 1, 4"):
        play(s2, "france", card="fr_loan")


def test_finance_desk_italian_bank_grants() -> None:
    # ruling RR3-DK22
    s = make(5)
    with pytest.raises(IllegalAction, match="needs a bank granted"):
        play(s, "france", card="fr_it1")
    with pytest.raises(IllegalAction, match="not possible"):
        desk.do_direct(s, "france", {"type": "grant_bank", "team": "habsburgs"}, team="france")
    with pytest.raises(IllegalAction, match="cannot be 'milan'"):
        desk.do_direct(s, "venice", {"type": "grant_bank", "team": "milan"}, team="venice")
    desk.do_direct(s, "venice", {"type": "grant_bank", "team": "france"}, team="venice")
    with pytest.raises(IllegalAction, match="already been granted"):
        desk.do_direct(s, "venice", {"type": "grant_bank", "team": "habsburgs"}, team="venice")
    desk.do_direct(s, "milan", {"type": "grant_bank", "team": "france"}, team="milan")
    item = play(s, "france", card="fr_it1", bank="venice")
    play(s, "france", card="fr_loan")  # the player's own loan as well
    with pytest.raises(IllegalAction, match="already had an Italian loan"):
        play(s, "france", card="fr_it2", bank="milan")
    settle(s, item)
    die = item["dice"][0]["result"]
    assert "venice bank loan" in item["dice"][0]["purpose"]
    assert s["states"]["france"]["debt"] == die + 6


def test_finance_desk_italian_grant_is_for_this_turn_only() -> None:
    s = make()
    desk.do_direct(s, "venice", {"type": "grant_bank", "team": "france"}, team="venice")
    s["turn"] = 2
    assert fdesk.granted_banks(s, "france") == []
    desk.do_direct(s, "venice", {"type": "grant_bank", "team": "habsburgs"}, team="venice")


def test_finance_desk_transfer() -> None:
    s = make()
    desk.do_direct(
        s,
        "habsburgs",
        {"type": "transfer", "from_state": "spain", "to_state": "austria", "florins": 3},
        team="habsburgs",
    )
    assert s["states"]["spain"]["treasury"] == 2 and s["states"]["austria"]["treasury"] == 8
    desk.do_direct(
        s,
        "habsburgs",
        {"type": "transfer", "from_state": "austria", "to_state": "france", "florins": 8},
        team="habsburgs",
    )
    assert s["states"]["france"]["treasury"] == 13
    assert any(j["team"] == "france" and "8 florins" in j["text"] for j in s["journal"])
    with pytest.raises(IllegalAction, match="has 0 florins"):
        desk.do_direct(
            s,
            "habsburgs",
            {"type": "transfer", "from_state": "austria", "to_state": "spain", "florins": 1},
            team="habsburgs",
        )
    with pytest.raises(IllegalAction, match="cannot be 'france'"):
        desk.do_direct(
            s,
            "habsburgs",
            {"type": "transfer", "from_state": "france", "to_state": "spain", "florins": 1},
            team="habsburgs",
        )


def test_finance_desk_phase_one_procedures() -> None:
    s = make(turn=2, phase=1)
    s["states"]["france"]["unrest"] = 2
    s["states"]["spain"]["unrest"] = 0
    s["areas"]["normandy"]["revolt"] = True
    s["areas"]["ile_de_france"]["revolt"] = True
    s["states"]["france"]["treasury"] = 3
    s["penny_due"] = {"austria": 9}
    fdesk.phase_one(s)
    assert s["states"]["france"]["unrest"] == 1 and s["states"]["spain"]["unrest"] == 0
    # two areas in revolt: 4 florins; 3 in the treasury, 1 added to the debt (RR3-DK04)
    assert s["states"]["france"]["treasury"] == 0 and s["states"]["france"]["debt"] == 1
    assert s["states"]["austria"]["treasury"] == 14 and s["penny_due"] == {}


def test_finance_desk_phase_one_procedures_wait_for_turn_two() -> None:
    s = make(turn=1, phase=1)
    s["states"]["france"]["unrest"] = 2
    fdesk.phase_one(s)
    assert s["states"]["france"]["unrest"] == 2
    s["phase"] = 2
    s["turn"] = 3
    fdesk.phase_one(s)
    assert s["states"]["france"]["unrest"] == 2


def test_finance_desk_war_without_grievance_raises_revolt_risk() -> None:
    """RR3-DK13: +1 on the index while at war without a valid grievance. Dice: revolt die exactly 2, index 2."""
    seed = seed_where(2, lambda d: d[1] == 2)
    calm, angry = make(seed), make(seed)
    pdesk.declare_war(angry, "france", "swiss", team="france")
    assert pdesk.unjust_war_modifier(angry, "france") == 1
    for s in (calm, angry):
        settle(s, play(s, "france", card="fr_sub1"))
    assert calm["states"]["france"]["unrest"] == 2  # 2 is not less than 2
    assert angry["states"]["france"]["unrest"] == 0  # 2 < 2 + 1: revolt
    assert angry["areas"]["ile_de_france"]["revolt"]


def test_finance_desk_in_a_game() -> None:
    """End to end through the ruleset: a card played and settled, then the next turn's phase 1 lowers the unrest."""
    from tests.rr3.rr3fixtures import fixture_game

    game = fixture_game(seed=3)
    cid = next(c for c, v in game.state["cards"].items() if v["team"] == "france" and v["kind"] == "subsidy")
    game.act("france", {"type": "play_card", "card": cid})
    item = next(i for i in game.state["items"].values() if i["kind"] == "play_card")
    game.act("map_control", {"type": "settle", "item": item["id"], "who": "Ann"})
    settled = game.state["items"][item["id"]]
    assert settled["status"] == desk.SETTLED and len(settled["dice"]) == 2
    assert game.state["cards"][cid]["played"] == {"turn": 1, "phase": 1}
    unrest = game.state["states"]["france"]["unrest"]
    while game.state["turn"] == 1:
        game.act("gm", {"type": "resolve"})
    assert game.state["states"]["france"]["unrest"] == max(0, unrest - 1)
    with pytest.raises(IllegalAction):
        game.act("france", {"type": "play_card", "card": cid})  # played: no longer held


def test_finance_high_prestige_raises_the_revenue_of_each_card() -> None:
    """Handbook, *Prestige*: "The rewards of high prestige can include increased chances of raising revenue".
    Issue 19, point 6: prestige gave no such reward; the team first on the chart now adds 1 florin to each revenue
    card (RR3-H03), shown in the outcome; the others roll as before."""
    seed = seed_where(2, lambda d: d[1] >= 3)  # the subsidy's revolt roll: no revolt at index 2
    first, other = make(seed), make(seed)
    first["teams"]["france"]["prestige"] = 2  # France alone at the top of the chart
    other["teams"]["habsburgs"]["prestige"] = 2
    a, b = play(first, "france", card="fr_sub1"), play(other, "france", card="fr_sub1")
    settle(first, a)
    settle(other, b)
    assert first["states"]["france"]["treasury"] == other["states"]["france"]["treasury"] + 1
    assert "+1 for the first place on the prestige chart" in a["outcome"]
    assert "prestige" not in b["outcome"]
    loan = play(first, "france", card="fr_loan")
    settle(first, loan)
    die = loan["dice"][0]["result"]
    assert f"loan (+1 for the first place on the prestige chart): {die + 6 + 1} florins" in loan["outcome"]


def test_finance_an_all_equal_chart_gives_no_revenue_bonus() -> None:
    assert prestige.revenue_bonus({"france": 1, "habsburgs": 1}, "france") == 0
    assert prestige.revenue_bonus({"france": 2, "habsburgs": 1, "england": 2}, "england") == 1
    assert prestige.revenue_bonus({"france": 2, "habsburgs": 1}, "habsburgs") == 0
