"""Europe 1615: a power leaving the game -- eliminated (its acquired centres liberated, each liberated state given
a new unit), abandoned by its player and dissolved at the winter phase (its centres made new minor states), and a
captured minor state's holdings freed.

Seed sections: "ELIMINATION AND EFFECTS OF", "ABANDONMENT / CIVIL DISORDER", "Expansion of the minor states"
(rulings E1615-E01, E1615-G01, E1615-G02 and E1615-R09 in docs/rulings/europe1615.md).
"""

from __future__ import annotations

from typing import Any

from umpire.diplomacy.map import UnitType
from umpire.games.europe1615.board import State, capital, game_map, minor_table
from umpire.games.europe1615.ending import check_agreement
from umpire.games.europe1615.mapdata import OTTOMAN, MinorState, power_confession, start_owner
from umpire.kernel.errors import IllegalAction
from umpire.kernel.ruleset import GM


def abandon(state: State, role: str, action: dict[str, Any]) -> None:
    """GM: ``{"type": "abandon", "power": P}`` marks P abandoned (no replacement found); it is dissolved at
    the next early winter (:func:`dissolve`).  ``"abandoned": false`` withdraws the mark before that (a
    replacement was found).  Ruling E1615-G02."""
    if role != GM:
        raise IllegalAction("only the GM may declare a power abandoned")
    if state["over"]:
        raise IllegalAction("the game is over")
    power = action.get("power")
    if power not in game_map().powers:
        raise IllegalAction(f"'power' must be one of {', '.join(game_map().powers)}, not {power!r}")
    if power in state["eliminated"]:
        raise IllegalAction(f"{power} is no longer in the game")
    flag = action.get("abandoned", True)
    if not isinstance(flag, bool):
        raise IllegalAction(f"'abandoned' must be true or false, not {flag!r}")
    marked = set(state.get("abandoned", []))
    if flag:
        marked.add(power)
        state.get("box", {}).pop(power, None)  # no player: its units hold, it is not waited for
    else:
        marked.discard(power)
    state["abandoned"] = sorted(marked)
    state["history"].append(
        {"phase": state["phase"], "public": {"kind": "abandoned", "power": power, "abandoned": flag}, "gm": {}}
    )
    check_agreement(state)


def new_unit_kind(prov: str) -> tuple[UnitType, str]:
    """The unit a liberated centre acquires (seed, "ELIMINATION AND EFFECTS OF": "coastal provinces given fleets
    and inland provinces given armies"): a fleet on a coastal province (on its first coast when it has several),
    an army otherwise."""
    gm = game_map()
    province = gm.provinces[prov]
    if province.type == "coast":
        if gm.is_location(prov, "F"):
            return "F", prov
        for coast in province.coasts:
            if gm.is_location(coast, "F"):
                return "F", coast
    return "A", prov


def origins(state: State) -> dict[str, str | None]:
    """The nation each province is liberated to: the one holding it at the start (``start_owner``), or the new
    state made of it when a power was dissolved or it was freed as a new state (``state["new_minors"]``)."""
    start: dict[str, str | None] = dict(start_owner(game_map()))
    for mid, nm in state.get("new_minors", {}).items():
        for prov in nm["provinces"]:
            start[prov] = mid
    return start


def liberate(state: State, power: str) -> tuple[list[str], list[str]]:
    """Seed, "ELIMINATION AND EFFECTS OF": the acquired foreign centres of an eliminated ``power`` are liberated
    and each liberated state acquires a new unit; its remaining provinces are left unmarked and passable.

    Ruling E1615-E01 (docs/rulings/europe1615.md): every province ``power`` owns goes back to the minor
    state that held it at the start (which becomes pliant again with its suspended INFs, as in "Expansion of the minor
    states"), unless that state's capital is held by a third nation (then the province is left unowned); a
    province of another great power goes back to that power if it is still in the game; every other province is
    left unowned.  Each vacant liberated centre gets a unit at once.  Returns (liberated states, units raised)."""
    gm = game_map()
    table = minor_table(state)
    start = origins(state)
    by_state: dict[str, list[str]] = {}
    for prov, owner in sorted(state["owner"].items()):
        if owner != power:
            continue
        origin = start.get(prov)
        if origin is not None and origin not in gm.powers:
            by_state.setdefault(origin, []).append(prov)
        elif origin is not None and origin != power and origin not in state["eliminated"]:
            state["owner"][prov] = origin
        else:
            state["owner"][prov] = None
    freed: list[str] = []
    raised: list[str] = []
    for mid, provs in sorted(by_state.items()):
        m = table[mid]
        if capital(m) not in provs and state["owner"].get(capital(m)) != mid:
            for prov in provs:
                state["owner"][prov] = None
            continue
        for prov in provs:
            state["owner"][prov] = mid
        if mid in state["suspended"]:
            infs = state["suspended"].pop(mid)
            if infs:
                state["inf"][mid] = infs
            if mid not in state["pliant"]:
                state["pliant"].append(mid)
                state["pliant"].sort()
        freed.append(mid)
        for prov in provs:
            if prov in gm.centers and prov not in state["units"]:
                kind, loc = new_unit_kind(prov)
                state["units"][prov] = {"nation": mid, "kind": kind, "loc": loc, "mark": False}
                raised.append(f"{mid} {kind} {loc}")
    return freed, raised


#: The ruleset option choosing what becomes of a great power's centre freed from a captured minor state (ruling
#: E1615-R09).
FREED_CENTRES = "freed_centres"
#: E1615-R09's default: the centre goes back to the power that held it at the start.
RETURN = "return"
#: The seed's literal reading: "the Bohemian center will be 'liberated' making it a new independent minor state".
NEW_STATE = "new_state"


def free_holdings(state: State, mid: str) -> list[str]:
    """Seed, "Expansion of the minor states": "if Prussia captures Bohemia, and the Prussian home center is captured,
    the Bohemian center will be 'liberated' making it a new independent minor state, given that it has not been
    taken by another state/power" (ruling E1615-R09, issues 13 and 28).  Run after the states whose capital the captured
    state ``mid`` held were liberated: every other province ``mid`` still holds outside its own goes back to the
    minor state that held it if that state still holds its capital; a great power's (or the Ottomans') goes back
    to it if it is still in the game -- its value counts for that power again and it may build there -- or, with
    the option ``freed_centres`` at ``new_state`` (the seed's literal example), a centre becomes a new one-centre
    pliant minor state (:func:`new_state`) that raises its unit at the late winter like any liberated state (E1615-R10);
    any other is left unowned (its state's capital is held by a third nation, or its power is eliminated), as
    elimination does (ruling E1615-E01).  Returns the report lines."""
    gm = game_map()
    table = minor_table(state)
    own = set(table[mid].provinces)
    start = origins(state)
    literal = state["options"].get(FREED_CENTRES, RETURN) == NEW_STATE
    lines: list[str] = []
    for prov, owner in sorted(state["owner"].items()):
        if owner != mid or prov in own:
            continue
        origin = start.get(prov)
        back: str | None = None
        if origin is not None and (origin in gm.powers or origin == OTTOMAN):
            if origin in state["eliminated"]:
                back = None
            elif literal and prov in gm.centers:
                back = new_state(state, prov, origin, table)
            else:
                back = origin
        elif origin in table and state["owner"].get(capital(table[origin])) == origin:
            back = origin  # a minor state that still holds its capital
        state["owner"][prov] = back
        made = " as a new independent minor state" if back is not None and back not in (origin, None) else ""
        lines.append(f"{prov}: {mid} -> {back or 'unowned'} (liberated: {mid} was captured{made})")
    if literal:
        state["pliant"].sort()
    return lines


def new_state(state: State, prov: str, origin: str, table: dict[str, MinorState]) -> str:
    """A new one-centre pliant minor state made of the centre ``prov`` that belonged to ``origin`` (a dissolved
    power's centre, E1615-G01, or a centre freed by the seed's literal "new independent minor state", E1615-R09):
    recorded in ``state["new_minors"]`` (id: the province id, with ``X`` appended if a state already has that id; name
    ``"<Name> (free)"``; its start unit a fleet on a coast, an army inland; its confession ``origin``'s), owning the
    province and pliant.  Returns its id; the caller sorts ``state["pliant"]``."""
    gm = game_map()
    mid = prov.upper() if prov.upper() not in table else f"{prov.upper()}X"
    kind, loc = new_unit_kind(prov)
    confession = power_confession(gm, origin) if origin in gm.powers else table[origin].confession
    state.setdefault("new_minors", {})[mid] = {
        "id": mid,
        "name": f"{gm.provinces[prov].name} (free)",
        "provinces": [prov],
        "centre": prov,
        "unit": f"{kind} {loc}",
        "confession": confession,
        "from": origin,
    }
    state["owner"][prov] = mid
    state["pliant"].append(mid)
    table[mid] = minor_table(state)[mid]
    return mid


def dissolve(state: State, power: str) -> tuple[list[str], list[str], list[str]]:
    """Seed, "ABANDONMENT / CIVIL DISORDER": an abandoned ``power`` is dissolved at the winter phase.  All its
    remaining units disband; each remaining centre becomes a pliant minor state with a newly built unit (a fleet
    on a coastal province, an army inland, :func:`new_unit_kind`); its other provinces are left unaligned and
    passable; it counts as eliminated from then on (its INFs leave after the scoring, its scores are ceded, as in
    "ELIMINATION AND EFFECTS OF").

    Ruling E1615-G01 (docs/rulings/europe1615.md): the acquired foreign provinces go first where elimination
    sends them (:func:`liberate`: back to their original minor state or great power); every centre still left
    without an owner after that (the home centres and the centres nobody can take back) becomes a new one-centre
    minor state, recorded in ``state["new_minors"]`` (id: the centre's province id, name ``"<Name> (free)"``,
    its provinces, centre, unit and confession: the dissolved power's).  Returns (liberated states, new minor
    states, units raised)."""
    gm = game_map()
    owned = sorted(prov for prov, owner in state["owner"].items() if owner == power)
    for prov in [q for q, u in state["units"].items() if u["nation"] == power]:
        del state["units"][prov]
    if power not in state["eliminated"]:
        state["eliminated"].append(power)
    freed, raised = liberate(state, power)
    table = minor_table(state)
    created: list[str] = []
    for prov in owned:
        if prov not in gm.centers or state["owner"].get(prov) is not None:
            continue
        mid = new_state(state, prov, power, table)
        created.append(mid)
        if prov not in state["units"]:
            kind, loc = new_unit_kind(prov)
            state["units"][prov] = {"nation": mid, "kind": kind, "loc": loc, "mark": False}
            raised.append(f"{mid} {kind} {loc}")
    state["pliant"].sort()
    return freed, created, raised
