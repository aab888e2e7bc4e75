"""The strict exchanges between a player and his Allied Empires (seed 33.32), each a check that names what is wrong.

A player's *family* is his own empire and his allies (33.31). Between two of them: gold only toward the direct costs
of an endeavour (its cost and the gold added to its rating), never from an ally toward the player's own empire;
claims one for one; areas one for one, a claimed and possessed area only for another claimed and possessed one, the
difference in social state paid in gold by the empire receiving the higher one, and five gold to the empire that
receives an area in unrest, from the one that gives it (EMP-A11). No other gold changes hands.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board
from umpire.games.empires2.alliances import allies_of, family
from umpire.games.empires2.mapdata import load_map

State = dict[str, Any]

#: 33.32: what the empire receiving an area in unrest obtains as compensation.
UNREST_COMPENSATION = 5
WHAT = ("areas", "claims")


def case_33_32_endeavour_gold(state: State, player: str, eid: str, paid_by: Any, direct: int) -> int:
    """33.32: gold from the player's other empires toward ``eid``'s endeavour, at most its direct costs; an ally's
    gold never pays for the player's own empire. Moves the gold and returns the total."""
    if not isinstance(paid_by, dict):
        raise ValueError(f"'paid_by' must map empires to gold, not {paid_by!r}")
    mine = family(state, player)
    total = 0
    for payer, gold in paid_by.items():
        if payer == eid:
            raise ValueError(f"{payer!r} is the empire acting; 'paid_by' names the others that pay")
        if payer not in mine:
            raise ValueError(
                f"{payer!r} is not one of {board.name(state, player)}'s empires ({', '.join(mine)}): gold changes "
                "hands only between a player and his allies (33.32)"
            )
        if eid == player and payer in allies_of(state, player):
            raise ValueError(
                f"gold from an ally ({board.name(state, payer)}) may never pay for the player's own empire's "
                "endeavours (33.32)"
            )
        if not isinstance(gold, int) or isinstance(gold, bool) or gold < 1:
            raise ValueError(f"{payer} pays a whole number of gold from 1, not {gold!r}")
        if gold > state["empires"][payer]["gold"]:
            raise ValueError(f"{board.name(state, payer)} holds {state['empires'][payer]['gold']} gold, not {gold}")
        total += gold
    if total > direct:
        raise ValueError(
            f"{total} gold offered toward an endeavour whose direct costs are {direct}: gold may change hands only to "
            "pay an endeavour's direct costs (33.32)"
        )
    for payer, gold in paid_by.items():
        state["empires"][payer]["gold"] -= gold
        state["empires"][eid]["gold"] += gold
        board.log(
            state,
            f"{board.name(state, payer)} pays {gold} gold toward {board.name(state, eid)}'s endeavour (33.32)",
        )
    return total


def _pair(state: State, player: str, trade: Any) -> list[tuple[str, str]]:
    if not isinstance(trade, dict) or len(trade) != 2:
        raise ValueError(
            "'trade' must map exactly two of your empires to what each gives, one for one (33.32): "
            f'{{"germany": "lorraine", "burgundy": "provence"}}, not {trade!r}'
        )
    mine = family(state, player)
    pairs = sorted(trade.items())
    for eid, item in pairs:
        if eid not in mine:
            raise ValueError(
                f"{eid!r} is not one of {board.name(state, player)}'s empires ({', '.join(mine)}): exchanges are "
                "between a player and his allies or two of his allies (33.32)"
            )
        if not isinstance(item, str) or item not in state["areas"]:
            raise ValueError(f"{eid} gives {item!r}, which is not an area")
    return pairs


def case_33_32_exchange(state: State, player: str, what: Any, trade: Any) -> None:
    """33.32: one trade of areas or claims between two of the player's empires, checked then made."""
    if what == "gold":
        raise ValueError(
            "gold changes hands between a player and his allies only toward an endeavour's direct costs ('paid_by' "
            "on the endeavour) or as an area trade's differences (33.32)"
        )
    if what not in WHAT:
        raise ValueError(f"'what' must be one of {', '.join(WHAT)}, not {what!r}")
    pairs = _pair(state, player, trade)
    if what == "claims":
        case_33_32_claims(state, pairs)
    else:
        case_33_32_areas(state, pairs)


def case_33_32_claims(state: State, pairs: list[tuple[str, str]]) -> None:
    """33.32: a claim for a claim: each gives one it holds and the other does not."""
    (a, x), (b, y) = pairs
    for giver, item, taker in ((a, x, b), (b, y, a)):
        if item not in state["empires"][giver]["claims"]:
            raise ValueError(f"{board.name(state, giver)} holds no claim to {item!r} to give")
        if item in state["empires"][taker]["claims"]:
            raise ValueError(f"{board.name(state, taker)} already holds a claim to {item!r}")
    state["empires"][a]["claims"].remove(x)
    state["empires"][b]["claims"].remove(y)
    state["empires"][a]["claims"].append(y)
    state["empires"][b]["claims"].append(x)
    board.log(
        state,
        f"{board.name(state, a)} and {board.name(state, b)} exchange claims: {x} for {y} (33.32)",
    )


def case_33_32_areas(state: State, pairs: list[tuple[str, str]]) -> None:
    """33.32: an area for an area; claimed and possessed only for claimed and possessed (the claims go with them,
    EMP-A11); no Court; the social state difference in gold from the receiver of the higher; five gold to the
    receiver of an area in unrest from its giver."""
    m = load_map()
    (a, x), (b, y) = pairs
    areas = state["areas"]
    for giver, item in ((a, x), (b, y)):
        if areas[item]["owner"] != giver:
            raise ValueError(f"{board.name(state, giver)} does not possess {m.area(item).name}")
        if state["empires"][giver]["court"] == item:
            raise ValueError(f"{m.area(item).name} is {board.name(state, giver)}'s Court Area and is not traded")
    claimed = {item: item in state["empires"][giver]["claims"] for giver, item in pairs}
    if claimed[x] != claimed[y]:
        yes, no = (x, y) if claimed[x] else (y, x)
        raise ValueError(
            f"{m.area(yes).name} is claimed and possessed, {m.area(no).name} is not: such an area is exchanged only "
            "for another claimed and possessed (33.32)"
        )
    owed: dict[str, int] = {a: 0, b: 0}  # gold each empire must pay
    diff = areas[x]["social_state"] - areas[y]["social_state"]
    owed[b] += diff  # b receives x: it pays when x is the higher, and is paid when lower
    owed[a] -= diff
    if areas[x]["unrest"]:
        owed[a] += UNREST_COMPENSATION
        owed[b] -= UNREST_COMPENSATION
    if areas[y]["unrest"]:
        owed[b] += UNREST_COMPENSATION
        owed[a] -= UNREST_COMPENSATION
    for eid, gold in owed.items():
        if gold > state["empires"][eid]["gold"]:
            raise ValueError(
                f"{board.name(state, eid)} must pay {gold} gold for this exchange (social state difference "
                f"{abs(diff)}, {UNREST_COMPENSATION} for an area in unrest) and holds {state['empires'][eid]['gold']}"
            )
    areas[x]["owner"], areas[y]["owner"] = b, a
    if claimed[x]:
        state["empires"][a]["claims"].remove(x)
        state["empires"][b]["claims"].remove(y)
        state["empires"][a]["claims"].append(y)
        state["empires"][b]["claims"].append(x)
    pay = max(owed.values())
    payer = a if owed[a] > 0 else b
    for eid, gold in owed.items():
        state["empires"][eid]["gold"] -= gold
    settled = f"; {board.name(state, payer)} pays {pay} gold" if pay > 0 else "; no gold owed"
    board.log(
        state,
        f"{board.name(state, a)} gives {m.area(x).name} to {board.name(state, b)} for {m.area(y).name} (33.32)"
        + settled,
    )
