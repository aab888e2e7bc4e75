"""Parleys (authored, EMP-P03 to P07) and the Independent Empires' votes in them (33.27, 33.28), one test per case,
named by its number; every roll is logged with its purpose."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.empires2.helpers import scenario_state
from umpire.bots.empires2 import NormalBot
from umpire.games.empires2 import alliances, board, parley
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game

State = dict[str, Any]
INDEPENDENTS = ("france", "burgundy", "denmark", "poland", "kiev")


@pytest.fixture
def state() -> State:
    """Millennium in Germany's player-turn of round 1."""
    return scenario_state("millennium", 7, phase="turn", current="germany", round=1, scenario="millennium")


def free_area(state: State) -> str:
    """An independent area next to Germany that no empire claims."""
    claimed = {c for e in state["empires"].values() for c in e["claims"]}
    near = board.neighbours(state, "germany")
    return next(a for a in near if state["areas"][a]["owner"] is None and a not in claimed)


def votes(state: State, eids: tuple[str, ...]) -> int:
    return sum(parley.votes_of(state, e) for e in eids)


def test_33_27_the_higher_roll_gets_an_independents_votes(state: State) -> None:
    aid = free_area(state)
    state["empires"]["germany"]["leader"]["diplomatic"] = 40  # Germany wins every roll
    parley.call(state, "germany", [aid])
    assert parley.waiting_for(state) == ["byzantine"]
    parley.vote(state, "byzantine", False)
    assert parley.pending(state) is None
    yes = votes(state, ("germany", *INDEPENDENTS))
    assert yes > parley.votes_of(state, "byzantine")
    assert aid in state["empires"]["germany"]["claims"]
    assert any(f"{yes} yes, {parley.votes_of(state, 'byzantine')} no: carried" in line for line in state["log"])
    rolls = [r for r in state["rolls"] if "(33.27)" in r["purpose"]]
    assert len(rolls) == 2 * len(INDEPENDENTS)  # each player rolls two dice for each Independent
    assert all(r["kind"] == "2d6" for r in rolls)
    assert any(line.startswith("Independent France's votes (33.27): Germany ") for line in state["log"])


def test_33_27_the_independents_vote_as_the_roll_winner_voted(state: State) -> None:
    aid = free_area(state)
    state["empires"]["byzantine"]["leader"]["diplomatic"] = 40  # Byzantium wins every roll and votes no
    parley.call(state, "germany", [aid])
    parley.vote(state, "byzantine", False)
    assert aid not in state["empires"]["germany"]["claims"]
    no = votes(state, ("byzantine", *INDEPENDENTS))
    assert any(f"{parley.votes_of(state, 'germany')} yes, {no} no: lost" in line for line in state["log"])


def test_33_27_the_dice_are_rolled_for_each_issue(state: State) -> None:
    first = free_area(state)
    second = next(a for a in board.areas_of(state, "germany") if a not in state["empires"]["germany"]["claims"])
    parley.call(state, "germany", [first, second])
    parley.vote(state, "byzantine", False)
    assert parley.pending(state) is not None and parley.pending(state)["index"] == 1  # type: ignore[index]
    parley.vote(state, "byzantine", True)
    for aid in (first, second):
        name = board.area_name(aid)
        assert len([r for r in state["rolls"] if f"a claim to {name} (33.27)" in r["purpose"]]) == 2 * len(INDEPENDENTS)
    assert second in state["empires"]["germany"]["claims"]  # everyone voted yes on the second


def test_33_27_equal_highest_totals_roll_again(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    faces = iter([[3, 3], [3, 3], [6, 5], [1, 1]])  # Germany and Byzantium tie at 6 + 3, then Germany wins
    for eid in ("germany", "byzantine"):
        state["empires"][eid]["leader"]["diplomatic"] = 3
    monkeypatch.setattr(parley.rng, "roll_many", lambda s, purpose, n: next(faces))
    assert parley.case_33_27_roll(state, "france", free_area(state)) == "germany"
    assert any("roll again (EMP-P05)" in line for line in state["log"])


def test_33_28_an_independent_votes_against_a_claim_to_its_own_area(state: State) -> None:
    aid = board.areas_of(state, "france")[0]
    state["empires"]["germany"]["leader"]["diplomatic"] = 40
    assert parley.case_33_28_interest(state, "france", "germany", aid) is False
    parley.call(state, "germany", [aid])
    parley.vote(state, "byzantine", True)
    assert not [r for r in state["rolls"] if r["purpose"].startswith("France's votes")]
    assert len([r for r in state["rolls"] if r["purpose"].startswith("Kiev's votes")]) == 2  # untouched: 33.27
    said = f"France {parley.votes_of(state, 'france')} no, its own interest (33.28)"
    assert any(said in line for line in state["log"])


def test_33_28_an_independent_claiming_the_area_votes_against_it(state: State) -> None:
    aid = free_area(state)
    state["empires"]["poland"]["claims"].append(aid)
    assert parley.case_33_28_interest(state, "poland", "germany", aid) is False
    assert parley.case_33_28_interest(state, "kiev", "germany", aid) is None  # untouched: 33.27 decides


def test_allies_vote_with_their_player(state: State) -> None:
    state["empires"]["burgundy"]["court_ties"]["byzantine"] = alliances.case_33_41_ties_required(state, "burgundy")
    alliances.case_33_41_alliance(state, "byzantine", "burgundy", "test")
    parley.call(state, "germany", [free_area(state)])
    parley.vote(state, "byzantine", False)
    said = f"Burgundy {parley.votes_of(state, 'burgundy')} no, with Byzantine Empire"
    assert any(said in line for line in state["log"])
    assert not [r for r in state["rolls"] if r["purpose"].startswith("Burgundy")]


def test_votes_are_the_areas_possessed(state: State) -> None:
    assert parley.votes_of(state, "germany") == len(board.areas_of(state, "germany"))
    state["empires"]["kiev"]["demise"] = "dismantled"
    assert parley.votes_of(state, "kiev") == 0


def test_a_parley_is_called_in_ones_own_turn_once_a_round(state: State) -> None:
    with pytest.raises(ValueError, match="own empire's player-turn"):
        parley.call(state, "byzantine", [free_area(state)])
    with pytest.raises(ValueError, match="1 to 3 areas"):
        parley.call(state, "germany", [])
    with pytest.raises(ValueError, match="not a land area"):
        parley.call(state, "germany", ["atlantis"])
    parley.call(state, "germany", [free_area(state)])
    parley.vote(state, "byzantine", True)
    with pytest.raises(ValueError, match="one parley a round"):
        parley.call(state, "germany", [free_area(state)])
    state["round"] = 2
    assert parley.may_call(state, "germany")


def test_a_parley_through_the_game_waits_for_the_other_players_vote() -> None:
    game = new_game("empires2", "millennium", seed=4)
    bot, rnd = NormalBot(), random.Random(0)
    for _ in range(500):
        view = game.view("germany")
        if "germany" in view["acting"] and any(a["type"] == "parley" for a in view["actions"]):
            break
        seat = (view["acting"] or ["germany"])[0]
        game.act(seat, bot.act(game.view(seat), rnd))  # type: ignore[arg-type]
    offered = next(a for a in view["actions"] if a["type"] == "parley")
    game.act("germany", offered)
    other = game.view("byzantine")
    assert other["acting"] == ["byzantine"] and other["parley"]["area"] == offered["areas"][0]
    assert [a["type"] for a in other["actions"]] == ["vote", "vote"]
    assert other["action_labels"][1]["label"].startswith("Vote no on a claim to")
    assert "A parley (EMP-P03), issue 1 of 1" in other["decision_text"]
    with pytest.raises(IllegalAction, match="vote on its issue"):
        game.act("byzantine", {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="not germany's move"):
        game.act("germany", {"type": "vote", "yes": True})
    game.act("byzantine", {"type": "vote", "yes": False})
    after = game.view("germany")
    assert after["parley"] is None and "germany" in after["acting"]
    assert not any(a["type"] == "parley" for a in after["actions"])  # once a round
