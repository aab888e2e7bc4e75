"""Map Control's siege desk: garrisons, blockade, bombardment and assault (handbook, *Garrisons* and *Sieges*).

A team whose army stands in a city's area asks Map Control for a siege action during a movement step (RR3-SN03):

* ``blockade`` — the army joins the blockade of the city if the blockaders have 5,000 men per current defence
  value (:func:`umpire.games.rr3.sieges.blockade_needs`, RR3-R10). At the end of each movement step they stay, one
  blockade step is counted (:func:`count_blockades`); after the third the city surrenders.
* ``bombard`` — once per city per step: 1d6 per 20,000 troops present (every besieging army, RR3-M03), a breach
  on 5-6 lowers ``cities[c]["fort"]`` by one; at zero the city surrenders (:func:`umpire.games.rr3.sieges.bombard`).
* ``assault`` — with the men committed: d6 + ratio against d6 + fortification on the result table
  (:func:`umpire.games.rr3.sieges.assault`); losses are applied to the army and the garrison.

A city taken or surrendered passes to the besieging army's state with that state's own garrison (RR3-SN04). Every city's
own garrison (1,000 per defence value) is made up by its owner at each phase start when no enemy is in its area
(RR3-SN01); breaches are repaired at the start of each turn (RR3-SN02). Movement asks :func:`enemy_cities` whether an
army may pass through an area (*The Campaign System*: "Armies may not move through an area which contains an enemy
fortress or city"). Decisions are the SN rulings (``docs/rulings/rr3.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import campaigns, desk
from umpire.games.rr3 import sieges as rules
from umpire.games.rr3.desk import Field, team_of, team_of_state
from umpire.games.rr3.desks import nonplayed
from umpire.games.rr3.geography import Geography
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]
Item = dict[str, Any]

MILITARY_PHASES: tuple[int, ...] = (2, 3, 5)
"""Handbook, *The Turn Sequence*: phases 2, 3 and 5 are the military phases."""
MOVE_STEPS: tuple[str, ...] = ("move1", "move2")
"""Handbook, *The Campaign System*: the two movement steps of a military phase."""
SIEGE_ACTIONS: tuple[str, ...] = ("blockade", "bombard", "assault")

# --- small helpers shared with the naval desk -------------------------------------------------------------------

geography = desk.geography
"""The game's map (``state["geography"]`` for a test map, else the map of 1524)."""


def same_side(state: State, a: str, b: str) -> bool:
    """Whether states ``a`` and ``b`` are one state or played by one team (a team plays all its states)."""
    if a == b:
        return True
    team = team_of_state(state, a)
    return team is not None and team == team_of_state(state, b)


def at_war(state: State, a: str | None, b: str | None) -> bool:
    """Whether ``a`` and ``b`` are at war (either one lists the other in ``at_war_with``)."""
    return campaigns.at_war(state, a, b)


def journal(state: State, title: str, text: str, *, public: bool = True, team: str | None = None) -> None:
    """Write an engine event into the journal (public by default: sieges and sea fights are news)."""
    desk.journal(state, title, text, public=public, team=team)


def close_moot_items(state: State, kinds: Sequence[str], key: str, value: str, why: str) -> None:
    """Close the pending items of ``kinds`` whose ``params[key]`` is ``value``: events overtook them."""
    for item in desk.pending(state):
        if item["kind"] in kinds and item["params"].get(key) == value:
            item["status"] = desk.DISMISSED
            item["outcome"] = f"dismissed: {why}"
            item["closed_by"] = {"role": "engine", "who": "", "why": why}
            item["closed_turn"], item["closed_phase"] = state.get("turn"), state.get("phase")


# --- cities and garrisons ---------------------------------------------------------------------------------------


def city_record(state: State, city: str) -> dict[str, Any]:
    """``state["cities"][city]``, or a precise error for a city the game does not have."""
    cities = state.get("cities", {})
    if city not in cities:
        raise IllegalAction(f"unknown city {city!r}; expected a city id of the map, e.g. one of {_some(cities)}")
    record: dict[str, Any] = cities[city]
    return record


def _some(ids: Mapping[str, Any] | Sequence[str]) -> str:
    listed = sorted(ids)
    return ", ".join(listed[:5]) + (", ..." if len(listed) > 5 else "") if listed else "(none)"


def city_area(geo: Geography, city: str) -> str:
    """The area a city lies in."""
    if city not in geo.cities:
        raise IllegalAction(f"city {city!r} is not on the map {geo.source}")
    return geo.cities[city].area


def base_garrison(state: State, city: str) -> int:
    """Handbook, *Garrisons*: the city's own, unpaid garrison, 1,000 per (current, RR3-SN01) defence value."""
    return rules.base_garrison(int(city_record(state, city)["fort"]))


def enemy_cities(state: State, geo: Geography, area: str, state_id: str) -> list[str]:
    """Handbook, *The Campaign System*: "Armies may not move through an area which contains an enemy fortress or
    city". The cities of ``area`` whose owner is at war with ``state_id`` (RR3-SN05), sorted; an empty list means an
    army of ``state_id`` may move through ``area``. (The movement desk's :func:`umpire.games.rr3.campaigns.
    enemy_cities` answers the same question; this is the siege desk's name for it.)"""
    if area not in geo.areas:
        raise IllegalAction(f"unknown area {area!r} on the map {geo.source}")
    return sorted(campaigns.enemy_cities(state, geo, state_id, area))


def _hostile_armies(state: State, geo: Geography, city: str) -> list[str]:
    """The armies in the city's area that besiege it or whose state is at war with its owner."""
    record = city_record(state, city)
    area = city_area(geo, city)
    return sorted(
        army_id
        for army_id, army in state.get("armies", {}).items()
        if army.get("area") == area
        and not army.get("aboard")
        and not same_side(state, army["state"], record["owner"])
        and (army_id in record.get("besieged_by", []) or at_war(state, army["state"], record["owner"]))
    )


def _present_besiegers(state: State, geo: Geography, city: str) -> list[str]:
    """The blockading armies still in the city's area (the others have left the blockade)."""
    area = city_area(geo, city)
    armies = state.get("armies", {})
    return [
        a
        for a in city_record(state, city).get("besieged_by", [])
        if a in armies and armies[a]["area"] == area and not armies[a].get("aboard")
    ]


def bombarding_armies(state: State, geo: Geography, city: str, army_id: str) -> list[str]:
    """Handbook, *Bombardment*: "For each 20,000 troops present roll 1d6" (RR3-M03). The besiegers present with
    ``army_id``: it, the other armies of its side (its state or team) in the city's area, not aboard and not
    mutinous, and the armies blockading the city that are still there; sorted."""
    area = city_area(geo, city)
    armies = state.get("armies", {})
    own = armies[army_id]["state"]
    present = set(_present_besiegers(state, geo, city))
    for other_id, other in armies.items():
        if (
            other.get("area") == area
            and not other.get("aboard")
            and not other.get("mutinous")
            and same_side(state, other["state"], own)
        ):
            present.add(other_id)
    present.add(army_id)
    return sorted(present)


def bombarding_men(state: State, geo: Geography, city: str, army_id: str) -> int:
    """The men of :func:`bombarding_armies`: the troops present whose 20,000s give the bombardment's dice."""
    armies = state.get("armies", {})
    return sum(int(armies[a]["men"]) for a in bombarding_armies(state, geo, city, army_id))


def transfer_city(state: State, city: str, to_state: str, how: str) -> None:
    """The city passes to ``to_state``: the old garrison is gone, the new owner's own garrison (1,000 per current
    defence value) holds it at once, the blockade ends and pending siege requests on it are closed (RR3-SN04)."""
    record = city_record(state, city)
    old = record["owner"]
    record["owner"] = to_state
    record["garrison"] = rules.base_garrison(int(record["fort"]))
    record["blockade"] = 0
    record["besieged_by"] = []
    close_moot_items(state, SIEGE_ACTIONS, "city", city, f"{city} was taken by {to_state}")
    journal(state, f"{city} falls", f"{city} ({old}) {how}; it now belongs to {to_state}.")


def _surrender_check(state: State, city: str, army_state: str, how: str) -> bool:
    if int(city_record(state, city)["fort"]) <= 0:
        transfer_city(state, city, army_state, how)
        return True
    return False


# --- siege requests ---------------------------------------------------------------------------------------------


def _army(state: State, army_id: Any, team: str | None) -> dict[str, Any]:
    armies = state.get("armies", {})
    if not isinstance(army_id, str) or army_id not in armies:
        raise IllegalAction(
            f"unknown army {army_id!r}; expected one of your armies: {_some(_team_armies(state, team))}"
        )
    army: dict[str, Any] = armies[army_id]
    if team is not None and army.get("team") != team:
        raise IllegalAction(f"army {army_id} is not {team}'s army")
    return army


def _for_nonplayed(role: str) -> bool:
    """Whether ``role`` lays sieges for the non-played states' armies (RR3-L04): Non-played States Control, or
    Game Control at any desk."""
    return role in (desk.NONPLAYED, desk.GAME)


def _role_armies(state: State, role: str) -> list[str]:
    """The armies ``role`` lays sieges with: a team's own; the non-played states' for Non-played States Control."""
    team = team_of(state, role)
    if team is not None:
        return _team_armies(state, team)
    if _for_nonplayed(role):
        return sorted(a for a, army in state.get("armies", {}).items() if army.get("team") is None)
    return []


def _siege_army(state: State, role: str, army_id: Any) -> dict[str, Any]:
    """The army named by a siege request of ``role``: its team's own, or a non-played state's (RR3-L04), which
    besieges only a state it is at war with (*The Non-played States*: "they will go to war if their territory is
    attacked"; ``np_war``)."""
    team = team_of(state, role)
    army = _army(state, army_id, team)
    if team is None and army.get("team") is not None:
        raise IllegalAction(
            f"army {army_id} is {army['team']}'s; Non-played States Control lays sieges only with "
            f"the non-played states' armies: {_some(_role_armies(state, role))}"
        )
    return army


def _check_nonplayed_war(state: State, army: dict[str, Any], record: dict[str, Any], city: str) -> None:
    if army.get("team") is None and not at_war(state, army["state"], record["owner"]):
        raise IllegalAction(
            f"{army['state']} is not at war with {record['owner']}: a non-played state besieges {city} only in a "
            f"war (np_war, when its territory was attacked)"
        )


def _attack_on_nonplayed(state: State, army: dict[str, Any], record: dict[str, Any]) -> None:
    """Handbook, *The Non-played States*: "they will go to war if their territory is attacked" - a siege of a
    non-played state's city puts it at war with the besieger (RR3-L04)."""
    owner = record["owner"]
    if not state.get("states", {}).get(owner, {}).get("played", True) and not at_war(state, owner, army["state"]):
        nonplayed.attacked(state, owner, army["state"])


def _siege_desk(army: dict[str, Any]) -> str:
    """Map Control resolves the players' sieges, Non-played States Control those of its own armies (RR3-L04)."""
    return desk.NONPLAYED if army.get("team") is None else desk.MAP


def _team_armies(state: State, team: str | None) -> list[str]:
    return sorted(a for a, army in state.get("armies", {}).items() if team is None or army.get("team") == team)


def _in_move_step(state: State, what: str) -> None:
    if state.get("phase") not in MILITARY_PHASES or state.get("step") not in MOVE_STEPS:
        raise IllegalAction(
            f"{what} is made during a movement step (move1 or move2) of a military phase (2, 3, 5); this is phase "
            f"{state.get('phase')}, step {state.get('step')}"
        )


def _check_siege(state: State, geo: Geography, city: str, army_id: str, army: dict[str, Any]) -> dict[str, Any]:
    record = city_record(state, city)
    area = city_area(geo, city)
    if army.get("aboard"):
        raise IllegalAction(f"army {army_id} is at sea aboard fleet {army['aboard']}; it must land first")
    if army.get("area") != area:
        raise IllegalAction(f"army {army_id} is in {army.get('area')}, not in {area} where {city} lies")
    if same_side(state, army["state"], record["owner"]):
        raise IllegalAction(f"{city} belongs to {record['owner']}, a state of army {army_id}'s own team")
    if army.get("mutinous"):
        raise IllegalAction(f"army {army_id} is mutinous and takes no orders until its arrears are paid")
    return record


def _already(state: State, kind: str, city: str) -> Item | None:
    """The request of ``kind`` on ``city`` made this step (pending or settled), if any (one per city per step)."""
    item: Item
    for item in desk.all_items(state):
        p = item["params"]
        if (
            item["kind"] == kind
            and item["status"] != desk.DISMISSED
            and p.get("city") == city
            and (p.get("turn"), p.get("phase"), p.get("step"))
            == (state.get("turn"), state.get("phase"), state.get("step"))
        ):
            return item
    return None


def _siege_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    """The armies ``role`` besieges with and the cities in their areas owned by another side."""
    armies = _role_armies(state, role)
    try:
        geo = geography(state)
    except (OSError, ValueError):
        return {"army": armies}
    cities = state.get("cities", {})
    found: set[str] = set()
    for army_id in armies:
        army = state["armies"][army_id]
        area = geo.areas.get(army["area"])
        for c in area.cities if area is not None else ():
            if c.id in cities and not same_side(state, army["state"], cities[c.id]["owner"]):
                found.add(c.id)
    return {"army": armies, "city": sorted(found)}


def _has_army(state: State, role: str) -> bool:
    return bool(_role_armies(state, role)) and state.get("step") in MOVE_STEPS


_SIEGE_FIELDS = (Field("city", "City", "choice"), Field("army", "Army", "choice"))


def _params(state: State, city: str, army_id: str, army: dict[str, Any]) -> dict[str, Any]:
    return {
        "city": city,
        "army": army_id,
        "state": army["state"],
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "step": state.get("step"),
    }


@desk.request(
    "blockade",
    desk=desk.MAP,
    who=desk.ANY,
    label="Blockade a city",
    phases=MILITARY_PHASES,
    fields=_SIEGE_FIELDS,
    chooser=_siege_choices,
    available=_has_army,
)
def open_blockade(state: State, role: str, action: Action) -> Item:
    """Handbook, *Blockade*: "the besiegers must have 5,000 men per defence value of the city" (current value,
    RR3-R10; the armies already blockading count with this one, RR3-SN03)."""
    _in_move_step(state, "a blockade")
    geo = geography(state)
    city, army_id = action["city"], action["army"]
    army = _siege_army(state, role, army_id)
    record = _check_siege(state, geo, city, army_id, army)
    _check_nonplayed_war(state, army, record, city)
    if army_id in _present_besiegers(state, geo, city) or _pending_blockade(state, city, army_id):
        raise IllegalAction(f"army {army_id} already blockades {city}")
    _check_blockaders(state, geo, city, army_id, record)
    return {
        "desk": _siege_desk(army),
        "title": f"{army_id} blockades {city} ({record['owner']})",
        "params": _params(state, city, army_id, army),
        "public": True,
    }


def _pending_blockade(state: State, city: str, army_id: str) -> bool:
    return any(
        i["kind"] == "blockade" and i["params"].get("city") == city and i["params"].get("army") == army_id
        for i in desk.pending(state)
    )


def _check_blockaders(state: State, geo: Geography, city: str, army_id: str, record: dict[str, Any]) -> None:
    armies = state["armies"]
    besiegers = [a for a in _present_besiegers(state, geo, city) if a != army_id] + [army_id]
    men = sum(int(armies[a]["men"]) for a in besiegers)
    needs = rules.blockade_needs(int(record["fort"]))
    if men < needs:
        raise IllegalAction(
            f"a blockade of {city} (defence {record['fort']}) needs {needs:,} men; "
            f"{' and '.join(besiegers)} {'has' if len(besiegers) == 1 else 'have'} {men:,}"
        )


@desk.settle("blockade", label="Start the blockade")
def settle_blockade(state: State, item: Item, action: Action) -> str:
    """The army joins the blockade; the steps are counted at the end of each movement step (:func:`count_blockades`)."""
    geo = geography(state)
    p = item["params"]
    city, army_id = p["city"], p["army"]
    army = _army(state, army_id, None)
    record = _check_siege(state, geo, city, army_id, army)
    if _surrender_check(state, city, army["state"], f"has no defences left and opens its gates to {army_id}"):
        return f"{city} has no fortification left and surrenders to {army['state']}"
    _check_blockaders(state, geo, city, army_id, record)
    _attack_on_nonplayed(state, army, record)
    record["besieged_by"] = [*_present_besiegers(state, geo, city), army_id]
    return (
        f"{army_id} blockades {city}: {record['blockade']} of {rules.BLOCKADE_STEPS} steps so far; "
        f"it surrenders at the end of the step that makes {rules.BLOCKADE_STEPS}"
    )


@desk.request(
    "bombard",
    desk=desk.MAP,
    who=desk.ANY,
    label="Bombard a city",
    phases=MILITARY_PHASES,
    fields=_SIEGE_FIELDS,
    chooser=_siege_choices,
    available=_has_army,
)
def open_bombard(state: State, role: str, action: Action) -> Item:
    """Handbook, *Bombardment*: "Each step the besiegers may bombard a city": one per city per step (RR3-SN03), with
    1d6 per full 20,000 troops present (RR3-R12, RR3-M03: every besieging army present counts)."""
    _in_move_step(state, "a bombardment")
    geo = geography(state)
    city, army_id = action["city"], action["army"]
    army = _siege_army(state, role, army_id)
    record = _check_siege(state, geo, city, army_id, army)
    _check_nonplayed_war(state, army, record, city)
    men = bombarding_men(state, geo, city, army_id)
    if men < rules.BOMBARD_MEN_PER_DIE:
        raise IllegalAction(
            f"bombardment needs at least {rules.BOMBARD_MEN_PER_DIE:,} men present (1d6 per 20,000); "
            f"the besiegers with army {army_id} ({', '.join(bombarding_armies(state, geo, city, army_id))}) "
            f"have {men:,}"
        )
    done = _already(state, "bombard", city)
    if done is not None:
        raise IllegalAction(f"{city} has already been bombarded this step ({done['id']}); once per step")
    return {
        "desk": _siege_desk(army),
        "title": f"{army_id} bombards {city} ({record['owner']}, defence {record['fort']})",
        "params": _params(state, city, army_id, army),
        "public": True,
    }


@desk.settle("bombard", label="Roll the bombardment")
def settle_bombard(state: State, item: Item, action: Action) -> str:
    """Roll 1d6 per 20,000 troops present (RR3-M03: the named army and every besieging army with it, counted when
    the item is rolled); each 5-6 lowers the fortification by one; at zero the city surrenders."""
    geo = geography(state)
    p = item["params"]
    city, army_id = p["city"], p["army"]
    army = _army(state, army_id, None)
    record = _check_siege(state, geo, city, army_id, army)
    _attack_on_nonplayed(state, army, record)
    present = bombarding_armies(state, geo, city, army_id)
    men = bombarding_men(state, geo, city, army_id)
    result = rules.bombard(state, city, men, int(record["fort"]))
    record["fort"] = result.fortification
    faces = ", ".join(str(f) for f in result.faces) or "none"
    text = (
        f"{army_id} bombards {city} with {men:,} men present ({', '.join(present)}): dice {faces}, "
        f"{result.breaches} breach(es), defence now {result.fortification}"
    )
    if result.surrendered:
        transfer_city(state, city, army["state"], f"is breached to nothing by {army_id} and surrenders")
        return f"{text}; {city} surrenders to {army['state']}"
    return text


@desk.request(
    "assault",
    desk=desk.MAP,
    who=desk.ANY,
    label="Assault a city",
    phases=MILITARY_PHASES,
    fields=(*_SIEGE_FIELDS, Field("men", "Men committed to the assault", "int", minimum=1_000, maximum=desk.MAX_MEN)),
    chooser=_siege_choices,
    available=_has_army,
)
def open_assault(state: State, role: str, action: Action) -> Item:
    """Handbook, *Assaults*: the besiegers commit troops; one assault per city per step (RR3-SN03)."""
    _in_move_step(state, "an assault")
    geo = geography(state)
    city, army_id, men = action["city"], action["army"], action["men"]
    army = _siege_army(state, role, army_id)
    record = _check_siege(state, geo, city, army_id, army)
    _check_nonplayed_war(state, army, record, city)
    if men > army["men"]:
        raise IllegalAction(f"army {army_id} has {army['men']:,} men; it cannot commit {men:,} to the assault")
    done = _already(state, "assault", city)
    if done is not None:
        raise IllegalAction(f"{city} has already been assaulted this step ({done['id']}); one assault per step")
    return {
        "desk": _siege_desk(army),
        "title": f"{army_id} assaults {city} ({record['owner']}) with {men:,} men",
        "params": {**_params(state, city, army_id, army), "men": men},
        "public": True,
    }


@desk.settle("assault", label="Roll the assault")
def settle_assault(state: State, item: Item, action: Action) -> str:
    """Roll both sides' d6 and apply the *Results* table: losses to the army and the garrison (at least 1,000
    each where a loss is due); the town is taken at +3 or when the garrison's loss reaches its strength (RR3-R16)."""
    geo = geography(state)
    p = item["params"]
    city, army_id, men = p["city"], p["army"], int(p["men"])
    army = _army(state, army_id, None)
    record = _check_siege(state, geo, city, army_id, army)
    committed = min(men, int(army["men"]))
    if committed <= 0:
        raise IllegalAction(f"army {army_id} has no men left to assault {city}")
    _attack_on_nonplayed(state, army, record)
    result = rules.assault(state, city, committed, int(record["garrison"]), int(record["fort"]))
    army["men"] = int(army["men"]) - result.besieger_loss
    record["garrison"] = result.garrison_left
    text = (
        f"{army_id} assaults {city} with {committed:,}: {result.besieger_die}+"
        f"{result.besieger_score - result.besieger_die} = {result.besieger_score} against the garrison's "
        f"{result.garrison_die}+{result.garrison_score - result.garrison_die} = {result.garrison_score} "
        f"(difference {result.difference:+d}); the besiegers lose {result.besieger_loss:,}, "
        f"the garrison {result.garrison_loss:,}"
    )
    if result.taken:
        transfer_city(state, city, army["state"], f"is taken by assault by {army_id}")
        return f"{text}; {city} is taken"
    return f"{text}; the assault is beaten off"


# --- engine procedures ------------------------------------------------------------------------------------------


def count_blockades(state: State, geo: Geography) -> None:
    """Handbook, *Blockade*: "At the end of 3 movement steps ... the city will surrender". At the end of each
    movement step every blockade whose armies stayed counts one step (RR3-R11: with too few men left, the count
    restarts); a city reaching three surrenders to the first blockading army's state."""
    for city in sorted(state.get("cities", {})):
        record = state["cities"][city]
        if not record.get("besieged_by"):
            continue
        present = _present_besiegers(state, geo, city)
        record["besieged_by"] = present
        if not present:
            record["blockade"] = 0
            journal(state, f"Blockade of {city} lifted", f"No blockading army is left before {city}.")
            continue
        men = sum(int(state["armies"][a]["men"]) for a in present)
        steps, surrendered = rules.blockade_step(men, int(record["fort"]), int(record.get("blockade", 0)))
        record["blockade"] = steps
        if surrendered:
            winner = state["armies"][present[0]]["state"]
            transfer_city(state, city, winner, f"is starved into surrender after {steps} steps of blockade")


@desk.on_step_change
def _step_change(state: State, old: str, new: str) -> None:
    """The end of a movement step counts the blockades (after the armies have moved)."""
    if old in MOVE_STEPS:
        count_blockades(state, geography(state))


def restore_garrisons(state: State, geo: Geography, *, repair_forts: bool) -> None:
    """Handbook, *Garrisons*: "The owning player automatically replaces this if it has been lost in a siege". At
    each phase start a city with no enemy army in its area gets its own garrison back (RR3-SN01); at a turn's start its
    breaches are repaired first (RR3-SN02). Blockades whose armies have gone are lifted."""
    for city in sorted(state.get("cities", {})):
        record = state["cities"][city]
        if city not in geo.cities:
            continue
        if record.get("besieged_by"):
            record["besieged_by"] = _present_besiegers(state, geo, city)
            if not record["besieged_by"]:
                record["blockade"] = 0
        if _hostile_armies(state, geo, city):
            continue
        if repair_forts and int(record["fort"]) < geo.cities[city].fort:
            record["fort"] = geo.cities[city].fort
        own = rules.base_garrison(int(record["fort"]))
        if int(record["garrison"]) < own:
            record["garrison"] = own


@desk.on_phase_start
def _phase_start(state: State) -> None:
    if state.get("cities"):
        restore_garrisons(state, geography(state), repair_forts=state.get("phase") == 1)
