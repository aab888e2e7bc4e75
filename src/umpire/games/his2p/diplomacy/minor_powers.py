"""Minor powers activated and deactivated (rule book 22.1-22.4 as the two-player game uses them; seed 2.2, 13) and
the Diplomatic cards that do it: Andrea Doria (201), Diplomatic Marriage (204), Venetian Alliance (212).

An active minor is in ``state["minor_allies"]`` (minor: major) and has its pair in ``state["diplomacy"]["allied"]``;
its units follow that major (``restrictions.major_of``, seed 13; ``military.friends``). On activation the spaces
the minor controls come under its major's control where seed 2.2 lets control change (Genoa and Venice, in the
Italian zone); elsewhere (Bastia, Corfu, Candia, Zara, Scotland) the minor's own control stays and counts as its
major's through the alliance (ruling HIS-I05). Deactivation undoes this and sends units home (22.4). Hungary,
a Hapsburg ally from the start, can never be deactivated (22.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, restrictions
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p.diplomacy import diplomatic_cards
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import military
from umpire.games.his2p.winter import wintering

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
MINORS = ("genoa", "hungary", "scotland", "venice")
#: Who may activate each minor by Diplomatic Marriage and similar events (22.1).
ACTIVATORS: dict[str, frozenset[str]] = {
    "genoa": frozenset({"france", "hapsburg", "papacy"}),
    "hungary": frozenset({"hapsburg"}),
    "scotland": frozenset({"england", "france"}),
    "venice": frozenset({"france", "hapsburg", "papacy"}),
}
#: Minors that may be deactivated (22.1: all but Hungary).
DEACTIVATABLE = ("genoa", "scotland", "venice")
#: Andrea Doria's ally for each player (card 201).
DORIA_ALLY = {PAPACY: PAPACY, PROTESTANT: "france"}
#: Andrea Doria adds 4 CP of Genoese units: two units at 2 CP each, a regular or (in a port) a squadron (HIS-I06).
DORIA_UNITS = 2
#: Venetian Alliance's reinforcement when Venice is already the Papacy's ally (card 212).
VENETIAN_REGULARS = 1
VENETIAN_SQUADRONS = 2


def ally_of(state: State, minor: str) -> str | None:
    """The major power ``minor`` is allied to, or None while it is inactive."""
    ally = state["minor_allies"].get(minor)
    return str(ally) if ally else None


def held_by(state: State, space: str, major: str) -> bool:
    """Whether ``major`` holds ``space``: its own control, or that of a minor allied to it (22.2; HIS-I05)."""
    control = state["spaces"][space]["control"]
    return bool(control == major or (control in MINORS and ally_of(state, control) == major))


def activate(state: State, board: HisMap, minor: str, major: str) -> None:
    """Activate ``minor`` as an ally of ``major`` (22.2): the Allied marker; the minor's spaces under the major's
    control where seed 2.2 allows; its At War markers removed (its wars are its major's). No power is ever at war
    with an inactive minor in this game, so step 2's declarations of war never arise."""
    if ally_of(state, minor) is not None:
        raise ValueError(f"{minor} is already active (allied to {ally_of(state, minor)}); deactivate it first")
    state["minor_allies"][minor] = major
    state["minor_allies"] = dict(sorted(state["minor_allies"].items()))
    diplomacy_ = state["diplomacy"]
    diplomacy_["allied"] = sorted([*diplomacy_["allied"], sorted([major, minor])])
    diplomacy_["at_war"] = [pair for pair in diplomacy_["at_war"] if minor not in pair]
    for space in sorted(board.spaces):
        if state["spaces"][space]["control"] == minor and restrictions.may_change_control(board, space):
            state["spaces"][space]["control"] = major
    core.log(state, f"{minor} is activated as an ally of {major}")


def deactivate(state: State, board: HisMap, minor: str) -> None:
    """Deactivate ``minor`` (22.4): the Allied marker goes; its home spaces its old ally holds return to it;
    other powers' units in those spaces leave (land units and army leaders to their nearest friendly fortified
    space, naval units and naval leaders to their nearest friendly port, else eliminated, a leader off the map);
    its own units go to its nearest home fortified space it controls (else an unfortified one, else eliminated),
    its naval units and leaders to its nearest home port it controls (else eliminated, the leader off the map).
    Hungary never deactivates (22.1)."""
    major = ally_of(state, minor)
    if major is None or minor not in DEACTIVATABLE:
        raise ValueError(f"{minor} cannot be deactivated (it is {'inactive' if major is None else 'Hungary'})")
    homes = board.home_spaces(minor)
    held = [s for s in homes if held_by(state, s, major)]
    del state["minor_allies"][minor]
    state["diplomacy"]["allied"] = [
        pair for pair in state["diplomacy"]["allied"] if sorted(pair) != sorted([major, minor])
    ]
    core.log(state, f"{minor} is deactivated: no longer an ally of {major}")
    for space in held:
        state["spaces"][space]["control"] = minor
    for space in held:
        for power in sorted({*state["units"].get(space, {}), *sides.powers_with_leaders(state, space)} - {minor}):
            land_to, port_to = _relocate(state, board, power, space, _friendly(state, board, power))
            relocate_leaders(state, board, power, space, land_to, port_to)
    own = _friendly(state, board, minor) & set(homes)
    for where in sorted(w for w in state["units"] if minor in state["units"][w] and w not in own):
        _relocate(state, board, minor, where, own)
    _send_naval_leaders(state, board, minor, own)


def _friendly(state: State, board: HisMap, power: str) -> set[str]:
    mine = military.friends(state, power)
    return {s for s in board.spaces if state["spaces"][s]["control"] in mine}


def nearest(board: HisMap, start: str, options: set[str], *, by_land: bool = False) -> str | None:
    """The nearest of ``options`` (ties by name): by land connections for land units when one is reachable so,
    else (and for naval units) by any path of spaces and sea zones (HIS-I07)."""
    dist = board.hops(start) if by_land and start in board.spaces else {}
    if not any(s in dist for s in options):
        dist = wintering.distances(board, start, wintering.SEA_FREE)  # 22.4's nearest, not the winter's (HIS-I07)
    found = [s for s in options if s in dist]
    return min(found, key=lambda s: (dist[s], s)) if found else None


def _relocate(state: State, board: HisMap, power: str, where: str, friendly: set[str]) -> tuple[str | None, str | None]:
    """Move every unit of ``power`` out of ``where`` (22.4 steps 3-5): land units to the nearest fortified space
    in ``friendly`` (for a minor going home, an unfortified one if no fortified one), naval units to the nearest
    port in ``friendly`` (:func:`nearest`); with no such space they are eliminated. Returns where land and naval units
    go (None: nowhere)."""
    forts = {s for s in friendly if board.spaces[s].fortified and s != where}
    land_to = nearest(board, where, forts, by_land=True)
    if land_to is None and power in MINORS:
        land_to = nearest(board, where, friendly - {where}, by_land=True)
    port_to = nearest(board, where, {s for s in friendly if board.spaces[s].ports and s != where})
    move_units(state, board, power, where, land_to, port_to)
    return land_to, port_to


def move_units(
    state: State, board: HisMap, power: str, where: str, land_to: str | None, port_to: str | None, rule: str = ""
) -> None:
    """Every unit of ``power`` in ``where`` goes: land units to ``land_to``, naval units to ``port_to``; with None
    they are eliminated. ``rule`` is added to each log line (" (9.3)")."""
    here = board.spaces[where].name if where in board.spaces else board.seas[where].name
    for kind, count in b.units_of(state, where, power).items():
        if not count:
            continue
        b.add_units(state, where, power, kind, -count)
        dest = port_to if kind in b.NAVAL_UNITS else land_to
        if dest is None:
            core.log(state, f"{count} {power} {kind}(s) in {here} have nowhere to go and are eliminated{rule}")
            continue
        b.add_units(state, dest, power, kind, count)
        core.log(state, f"{count} {power} {kind}(s) leave {here} for {board.spaces[dest].name}{rule}")


def relocate_leaders(
    state: State, board: HisMap, power: str, where: str, land_to: str | None, port_to: str | None, rule: str = ""
) -> None:
    """22.4 step 3 for leaders: ``power``'s army leaders in ``where`` go with its land units (to ``land_to``), its
    naval leaders with its naval units (to ``port_to``); with nowhere to go a leader leaves the map (to come back
    as a power's leaders do when their units are lost, like 9.3 step 3's, HIS-A02)."""
    naval = load_people().naval_leaders
    for lid in sides.leaders_in(state, where, power):
        dest = port_to if lid in naval else land_to
        if dest is None:
            state["leaders"].pop(lid)
            state.setdefault("leaders_off_map", {}).setdefault(power, []).append(lid)
            core.log(state, f"the leader {lid} has nowhere to go and leaves the map{rule}")
        else:
            state["leaders"][lid] = dest
            core.log(state, f"the leader {lid} leaves {board.spaces[where].name} for {board.spaces[dest].name}{rule}")


def _send_naval_leaders(state: State, board: HisMap, minor: str, own: set[str]) -> None:
    for lid, naval in sorted(load_people().naval_leaders.items()):
        where = state["leaders"].get(lid)
        if naval.power != minor or where is None or where in own:
            continue
        port = nearest(board, where, {s for s in own if board.spaces[s].ports})
        if port is None:
            state["leaders"].pop(lid)
            core.log(state, f"{naval.name} has no home port to go to and leaves the map")
        else:
            state["leaders"][lid] = port
            core.log(state, f"{naval.name} returns to {board.spaces[port].name}")


def switch(state: State, board: HisMap, minor: str, major: str) -> None:
    """Deactivate ``minor`` from its ally (if any), then activate it for ``major`` (Andrea Doria, 22.2)."""
    if ally_of(state, minor) is not None:
        deactivate(state, board, minor)
    activate(state, board, minor, major)


def winter_return(state: State, board: HisMap) -> None:
    """The winter return of the active minors' land units (19.3; 22.3; HIS-I10), for a minor whose major takes
    part in winter (seed 3): units in a space that is unfortified or not held by the minor or its major go to the
    nearest fortified space so held with room (4 of the minor's land units, 19.3) or to a home key of the minor so
    held (22.3: its capital for the winter, no limit), losing half when the path is not friendly
    (``wintering``); with nowhere to go they are removed. Units over 4 in such a fortified space other than a home
    key go to the nearest such key, if there is one."""
    for minor, major in sorted(state["minor_allies"].items()):
        if not restrictions.takes_part(state, major, "winter"):
            continue
        held = {s for s in board.spaces if state["spaces"][s]["control"] in (major, minor)}
        forts = {s for s in held if board.spaces[s].fortified}
        keys = {s for s in board.home_spaces(minor) if s in forts and board.spaces[s].is_key}
        for space in sorted(forts - keys):
            extra = b.land_unit_count(state, space, minor) - wintering.WINTER_STACK
            key = nearest(board, space, keys, by_land=True)
            if extra > 0 and key is not None:
                group = wintering.take_units(b.units_of(state, space, minor), extra)
                wintering.send_units(state, board, minor, space, group, key)
        stray = [s for s in list(state["units"]) if s in board.spaces and s not in forts]
        for space in sorted(s for s in stray if b.land_unit_count(state, s, minor)):
            while b.land_unit_count(state, space, minor):
                room = {s: wintering.WINTER_STACK - b.land_unit_count(state, s, minor) for s in forts - keys}
                room = {s: n for s, n in room.items() if n > 0} | dict.fromkeys(keys, 10**6)
                dst = nearest(board, space, set(room), by_land=True)
                count = b.land_unit_count(state, space, minor)
                group = wintering.take_units(b.units_of(state, space, minor), min(room[dst], count) if dst else count)
                wintering.send_units(state, board, minor, space, group, dst)


# --- 201 Andrea Doria ----------------------------------------------------------------------------------------------


def andrea_doria(state: State, board: HisMap, resolver: str) -> None:
    """Card 201 Andrea Doria: played by the Papacy, Genoa leaves its ally and becomes the Papacy's; by the
    Protestant, France's. If Genoa is already that power's ally, 4 CP of Genoese units are added in a Genoese home
    space that power holds (HIS-I06)."""
    major = DORIA_ALLY[resolver]
    if ally_of(state, "genoa") != major:
        switch(state, board, "genoa", major)
        return
    if not _doria_spaces(state, board, major):
        core.log(state, f"Andrea Doria: {major} holds no Genoese home space: no Genoese units added")
        return
    state["stack"].append({"kind": "doria_units", "role": resolver, "major": major, "left": DORIA_UNITS, "space": None})


def _doria_spaces(state: State, board: HisMap, major: str) -> list[str]:
    return [s for s in board.home_spaces("genoa") if held_by(state, s, major)]


def _doria_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    spaces = [decision["space"]] if decision["space"] else _doria_spaces(state, board, decision["major"])
    actions: list[Action] = []
    for s in spaces:
        actions.append({"type": "genoese_unit", "space": s, "unit": "regular"})
        if board.spaces[s].ports:
            actions.append({"type": "genoese_unit", "space": s, "unit": "squadron"})
    return actions


def _on_doria(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    b.add_units(state, action["space"], "genoa", action["unit"], 1)
    core.log(state, f"Andrea Doria: a Genoese {action['unit']} is added in {board.spaces[action['space']].name}")
    decision["space"] = action["space"]
    decision["left"] -= 1
    if decision["left"] <= 0:
        state["stack"].pop()


# --- 204 Diplomatic Marriage ---------------------------------------------------------------------------------------


def marriage_options(state: State, resolver: str) -> list[Action]:
    """Card 204 Diplomatic Marriage's choices (22.1 and the card's two-player text, HIS-I08). The Papacy activates an
    inactive Genoa or Venice as its ally, or deactivates a minor allied to another power (not Hungary). The
    Protestant activates an inactive Genoa or Venice as a Hapsburg ally, or deactivates any active minor but
    Hungary."""
    major = PAPACY if resolver == PAPACY else "hapsburg"
    actions: list[Action] = [
        {"type": "activate", "minor": m, "ally": major}
        for m in MINORS
        if ally_of(state, m) is None and major in ACTIVATORS[m]
    ]
    own = PAPACY if resolver == PAPACY else None
    actions += [{"type": "deactivate", "minor": m} for m in DEACTIVATABLE if ally_of(state, m) not in (None, own)]
    return actions


def diplomatic_marriage(state: State, board: HisMap, resolver: str) -> None:
    """Card 204 Diplomatic Marriage: the player activates or deactivates one minor power (``marriage_options``);
    with no choice open nothing happens."""
    if not marriage_options(state, resolver):
        core.log(state, "Diplomatic Marriage: no minor power may be activated or deactivated")
        return
    state["stack"].append({"kind": "marriage", "role": resolver})


def _marriage_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return marriage_options(state, role)


def _on_marriage(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    core.log(state, f"Diplomatic Marriage: {role} {action['type']}s {action['minor']}")
    if action["type"] == "activate":
        activate(state, board, action["minor"], action["ally"])
    else:
        deactivate(state, board, action["minor"])


# --- 212 Venetian Alliance -----------------------------------------------------------------------------------------


def venetian_alliance(state: State, board: HisMap, resolver: str) -> None:
    """Card 212 Venetian Alliance, whoever plays it: an inactive Venice becomes the Papacy's ally; a Hapsburg
    Venice is deactivated; a Papal Venice gets 1 Venetian regular and 2 Venetian squadrons in a port the Papacy
    holds that is not under siege, chosen by the Papacy (HIS-I09); a Venice allied to another power is left as is."""
    ally = ally_of(state, "venice")
    if ally is None:
        activate(state, board, "venice", PAPACY)
    elif ally == "hapsburg":
        deactivate(state, board, "venice")
    elif ally == PAPACY:
        if _venetian_ports(state, board):
            state["stack"].append({"kind": "venetian_units", "role": PAPACY})
        else:
            core.log(state, "Venetian Alliance: no Papal port free of siege: no Venetian units added")
    else:
        core.log(state, f"Venetian Alliance: Venice is allied to {ally}: no effect")


def _venetian_ports(state: State, board: HisMap) -> list[str]:
    sieges = state.get("sieges", {})
    return sorted(s for s, spot in board.spaces.items() if spot.ports and held_by(state, s, PAPACY) and s not in sieges)


def _venetian_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "venetian_units", "space": s} for s in _venetian_ports(state, board)]


def _on_venetian(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    b.add_units(state, action["space"], "venice", "regular", VENETIAN_REGULARS)
    b.add_units(state, action["space"], "venice", "squadron", VENETIAN_SQUADRONS)
    core.log(
        state,
        f"Venetian Alliance: {VENETIAN_REGULARS} Venetian regular and {VENETIAN_SQUADRONS} squadrons in "
        f"{board.spaces[action['space']].name}",
    )


EVENTS: dict[int, Callable[[State, HisMap, str], None]] = {
    201: andrea_doria,
    204: diplomatic_marriage,
    212: venetian_alliance,
}
diplomatic_cards.register_events(EVENTS)

core.decision_kind("doria_units", _doria_legal, _on_doria)
core.decision_kind("marriage", _marriage_legal, _on_marriage)
core.decision_kind("venetian_units", _venetian_legal, _on_venetian)
