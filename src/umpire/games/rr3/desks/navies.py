"""Map Control's naval desk: fleet orders, ports, naval battles, damaged fleets, transport and piracy (handbook,
*Navies*).

* ``fleet_orders`` (direct, each movement step): the sea areas the fleet sails through, written down as for
  armies, and where it ends — at sea, in a port (with the owner's permission), landing the army it carries on a
  coast, or waiting to intercept (SN6-SN8). Orders are carried out at the end of the step (:func:`resolve_fleets`),
  after the armies have moved: hostile fleets meeting at sea fight a ``naval_battle`` item
  (:func:`umpire.games.rr3.navies.naval_battle`); the loser is Damaged and returns to the nearest friendly port, an
  already damaged loser sinks, and troops a defeated fleet carried are lost.
* ``port_permission`` (direct): a state's owner grants or withdraws another state's fleets' access to its ports;
  home ports and ports of the same team are always open (RR3-SN09).
* ``repair_fleet`` (request): a damaged fleet in a friendly port, 2 florins, 4+ on a d6, one attempt per phase
  (:func:`umpire.games.rr3.navies.attempt_repair`; RR3-SN10).
* ``fleet_embark`` / ``fleet_land`` (direct) and :func:`embark` / :func:`land` (for the movement desk): a fleet
  carries one army of at most 40,000 men and lands it on any coast (RR3-SN11).
* ``pirate_raid`` (Non-played States Control's request): a Turkish or North African raid on a coastal area costs
  its owner 2 florins, at most one successful raid per state per turn (RR3-R18;
  :func:`umpire.games.rr3.navies.piracy_loss`).

Orders live in ``state["fleet_orders"]`` (sealed: only the fleet's team and the control team may see them) and port
permissions in ``state["port_access"]`` (``{owner state: [states whose fleets may enter]}``).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import desk
from umpire.games.rr3 import navies as rules
from umpire.games.rr3.desk import Field, team_of, team_of_state
from umpire.games.rr3.desks.armies import remove_army
from umpire.games.rr3.desks.sieges import (
    MILITARY_PHASES,
    MOVE_STEPS,
    at_war,
    city_area,
    close_moot_items,
    geography,
    journal,
    same_side,
)
from umpire.games.rr3.geography import Geography
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]
Item = dict[str, Any]

REPAIR_PHASES: tuple[int, ...] = (1, *MILITARY_PHASES)
"""Handbook, *The Turn Sequence* lists "Repair fleets" in phase 1; *Damaged Fleets* allows one attempt per
military phase: a repair may be tried in phases 1, 2, 3 and 5, once in each (RR3-SN10)."""
PIRATES: tuple[str, ...] = ("ottomans", "north_africa")
"""Handbook, *Piracy*: "Turkish and North African pirates"."""


# --- fleets, control and ports ----------------------------------------------------------------------------------


def fleet_record(state: State, fleet_id: Any) -> dict[str, Any]:
    """``state["fleets"][fleet_id]`` or a precise error."""
    fleets = state.get("fleets", {})
    if not isinstance(fleet_id, str) or fleet_id not in fleets:
        listed = ", ".join(sorted(fleets)) or "(none)"
        raise IllegalAction(f"unknown fleet {fleet_id!r}; expected one of: {listed}")
    record: dict[str, Any] = fleets[fleet_id]
    return record


def as_fleet(fleet_id: str, record: Mapping[str, Any]) -> rules.Fleet:
    """The pure-rule view of a fleet record."""
    return rules.Fleet(fleet_id, record["nation"], damaged=bool(record.get("damaged")), troops=int(record["troops"]))


def controls_fleet(state: State, role: str, fleet: Mapping[str, Any]) -> bool:
    """Who orders a fleet: the team playing its state; Non-played States Control for a non-played state's fleet;
    Map Control and Game Control for any (they enter written orders)."""
    if role in (desk.MAP, desk.GAME):
        return True
    owner_team = team_of_state(state, fleet["state"])
    if role == desk.NONPLAYED:
        return owner_team is None
    return owner_team is not None and owner_team == team_of(state, role)


def _controlled(state: State, role: str, fleet_id: Any) -> dict[str, Any]:
    fleet = fleet_record(state, fleet_id)
    if not controls_fleet(state, role, fleet):
        raise IllegalAction(f"fleet {fleet_id} belongs to {fleet['state']}; {role} does not command it")
    return fleet


def _fleet_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    return {"fleet": sorted(f for f, rec in state.get("fleets", {}).items() if controls_fleet(state, role, rec))}


def _has_fleet(state: State, role: str) -> bool:
    return bool(_fleet_choices(state, role)["fleet"])


def _sails_now(state: State, role: str) -> bool:
    """Fleet orders and embarkation are for the movement steps, by a role commanding a fleet."""
    return state.get("step") in MOVE_STEPS and _has_fleet(state, role)


def friendly_port(state: State, fleet: Mapping[str, Any], city: str) -> bool:
    """Handbook, *Navies*: "Fleets may only enter ports with the permission of the owning player". A port is
    friendly to a fleet when its owner is the fleet's state or of the same team (a home port), or has granted the
    fleet's state access (``port_permission``) and is not at war with it (RR3-SN09)."""
    owner = state.get("cities", {}).get(city, {}).get("owner")
    if not isinstance(owner, str):
        return False
    if same_side(state, fleet["state"], owner):
        return True
    return fleet["state"] in state.get("port_access", {}).get(owner, []) and not at_war(state, fleet["state"], owner)


def operable(state: State, geo: Geography, fleet: Mapping[str, Any], sea: str) -> bool:
    """Handbook, *Navies*: "A fleet must have a home or friendly port, in an area to operate there or move through
    it" — whether one of the ports on ``sea`` is friendly to the fleet."""
    return any(friendly_port(state, fleet, c.id) for c in geo.ports(sea))


def seas_of(geo: Geography, fleet: Mapping[str, Any]) -> tuple[str, ...]:
    """The sea areas a fleet can sail into first: its own sea, or the seas off its port's area."""
    if fleet.get("port"):
        return geo.coastal_seas(city_area(geo, fleet["port"]))
    return (fleet["sea"],) if fleet.get("sea") else ()


def nearest_friendly_port(state: State, geo: Geography, fleet: Mapping[str, Any], start: Sequence[str]) -> str | None:
    """The friendly port fewest sea steps from the seas ``start`` (ties: the lowest city id), or None."""
    seen = set(start)
    queue: deque[tuple[str, int]] = deque((s, 0) for s in sorted(start))
    best: tuple[int, str] | None = None
    while queue:
        sea, dist = queue.popleft()
        if best is not None and dist > best[0]:
            break
        for city in geo.ports(sea):
            if friendly_port(state, fleet, city.id) and (best is None or (dist, city.id) < best):
                best = (dist, city.id)
        for nxt in geo.neighbours(sea, by="fleet"):
            if nxt not in seen and not geo.areas[nxt].is_land:
                seen.add(nxt)
                queue.append((nxt, dist + 1))
    return best[1] if best else None


def _put_in_port(fleet: dict[str, Any], city: str) -> None:
    fleet["port"], fleet["sea"] = city, None


def _put_at_sea(fleet: dict[str, Any], sea: str) -> None:
    fleet["port"], fleet["sea"] = None, sea


def _where(fleet: Mapping[str, Any]) -> str:
    return f"in port at {fleet['port']}" if fleet.get("port") else f"at sea in {fleet.get('sea')}"


# --- transport --------------------------------------------------------------------------------------------------


def embark(state: State, fleet_id: str, army_id: str, geo: Geography | None = None) -> None:
    """Handbook, *Transport*: "A fleet may transport a maximum of 40,000 men". The whole army goes aboard a fleet
    of its own side that is in port in the army's area or at sea off its coast, carrying no other army (RR3-SN11). The
    army is then ``aboard`` the fleet (its ``area`` still names the area it left, so that every desk keeps a valid
    area; the other desks must treat an army with ``aboard`` set as at sea, not in that area)."""
    geo = geo or geography(state)
    fleet = fleet_record(state, fleet_id)
    armies = state.get("armies", {})
    if army_id not in armies:
        raise IllegalAction(f"unknown army {army_id!r}; expected one of: {', '.join(sorted(armies)) or '(none)'}")
    army = armies[army_id]
    if army.get("aboard"):
        raise IllegalAction(f"army {army_id} is already at sea aboard {army['aboard']}")
    if not same_side(state, fleet["state"], army["state"]):
        raise IllegalAction(f"fleet {fleet_id} ({fleet['state']}) carries armies of its own side, not {army_id}")
    if fleet.get("carrying"):
        raise IllegalAction(f"fleet {fleet_id} already carries army {fleet['carrying']}")
    if army.get("mutinous"):
        raise IllegalAction(f"army {army_id} is mutinous and takes no orders until its arrears are paid")
    area = army["area"]
    if fleet.get("port"):
        if city_area(geo, fleet["port"]) != area:
            raise IllegalAction(f"fleet {fleet_id} is in port at {fleet['port']}, not in {area} where {army_id} is")
    elif fleet.get("sea") not in geo.coastal_seas(area):
        raise IllegalAction(
            f"fleet {fleet_id} is {_where(fleet)}, which is not off the coast of {area} where {army_id} is"
        )
    error = rules.transport_error(as_fleet(fleet_id, fleet), int(army["men"]))
    if error:
        raise IllegalAction(f"{error} (army {army_id} has {army['men']:,})")
    fleet["troops"], fleet["carrying"] = int(army["men"]), army_id
    army["aboard"] = fleet_id


def land(state: State, fleet_id: str, area: str, geo: Geography | None = None) -> str:
    """Handbook, *Transport*: "A landing may be made on any coast". The army a fleet carries lands in land area
    ``area`` on the coast of the fleet's sea (or, from a port, of the port's seas); returns the army id."""
    geo = geo or geography(state)
    fleet = fleet_record(state, fleet_id)
    army_id = fleet.get("carrying")
    if not army_id:
        raise IllegalAction(f"fleet {fleet_id} carries no army")
    if area not in geo.areas or not geo.areas[area].is_land:
        raise IllegalAction(f"{area!r} is not a land area of the map; a landing is made on a coast")
    seas = seas_of(geo, fleet)
    if not set(seas) & set(geo.coastal_seas(area)):
        raise IllegalAction(f"fleet {fleet_id} is {_where(fleet)}; {area} is not on the coast of {', '.join(seas)}")
    army = state["armies"][army_id]
    army["area"] = area
    army.pop("aboard", None)
    fleet["troops"], fleet["carrying"] = 0, None
    return str(army_id)


def _lose_troops(state: State, fleet_id: str, fleet: dict[str, Any]) -> str:
    """Handbook, *Transport*: "If a fleet which is transporting an army is defeated in battle then all troops being
    carried are lost" — the army is destroyed."""
    army_id = fleet.get("carrying")
    men = int(fleet.get("troops", 0))
    fleet["troops"], fleet["carrying"] = 0, None
    if not army_id:
        return ""
    remove_army(state, army_id)
    return f"; army {army_id} aboard ({men:,} men) is lost"


# --- orders -----------------------------------------------------------------------------------------------------


def parse_path(text: str) -> list[str]:
    """A written route: sea area ids separated by commas, spaces or arrows."""
    return [part for part in re.split(r"[\s,;>\-]+", text.strip()) if part]


def _check_path(state: State, geo: Geography, fleet_id: str, fleet: Mapping[str, Any], path: list[str]) -> None:
    """The path lists the sea areas the fleet enters, in order: from a port, first one of the seas off the port's
    area; from the sea, first a neighbour of its sea (a path written from the fleet's own sea drops it first)."""
    if fleet.get("port"):
        first = seas_of(geo, fleet)
    else:
        first = tuple(s for s in geo.neighbours(fleet["sea"], by="fleet") if not geo.areas[s].is_land)
    previous: str | None = None
    for i, sea in enumerate(path):
        if sea not in geo.areas or geo.areas[sea].is_land:
            raise IllegalAction(f"path: {sea!r} is not a sea area of the map; a fleet's path lists sea areas")
        if i == 0 and sea not in first:
            raise IllegalAction(
                f"path: fleet {fleet_id} is {_where(fleet)}; its first sea must be one of {', '.join(first)}, not {sea}"
            )
        if previous is not None and not geo.adjacent(previous, sea, by="fleet"):
            raise IllegalAction(f"path: {previous} and {sea} do not border each other")
        if not operable(state, geo, fleet, sea):
            raise IllegalAction(
                f"path: fleet {fleet_id} has no home or friendly port on {sea}, so it may not operate there or sail "
                f"through it"
            )
        previous = sea


@desk.direct(
    "fleet_orders",
    label="Orders for a fleet (this step)",
    who=desk.ANY,
    phases=MILITARY_PHASES,
    fields=(
        Field("fleet", "Fleet", "choice"),
        Field("path", "Sea areas sailed through, in order", required=False),
        Field("port", "Enter this port at the end", required=False),
        Field("land", "Land the army carried in this coastal area", required=False),
        Field("intercept", "Wait to intercept in this sea area", required=False),
    ),
    chooser=_fleet_choices,
    available=_sails_now,
)
def fleet_orders(state: State, role: str, action: Action) -> None:
    """Handbook, *Navies*: "Fleets may move to any other sea area or coast during a step but movement should be
    written down as for armies" (RR3-SN06: any number of sea areas, every one with a friendly port); "A fleet in a port
    may sail out to intercept a fleet moving through that sea area" (RR3-SN07). New orders replace the step's old ones;
    orders with nothing in them keep the fleet where it is."""
    if state.get("step") not in MOVE_STEPS:
        raise IllegalAction(f"fleet orders are written for a movement step (move1, move2); this is {state.get('step')}")
    geo = geography(state)
    fleet_id = action["fleet"]
    fleet = _controlled(state, role, fleet_id)
    path = parse_path(action.get("path") or "")
    if path and not fleet.get("port") and path[0] == fleet.get("sea"):
        path = path[1:]
    port, land_in, intercept = action.get("port") or None, action.get("land") or None, action.get("intercept") or None
    if intercept and (path or port or land_in):
        raise IllegalAction("a fleet waiting to intercept stays where it is: give no path, port or landing with it")
    _check_path(state, geo, fleet_id, fleet, path)
    final = path[-1] if path else fleet.get("sea")
    if port:
        if port not in geo.cities or not geo.cities[port].port:
            raise IllegalAction(f"port: {port!r} is not a port of the map")
        if final is None or port not in {c.id for c in geo.ports(final)}:
            raise IllegalAction(f"port: {port} is not a port on {final or 'the seas of its port'}; end the path there")
        if not friendly_port(state, fleet, port):
            owner = state["cities"][port]["owner"]
            raise IllegalAction(
                f"port: {owner} has not given {fleet['state']} permission to enter its ports (port_permission)"
            )
    if land_in:
        if not fleet.get("carrying"):
            raise IllegalAction(f"land: fleet {fleet_id} carries no army")
        if land_in not in geo.areas or not geo.areas[land_in].is_land:
            raise IllegalAction(f"land: {land_in!r} is not a land area of the map")
        ends = [final] if final else list(seas_of(geo, fleet))
        if not set(ends) & set(geo.coastal_seas(land_in)):
            raise IllegalAction(f"land: {land_in} is not on the coast of {', '.join(ends)} where the fleet ends")
    if intercept:
        if intercept not in seas_of(geo, fleet):
            raise IllegalAction(
                f"intercept: fleet {fleet_id} is {_where(fleet)}; it can intercept in "
                f"{', '.join(seas_of(geo, fleet))}, not {intercept}"
            )
        if not operable(state, geo, fleet, intercept):
            raise IllegalAction(f"intercept: fleet {fleet_id} has no home or friendly port on {intercept}")
    state.setdefault("fleet_orders", {})[fleet_id] = {
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "step": state.get("step"),
        "path": path,
        "port": port,
        "land": land_in,
        "intercept": intercept,
        "by": role,
    }


def _current_orders(state: State, step: str | None) -> dict[str, dict[str, Any]]:
    now = (state.get("turn"), state.get("phase"), step)
    return {
        f: o
        for f, o in sorted(state.get("fleet_orders", {}).items())
        if (o["turn"], o["phase"], o["step"]) == now and f in state.get("fleets", {})
    }


def hostile(state: State, a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Two fleets fight when their states are at war."""
    return at_war(state, a["state"], b["state"])


def resolve_fleets(state: State, geo: Geography, step: str | None = None) -> None:
    """The end of a movement step (RR3-SN08): each fleet sails its written path; a hostile fleet waiting to intercept
    on a sea of that path stops it there and sails out to fight; the others reach their end — a port (if still
    friendly), a landing. Then every pair of hostile fleets at sea in one sea area gets a ``naval_battle`` item
    (fleets in port are safe), and fleets left without a friendly port withdraw. ``step`` is the step that ends
    (the clock has already moved on when the hooks run)."""
    fleets = state.get("fleets", {})
    orders = _current_orders(state, step)
    waiting: dict[str, list[str]] = {}
    for fid, o in orders.items():
        if o.get("intercept"):
            waiting.setdefault(o["intercept"], []).append(fid)
    battles: list[tuple[str, str, str]] = []
    landings: dict[str, str] = {}
    for fid, o in orders.items():
        if fid not in fleets or o.get("intercept") or not (o["path"] or o.get("port") or o.get("land")):
            continue
        fleet = fleets[fid]
        stopped = None
        for sea in o["path"]:
            enemies = [e for e in waiting.get(sea, []) if e in fleets and hostile(state, fleets[e], fleet)]
            if enemies:
                stopped = sea
                _put_at_sea(fleets[enemies[0]], sea)
                battles.append((enemies[0], fid, sea))
                for listed in waiting.values():  # an interceptor sails out once
                    if enemies[0] in listed:
                        listed.remove(enemies[0])
                break
        if stopped is not None:
            _put_at_sea(fleet, stopped)
            if o.get("land"):
                landings[fid] = o["land"]
            journal(state, f"{fid} intercepted", f"Fleet {fid} is intercepted in {stopped}.")
            continue
        if o["path"]:
            _put_at_sea(fleet, o["path"][-1])
        if o.get("port"):
            if friendly_port(state, fleet, o["port"]):
                _put_in_port(fleet, o["port"])
            else:
                journal(state, f"{fid} refused entry", f"Fleet {fid} may no longer enter {o['port']}; it stays at sea.")
        if o.get("land") and fleet.get("carrying"):
            try:
                army = land(state, fid, o["land"], geo)
            except IllegalAction as why:
                journal(state, f"{fid}: no landing", f"Fleet {fid} cannot land its army: {why}", public=False)
            else:
                journal(state, f"{army} lands", f"Army {army} lands in {o['land']} from fleet {fid}.")
    paired = {frozenset((a, b)) for a, b, _ in battles}
    at_sea: dict[str, list[str]] = {}
    for fid in sorted(fleets):
        if fleets[fid].get("sea") and not fleets[fid].get("port"):
            at_sea.setdefault(fleets[fid]["sea"], []).append(fid)
    for sea, here in sorted(at_sea.items()):
        for i, a in enumerate(here):
            for b in here[i + 1 :]:
                if frozenset((a, b)) not in paired and hostile(state, fleets[a], fleets[b]):
                    paired.add(frozenset((a, b)))
                    battles.append((a, b, sea))
    for a, b, sea in battles:
        desk.open_item(
            state,
            desk=desk.MAP,
            kind="naval_battle",
            title=f"Naval battle in {sea}: {a} ({fleets[a]['state']}) against {b} ({fleets[b]['state']})",
            params={"a": a, "b": b, "sea": sea, "landings": {f: landings[f] for f in (a, b) if f in landings}},
            public=True,
        )
    withdraw_unsupported(state, geo)


def _in_battle(state: State) -> set[str]:
    return {
        f
        for item in desk.pending(state)
        if item["kind"] == "naval_battle"
        for f in (item["params"]["a"], item["params"]["b"])
    }


def withdraw_unsupported(state: State, geo: Geography) -> None:
    """Handbook, *Navies*: a fleet without a home or friendly port in its sea area "must otherwise withdraw"; a
    fleet in a port that is no longer friendly leaves it. Both go to the nearest friendly port (RR3-SN12); with none
    they stay and Map Control is told. Fleets awaiting a battle are left for it."""
    busy = _in_battle(state)
    for fid in sorted(state.get("fleets", {})):
        fleet = state["fleets"][fid]
        if fid in busy:
            continue
        if fleet.get("port"):
            if friendly_port(state, fleet, fleet["port"]):
                continue
        elif not fleet.get("sea") or operable(state, geo, fleet, fleet["sea"]):
            continue
        was = _where(fleet)
        port = nearest_friendly_port(state, geo, fleet, seas_of(geo, fleet))
        if port is None:
            journal(
                state,
                f"{fid} has no friendly port",
                f"Fleet {fid} ({was}) has no friendly port to go to.",
                public=False,
            )
            continue
        _put_in_port(fleet, port)
        journal(state, f"{fid} withdraws", f"Fleet {fid} ({was}) has no friendly port there and withdraws to {port}.")


def _sync_troops(state: State) -> None:
    """A carried army's strength may change (desertion): the fleet's troops follow it."""
    armies = state.get("armies", {})
    for fleet in state.get("fleets", {}).values():
        carried = fleet.get("carrying")
        if carried and carried in armies:
            fleet["troops"] = int(armies[carried]["men"])
        elif carried:
            fleet["troops"], fleet["carrying"] = 0, None


@desk.on_step_change
def _step_change(state: State, old: str, new: str) -> None:
    """Leaving a movement step carries out the fleets' orders (after the armies have moved)."""
    if old in MOVE_STEPS and state.get("fleets"):
        _sync_troops(state)
        resolve_fleets(state, geography(state), old)


@desk.on_phase_start
def _phase_start(state: State) -> None:
    """Old orders are dropped; fleets left without a friendly port (a port lost, a permission withdrawn)
    withdraw."""
    if "fleet_orders" in state:
        state["fleet_orders"] = {}
    if state.get("fleets"):
        _sync_troops(state)
        withdraw_unsupported(state, geography(state))


# --- naval battles ----------------------------------------------------------------------------------------------


@desk.settle(
    "naval_battle",
    label="Roll the battle",
    fields=(Field("winner_to_port", "The winner returns to port", "bool", required=False),),
)
def settle_naval_battle(state: State, item: Item, action: Action) -> str:
    """Handbook, *Naval battles*: 1d6 per fleet plus quality (-2 Damaged); the loser is Damaged and "returns to the
    nearest friendly port" (RR3-SN12), an already damaged loser is sunk, and its troops are lost; "The winner may stay
    in position or return to port" (the umpire's field). A tie is indecisive (RR3-R17). A fleet that won or tied goes
    on with the landing it was ordered to make if it is still off that coast (RR3-SN08)."""
    geo = geography(state)
    p = item["params"]
    fleets = state.get("fleets", {})
    a_id, b_id, sea = p["a"], p["b"], p["sea"]
    for fid in (a_id, b_id):
        if fid not in fleets or fleets[fid].get("sea") != sea or fleets[fid].get("port"):
            gone = "sunk" if fid not in fleets else _where(fleets[fid])
            return f"no battle: fleet {fid} is no longer at sea in {sea} ({gone})"
    a, b = fleets[a_id], fleets[b_id]
    result = rules.naval_battle(state, as_fleet(a_id, a), as_fleet(b_id, b), where=sea)
    text = (
        f"{a_id} rolls {result.faces[0]} (score {result.scores[0]}) against {b_id}'s {result.faces[1]} "
        f"(score {result.scores[1]})"
    )
    survivors = [a_id, b_id]
    if result.winner is None:
        text += ": indecisive, both keep their position"
    else:
        loser_id = b_id if result.winner == a_id else a_id
        loser = fleets[loser_id]
        lost = _lose_troops(state, loser_id, loser)
        survivors = [result.winner]
        if loser_id in result.sunk:
            del fleets[loser_id]
            close_moot_items(state, ("repair_fleet",), "fleet", loser_id, f"fleet {loser_id} was sunk")
            text += f": {result.winner} wins; {loser_id}, already damaged, is sunk{lost}"
        else:
            loser["damaged"] = True
            port = nearest_friendly_port(state, geo, loser, [sea])
            if port is None:
                del fleets[loser_id]
                text += (
                    f": {result.winner} wins; {loser_id} is damaged, has no friendly port to reach and is lost{lost}"
                )
            else:
                _put_in_port(loser, port)
                text += f": {result.winner} wins; {loser_id} is damaged and returns to {port}{lost}"
        if action.get("winner_to_port"):
            winner = fleets[result.winner]
            port = nearest_friendly_port(state, geo, winner, [sea])
            if port is not None:
                _put_in_port(winner, port)
                text += f"; {result.winner} returns to {port}"
    for fid in survivors:
        area = p.get("landings", {}).get(fid)
        fleet = fleets.get(fid)
        if area and fleet and fleet.get("carrying") and fleet.get("sea") == sea and sea in geo.coastal_seas(area):
            text += f"; army {land(state, fid, area, geo)} lands in {area}"
    return text


# --- port permission --------------------------------------------------------------------------------------------


def _permission_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    team = team_of(state, role)
    owners = sorted(
        s
        for s, rec in state.get("states", {}).items()
        if (team is not None and rec.get("team") == team)
        or (role == desk.NONPLAYED and rec.get("team") is None)
        or role in (desk.MAP, desk.GAME)
    )
    navies = sorted({f["state"] for f in state.get("fleets", {}).values()})
    return {"owner": owners, "to": navies}


@desk.direct(
    "port_permission",
    label="Open or close your ports to a state's fleets",
    who=desk.ANY,
    fields=(
        Field("owner", "Your state whose ports", "choice"),
        Field("to", "The state whose fleets", "choice"),
        Field("grant", "Grant (true) or withdraw (false)", "bool"),
    ),
    chooser=_permission_choices,
)
def port_permission(state: State, role: str, action: Action) -> None:
    """Handbook, *Navies*: "Fleets may only enter ports with the permission of the owning player" (RR3-SN09). The team
    playing ``owner`` (Non-played States Control for a non-played state) grants or withdraws the access of
    ``to``'s fleets to all of ``owner``'s ports; a withdrawn fleet in one of them withdraws at once (RR3-SN12)."""
    owner, to, grant = action["owner"], action["to"], action["grant"]
    if same_side(state, owner, to):
        raise IllegalAction(f"{to}'s fleets use {owner}'s ports as home ports; no permission is needed")
    allowed = state.setdefault("port_access", {}).setdefault(owner, [])
    if grant and to not in allowed:
        allowed.append(to)
        allowed.sort()
    elif not grant and to in allowed:
        allowed.remove(to)
    verb = "opens its ports to" if grant else "closes its ports to"
    journal(
        state,
        f"{owner} {verb} {to}",
        f"{owner} {verb} the fleets of {to}.",
        public=False,
        team=team_of_state(state, owner),
    )
    if not grant and state.get("fleets"):
        withdraw_unsupported(state, geography(state))


# --- repair -----------------------------------------------------------------------------------------------------


def _repair_pending(state: State, fleet_id: str) -> bool:
    return any(i["kind"] == "repair_fleet" and i["params"].get("fleet") == fleet_id for i in desk.pending(state))


def _repair_check(state: State, fleet_id: str, fleet: Mapping[str, Any], *, pending_ok: bool) -> None:
    now = {"turn": state.get("turn"), "phase": state.get("phase")}
    attempted = fleet.get("repaired") == now or (not pending_ok and _repair_pending(state, fleet_id))
    in_port = bool(fleet.get("port")) and friendly_port(state, fleet, fleet["port"])
    florins = int(state.get("states", {}).get(fleet["state"], {}).get("treasury", 0))
    error = rules.repair_error(as_fleet(fleet_id, fleet), in_port, florins, attempted)
    if error:
        if "friendly port" in error:
            error = f"{error}; fleet {fleet_id} is {_where(fleet)}"
        elif "florins" in error:
            error = f"{error}; {fleet['state']} has {florins}"
        elif "one repair" in error:
            error = f"{error}: fleet {fleet_id} has had its attempt this phase"
        raise IllegalAction(error)


@desk.request(
    "repair_fleet",
    desk=desk.MAP,
    label="Repair a damaged fleet",
    who=desk.ANY,
    phases=REPAIR_PHASES,
    fields=(Field("fleet", "Fleet", "choice"),),
    chooser=_fleet_choices,
    available=_has_fleet,
)
def open_repair(state: State, role: str, action: Action) -> Item:
    """Handbook, *Damaged Fleets*: "it must be in a friendly port; roll 1d6 and score 4+. One attempt may be made
    per military phase, at a cost of 2 florins" (RR3-SN10)."""
    fleet_id = action["fleet"]
    fleet = _controlled(state, role, fleet_id)
    _repair_check(state, fleet_id, fleet, pending_ok=False)
    return {
        "title": f"Repair fleet {fleet_id} at {fleet['port']} ({rules.REPAIR_COST} florins, 4+)",
        "params": {"fleet": fleet_id},
        "team": team_of_state(state, fleet["state"]),
    }


@desk.settle("repair_fleet", label="Pay and roll")
def settle_repair(state: State, item: Item, action: Action) -> str:
    """Take 2 florins from the fleet's state and roll: 4+ repairs it."""
    fleet_id = item["params"]["fleet"]
    fleet = fleet_record(state, fleet_id)
    _repair_check(state, fleet_id, fleet, pending_ok=True)
    after, cost = rules.attempt_repair(state, as_fleet(fleet_id, fleet))
    state["states"][fleet["state"]]["treasury"] -= cost
    fleet["repaired"] = {"turn": state.get("turn"), "phase": state.get("phase")}
    fleet["damaged"] = after.damaged
    die = state["rolls"][-1]["result"]
    return f"{fleet['state']} pays {cost} florins; the die is {die}: fleet {fleet_id} is " + (
        "still damaged" if after.damaged else "repaired"
    )


# --- transport actions ------------------------------------------------------------------------------------------


def _army_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    team = team_of(state, role)
    armies = sorted(
        a for a, rec in state.get("armies", {}).items() if role in (desk.MAP, desk.GAME) or rec.get("team") == team
    )
    return {**_fleet_choices(state, role), "army": armies}


@desk.direct(
    "fleet_embark",
    label="Embark an army on a fleet",
    who=desk.ANY,
    phases=MILITARY_PHASES,
    fields=(Field("fleet", "Fleet", "choice"), Field("army", "Army", "choice")),
    chooser=_army_choices,
    available=_sails_now,
)
def fleet_embark(state: State, role: str, action: Action) -> None:
    """Handbook, *Transport*: the army goes aboard (:func:`embark`) during a movement step."""
    if state.get("step") not in MOVE_STEPS:
        raise IllegalAction(f"armies embark during a movement step (move1, move2); this is {state.get('step')}")
    _controlled(state, role, action["fleet"])
    embark(state, action["fleet"], action["army"])
    journal(
        state, f"{action['army']} embarks", f"Army {action['army']} goes aboard fleet {action['fleet']}.", public=False
    )


@desk.direct(
    "fleet_land",
    label="Land the army a fleet carries in its port",
    who=desk.ANY,
    phases=MILITARY_PHASES,
    fields=(Field("fleet", "Fleet", "choice"),),
    chooser=_fleet_choices,
    available=_has_fleet,
)
def fleet_land(state: State, role: str, action: Action) -> None:
    """A fleet in port puts its army ashore in the port's area at once; landings on a coast are written in the
    fleet's orders and made at the end of the step (RR3-SN11)."""
    fleet_id = action["fleet"]
    fleet = _controlled(state, role, fleet_id)
    if not fleet.get("port"):
        raise IllegalAction(
            f"fleet {fleet_id} is {_where(fleet)}; to land on a coast write 'land' in its orders for the step"
        )
    area = city_area(geography(state), fleet["port"])
    army = land(state, fleet_id, area)
    journal(state, f"{army} lands", f"Army {army} lands at {fleet['port']} from fleet {fleet_id}.")


# --- piracy -----------------------------------------------------------------------------------------------------


def _raids(state: State, target: str) -> list[Item]:
    """This turn's raids on ``target`` that are pending or succeeded."""
    return [
        i
        for i in desk.all_items(state)
        if i["kind"] == "pirate_raid"
        and i["params"].get("state") == target
        and i["params"].get("turn") == state.get("turn")
        and (i["status"] == desk.PENDING or (i["status"] == desk.SETTLED and i["params"].get("successful")))
    ]


@desk.request(
    "pirate_raid",
    desk=desk.NONPLAYED,
    label="Pirate raid on a coast",
    who=desk.CONTROL,
    fields=(Field("raider", "Pirates", "choice", choices=PIRATES), Field("area", "Coastal area raided")),
)
def open_pirate_raid(state: State, role: str, action: Action) -> Item:
    """Handbook, *Piracy*: "a successful raid (maximum of one per turn) costs the owning player 2 florins" — at
    most one per state per turn (RR3-R18)."""
    if role not in (desk.NONPLAYED, desk.GAME):
        raise IllegalAction(f"pirate raids are Non-played States Control's; you are {role}")
    geo = geography(state)
    area = action["area"]
    if area not in geo.areas or not geo.areas[area].is_land:
        raise IllegalAction(f"area {area!r} is not a land area of the map")
    if not geo.coastal_seas(area):
        raise IllegalAction(f"{area} has no coast; pirates raid coastal areas")
    target = str(state.get("areas", {}).get(area, {}).get("owner") or geo.areas[area].state)
    if target in PIRATES:
        raise IllegalAction(f"{area} belongs to {target}, one of the pirate states")
    earlier = _raids(state, target)
    if earlier:
        raise IllegalAction(
            f"{target} has already suffered a raid this turn ({earlier[0]['id']}); at most one per turn per state"
        )
    return {
        "title": f"{action['raider']} pirates raid {area} ({target})",
        "params": {"raider": action["raider"], "area": area, "state": target, "turn": state.get("turn")},
        "team": team_of_state(state, target),
        "public": True,
    }


@desk.settle(
    "pirate_raid",
    label="The raid succeeds",
    fields=(Field("successful", "The raid succeeds (false: beaten off)", "bool", required=False),),
)
def settle_pirate_raid(state: State, item: Item, action: Action) -> str:
    """A successful raid costs the owner 2 florins from its treasury (never below zero, RR3-SN13)."""
    p = item["params"]
    if action.get("successful") is False:
        p["successful"] = False
        return f"the raid on {p['area']} is beaten off"
    done = [i for i in _raids(state, p["state"]) if i["id"] != item["id"]]
    loss = rules.piracy_loss(len(done))
    record = state.get("states", {}).get(p["state"])
    paid = min(loss, max(0, int(record["treasury"]))) if record else 0
    if record:
        record["treasury"] -= paid
    p["successful"] = True
    return f"{p['raider']} pirates raid {p['area']}: {p['state']} loses {paid} florin(s)"
