"""Campaign movement (handbook, *The Campaign System*: *Movement*, *Movement through non-played states*,
*Extortion*, *Loot*, *Mutiny*; *Battles*: who defends a river; *After combat*) as pure functions.

Nothing here changes the state or draws a die: :func:`validate_intention` checks one army's intention card,
:func:`legal_moves` lists the moves open to an army, :func:`resolve_step` moves every army of a movement step at
once and returns the moves, the contacts (battles to fight), the retreats before combat, the extortions, the loot
begun and the passages through non-played states that their rulers oppose. The desks
(:mod:`umpire.games.rr3.desks.movement`, :mod:`umpire.games.rr3.desks.armies`) apply them and open the items.
Decisions where the handbook is silent are the CP rulings (``docs/rulings/rr3.md``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.games.rr3 import finance
from umpire.games.rr3.battles import retreat_options
from umpire.games.rr3.desk import team_of_state
from umpire.games.rr3.geography import Geography, GeographyError
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]

STAY = "stay"
MOVE = "move"
OPTIONS = (STAY, MOVE)
FIGHT = "fight"
RETREAT = "retreat"
ON_CONTACT = (FIGHT, RETREAT)
MOVE_STEPS = ("move1", "move2")
MILITARY_PHASES = (2, 3, 5)
BOXES = 5
"""Handbook, *Counters*: an army counter has five Arrears boxes and five Fatigue boxes; no more are marked
(RR3-CP16)."""
_KEYS = frozenset({"army", "option", "path", "engage", "on_contact", "retreat_to", "extort", "loot"})


# --- who is whose enemy -----------------------------------------------------------------------------------------


def at_war(state: Mapping[str, Any], a: str | None, b: str | None) -> bool:
    """Whether states ``a`` and ``b`` are at war (either lists the other in ``at_war_with``; RR3-CP05)."""
    if a is None or b is None or a == b:
        return False
    states = state.get("states", {})
    return b in states.get(a, {}).get("at_war_with", []) or a in states.get(b, {}).get("at_war_with", [])


def hostile(state: Mapping[str, Any], army_a: str, army_b: str) -> bool:
    """Two armies are enemies when their states are at war (RR3-CP05)."""
    armies = state["armies"]
    return at_war(state, armies[army_a]["state"], armies[army_b]["state"])


def city_owner(state: Mapping[str, Any], geo: Geography, city: str) -> str | None:
    """The current owner of ``city`` (the state's ``cities`` record, else the map's owner of its area)."""
    record = state.get("cities", {}).get(city)
    if record is not None and record.get("owner"):
        return str(record["owner"])
    return geo.areas[geo.cities[city].area].state


def area_owner(state: Mapping[str, Any], geo: Geography, area: str) -> str | None:
    """The current owner of ``area`` (the state's ``areas`` record, else the map's)."""
    record = state.get("areas", {}).get(area)
    if record is not None and record.get("owner"):
        return str(record["owner"])
    return geo.areas[area].state


def enemy_cities(state: Mapping[str, Any], geo: Geography, army_state: str, area: str) -> list[str]:
    """The cities in ``area`` held by a state at war with ``army_state``."""
    return [c.id for c in geo.areas[area].cities if at_war(state, army_state, city_owner(state, geo, c.id))]


def is_played(state: Mapping[str, Any], st: str | None) -> bool:
    """Whether ``st`` is a played state (an area of a non-played state is subject to *Movement through
    non-played states*)."""
    return bool(st is not None and state.get("states", {}).get(st, {}).get("played", False))


def own_side(state: Mapping[str, Any], army: Mapping[str, Any], owner: str | None) -> bool:
    """Whether an area owned by ``owner`` is the army's own: its state's or its team's (RR3-CP13)."""
    if owner is None:
        return False
    return owner == army["state"] or (army.get("team") is not None and team_of_state(state, owner) == army["team"])


# --- phase bookkeeping ------------------------------------------------------------------------------------------


def raised_this_phase(state: Mapping[str, Any], army: Mapping[str, Any]) -> bool:
    """Handbook, *Raising an army*: an army raised in a military phase may not move in that phase."""
    raised = army.get("raised") or {}
    return (
        state.get("phase") in MILITARY_PHASES
        and raised.get("turn") == state.get("turn")
        and raised.get("phase") == state.get("phase")
    )


def can_move(state: Mapping[str, Any], army: Mapping[str, Any]) -> bool:
    """Whether the army takes intentions this step: not mutinous (*Mutiny*: "It will accept no further orders"),
    not raised this military phase, and not aboard a fleet (its fleet's orders move it: *Transport*)."""
    return not army.get("mutinous") and not raised_this_phase(state, army) and not army.get("aboard")


# --- moves ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveOption:
    """One way an army may move in a step: the areas entered (in order) and the Fatigue it gains."""

    path: tuple[str, ...]
    fatigue: int
    kind: str
    """``one`` (1 area), ``pass`` (1 area across a mountain pass), ``two`` (2 areas, +1 Fatigue), ``downriver``
    (2 areas in the direction of the river, no Fatigue)."""


def move_option(geo: Geography, start: str, path: Sequence[str]) -> MoveOption:
    """Handbook, *Movement*: which of the step's options ``path`` (the areas entered, in order) is, and its
    Fatigue. Raises :class:`IllegalAction` naming the fault for any other path.

    - Move 1 area (no Fatigue); across a mountain range through a pass: +1 Fatigue.
    - Move 2 areas: +1 Fatigue; in the direction of the river (:meth:`Geography.downriver`): no Fatigue.
    - A pass crossing is an option of its own, so a 2-area move may not cross a pass (RR3-CP01).
    """
    if not path:
        raise IllegalAction("a move needs a path: the areas entered, in order (1 or 2 areas)")
    if len(path) > 2:
        raise IllegalAction(f"a move is 1 or 2 areas a step (Movement), this path has {len(path)}: {', '.join(path)}")
    here = start
    passes = 0
    for area in path:
        if area not in geo.areas:
            raise IllegalAction(f"unknown area {area!r} in the path")
        if area == here:
            raise IllegalAction(f"the path enters {area} from {area}; list only the areas entered")
        if area not in geo.neighbours(here, "army"):
            border = geo.border(here, area)
            why = "they do not touch" if border is None else f"the border is {border.kind} with no pass"
            raise IllegalAction(f"an army cannot step from {here} to {area}: {why}")
        passes += geo.crossing_fatigue(here, area)
        here = area
    if len(path) == 1:
        return MoveOption(tuple(path), passes, "pass" if passes else "one")
    if len(set((start, *path))) != 3:
        raise IllegalAction(f"the path {start} -> {' -> '.join(path)} turns back on itself")
    if passes:
        raise IllegalAction(
            f"{start} -> {' -> '.join(path)} crosses a mountain pass: crossing a range is a move of its own, "
            "1 area with 1 Fatigue (CP1)"
        )
    if geo.downriver((start, *path)):
        return MoveOption(tuple(path), 0, "downriver")
    return MoveOption(tuple(path), 1, "two")


def through_error(state: Mapping[str, Any], geo: Geography, army_state: str, path: Sequence[str]) -> str | None:
    """Handbook, *Movement*: "Armies may not move through an area which contains an enemy fortress or city". The
    areas passed through are those of the path before its last (an army may end its move there, e.g. to
    besiege). Returns why not, or None."""
    for area in path[:-1]:
        held = enemy_cities(state, geo, army_state, area)
        if held:
            return f"{area} holds the enemy city {', '.join(held)}: an army may not move through it (Movement)"
    return None


def legal_moves(geo: Geography, state: Mapping[str, Any], army_id: str) -> list[MoveOption]:
    """Every move the army may write on its card this step (besides staying), in map order."""
    army = state["armies"][army_id]
    if not can_move(state, army):
        return []
    start = army["area"]
    found: list[MoveOption] = []
    for first in geo.neighbours(start, "army"):
        found.append(move_option(geo, start, [first]))
        if geo.crossing_fatigue(start, first):
            continue
        for second in geo.neighbours(first, "army"):
            if second == start or geo.crossing_fatigue(first, second):
                continue
            if through_error(state, geo, army["state"], [first, second]) is None:
                found.append(move_option(geo, start, [first, second]))
    return found


# --- intention cards --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Intention:
    """One army's line on an intention card (handbook, *Movement*)."""

    army: str
    option: str
    path: tuple[str, ...] = ()
    engage: bool = False
    on_contact: str = FIGHT
    retreat_to: str | None = None
    extort: bool = False
    loot: bool = False
    fatigue: int = 0
    """Fatigue the move costs (0 for a stay; a stay removes one, see :func:`resolve_step`)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "army": self.army,
            "option": self.option,
            "path": list(self.path),
            "engage": self.engage,
            "on_contact": self.on_contact,
            "retreat_to": self.retreat_to,
            "extort": self.extort,
            "loot": self.loot,
        }


def _flag(raw: Mapping[str, Any], key: str, army: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise IllegalAction(f"{army}: {key!r} must be true or false, not {value!r}")
    return value


def validate_intention(geo: Geography, state: Mapping[str, Any], team: str | None, raw: Any, step: str) -> Intention:
    """Check one army's intention for movement step ``step`` (handbook, *Movement*, *Extortion*, *Loot*) and
    return it normalised. Raises :class:`IllegalAction` naming the army and the fault. ``team`` None: the card of
    the non-played states' armies (RR3-G03).

    ``raw``: ``{"army", "option": "stay"|"move", "path": [areas entered], "engage": bool, "on_contact":
    "fight"|"retreat", "retreat_to": area|None, "extort": bool, "loot": bool}``.
    """
    if not isinstance(raw, Mapping):
        raise IllegalAction(f"an intention is an object with army and option, not {raw!r}")
    army_id = raw.get("army")
    armies = state.get("armies", {})
    if not isinstance(army_id, str) or army_id not in armies:
        raise IllegalAction(f"unknown army {army_id!r}; expected one of your armies' ids, e.g. 'france_1'")
    extra = sorted(set(raw) - _KEYS)
    if extra:
        raise IllegalAction(f"{army_id}: unknown key(s) {', '.join(extra)}; expected among {', '.join(sorted(_KEYS))}")
    army = armies[army_id]
    if army.get("team") != team:
        raise IllegalAction(f"{army_id} is not an army of {team or 'a non-played state'}")
    if army.get("mutinous"):
        raise IllegalAction(f"{army_id} has mutinied and accepts no orders until its arrears are paid (Mutiny)")
    if army.get("aboard"):
        raise IllegalAction(f"{army_id} is aboard {army['aboard']} and moves with its fleet's orders (Transport)")
    option = raw.get("option")
    if option not in OPTIONS:
        raise IllegalAction(f"{army_id}: option {option!r}; expected 'stay' or 'move'")
    on_contact = raw.get("on_contact", FIGHT) or FIGHT
    if on_contact not in ON_CONTACT:
        raise IllegalAction(f"{army_id}: on_contact {on_contact!r}; expected 'fight' or 'retreat'")
    retreat_to = raw.get("retreat_to")
    if retreat_to is not None and (not isinstance(retreat_to, str) or retreat_to not in geo.areas):
        raise IllegalAction(f"{army_id}: retreat_to {retreat_to!r} is not an area of the map")
    engage, extort, loot = (_flag(raw, key, army_id) for key in ("engage", "extort", "loot"))
    path_raw = raw.get("path") or []
    if not isinstance(path_raw, list | tuple) or not all(isinstance(a, str) for a in path_raw):
        raise IllegalAction(f"{army_id}: path must be a list of area ids, not {path_raw!r}")
    path = tuple(path_raw)
    here = army["area"]
    areas = state.get("areas", {})
    if option == STAY:
        if path:
            raise IllegalAction(f"{army_id}: a stay has no path (got {', '.join(path)})")
        if extort:
            raise IllegalAction(f"{army_id}: an army extorts as it passes through, moving ONE area (Extortion)")
        if loot:
            if step != "move1":
                raise IllegalAction(
                    f"{army_id}: looting takes one complete military phase (Loot); begin it on the first "
                    "movement step's card"
                )
            if areas.get(here, {}).get("looted"):
                raise IllegalAction(f"{army_id}: {here} has a LOOTED marker and may not be looted again (Loot)")
            if own_side(state, army, area_owner(state, geo, here)):
                raise IllegalAction(f"{army_id}: {here} is your own side's area; an army loots foreign areas (CP13)")
        return Intention(army_id, STAY, (), engage, on_contact, retreat_to, False, loot, 0)
    if raised_this_phase(state, army):
        raise IllegalAction(f"{army_id} was raised this military phase and may not move in it (Raising an army)")
    if loot:
        raise IllegalAction(f"{army_id}: an army must remain stationary to loot (Loot); choose 'stay'")
    if army.get("extorted_phase") and step == "move2":
        raise IllegalAction(
            f"{army_id} extorted on the first step: an army that extorts moves only ONE area that phase (Extortion)"
        )
    choice = move_option(geo, here, path)
    blocked = through_error(state, geo, army["state"], path)
    if blocked:
        raise IllegalAction(f"{army_id}: {blocked}")
    if extort:
        target = path[-1]
        why = finance.extortion_error(
            int(army.get("moved_phase", 0)) + len(path), bool(areas.get(target, {}).get("extorted"))
        )
        if why:
            raise IllegalAction(f"{army_id}: cannot extort {target}: {why} (Extortion)")
        if own_side(state, army, area_owner(state, geo, target)):
            raise IllegalAction(f"{army_id}: {target} is your own side's area; an army extorts foreign areas (CP13)")
    return Intention(army_id, MOVE, path, engage, on_contact, retreat_to, extort, False, choice.fatigue)


# --- step resolution ---------------------------------------------------------------------------------------------


@dataclass
class Move:
    """Where an army went this step: ``route`` is the start then every area entered (after any stop)."""

    army: str
    route: list[str]
    fatigue: int = 0
    """Fatigue gained (negative: a stationary army removes one)."""
    stopped: str | None = None
    """Why its movement ended early (intercepted, crossing armies meeting), if it did."""
    ordered: bool = True
    """False when the army had no intention this step (it stays and recovers no Fatigue, RR3-CP07)."""

    @property
    def final(self) -> str:
        return self.route[-1]

    @property
    def moved(self) -> int:
        return len(self.route) - 1

    @property
    def came_from(self) -> str | None:
        return self.route[-2] if len(self.route) > 1 else None


@dataclass(frozen=True)
class Contact:
    """Two enemy armies in contact in ``area`` (handbook, *Movement*); ``river_defender`` is the army that
    stood behind the river the other crossed (*Battles*: +1 per die), if any."""

    area: str
    armies: tuple[str, str]
    how: str
    river_defender: str | None = None


@dataclass(frozen=True)
class Retreat:
    """An army that retreated before combat (handbook, *Movement*): to ``to``, +``fatigue``."""

    army: str
    frm: str
    to: str
    fatigue: int
    enemy: str


@dataclass(frozen=True)
class Passage:
    """Handbook, *Movement through non-played states*: an army extorted or looted an area of a non-played state;
    its ruler raises 1d6+2 thousand men and opposes the passage."""

    army: str
    area: str
    ruler: str
    why: str


@dataclass
class StepResult:
    moves: dict[str, Move] = field(default_factory=dict)
    contacts: list[Contact] = field(default_factory=list)
    retreats: list[Retreat] = field(default_factory=list)
    extortions: list[tuple[str, str]] = field(default_factory=list)
    """(army, area) pairs: 1 florin each to the army's state, an EXTORTED marker."""
    loot: list[tuple[str, str]] = field(default_factory=list)
    """(army, area): looting begun (completed at the end of the phase if the army stays)."""
    passages: list[Passage] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


def _stop(move: Move, at_index: int, why: str) -> None:
    if at_index < len(move.route) - 1:
        del move.route[at_index + 1 :]
        move.stopped = why


def _friendly_areas(state: Mapping[str, Any], geo: Geography, army: Mapping[str, Any]) -> list[str]:
    return [a for a, area in geo.areas.items() if area.is_land and own_side(state, army, area_owner(state, geo, a))]


def retreat_choices(
    state: Mapping[str, Any],
    geo: Geography,
    army_id: str,
    area: str,
    came_from: str | None,
    barred: Sequence[str] = (),
    positions: Mapping[str, str] | None = None,
) -> list[str]:
    """The areas ``army_id`` may withdraw to from ``area``, best first (:func:`battles.retreat_options`): the
    area it came from, then its own side's areas, then the rest; never an area where an enemy army stands, nor
    through an enemy city's area into another (RR3-CP09). ``positions`` are the armies' areas (default: the state's)."""
    army = state["armies"][army_id]
    where = dict(positions) if positions is not None else {a: r["area"] for a, r in state["armies"].items()}
    enemy_areas = {where[other] for other in where if other != army_id and hostile(state, army_id, other)}
    return retreat_options(
        geo.neighbours(area, "army"),
        came_from=came_from,
        friendly=_friendly_areas(state, geo, army),
        barred=sorted(set(barred) | enemy_areas),
    )


def river_defender(geo: Geography, area: str, a: Move, b: Move) -> str | None:
    """Handbook, *Battles*: +1 per die "if defending a river boundary". The defender is an army that stood in
    the area this step while the other entered it across a river border (RR3-CP10)."""
    for defender, attacker in ((a, b), (b, a)):
        came = attacker.came_from
        if defender.moved == 0 and defender.final == area and came is not None and geo.river_between(came, area):
            return defender.army
    return None


def resolve_step(
    geo: Geography,
    state: Mapping[str, Any],
    intentions: Mapping[str, Intention],
    automatic: Mapping[str, Intention] | None = None,
) -> StepResult:
    """Move every army at once for one movement step (handbook, *Movement*) and find what follows.

    ``intentions`` are the armies' validated intentions; ``automatic`` those the engine writes (mutineers). An
    army with neither stays without recovering Fatigue (RR3-CP07). Contacts between enemy armies (RR3-CP05):

    1. interception: an army passing through an area (the first of a 2-area move) where an enemy army with
       "Intention to engage" stands or moves to is stopped there;
    2. crossing: two enemy armies moving along the same border in opposite directions meet only if either has
       "Intention to engage" (the handbook's reason for that box); they meet in the area the engaging army left,
       and if both engage, in the area the first of them (by id) left (RR3-CP06);
    3. meeting: enemy armies that end the step in the same area.

    A contacted army that chose ``on_contact="retreat"`` retreats before combat if it has moved one area or
    less this step; if it has already moved one area the retreat is its second and costs 1 Fatigue (RR3-CP17).
    Every other contact is a battle. Extortion and loot in a non-played state's area are opposed passages (a
    battle against the ruler's levy); the movement ends for the step.
    """
    orders: dict[str, Intention] = dict(automatic or {})
    orders.update(intentions)
    armies = state["armies"]
    result = StepResult()
    for army_id in sorted(armies):
        order = orders.get(army_id)
        start = armies[army_id]["area"]
        if order is None or order.option == STAY:
            result.moves[army_id] = Move(army_id, [start], ordered=order is not None)
        else:
            result.moves[army_id] = Move(army_id, [start, *order.path], fatigue=order.fatigue)
    planned = {a: list(m.route) for a, m in result.moves.items()}

    def engages(army_id: str) -> bool:
        order = orders.get(army_id)
        return order is not None and order.engage

    contacts: list[Contact] = []
    seen: set[tuple[str, str]] = set()

    def add(area: str, a: str, b: str, how: str) -> None:
        pair = (min(a, b), max(a, b))
        if pair in seen:
            return
        seen.add(pair)
        contacts.append(Contact(area, pair, how))

    # 1-2: interceptions and crossings, judged on the routes as written.
    ids = sorted(planned)
    for a in ids:
        route = planned[a]
        for i in range(1, len(route)):
            frm, to = route[i - 1], route[i]
            hit: tuple[str, str, int, str] | None = None
            for b in ids:
                if b == a or not hostile(state, a, b):
                    continue
                other = planned[b]
                segments = list(itertools.pairwise(other))
                if (to, frm) in segments and (engages(a) or engages(b)):
                    if engages(b) and (not engages(a) or b < a):
                        hit = (b, to, i, "crossing")
                    else:
                        hit = (b, frm, i - 1, "crossing")
                    break
                if i < len(route) - 1 and engages(b) and to in other[1:] + ([other[0]] if len(other) == 1 else []):
                    hit = (b, to, i, "interception")
                    break
            if hit is not None:
                b, area, index, how = hit
                _stop(result.moves[a], index, f"{how} with {b} in {area}")
                other_route = planned[b]
                if how == "crossing" and area in other_route:
                    _stop(result.moves[b], other_route.index(area), f"{how} with {a} in {area}")
                elif how == "interception" and area in other_route:
                    _stop(result.moves[b], other_route.index(area), f"{how} of {a} in {area}")
                add(area, a, b, how)
                break
    # 3: meetings where the routes now end.
    for a in ids:
        for b in ids:
            if a < b and hostile(state, a, b) and result.moves[a].final == result.moves[b].final:
                add(result.moves[a].final, a, b, "meeting")

    positions = {a: m.final for a, m in result.moves.items()}
    retreated: set[str] = set()
    for contact in contacts:
        a, b = contact.armies
        if a in retreated or b in retreated:
            continue
        if positions[a] != contact.area or positions[b] != contact.area:
            continue
        fled = False
        for army_id, enemy in ((a, b), (b, a)):
            order = orders.get(army_id)
            move = result.moves[army_id]
            if order is None or order.on_contact != RETREAT or move.moved > 1:
                continue
            barred = [c for c in (result.moves[enemy].came_from,) if c]
            choices = retreat_choices(state, geo, army_id, contact.area, move.came_from, barred, positions)
            if not choices:
                result.events.append(f"{army_id} could not retreat from {contact.area}: no area open to it")
                continue
            to = order.retreat_to if order.retreat_to in choices else choices[0]
            cost = 1 if move.moved == 1 else 0
            result.retreats.append(Retreat(army_id, contact.area, to, cost, enemy))
            move.route.append(to)
            move.fatigue += cost
            positions[army_id] = to
            retreated.add(army_id)
            result.events.append(f"{army_id} retreated before combat from {contact.area} to {to}")
            fled = True
            break
        if not fled:
            result.contacts.append(
                Contact(
                    contact.area,
                    contact.armies,
                    contact.how,
                    river_defender(geo, contact.area, result.moves[a], result.moves[b]),
                )
            )

    for army_id, move in result.moves.items():
        order = orders.get(army_id)
        if order is None:
            continue
        if order.option == STAY and army_id not in retreated:
            move.fatigue = -1 if armies[army_id].get("fatigue", 0) > 0 else 0
        if order.extort and army_id not in retreated and move.final == order.path[-1]:
            target = move.final
            result.extortions.append((army_id, target))
            owner = area_owner(state, geo, target)
            if not is_played(state, owner) and owner is not None:
                result.passages.append(Passage(army_id, target, owner, "extortion"))
        if order.loot and army_id not in retreated:
            result.loot.append((army_id, move.final))
            owner = area_owner(state, geo, move.final)
            if not is_played(state, owner) and owner is not None:
                result.passages.append(Passage(army_id, move.final, owner, "looting"))
    for army_id, move in result.moves.items():
        if move.stopped:
            result.events.append(f"{army_id} stopped in {move.final}: {move.stopped}")
    result.contacts.sort(key=lambda c: (c.area, c.armies))
    return result


# --- mutineers ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MutineerPlan:
    """Where a mutinous army goes this step (handbook, *Mutiny*) and what it does there."""

    intention: Intention
    city: str | None
    action: str
    """``occupy`` an undefended city, ``besiege`` a city, ``march`` toward the nearest city, or ``stay``."""


def mutineer_plan(geo: Geography, state: Mapping[str, Any], army_id: str) -> MutineerPlan:
    """Handbook, *Mutiny*: a mutinous army "will go to the nearest undefended city and occupy it or besiege a city
    if there are no undefended cities within one area". An undefended city is one with no garrison (RR3-CP04). Within
    one area (its own area or an adjacent one) it goes to the nearest undefended city; failing that it besieges
    the nearest city there, a foreign one before its own state's; with no city within one area it marches one
    area a step toward the nearest city. Ties go to the lower city id."""
    army = state["armies"][army_id]
    here = army["area"]
    cities = state.get("cities", {})

    def distance(city: str) -> int | None:
        return geo.distance(here, geo.cities[city].area)

    ranked = sorted(
        ((d, c) for c in geo.cities if (d := distance(c)) is not None),
        key=lambda dc: (dc[0], dc[1]),
    )
    near = [(d, c) for d, c in ranked if d <= 1]
    undefended = [(d, c) for d, c in near if cities.get(c, {}).get("garrison", 1) == 0]
    if undefended:
        _, city = undefended[0]
        action = "occupy"
    elif near:
        foreign = [(d, c) for d, c in near if city_owner(state, geo, c) != army["state"]]
        _, city = (foreign or near)[0]
        action = "besiege"
    elif ranked:
        target = geo.cities[ranked[0][1]].area
        step = min(
            (n for n in geo.neighbours(here, "army") if geo.distance(n, target) is not None),
            key=lambda n: (geo.distance(n, target) or 0, n),
        )
        order = Intention(army_id, MOVE, (step,), fatigue=geo.crossing_fatigue(here, step))
        return MutineerPlan(order, ranked[0][1], "march")
    else:
        return MutineerPlan(Intention(army_id, STAY), None, "stay")
    area = geo.cities[city].area
    if area == here:
        return MutineerPlan(Intention(army_id, STAY), city, action)
    try:
        fatigue = geo.crossing_fatigue(here, area)
    except GeographyError:  # pragma: no cover - near cities are adjacent by construction
        return MutineerPlan(Intention(army_id, STAY), None, "stay")
    return MutineerPlan(Intention(army_id, MOVE, (area,), fatigue=fatigue), city, action)
