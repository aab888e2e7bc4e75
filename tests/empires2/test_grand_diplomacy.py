"""Grand diplomacy (rewrite 20.0, authored EMP-G01 to G07): agreements between the two players, one test per case."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.empires2.helpers import scenario_state, to_turn_of
from umpire.bots.empires2 import NormalBot, RandomBot, answer_agreement
from umpire.games.empires2 import board, grand_diplomacy, victory
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    """Millennium in Germany's player-turn of round 1."""
    return scenario_state(
        "millennium", 7, phase="turn", current="germany", round=1, turn_index=0, scenario="millennium"
    )


def germany_to_act(seed: int = 2) -> Game:
    """A Millennium game run by plain moves until Germany's own player-turn."""
    game = new_game("empires2", "millennium", seed=seed)
    to_turn_of(game, "germany")
    return game


def test_20_0_a_proposal_waits_for_the_other_players_answer_in_both_views() -> None:
    game = germany_to_act()
    offer = {"type": "propose", "gives": {"gold": 2}, "gets": {"claims": ["serbia"]}}
    game.act("germany", offer)
    for seat in ("germany", "byzantine"):
        seen = game.view(seat)["agreement"]
        assert seen["proposer"] == "germany" and seen["to"] == "byzantine"
        assert seen["text"] == "Germany gives 2 gold; Byzantine Empire gives its claim to Serbia"
    other = game.view("byzantine")
    assert other["acting"] == ["byzantine"] and game.view("germany")["actions"] == []
    assert other["actions"] == [{"type": "agreement", "accept": True}, {"type": "agreement", "accept": False}]
    assert [x["label"] for x in other["action_labels"]] == [
        "Accept: Germany gives 2 gold; Byzantine Empire gives its claim to Serbia",
        "Decline the agreement",
    ]
    assert "An agreement (rewrite 20.0) is proposed" in other["decision_text"]
    with pytest.raises(IllegalAction, match="answer it with 'agreement'"):
        game.act("byzantine", {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="not germany's move"):
        game.act("germany", {"type": "agreement", "accept": True})
    with pytest.raises(IllegalAction, match="'accept' must be true or false"):
        game.act("byzantine", {"type": "agreement", "accept": "yes"})


def test_20_0_an_accepted_agreement_is_carried_out_at_once_and_logged() -> None:
    game = germany_to_act()
    gold = {e: game.state["empires"][e]["gold"] for e in ("germany", "byzantine")}
    game.act("germany", {"type": "propose", "gives": {"gold": 2, "areas": ["tuscany"]}, "gets": {"claims": ["serbia"]}})
    game.act("byzantine", {"type": "agreement", "accept": True})
    s = game.state
    assert s["empires"]["germany"]["gold"] == gold["germany"] - 2
    assert s["empires"]["byzantine"]["gold"] == gold["byzantine"] + 2
    assert "serbia" in s["empires"]["germany"]["claims"] and "serbia" not in s["empires"]["byzantine"]["claims"]
    assert s["areas"]["tuscany"]["owner"] == "byzantine"
    log = "\n".join(s["log"])
    assert "Byzantine Empire accepts the agreement (rewrite 20.0)" in log
    assert "Germany pays 2 gold to Byzantine Empire (EMP-G04)" in log
    assert "Byzantine Empire cedes its claim to Serbia to Germany (EMP-G04)" in log
    assert "Germany cedes Tuscany to Byzantine Empire" in log
    after = game.view("germany")
    assert after["agreement"] is None and after["acting"] == ["germany"]
    assert not any(a["type"] == "propose" for a in after["actions"])  # once a player-turn (EMP-G02)


def test_20_0_a_declined_agreement_changes_nothing() -> None:
    game = germany_to_act()
    before = {e: (x["gold"], list(x["claims"])) for e, x in game.state["empires"].items()}
    game.act("germany", {"type": "propose", "gives": {"gold": 3}, "gets": {"claims": ["syria"]}})
    game.act("byzantine", {"type": "agreement", "accept": False})
    assert {e: (x["gold"], list(x["claims"])) for e, x in game.state["empires"].items()} == before
    assert game.state["log"][-1] == "Byzantine Empire declines the agreement"
    with pytest.raises(IllegalAction, match="one proposal a player-turn"):
        game.act("germany", {"type": "propose", "gives": {"gold": 1}, "gets": {}})


def test_emp_g01_promises_are_not_terms(state: State) -> None:
    """Only transfers are carried out: a promise (peace, a vote, a payment later) is refused as a term."""
    for key in ("peace", "vote", "later"):
        with pytest.raises(ValueError, match=f"may give gold, areas, claims \\(EMP-G03\\), not '{key}'"):
            grand_diplomacy.case_20_propose(state, "germany", {key: True}, {})


def test_emp_g02_only_in_the_proposers_own_player_turn(state: State) -> None:
    with pytest.raises(ValueError, match="in your own empire's player-turn"):
        grand_diplomacy.case_20_propose(state, "byzantine", {"gold": 1}, {})
    state["phase"] = "place"
    with pytest.raises(ValueError, match="in your own empire's player-turn"):
        grand_diplomacy.case_20_propose(state, "germany", {"gold": 1}, {})
    state["phase"] = "turn"
    grand_diplomacy.case_20_propose(state, "germany", {"gold": 1}, {})
    with pytest.raises(ValueError, match="already open"):
        grand_diplomacy.case_20_propose(state, "germany", {"gold": 1}, {})
    grand_diplomacy.case_20_answer(state, "byzantine", False)
    with pytest.raises(ValueError, match="one proposal a player-turn"):
        grand_diplomacy.case_20_propose(state, "germany", {"gold": 1}, {})
    state["turn_index"] = 3  # Germany's player-turn in another place or round
    assert grand_diplomacy.may_propose(state, "germany")


@pytest.mark.parametrize(
    ("gives", "gets", "why"),
    [
        ({"areas": ["saxony"]}, {}, "Saxony is Germany's Court Area and is never given"),
        ({"areas": ["hellas"]}, {}, "Germany does not possess Hellas"),
        ({}, {"areas": ["constantinople"]}, "Constantinople is Byzantine Empire's Court Area"),
        ({"claims": ["syria"]}, {}, "Germany holds no claim to Syria"),
        ({"gold": 11}, {}, "Germany holds 10 gold and cannot give 11"),
        ({"gold": -1}, {}, "whole number of gold from 0"),
        ({"gold": True}, {}, "whole number of gold from 0"),
        ({"ties": ["hellas"]}, {}, "a tie is the leader's own liaison"),
        ({"areas": "tuscany"}, {}, "must be a list of at most 5 land areas"),
        ({"areas": ["tuscany", "tuscany"]}, {}, "name an area twice"),
        ({"areas": ["atlantis"]}, {}, "'atlantis' is not a land area"),
        ({}, {}, "both sides are empty"),
        ([], {}, "'gives' must map gold, areas and claims"),
    ],
)
def test_emp_g03_what_an_agreement_may_not_carry_is_refused_with_its_reason(
    state: State, gives: Any, gets: Any, why: str
) -> None:
    with pytest.raises(ValueError, match=why):
        grand_diplomacy.case_20_propose(state, "germany", gives, gets)
    assert grand_diplomacy.pending(state) is None


def test_emp_g03_a_claim_goes_only_to_a_side_that_does_not_hold_it(state: State) -> None:
    state["empires"]["byzantine"]["claims"].append("rome")
    with pytest.raises(ValueError, match="Byzantine Empire already holds a claim to Rome"):
        grand_diplomacy.case_20_propose(state, "germany", {"claims": ["rome"]}, {"gold": 1})


def test_emp_g03_at_most_five_areas_a_side(state: State) -> None:
    six = [a for a in board.areas_of(state, "germany") if a != "saxony"][:6]
    with pytest.raises(ValueError, match="at most 5"):
        grand_diplomacy.case_20_propose(state, "germany", {"areas": six}, {})


def test_emp_g04_a_ceded_area_falls_into_unrest_and_a_tie_makes_a_claim(state: State) -> None:
    state["areas"]["hellas"]["ties"]["germany"] = 1
    state["empires"]["germany"]["partial"]["crete"] = {"bavaria": 1}  # a conquest of Crete under way
    grand_diplomacy.case_20_propose(state, "germany", {"gold": 1}, {"areas": ["hellas", "crete"]})
    grand_diplomacy.case_20_answer(state, "byzantine", True)
    assert state["areas"]["hellas"]["owner"] == "germany" and state["areas"]["hellas"]["unrest"]
    assert state["areas"]["crete"]["owner"] == "germany" and state["areas"]["crete"]["unrest"]
    assert "hellas" in state["empires"]["germany"]["claims"]  # possession and a tie (18.0)
    assert "crete" not in state["empires"]["germany"]["claims"]
    assert "crete" not in state["empires"]["germany"]["partial"]
    ceded = "Byzantine Empire cedes Hellas to Germany, which falls into unrest under its new lord (EMP-G04)"
    assert ceded in state["log"]
    assert any("possesses Hellas and holds a tie to it: a claim (18.0)" in line for line in state["log"])


def test_emp_g04_terms_are_checked_again_when_carried_out(state: State) -> None:
    grand_diplomacy.case_20_propose(state, "germany", {"gold": 5}, {})
    state["empires"]["germany"]["gold"] = 2  # e.g. a saved game edited in between
    with pytest.raises(ValueError, match="holds 2 gold and cannot give 5"):
        grand_diplomacy.case_20_answer(state, "byzantine", True)
    assert state["empires"]["byzantine"]["gold"] == 12


def test_emp_g05_an_allys_areas_are_not_the_players_to_give(state: State) -> None:
    state["empires"]["france"].update(status="allied", ally_of="germany")
    french = board.areas_of(state, "france")[0]
    with pytest.raises(ValueError, match=f"Germany does not possess {board.area_name(french)}"):
        grand_diplomacy.case_20_propose(state, "germany", {"areas": [french]}, {})


def test_emp_g05_no_agreement_with_an_empire_not_in_play(state: State) -> None:
    for aid in board.areas_of(state, "byzantine"):
        state["areas"][aid]["owner"] = None
    with pytest.raises(ValueError, match="no other player in play"):
        grand_diplomacy.case_20_propose(state, "germany", {"gold": 1}, {})


def test_emp_g06_listed_proposals_are_few_and_each_legal(state: State) -> None:
    state["empires"]["byzantine"]["claims"] = ["syria", "swabia"]
    state["empires"]["germany"]["claims"] = ["rome", "hellas"]
    listed = grand_diplomacy.propose_actions(state, "germany")
    assert listed == [
        {"type": "propose", "gives": {"gold": 2}, "gets": {"claims": ["swabia"]}},  # Germany possesses Swabia
        {"type": "propose", "gives": {"gold": 2}, "gets": {"claims": ["syria"]}},
        {"type": "propose", "gives": {"claims": ["hellas"]}, "gets": {"gold": 2}},  # Byzantium possesses Hellas
        {"type": "propose", "gives": {"claims": ["rome"]}, "gets": {"gold": 2}},
    ]
    for action in listed:
        grand_diplomacy.terms(state, "germany", action["gives"], action["gets"])
    state["empires"]["germany"]["claims"] += ["bohemia", "venice", "crete", "morea"]
    assert len(grand_diplomacy.propose_actions(state, "germany")) == grand_diplomacy.MAX_LISTED
    assert grand_diplomacy.propose_actions(state, "byzantine") == []  # not his turn


def test_emp_g07_the_normal_bot_accepts_only_what_raises_its_victory_points(state: State) -> None:
    before = victory.player_points(state, "byzantine")["total"]
    gain = {"proposer": "germany", "to": "byzantine", "gives": {"gold": 0, "areas": ["tuscany"], "claims": []}}
    gain["gets"] = {"gold": 3, "areas": [], "claims": []}
    assert answer_agreement(state_view(state, gain), "byzantine") == {"type": "agreement", "accept": True}
    loss = {"proposer": "germany", "to": "byzantine", "gives": {"gold": 9, "areas": [], "claims": []}}
    loss["gets"] = {"gold": 0, "areas": ["hellas"], "claims": []}
    assert answer_agreement(state_view(state, loss), "byzantine") == {"type": "agreement", "accept": False}
    even = {"proposer": "germany", "to": "byzantine", "gives": {"gold": 5, "areas": [], "claims": []}}
    even["gets"] = {"gold": 0, "areas": [], "claims": []}
    assert answer_agreement(state_view(state, even), "byzantine") == {"type": "agreement", "accept": False}
    assert victory.player_points(state, "byzantine")["total"] == before  # the bot's count changes nothing


def state_view(state: State, agreement: dict[str, Any]) -> dict[str, Any]:
    """The little of a seat's view the bot's answer reads."""
    return {"areas": state["areas"], "empires": state["empires"], "scenario": "millennium", "agreement": agreement}


@pytest.mark.parametrize("seed", [3, 11])
def test_random_and_normal_bots_finish_games_with_proposals(seed: int) -> None:
    game = new_game("empires2", "millennium", seed=seed)
    bots = {"germany": RandomBot(), "byzantine": NormalBot()}
    rnd = random.Random(seed)
    for _ in range(20000):
        acting = game.view("gm")["acting"]
        if game.state["over"] or game.state.get("blocked") or not acting:
            break
        seat = acting[0]
        action = bots[seat].act(game.view(seat), rnd)
        assert action is not None
        game.act(seat, action)
    assert game.state["over"], game.state.get("blocked")


def test_emp_g02_no_proposal_while_a_sealed_bid_is_wanted() -> None:
    game = germany_to_act()
    game.state["contests"] = [
        {"empire": "france", "kind": "check", "why": "a stature check", "bids": {"germany": None, "byzantine": None}}
    ]
    assert game.view("germany")["may_propose"] is False
    with pytest.raises(IllegalAction, match="a sealed bid is wanted first"):
        game.act("germany", {"type": "propose", "gives": {"gold": 1}, "gets": {}})
    assert game.state.get("agreement") is None


def test_20_0_the_open_proposal_is_seen_by_the_gm_too() -> None:
    game = germany_to_act()
    assert game.view("germany")["may_propose"] is True and game.view("byzantine")["may_propose"] is False
    game.act("germany", {"type": "propose", "gives": {"claims": ["rome"]}, "gets": {"gold": 1}})
    assert game.view("gm")["agreement"]["text"] == "Germany gives its claim to Rome; Byzantine Empire gives 1 gold"
    assert game.view("germany")["may_propose"] is False
