"""Map Control's army book-keeping (handbook, *The Campaign System*: *Armies*, *Garrisons*, *Raising an army*,
*Pay*, *Mutiny*, *Desertion*, *Disbanding armies*; *The Turn Sequence*: phase 1 removes the Looted and Extorted
markers, phase 6 "Winter. All armies disband.").

- ``raise_army`` (request, Map Control settles): new men in a home area or an area the state has permission for,
  1 florin per 5,000 from the state's treasury; a new army or more men for an army standing there.
- ``disband_army``, ``garrison_troops`` (direct): disband an army paid to date; put men into a city of its area.
- ``pay_army`` (direct, step "pay"), ``pay_arrears`` (direct, any time): pay and pay off arrears.
- :func:`close_pay` runs when the pay step ends: garrison pay, arrears boxes, mutiny rolls (engine dice, RR3-CP03).
- :func:`end_military_phase` runs when a military phase ends: loot completed, then desertion (RR3-CP11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import campaigns, desk, finance, sieges
from umpire.games.rr3.desk import (
    MAP,
    PENDING,
    Field,
    Item,
    State,
    direct,
    geography,
    on_phase_end,
    on_phase_start,
    request,
    settle,
    settle_item,
    team_of,
)
from umpire.kernel.errors import IllegalAction

NATIONS = {"spain": "spanish", "france": "french", "swiss": "swiss"}
"""Handbook, *Battles*: Spanish and Swiss troops add 1 per die; a third of a French army is Swiss (RR3-CP12)."""
MILITARY = campaigns.MILITARY_PHASES


# --- small helpers shared with the movement desk -------------------------------------------------------------------


def journal(
    state: State,
    title: str,
    text: str,
    *,
    public: bool = True,
    team: str | None = None,
    first_roll: int | None = None,
) -> dict[str, Any]:
    """Append an engine event to the journal; with ``first_roll`` the dice drawn since then are copied onto it."""
    dice = state.get("rolls", [])[first_roll:] if first_roll is not None else []
    return desk.journal(state, title, text, public=public, team=team, dice=dice)


def army_of_team(state: State, team: str | None, army_id: Any) -> dict[str, Any]:
    """The army ``army_id`` if ``team`` commands it (any army for the control team, ``team`` None)."""
    armies = state.get("armies", {})
    if not isinstance(army_id, str) or army_id not in armies:
        known = ", ".join(sorted(a for a, r in armies.items() if team is None or r.get("team") == team)) or "none"
        raise IllegalAction(f"unknown army {army_id!r}; expected one of: {known}")
    army: dict[str, Any] = armies[army_id]
    if team is not None and army.get("team") != team:
        raise IllegalAction(f"{army_id} is an army of {army.get('team')}, not of {team}")
    return army


def remove_army(state: State, army_id: str) -> None:
    """Take an army counter off the map (destroyed, emptied, disbanded) and lift its sieges."""
    state["armies"].pop(army_id, None)
    for city in state.get("cities", {}).values():
        if army_id in city.get("besieged_by", []):
            city["besieged_by"] = [a for a in city["besieged_by"] if a != army_id]


def _treasury(state: State, st: str) -> int:
    return int(state["states"][st].get("treasury", 0))


def _spend(state: State, st: str, florins: int, what: str) -> None:
    have = _treasury(state, st)
    if florins > have:
        raise IllegalAction(f"{what} costs {florins} florins; the {st} treasury holds {have}")
    state["states"][st]["treasury"] = have - florins


def _raising_money(state: State, st: str) -> int:
    """What ``st`` may spend on raising troops: its raise fund (money earmarked for an army, RR3-DK02) and treasury."""
    return int(state["states"][st].get("raise_fund", 0)) + _treasury(state, st)


def _spend_on_raising(state: State, st: str, florins: int, what: str) -> None:
    """Pay for raising troops from the raise fund first (RR3-DK02), then the treasury."""
    record = state["states"][st]
    fund = int(record.get("raise_fund", 0))
    from_fund = min(fund, florins)
    if florins - from_fund > _treasury(state, st):
        raise IllegalAction(f"{what} costs {florins} florins; {st} holds {_raising_money(state, st)}")
    if fund:
        record["raise_fund"] = fund - from_fund
    _spend(state, st, florins - from_fund, what)


def _team_armies(state: State, role: str) -> list[str]:
    team = team_of(state, role)
    return sorted(a for a, r in state.get("armies", {}).items() if r.get("team") == team)


def _military_step(state: State, step: str | None = None) -> bool:
    return state.get("phase") in MILITARY and (step is None or state.get("step") == step)


# --- raising --------------------------------------------------------------------------------------------------------


def raising_areas(state: State, st: str) -> list[str]:
    """Handbook, *Armies* and *Raising an army*: a state raises troops in its home areas or in areas where it has
    permission ("No troops may be recruited in the home areas of other played countries without their
    permission")."""
    record = state["states"][st]
    return sorted(set(record.get("home", [])) | set(record.get("permits", [])))


def _raise_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    team = team_of(state, role)
    states = [s for s, r in state.get("states", {}).items() if team is None or r.get("team") == team]
    areas = sorted({a for s in states for a in raising_areas(state, s)})
    chars = [
        c
        for c, r in state.get("characters", {}).items()
        if r.get("alive", True) and (team is None or r.get("team") == team)
    ]
    return {
        "state": sorted(states),
        "area": areas,
        "army": sorted(a for a, r in state.get("armies", {}).items() if team is None or r.get("team") == team),
        "commander": sorted(chars),
    }


def next_army_id(state: State, st: str) -> str:
    n = 1
    while f"{st}_{n}" in state.get("armies", {}):
        n += 1
    return f"{st}_{n}"


def check_raise(state: State, team: str | None, action: Mapping[str, Any], *, free: bool = False) -> dict[str, Any]:
    """Validate a raising and return its parameters (handbook, *Armies*, *Raising an army*; RR3-CP02). ``free``: no cost
    (a non-played state's army, RR3-G03)."""
    st = action.get("state")
    states = state.get("states", {})
    if not isinstance(st, str) or st not in states:
        raise IllegalAction(f"unknown state {st!r}; expected one of your states")
    record = states[st]
    if team is not None and record.get("team") != team:
        raise IllegalAction(f"{st} is not a state of {team}")
    men = action.get("men")
    if not isinstance(men, int) or isinstance(men, bool) or men < 1_000 or men % 1_000:
        raise IllegalAction(f"men must be a whole number of thousands, at least 1,000, not {men!r}")
    area = action.get("area")
    allowed = raising_areas(state, st)
    if area not in allowed:
        raise IllegalAction(
            f"{st} may raise troops only in its home areas or with permission: {', '.join(allowed) or 'none'};"
            f" not in {area!r} (Raising an army)"
        )
    cost = 0 if free else finance.raising_cost(men)
    if cost > _raising_money(state, st):
        raise IllegalAction(
            f"{men:,} men cost {cost} florins; {st} holds {_raising_money(state, st)} (treasury and raise fund)"
        )
    army_id = action.get("army") or None
    if army_id is not None:
        army = army_of_team(state, team, army_id)
        if army["state"] != st:
            raise IllegalAction(f"{army_id} is an army of {army['state']}, not of {st}")
        if army["area"] != area:
            raise IllegalAction(f"{army_id} stands in {army['area']}; new men join it only where it stands ({area})")
        if army.get("mutinous"):
            raise IllegalAction(f"{army_id} has mutinied; pay its arrears before reinforcing it")
    else:
        count = sum(1 for r in state.get("armies", {}).values() if r.get("state") == st)
        limit = int(record.get("max_armies", 1))
        if count >= limit:
            raise IllegalAction(
                f"{st} already fields {count} army(ies), its most (Armies: max {limit}); add the men to one of them"
            )
    commander = action.get("commander") or None
    if commander is not None:
        char = state.get("characters", {}).get(commander)
        if char is None or not char.get("alive", True):
            raise IllegalAction(f"unknown or dead character {commander!r} as commander")
        if team is not None and char.get("team") != team:
            raise IllegalAction(f"{commander} is not a character of {team}")
    return {"state": st, "men": men, "area": area, "army": army_id, "cost": cost, "commander": commander}


@request(
    "raise_army",
    desk=MAP,
    label="Raise an army",
    phases=(1, *MILITARY),
    fields=(
        Field("state", "State", "choice"),
        Field("men", "Men raised", "int", minimum=1_000, maximum=desk.MAX_MEN),
        Field("area", "Area", "choice"),
        Field("army", "Add to army (blank: a new army)", "choice", required=False),
        Field("commander", "Commander", "choice", required=False),
    ),
    chooser=_raise_choices,
)
def open_raise(state: State, role: str, action: dict[str, Any]) -> Item:
    """Handbook, *Raising an army*: "usually carried out in Phase 1 but an army can be raised during any Military
    phase"; "Each 5,000 men raised costs 1 florin"."""
    params = check_raise(state, team_of(state, role), action)
    target = params["army"] or f"a new {params['state']} army"
    title = f"Raise {params['men']:,} men in {params['area']} for {target} ({params['cost']} florins)"
    return {"title": title, "params": params, "team": state["states"][params["state"]].get("team")}


@settle("raise_army", label="Raise")
def settle_raise(state: State, item: Item, action: dict[str, Any]) -> str:
    """Charge the cost and put the men on the map. An army raised (or reinforced) in a military phase may not move
    in that phase (RR3-CP02)."""
    params = check_raise(state, None, item["params"])
    st, men, area = params["state"], params["men"], params["area"]
    _spend_on_raising(state, st, params["cost"], f"raising {men:,} men")
    now = {"turn": state.get("turn"), "phase": state.get("phase")}
    if params["army"]:
        army = state["armies"][params["army"]]
        army["men"] += men
        if state.get("phase") in MILITARY:
            army["raised"] = now
        if params["commander"]:
            army["commander"] = params["commander"]
        return f"{men:,} men join {army['id']} in {area} ({army['men']:,} men); {params['cost']} florins paid"
    army_id = next_army_id(state, st)
    state.setdefault("armies", {})[army_id] = new_army(state, army_id, st, men, area, params["commander"], now)
    return f"{army_id} raised in {area}: {men:,} men; {params['cost']} florins paid"


def new_army(
    state: State, army_id: str, st: str, men: int, area: str, commander: str | None, raised: dict[str, Any]
) -> dict[str, Any]:
    """A fresh army record (rr3-state.md's keys plus this desk's per-phase counters)."""
    return {
        "id": army_id,
        "state": st,
        "team": state["states"][st].get("team"),
        "men": men,
        "arrears": 0,
        "fatigue": 0,
        "area": area,
        "commander": commander,
        "mutinous": False,
        "raised": raised,
        "looting": False,
        "moved": 0,
        "came_from": None,
        "nation": NATIONS.get(st, ""),
        "paid": 0,
        "moved_phase": 0,
        "extorted_phase": False,
    }


# --- disbanding and garrisons -------------------------------------------------------------------------------------


def _army_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    return {"army": _team_armies(state, role)}


@direct("disband_army", label="Disband an army", fields=(Field("army", "Army", "choice"),), chooser=_army_choices)
def disband(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *Disbanding armies*: "Provided troops are paid to date they may be disbanded at any time"
    (no Arrears box marked, RR3-CP02)."""
    army = army_of_team(state, team_of(state, role), action.get("army"))
    if army.get("arrears", 0):
        raise IllegalAction(
            f"{army['id']} has {army['arrears']} Arrears box(es): troops are disbanded only when paid to date; "
            f"pay_arrears first ({finance.arrears_cost(army['men'], army['arrears'])} florins)"
        )
    remove_army(state, army["id"])
    journal(state, f"{army['id']} disbanded", f"{army['id']} ({army['men']:,} men) disbanded in {army['area']}")


def _garrison_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    geo = geography(state)
    armies = [state["armies"][a] for a in _team_armies(state, role)]
    cities = sorted({c.id for a in armies for c in geo.areas[a["area"]].cities})
    return {"army": [a["id"] for a in armies], "city": cities}


@direct(
    "garrison_troops",
    label="Put troops into a garrison",
    fields=(
        Field("army", "Army", "choice"),
        Field("city", "City", "choice"),
        Field("men", "Men", "int", minimum=1, maximum=desk.MAX_MEN),
    ),
    chooser=_garrison_choices,
)
def garrison_troops(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *Armies*: an army may be emptied "by transferring its troops into garrisons in areas through which
    it passes"; *Sieges*: a town holds at most fortification x 2,000 men; *Garrisons*: men above the garrison's own
    strength "will require paying" (:func:`garrison_pay`, RR3-CP08). The city must be its state's, in the army's
    area."""
    army = army_of_team(state, team_of(state, role), action.get("army"))
    if army.get("mutinous"):
        raise IllegalAction(f"{army['id']} has mutinied and accepts no orders until its arrears are paid")
    geo = geography(state)
    city_id = action.get("city")
    if not isinstance(city_id, str) or city_id not in geo.cities:
        raise IllegalAction(f"unknown city {city_id!r}")
    if geo.cities[city_id].area != army["area"]:
        raise IllegalAction(f"{city_id} is in {geo.cities[city_id].area}; {army['id']} stands in {army['area']}")
    city = state.setdefault("cities", {}).setdefault(
        city_id,
        {"owner": geo.areas[army["area"]].state, "fort": geo.cities[city_id].fort, "garrison": 0, "besieged_by": []},
    )
    if city.get("owner") != army["state"]:
        raise IllegalAction(f"{city_id} belongs to {city.get('owner')}; {army['id']} garrisons {army['state']} cities")
    if any(
        campaigns.at_war(state, army["state"], state["armies"].get(b, {}).get("state"))
        for b in city.get("besieged_by", [])
    ):
        raise IllegalAction(f"{city_id} is besieged; troops cannot enter it")
    men = action.get("men")
    if not isinstance(men, int) or men <= 0 or men % 1_000 or men > army["men"]:
        raise IllegalAction(f"men must be whole thousands from 1,000 to {army['men']:,}, not {men!r}")
    room = sieges.capacity(int(city.get("fort", geo.cities[city_id].fort))) - int(city.get("garrison", 0))
    if men > room:
        raise IllegalAction(f"{city_id} has room for {max(room, 0):,} more men (Sieges: fortification x 2,000)")
    city["garrison"] = int(city.get("garrison", 0)) + men
    army["men"] -= men
    text = f"{army['id']} put {men:,} men into {city_id} (garrison {city['garrison']:,})"
    if army["men"] == 0:
        remove_army(state, army["id"])
        text += "; the army is empty and its counter leaves the map"
    journal(state, f"Garrison of {city_id}", text, public=False, team=army.get("team"))


def garrison_pay(state: State) -> list[str]:
    """RR3-CP08: men above a city's own garrison (1,000 per defence value, *Garrisons*) are paid like an army, 1 florin
    per 5,000 or part of, per city, from the owner's treasury when the pay step ends; if the treasury cannot pay
    a city's extra men, they leave (the garrison drops to its own strength)."""
    lines = []
    for city_id in sorted(state.get("cities", {})):
        city = state["cities"][city_id]
        owner = city.get("owner")
        base = sieges.base_garrison(int(city.get("fort", 0)))
        extra = int(city.get("garrison", 0)) - base
        if extra <= 0 or owner not in state.get("states", {}):
            continue
        due = finance.pay_due(extra)
        if _treasury(state, owner) >= due:
            state["states"][owner]["treasury"] = _treasury(state, owner) - due
            lines.append(f"{owner} paid {due} for {extra:,} extra men in {city_id}")
        else:
            city["garrison"] = base
            lines.append(f"{owner} could not pay {due} for {extra:,} extra men in {city_id}: they leave")
    return lines


# --- pay and mutiny -------------------------------------------------------------------------------------------------


def owes_pay(state: State, army: Mapping[str, Any]) -> bool:
    """Handbook, *Pay*: troops are paid each military phase; an army raised in this phase has paid its raising
    instead (RR3-CP03). A non-played state's army is Non-played States Control's and is not paid here (RR3-CP18)."""
    played = state.get("states", {}).get(army.get("state"), {}).get("played", True)
    return bool(played) and not campaigns.raised_this_phase(state, army)


def _pay_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    return {"army": _team_armies(state, role)}


@direct(
    "pay_army",
    label="Pay an army",
    phases=MILITARY,
    fields=(Field("army", "Army", "choice"), Field("florins", "Florins", "int", minimum=0, maximum=desk.MAX_MONEY)),
    chooser=_pay_choices,
    available=lambda state, role: state.get("step") == "pay",
)
def pay(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *Pay*: "Each Military phase troops must be paid on the basis of 1 per 5,000 men or part of"; the
    florins come from the army's state's treasury. Paying part of it is allowed (the army then takes an Arrears
    box when the pay step ends); paying more than is due is refused (arrears are paid off with pay_arrears)."""
    army = army_of_team(state, team_of(state, role), action.get("army"))
    if not _military_step(state, "pay"):
        raise IllegalAction(f"armies are paid in the pay step of a military phase; this is step {state.get('step')}")
    if not owes_pay(state, army):
        raise IllegalAction(f"{army['id']} was raised this phase and owes no pay until the next military phase")
    florins = action.get("florins")
    due = finance.pay_due(army["men"])
    paid = int(army.get("paid", 0))
    if not isinstance(florins, int) or isinstance(florins, bool) or florins < 0:
        raise IllegalAction(f"florins must be a whole number, not {florins!r}")
    if paid + florins > due:
        raise IllegalAction(
            f"{army['id']} ({army['men']:,} men) is due {due} this phase and has been paid {paid}: at most"
            f" {due - paid} more"
        )
    _spend(state, army["state"], florins, f"paying {army['id']}")
    army["paid"] = paid + florins
    journal(
        state,
        f"{army['id']} paid",
        f"{army['id']} paid {army['paid']} of {due} florins",
        public=False,
        team=army.get("team"),
    )


def close_pay(state: State) -> None:
    """When the pay step ends (handbook, *Pay* and *Mutiny*): garrisons are paid (RR3-CP08); every army not paid in
    full marks one Arrears box (:func:`finance.pay_army`; five at most, RR3-CP16); then each army with Arrears rolls
    1d6 and mutinies if it scores less than its boxes (:func:`finance.roll_mutiny`). The rolls are the engine's,
    logged in the journal with their dice (RR3-CP03)."""
    lines = garrison_pay(state)
    if lines:
        journal(state, "Garrison pay", "; ".join(lines), public=False)
    for army_id in sorted(state.get("armies", {})):
        army = state["armies"][army_id]
        if not owes_pay(state, army):
            continue
        due = finance.pay_due(army["men"])
        before = int(army.get("arrears", 0))
        army["arrears"] = min(campaigns.BOXES, finance.pay_army(army["men"], int(army.get("paid", 0)), before))
        if army["arrears"] > before:
            journal(
                state,
                f"{army_id}: arrears",
                f"{army_id} was paid {army.get('paid', 0)} of {due}: one Arrears box marked ({army['arrears']} now)",
                team=army.get("team"),
            )
    for army_id in sorted(state.get("armies", {})):
        army = state["armies"][army_id]
        if army.get("mutinous") or not army.get("arrears"):
            continue
        first = len(state.get("rolls", []))
        if finance.roll_mutiny(state, army_id, int(army["arrears"])):
            army["mutinous"] = True
            text = f"{army_id} mutinies ({army['arrears']} Arrears): it accepts no orders until paid"
        else:
            text = f"{army_id} stays loyal despite {army['arrears']} Arrears"
        journal(state, f"Mutiny roll: {army_id}", text, team=army.get("team"), first_roll=first)


@direct(
    "pay_arrears",
    label="Pay off arrears",
    fields=(
        Field("army", "Army", "choice"),
        Field("boxes", "Arrears boxes (blank: all)", "int", required=False, minimum=1, maximum=5),
    ),
    chooser=_army_choices,
)
def pay_arrears(state: State, role: str, action: dict[str, Any]) -> None:
    """Handbook, *Mutiny*: "each Arrears box to be cleared costs the full pay for the army. All Arrears markers
    are then removed and it will accept orders again" (:func:`finance.arrears_cost`). A mutinous army must be paid
    all its boxes; a loyal one may clear some of them."""
    army = army_of_team(state, team_of(state, role), action.get("army"))
    arrears = int(army.get("arrears", 0))
    if arrears == 0:
        raise IllegalAction(f"{army['id']} has no Arrears box to pay off")
    boxes = action.get("boxes") or arrears
    if not isinstance(boxes, int) or not 1 <= boxes <= arrears:
        raise IllegalAction(f"boxes must be 1 to {arrears}, not {boxes!r}")
    if army.get("mutinous") and boxes < arrears:
        raise IllegalAction(f"{army['id']} has mutinied: all {arrears} Arrears boxes must be paid off")
    cost = finance.arrears_cost(army["men"], boxes)
    _spend(state, army["state"], cost, f"paying off {boxes} Arrears box(es) of {army['id']}")
    army["arrears"] = arrears - boxes
    text = f"{army['id']} paid {cost} florins to clear {boxes} Arrears box(es)"
    if army.get("mutinous") and army["arrears"] == 0:
        army["mutinous"] = False
        text += "; the mutiny ends and it accepts orders again"
    journal(state, f"{army['id']}: arrears paid", text, team=army.get("team"))


# --- the end of a phase and the turn's markers --------------------------------------------------------------------


def settle_pending(state: State, kinds: Sequence[str]) -> None:
    """Settle Map Control's pending items of ``kinds`` from this phase with the engine's click (the step or the
    phase is moving on; RR3-CP11)."""
    for item in desk.all_items(state):
        if item["status"] == PENDING and item["kind"] in kinds and item["desk"] == MAP:
            settle_item(state, MAP, {"item": item["id"], "who": "engine (the step moved on)"})


def complete_loot(state: State) -> None:
    """Handbook, *Loot*: an army that remained stationary looting for the whole military phase annuls one Arrears
    box, or with none gains d6 florins (:func:`finance.loot`); a LOOTED marker is placed."""
    for army_id in sorted(state.get("armies", {})):
        army = state["armies"][army_id]
        area = army.get("loot_area")
        if not army.get("looting") or area != army["area"]:
            continue
        record = state.setdefault("areas", {}).setdefault(area, {})
        first = len(state.get("rolls", []))
        if record.get("looted"):
            text = f"{army_id} found {area} already looted"
        else:
            arrears, gained = finance.loot(state, army_id, area, int(army.get("arrears", 0)), False)
            record["looted"] = True
            if gained:
                state["states"][army["state"]]["treasury"] = _treasury(state, army["state"]) + gained
                text = f"{army_id} looted {area}: {gained} florins to {army['state']}"
            else:
                text = f"{army_id} looted {area}: one Arrears box annulled ({arrears} left)"
            army["arrears"] = arrears
        army["looting"] = False
        journal(state, f"{area} looted", text, team=army.get("team"), first_roll=first)


def desert(state: State) -> None:
    """Handbook, *Desertion*: "At the end of a military phase an army will lose 1,000 men for each ARREARS or
    FATIGUE box marked" (:func:`finance.desertion`); an army left with no men leaves the map."""
    lines = []
    for army_id in sorted(state.get("armies", {})):
        army = state["armies"][army_id]
        boxes = int(army.get("arrears", 0)) + int(army.get("fatigue", 0))
        if not boxes:
            continue
        left = finance.desertion(army["men"], int(army.get("arrears", 0)), int(army.get("fatigue", 0)))
        lines.append(f"{army_id} loses {army['men'] - left:,} men ({left:,} left)")
        army["men"] = left
        if left == 0:
            remove_army(state, army_id)
    if lines:
        journal(state, "Desertion", "; ".join(lines))


def end_military_phase(state: State) -> None:
    """Step 4 of the military phase (handbook, *The Campaign System*): the battles still pending are fought, loot
    is completed, then troops desert for Arrears and Fatigue (RR3-CP11)."""
    settle_pending(state, ("battle", "passage"))
    settle_pending(state, ("retreat",))
    complete_loot(state)
    desert(state)
    state.pop("box", None)


@on_phase_start
def phase_start(state: State) -> None:
    """Phase 1: remove the LOOTED and EXTORTED markers (*The Turn Sequence*). Phases 2, 3, 5: clear each army's
    counters for the phase. Phase 6: "Winter. All armies disband." (journal)."""
    phase = state.get("phase")
    if phase == 1:
        cleared = []
        for area_id, area in sorted(state.get("areas", {}).items()):
            if area.get("looted") or area.get("extorted"):
                cleared.append(area_id)
                area["looted"] = False
                area["extorted"] = False
        if cleared:
            journal(state, "Markers removed", f"Looted and Extorted markers removed from {', '.join(cleared)}")
    elif phase in MILITARY:
        for army in state.get("armies", {}).values():
            army.update(paid=0, moved=0, moved_phase=0, extorted_phase=False, looting=False, loot_area=None)
    elif phase == 6:
        armies = state.get("armies", {})
        if armies:
            names = ", ".join(f"{a} ({r['men']:,} men)" for a, r in sorted(armies.items()))
            for army_id in sorted(armies):
                remove_army(state, army_id)
            journal(state, "Winter: all armies disband", f"Winter. All armies disband: {names}")


@on_phase_end
def phase_end(state: State) -> None:
    """The end of a military phase (2, 3, 5): :func:`end_military_phase`."""
    if state.get("phase") in MILITARY:
        end_military_phase(state)
