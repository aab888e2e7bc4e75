"""The board in the state: who controls each space, its religious influence, unrest, units, reformers, debaters.

The state holds plain JSON (``docs/architecture.md``); these helpers are the one place its board layout is read
and written, so that the rules modules speak of spaces, powers and sides, not of dict keys:

- ``state["spaces"][space]``: ``{"control": power, "protestant": bool, "unrest": bool, "jesuit": bool}`` for each
  land space (``control`` is a power id or ``"independent"``);
- ``state["units"][space or sea][power]``: ``{"regular": n, "mercenary": n, "cavalry": n, "squadron": n,
  "corsair": n}``, zero counts and empty entries dropped;
- ``state["reformers"][reformer]``: the space a reformer stands in, or None while off the map;
- ``state["debaters"][debater]``: ``"uncommitted"``, ``"committed"``, ``"absent"`` (not yet in play, or away this
  turn), ``"burned"``, ``"disgraced"`` or ``"dead"`` (out of the game by an event: Luther with Calvin, card 16);
- ``state["rulers"][power]``: the ruler id of each major power;
- ``state["events"]``: flags of events in force (``printing_press``, ``augsburg_confession``,
  ``schmalkaldic_league``, ``society_of_jesus``, …).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]

PROTESTANT = "protestant"
CATHOLIC = "catholic"
OTHER = "other"

LAND_UNITS = ("regular", "mercenary", "cavalry")
NAVAL_UNITS = ("squadron", "corsair")
UNIT_KINDS = LAND_UNITS + NAVAL_UNITS

#: Powers whose land units are always Catholic for religious modifiers (rule book 18.2): the Papacy, the
#: Hapsburgs, France, the four minor powers and independent units.
CATHOLIC_POWERS = frozenset({"papacy", "hapsburg", "france", "genoa", "hungary", "scotland", "venice", "independent"})


def religion(state: State, board: HisMap, space: str) -> str:
    """The religious influence of a land space: Protestant, Catholic, or ``other`` for Ottoman home spaces, which
    are Muslim or Orthodox and never change (rule book 2.3)."""
    if "ottoman" in board.spaces[space].home:
        return OTHER
    return PROTESTANT if state["spaces"][space]["protestant"] else CATHOLIC


def set_religion(state: State, space: str, side: str) -> None:
    """Flip a space's religious influence to ``side`` (Protestant or Catholic)."""
    state["spaces"][space]["protestant"] = side == PROTESTANT


def in_unrest(state: State, space: str) -> bool:
    """Whether an unrest marker sits in the space (rule book 12.4)."""
    return bool(state["spaces"][space].get("unrest"))


def has_jesuit(state: State, space: str) -> bool:
    """Whether a Jesuit university stands in the space (rule book 21.5)."""
    return bool(state["spaces"][space].get("jesuit"))


def units_of(state: State, where: str, power: str) -> dict[str, int]:
    """The units of ``power`` in a space or sea zone (a copy; missing kinds are zero)."""
    found = state["units"].get(where, {}).get(power, {})
    return {kind: int(found.get(kind, 0)) for kind in UNIT_KINDS}


def add_units(state: State, where: str, power: str, kind: str, count: int) -> None:
    """Add (or with a negative count remove) units; empty entries are dropped so the state stays canonical."""
    if kind not in UNIT_KINDS:
        raise ValueError(f"unknown unit kind {kind!r}; expected one of {', '.join(UNIT_KINDS)}")
    stacks = state["units"].setdefault(where, {})
    stack = stacks.setdefault(power, {})
    total = stack.get(kind, 0) + count
    if total < 0:
        raise ValueError(f"{power} has only {stack.get(kind, 0)} {kind} in {where}, cannot remove {-count}")
    if total:
        stack[kind] = total
    else:
        stack.pop(kind, None)
    if not stack:
        stacks.pop(power, None)
    if not stacks:
        state["units"].pop(where, None)


def land_unit_count(state: State, where: str, power: str) -> int:
    """How many land units ``power`` has in a space."""
    units = units_of(state, where, power)
    return sum(units[kind] for kind in LAND_UNITS)


def unit_confession(state: State, power: str) -> str | None:
    """The side a power's land units take in religious struggles (rule book 18.2): Protestant units; English units
    under Edward VI or Elizabeth I; Catholic: Papal, Hapsburg, French, minor and independent units, English under
    Mary I. Ottoman units, and English under Henry VIII, are neutral (None) and ignored."""
    if power == PROTESTANT:
        return PROTESTANT
    if power in CATHOLIC_POWERS:
        return CATHOLIC
    if power == "england":
        ruler = state["rulers"].get("england")
        if ruler in ("edward_vi", "elizabeth_i"):
            return PROTESTANT
        if ruler == "mary_i":
            return CATHOLIC
    return None


def has_stack_of(state: State, space: str, side: str) -> bool:
    """Whether land units of ``side``'s confession stand in the space (one stack counts once, rule book 18.2)."""
    return any(
        unit_confession(state, power) == side and land_unit_count(state, space, power) > 0
        for power in state["units"].get(space, {})
    )


def keys_controlled(state: State, board: HisMap, power: str) -> int:
    """Keys a power controls, less those in unrest, which cover a box of its card and VP track (6.2, 23.2)."""
    return sum(
        1
        for s, spot in board.spaces.items()
        if spot.is_key and state["spaces"][s]["control"] == power and not state["spaces"][s].get("unrest")
    )


def reformer_in(state: State, space: str) -> bool:
    """Whether a reformer stands in the space."""
    return any(where == space for where in state["reformers"].values())
