"""Victory points and victory (rule book 23; seed 23): the Papacy's and the Protestant's VP, the immediate
religious victory, and the Victory Determination Phase with the variant's domination victory.

In the two-player game only the Papacy and the Protestant score (seed 3). Military victory of the Papacy by keys
(23.1) is checked with the keys it controls.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.powers import load_powers
from umpire.games.his2p.religion import religion

State = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
#: A standard victory needs 25 VP (23.3).
STANDARD_VP = 25
#: Domination (seed 23): under 25 VP but at least 8 ahead, from the Victory Determination Phase of turn 4.
DOMINATION_LEAD = 8
DOMINATION_FROM_TURN = 4
LAST_TURN = 9


def vp(state: State, board: HisMap) -> dict[str, int]:
    """Each player's VP now (23.2): base, special and bonus.

    Papacy: its keys' track, the purple value of the Protestant Spaces track, St. Peter's VP, bonus VP.
    Protestant: 2 per electorate both Protestant and under its political control, the brown value of the track,
    bonus VP."""
    powers = load_powers()
    spaces = religion.protestant_spaces(state, board)
    protestant_track, papal_track = powers.spaces_vp(min(spaces, powers.religious_victory - 1))
    papacy = (
        powers.powers[PAPACY].key_vp(b.keys_controlled(state, board, PAPACY))
        + int(papal_track)
        + int(state["tracks"]["st_peters"]["vp"])
        + int(state["bonus_vp"][PAPACY])
    )
    electorates = sum(
        1
        for s, spot in board.spaces.items()
        if spot.type == "electorate"
        and state["spaces"][s]["protestant"]
        and state["spaces"][s]["control"] == PROTESTANT
    )
    protestant = (
        int(powers.powers[PROTESTANT].vp_per_electorate or 0) * electorates
        + int(protestant_track)
        + int(state["bonus_vp"][PROTESTANT])
    )
    return {PAPACY: papacy, PROTESTANT: protestant}


def check_religious_victory(state: State, board: HisMap) -> None:
    """The Protestant wins at once with 50 Protestant spaces not in unrest (23.1)."""
    if religion.protestant_spaces(state, board, count_unrest=False) >= load_powers().religious_victory:
        _end(state, PROTESTANT, "religious victory: 50 Protestant spaces")


def check_military_victory(state: State, board: HisMap) -> None:
    """23.1: a power other than the Protestant wins at once in the Action Phase when the keys it controls, none in
    unrest, reach the Auto Win box of its power card. Only the players score in this variant (seed 3), so only the
    Papacy can win so (7 keys; HIS-S05)."""
    if state.get("phase") != "action" or state.get("over"):
        return
    keys = b.keys_controlled(state, board, PAPACY)
    needed = load_powers().powers[PAPACY].auto_win_keys
    if needed is not None and keys >= needed:
        _end(state, PAPACY, f"military victory: {keys} keys")


def determine(state: State, board: HisMap) -> None:
    """The Victory Determination Phase (23.3; seed 23): record this turn's VP and end the game if :func:`decide`
    finds a result."""
    state["vp_history"].append(vp(state, board))
    result = decide(state["turn"], state["vp_history"])
    if result is not None:
        _end(state, *result)


def decide(turn: int, history: list[dict[str, int]]) -> tuple[str | None, str] | None:
    """The result of a Victory Determination Phase, or None to play on (23.3; seed 23): a standard victory at 25
    VP; from turn 4 a domination victory with at least 8 VP more than the other player while under 25; after turn
    9 the higher total. Ties go to the higher total of the turn before, and so on back (23.3); equal at every turn
    is no winner (docs/rulings/his2p.md HIS-E05)."""
    totals = history[-1]

    def rank(power: str) -> tuple[int, ...]:
        return tuple(past[power] for past in reversed(history))

    leader, other = sorted(totals, key=rank, reverse=True)
    tied = rank(leader) == rank(other)
    if totals[leader] >= STANDARD_VP or turn >= LAST_TURN:
        if tied:
            return None, f"tied at every turn with {totals[leader]} VP each"
        if totals[leader] >= STANDARD_VP:
            return leader, f"standard victory with {totals[leader]} VP"
        return leader, f"time limit: {totals[leader]} VP to {totals[other]} after turn {LAST_TURN}"
    if turn >= DOMINATION_FROM_TURN and totals[leader] - totals[other] >= DOMINATION_LEAD:
        return leader, f"domination victory: {totals[leader]} VP to {totals[other]}"
    return None


def _end(state: State, winner: str | None, how: str) -> None:
    state["over"] = True
    state["winner"] = winner
    state["outcome"] = how
    text = f"{winner} wins: {how}" if winner else f"the game ends: {how}"
    state["log"].append({"turn": state["turn"], "phase": state["phase"], "text": text})
