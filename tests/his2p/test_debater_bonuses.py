"""The debaters' bonuses (rule book 18.2, 18.1, 18.3, 18.4, 18.5; ruling HIS-W08), one test per kind."""

from __future__ import annotations

from typing import Any

import pytest

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import engine
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debater_bonuses, debates, religion
from umpire.kernel import rng


def _bonus_targets(game: Any, role: str) -> list[dict[str, Any]]:
    return [a for a in game.view(role)["actions"] if a.get("type") == "target" and "debater" in a]


def test_18_2_bucer_adds_a_die_to_attempts_within_two_spaces_of_strasburg() -> None:
    game = cp_decision("protestant", 2)
    game.act("protestant", {"type": "publish_treatise", "zone": "german"})
    offered = _bonus_targets(game, "protestant")
    board = load_map()
    assert offered and all(board.hops("strasburg")[a["space"]] <= 2 for a in offered)
    space = offered[0]["space"]
    base = religion.side_dice(game.state, board, space, "protestant").count
    game.act("protestant", offered[0])
    assert game.state["debaters"]["bucer"] == "committed"
    name = board.spaces[space].name
    roll = [r for r in game.state["rolls"] if r["purpose"].startswith(f"reformation attempt in {name}")]
    assert roll[0]["purpose"].endswith(f"protestant {base + 1} dice")
    assert not _bonus_targets(game, "protestant")  # one bonus an impulse


def test_18_2_one_bonus_of_attempts_an_impulse_per_power() -> None:
    game = cp_decision("protestant", 2)
    game.state["impulse_bonus"] = {"used": True, "translated": []}
    game.act("protestant", {"type": "publish_treatise", "zone": "german"})
    assert not _bonus_targets(game, "protestant")
    offered = [a for a in engine.legal_actions(cp_decision("protestant", 2).state, "protestant") if "debater" in a]
    assert {"type": "publish_treatise", "zone": "german", "debater": "carlstadt"} in offered


def test_18_2_area_bonuses_reach_their_spaces() -> None:
    board = load_map()
    state = cp_decision("papacy", 0).state
    assert debater_bonuses.area_helps(state, board, "latimer", "london")
    assert not debater_bonuses.area_helps(state, board, "latimer", "calais")  # English, but not in England
    assert debater_bonuses.area_helps(state, board, "wishart", "edinburgh")
    assert debater_bonuses.area_helps(state, board, "knox", "york") and debater_bonuses.area_helps(
        state, board, "knox", "glasgow"
    )
    assert debater_bonuses.area_helps(state, board, "faber", "mainz") and debater_bonuses.dice_of("faber") == 2
    assert not debater_bonuses.area_helps(state, board, "faber", "nuremberg")
    state["leaders"]["charles_v"] = None
    assert not debater_bonuses.area_helps(state, board, "contarini", "vienna")
    state["leaders"]["charles_v"] = "vienna"
    assert debater_bonuses.area_helps(state, board, "contarini", "linz")
    assert not debater_bonuses.area_helps(state, board, "canisius", "rome")


def test_18_3_carlstadt_three_german_attempts_with_unrest_where_one_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cp_decision("protestant", 2)
    game.act("protestant", {"type": "publish_treatise", "zone": "german", "debater": "carlstadt"})
    decision = game.view("protestant")["decision"]
    assert decision["left"] == 3 and decision["unrest_on_failure"]
    assert game.state["debaters"]["carlstadt"] == "committed"
    board = load_map()
    targets = [a["space"] for a in game.view("protestant")["actions"] if a["type"] == "target"]
    assert targets and all(board.spaces[s].language == "german" for s in targets)
    monkeypatch.setattr(rng, "roll_many", lambda state, purpose, n: [1] * n if "protestant" in purpose else [6] * n)
    game.act("protestant", {"type": "target", "space": targets[0]})
    assert game.state["spaces"][targets[0]]["unrest"]


def test_18_3_calvin_three_attempts_on_french_spaces() -> None:
    game = cp_decision("protestant", 2)
    game.state["debaters"]["calvin"] = "uncommitted"
    game.act("protestant", {"type": "publish_treatise", "zone": "french", "debater": "calvin"})
    state = game.state
    frames = [d for d in state["stack"] if d["kind"] == "attempts"]
    if frames:  # else no French target: the attempts were lost
        assert frames[-1]["left"] == 3 and set(frames[-1]["only"]) == set(load_map().by_language("french"))
    assert any("three attempts on french spaces" in line["text"] for line in state["log"])


def test_18_4_cajetan_and_caraffa_burn_books_with_three_attempts() -> None:
    game = cp_decision("papacy", 2)
    game.act("papacy", {"type": "burn_books", "zone": "german", "debater": "cajetan"})
    decision = game.view("papacy")["decision"]
    assert decision["left"] == 3 and decision["attempt"]["zone"] == "german"
    game = cp_decision("papacy", 2)
    game.state["debaters"]["caraffa"] = "uncommitted"
    game.act("papacy", {"type": "burn_books", "zone": "italian", "debater": "caraffa"})
    decision = game.view("papacy")["decision"]
    assert decision["left"] == 3 and decision["attempt"]["zone"] == religion.ANY_ZONE


def test_18_4_tetzel_adds_a_cp_to_st_peters_when_burning_books() -> None:
    game = cp_decision("papacy", 2)
    game.act("papacy", {"type": "burn_books", "zone": "german", "debater": "tetzel"})
    assert game.state["tracks"]["st_peters"]["cp"] == 1
    assert game.view("papacy")["decision"]["left"] == 2


def test_18_1_loyola_founds_a_jesuit_university_for_two_cp() -> None:
    game = cp_decision("papacy", 2)
    game.state["events"]["society_of_jesus"] = True
    game.state["debaters"]["loyola"] = "uncommitted"
    game.state["impulse_bonus"] = {"used": False, "translated": [], "papacy_used": True}  # outside the limit
    plain = [a for a in game.view("papacy")["actions"] if a["type"] == "found_jesuit_university" and "debater" not in a]
    assert not plain  # 2 CP: only with Loyola
    game.act("papacy", {"type": "found_jesuit_university", "space": "rome", "debater": "loyola"})
    assert game.state["spaces"]["rome"]["jesuit"] and game.state["debaters"]["loyola"] == "committed"
    assert game.view("papacy")["decision"] == {"kind": "cp", "role": "papacy", "cp": 0}


def test_18_5_gardiner_attacks_with_a_die_more_only_in_the_english_zone() -> None:
    state = cp_decision("papacy", 0).state
    people = load_people().debaters
    assert religion.attacker_debate_dice(state, people, "gardiner", "english").count == 7
    assert religion.attacker_debate_dice(state, people, "gardiner", "german").count == 6
    assert religion.attacker_debate_dice(state, people, "eck", "german", fresh=False).count == 6


def _debate(game: Any, result: tuple[str, str, int, bool, bool], side: str) -> None:
    debates.debate_result(game.state, load_map(), "papacy", "german", side, result)


def test_18_5_aleander_concluding_a_debate_gives_the_winner_a_flip_more() -> None:
    game = cp_decision("papacy", 0)
    game.state["stack"] = []
    _debate(game, ("luther", "aleander", 1, True, True), "papal")
    assert game.state["stack"][-1]["left"] == 2
    game.state["stack"] = []
    _debate(game, ("luther", "aleander", 1, True, False), "papal")  # Aleander came in committed
    assert game.state["stack"][-1]["left"] == 1


def test_18_5_campeggio_cancels_a_lost_debate_on_a_five_or_six(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cp_decision("papacy", 0)
    game.state["stack"] = []
    monkeypatch.setattr(rng, "roll", lambda state, purpose, sides=6: 5)
    _debate(game, ("luther", "campeggio", 3, True, True), "papal")
    assert game.state["stack"] == [] and game.state["debaters"]["campeggio"] == "uncommitted"
    monkeypatch.setattr(rng, "roll", lambda state, purpose, sides=6: 4)
    _debate(game, ("luther", "campeggio", 3, True, True), "papal")
    assert game.state["debaters"]["campeggio"] == "disgraced" and game.state["stack"][-1]["left"] == 3


def test_18_5_bullinger_may_step_into_the_second_round(monkeypatch: pytest.MonkeyPatch) -> None:
    game = cp_decision("papacy", 3)
    game.state["debaters"]["bullinger"] = "uncommitted"
    monkeypatch.setattr(rng, "roll_many", lambda state, purpose, n: [1] * n)  # every round a tie
    game.act("papacy", {"type": "call_debate", "zone": "german"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    decision = game.view("protestant")["decision"]
    assert decision["kind"] == "bullinger"
    game.act("protestant", {"type": "bullinger", "enter": True})
    assert game.state["debaters"]["bullinger"] == "committed"
    texts = [line["text"] for line in game.state["log"]]
    assert any(t.startswith("debate round 2:") and "Bullinger 0" in t for t in texts)
    assert any("the debate ends without a result" in line["text"] for line in game.state["log"])
