"""Theological debates (rule book 18.5; seed section 18): calling one, the defender's pool, the rounds with their
response windows (``responses.py``), Bullinger's step into a second round and the result's burnings, disgraces and
flips. Registers the ``defender`` and ``bullinger`` decisions and the ``debate_rounds`` continuation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.core import PAPACY, PROTESTANT
from umpire.games.his2p.events import responses
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debater_bonuses, religion
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]


def start_debate(state: State, role: str, zone: str) -> None:
    """Call a Theological Debate (18.5 steps 1-3): the attacker's debater is drawn at random from its uncommitted
    pool; the caller then picks which of the defender's pools to draw from."""
    people = load_people().debaters
    side = "papal" if role == PAPACY else PROTESTANT
    other = PROTESTANT if side == "papal" else "papal"
    pool = religion.debater_pool(state, people, side, zone, "uncommitted")
    attacker = rng.choice(state, f"debate in the {zone} zone: {side} debater", pool)
    pools = [p for p in ("uncommitted", "committed") if religion.debater_pool(state, people, other, zone, p)]
    core.log(state, f"{role} calls a debate in the {zone} zone: {people[attacker].name} attacks")
    if not pools:
        core.log(state, "no debater is left to defend: the debate does not take place")
        return
    state["stack"].append(
        {"kind": "defender", "role": role, "zone": zone, "attacker": attacker, "side": side, "pools": pools}
    )


def on_defender(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """The caller picked the defender's pool (18.5 step 3): its debater is drawn at random, then the rounds."""
    state["stack"].pop()
    people = load_people().debaters
    zone, side = decision["zone"], decision["side"]
    other = PROTESTANT if side == "papal" else "papal"
    pool = religion.debater_pool(state, people, other, zone, action["pool"])
    defender = rng.choice(state, f"debate in the {zone} zone: {other} debater from the {action['pool']} pool", pool)
    debate_rounds(state, board, role, zone, side, decision["attacker"], defender, action["pool"] == "committed")


def debate_rounds(
    state: State,
    board: HisMap,
    role: str,
    zone: str,
    side: str,
    attacker: str,
    defender: str,
    committed: bool,
    round: int = 1,
) -> None:
    """The rounds of a debate (18.5 steps 5-10), from ``round``. Before each round's dice a response window may
    open (Here I Stand, ``responses.debate_round``), which runs the round again when it closes; a tied first round
    goes to a second, the Protestant first choosing whether Bullinger steps into it when he may (his bonus,
    ``debater_bonuses``)."""
    people = load_people().debaters
    here = {"role": role, "zone": zone, "side": side, "attacker": attacker, "defender": defender}
    if responses.debate_round(state, {**here, "committed": committed, "round": round}):
        return
    result = _debate_round(state, people, round, zone, attacker, defender, not committed)
    if result is not None:
        debate_result(state, board, role, zone, side, result)
    elif round == 2:
        core.log(state, "the debate ends without a result")
    elif debater_bonuses.bullinger_may_enter(state, zone):
        state["stack"].append(
            {
                "kind": "bullinger",
                "role": PROTESTANT,
                "zone": zone,
                "side": side,
                "caller": role,
                # what a card's debate keeps for its rounds while it waits: Papal Inquisition's dice, Leipzig's bar
                "extra_dice": state.get("debate_extra_dice", 0),
                "absent": sorted(d for d, status in state["debaters"].items() if status == "absent"),
            }
        )
    else:
        _second_round(state, board, role, zone, side, bullinger=False)


def _second_round(state: State, board: HisMap, role: str, zone: str, side: str, *, bullinger: bool) -> None:
    """The second round (18.5 step 8): new debaters drawn, Bullinger the Protestant's when he steps in; then the
    round as :func:`debate_rounds` rolls it (its response window first); a tie ends the debate without a result."""
    people = load_people().debaters
    other = PROTESTANT if side == "papal" else "papal"
    attacker = "bullinger" if bullinger and side == PROTESTANT else None
    defender = "bullinger" if bullinger and other == PROTESTANT else None
    if bullinger:
        core.log(state, "Bullinger steps into the second round")
    attacker = attacker or _redraw(state, people, side, zone, f"debate round 2: {side} debater")
    defender = defender or _redraw(state, people, other, zone, f"debate round 2: {other} debater")
    committed = state["debaters"][defender] == "committed"
    debate_rounds(state, board, role, zone, side, attacker, defender, committed, round=2)


def _debate_round(
    state: State, people: Mapping[str, Any], round_no: int, zone: str, attacker: str, defender: str, d_fresh: bool
) -> tuple[str, str, int, bool, bool] | None:
    """Roll one round (18.5 steps 5-7): None on a tie, else (winner, loser, margin, whether the winner and the
    loser entered the round uncommitted)."""
    a_fresh = state["debaters"][attacker] == "uncommitted"
    a_dice = religion.attacker_debate_dice(state, people, attacker, zone, fresh=a_fresh)
    d_dice = religion.defender_debate_dice(people, defender, not d_fresh)
    a_faces = rng.roll_many(state, f"debate round {round_no}: {people[attacker].name} attacks", a_dice.count)
    d_faces = rng.roll_many(state, f"debate round {round_no}: {people[defender].name} defends", d_dice.count)
    state["debaters"][attacker] = "committed"
    state["debaters"][defender] = "committed"
    a_hits, d_hits = religion.debate_hits(a_faces), religion.debate_hits(d_faces)
    core.log(state, f"debate round {round_no}: {people[attacker].name} {a_hits} hits, {people[defender].name} {d_hits}")
    if a_hits == d_hits:
        return None
    if a_hits > d_hits:
        return attacker, defender, a_hits - d_hits, a_fresh, d_fresh
    return defender, attacker, d_hits - a_hits, d_fresh, a_fresh


def debate_result(
    state: State, board: HisMap, role: str, zone: str, side: str, result: tuple[str, str, int, bool, bool]
) -> None:
    """A debate won (18.5 steps 8-10): Campeggio losing may cancel it; the loser burned or disgraced by a margin
    over his value; the winner flips the margin's spaces (one more when Aleander decided it)."""
    people = load_people().debaters
    winner_debater, loser, margin, winner_fresh, loser_fresh = result
    if debater_bonuses.campeggio_cancels(state, loser, loser_fresh):
        return
    winner_side = people[winner_debater].side
    winner_role = PAPACY if winner_side == "papal" else PROTESTANT
    if religion.burned_or_disgraced(margin, people[loser].value):
        fate = "burned" if people[loser].side == PROTESTANT else "disgraced"
        state["debaters"][loser] = fate
        state["bonus_vp"][winner_role] += people[loser].value
        core.log(state, f"{people[loser].name} is {fate}: {people[loser].value} VP to the {winner_role}")
        if fate == "burned" and loser in state["reformers"]:
            state["reformers"][loser] = None
            core.log(state, f"the reformer {people[loser].name} leaves the map")
    papal, papal_fresh = (winner_debater, winner_fresh) if winner_side == "papal" else (loser, loser_fresh)
    extra = debater_bonuses.aleander_flips(state, papal, papal_fresh)
    if extra:
        core.log(state, f"Aleander concluded the debate: the winner flips {extra} space more")
    flip_side = b.CATHOLIC if winner_side == "papal" else b.PROTESTANT
    state["stack"].append(
        {
            "kind": "flips",
            "role": winner_role,
            "side": flip_side,
            "left": margin + extra,
            "rule": "debate",
            "zone": zone,
        }
    )


def _bullinger_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "bullinger", "enter": True}, {"type": "bullinger", "enter": False}]


def _bullinger_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """Bullinger in or not, then the second round, with the extra dice and barred debaters of the card that called
    the debate as they were in the first (Papal Inquisition, Leipzig Debate)."""
    state["stack"].pop()
    barred = {d: state["debaters"][d] for d in decision["absent"] if state["debaters"].get(d) != "absent"}
    state["debaters"].update(dict.fromkeys(barred, "absent"))
    if decision["extra_dice"]:
        state["debate_extra_dice"] = decision["extra_dice"]
    try:
        _second_round(state, board, decision["caller"], decision["zone"], decision["side"], bullinger=action["enter"])
    finally:
        state.pop("debate_extra_dice", None)
        state["debaters"].update({d: was for d, was in barred.items() if state["debaters"][d] == "absent"})


def _redraw(state: State, people: Mapping[str, Any], side: str, zone: str, purpose: str) -> str:
    """A second-round debater (18.5 step 8): drawn from the side's uncommitted debaters of the zone, or from its
    committed ones when none is left."""
    pool = religion.debater_pool(state, people, side, zone, "uncommitted") or religion.debater_pool(
        state, people, side, zone, "committed"
    )
    return rng.choice(state, purpose, pool)


def _defender_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "defender", "pool": p} for p in decision["pools"]]


@core.continuation("debate_rounds")
def _rounds_after_window(state: State, board: HisMap, kept: dict[str, Any]) -> None:
    """A debate round's response window closed (``responses.py``): the rounds go on from the one it kept."""
    debate_rounds(state, board, **kept)


core.decision_kind("defender", _defender_legal, on_defender)
core.decision_kind("bullinger", _bullinger_legal, _bullinger_handle)
