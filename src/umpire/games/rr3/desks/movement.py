"""Map Control's movement steps (handbook, *The Campaign System*: *Movement*, *Movement through non-played
states*, *Extortion*, *Loot*, *Mutiny*; *Battles*, *After combat*, *Death of leaders*, *Suppressing Revolts*).

- Entering ``move1``/``move2`` opens a sealed intention box (``kernel.simultaneous``) for every team with an
  army able to move; ``intend`` (direct) fills it. Nobody sees another team's card: it lives in
  ``state["box"]`` only.
- Leaving ``move1``/``move2`` moves every army at once (:func:`campaigns.resolve_step`) and opens a **battle**
  item for each contact, a **passage** item for each non-played ruler opposing an army, and applies
  extortion and the start of looting. Leaving ``pay`` closes the pay step (:func:`armies.close_pay`).
- ``suppress_revolt`` (request): an army in an area in revolt tries to put it down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import battles, campaigns
from umpire.games.rr3.desk import (
    ANSWER_BY,
    ANY,
    MAP,
    NONPLAYED,
    PENDING,
    Field,
    Item,
    State,
    all_items,
    answer_item,
    awaiting,
    direct,
    geography,
    on_step_change,
    open_item,
    request,
    settle,
    team_of,
)
from umpire.games.rr3.desks import armies as army_desk
from umpire.games.rr3.desks import nonplayed, succession
from umpire.games.rr3.desks.armies import army_of_team, journal, remove_army
from umpire.kernel import simultaneous
from umpire.kernel.errors import IllegalAction

MOVE_STEPS = campaigns.MOVE_STEPS


# --- intention cards ------------------------------------------------------------------------------------------------


def movable_armies(state: State, team: str | None) -> list[str]:
    """The team's armies that take an intention this step (not mutinous, not raised this phase); ``team`` None:
    the non-played states' armies."""
    return sorted(
        a for a, r in state.get("armies", {}).items() if r.get("team") == team and campaigns.can_move(state, r)
    )


def open_step(state: State, step: str) -> None:
    """Handbook, *Movement*: "Intentions will be written at the start of each movement step". A sealed box for
    every team with an army able to move, and one for Non-played States Control if a non-played state's army can
    move (RR3-G03)."""
    for army in state.get("armies", {}).values():
        army["moved"] = 0
    teams = sorted({r["team"] for r in state.get("armies", {}).values() if r.get("team")})
    seats = [t for t in teams if movable_armies(state, t)]
    if movable_armies(state, None):
        seats.append(NONPLAYED)  # the non-played states' armies: Non-played States Control's card (RR3-G03)
    simultaneous.open_boxes(state, seats)


def _may_intend(state: State, role: str) -> bool:
    return state.get("step") in MOVE_STEPS and simultaneous.expects(state, role)


def card_team(role: str) -> str | None:
    """The team whose armies a box's card moves: the seat's own, None for Non-played States Control's card."""
    return None if role == NONPLAYED else role


@direct("intend", label="Intention card", who=ANY, phases=campaigns.MILITARY_PHASES, available=_may_intend)
def intend(state: State, role: str, action: dict[str, Any]) -> None:
    """Fill (or replace) the team's sealed intention card for this movement step: ``{"type": "intend",
    "intentions": [{"army", "option", "path", "engage", "on_contact", "retreat_to", "extort", "loot"}, ...]}``,
    one line per army (:func:`campaigns.validate_intention`). An army left off the card stays and recovers no
    Fatigue (RR3-CP07). Non-played States Control writes the card of the non-played states' armies the same way
    (RR3-G03)."""
    if (team_of(state, role) is None and role != NONPLAYED) or not simultaneous.expects(state, role):
        raise IllegalAction(f"{role} has no intention card this step")
    team = card_team(role)
    lines = action.get("intentions")
    if not isinstance(lines, list) or not lines:
        raise IllegalAction("intentions must be a list of one line per army, e.g. [{'army': 'france_1', ...}]")
    geo = geography(state)
    step = str(state.get("step"))
    card: dict[str, Any] = {}
    for raw in lines:
        army = state.get("armies", {}).get(raw.get("army")) if isinstance(raw, Mapping) else None
        if team is None and army is not None and army.get("team") is not None:
            raise IllegalAction(f"{raw['army']} is an army of {army['team']}; this card moves non-played armies only")
        intention = campaigns.validate_intention(geo, state, team, raw, step)
        if intention.army in card:
            raise IllegalAction(f"{intention.army} has two lines on the card; one option per army per step")
        card[intention.army] = intention.as_json()
    simultaneous.submit(state, role, {"armies": card})
    simultaneous.set_ready(state, role, True)


def _intentions(state: State, geo: Any, step: str) -> tuple[dict[str, campaigns.Intention], list[str]]:
    """The cards in the box, re-checked against the map as it is now (a battle may have moved an army since the
    card was written; a line no longer legal is void and its army stays, RR3-CP07). Returns the intentions and the
    teams that missed the step."""
    found: dict[str, campaigns.Intention] = {}
    missed = []
    for seat, entry in sorted(state.get("box", {}).items()):
        team = card_team(seat)
        submission = entry.get("submission") if isinstance(entry, Mapping) else None
        card = submission.get("armies") if isinstance(submission, Mapping) else None
        if card is None:
            if movable_armies(state, team):
                missed.append(seat)
            continue
        for army_id, raw in sorted(card.items()):
            if army_id not in state.get("armies", {}):
                continue
            try:
                found[army_id] = campaigns.validate_intention(geo, state, team, raw, step)
            except IllegalAction as why:
                journal(state, f"{army_id}: intention void", f"{army_id} stays: {why}", public=False, team=team)
    return found, missed


def keep_cards(state: State, step: str) -> None:
    """The cards of the step now closing, as they were handed in, with the seats that handed none, kept for Map
    Control's desk until the next step closes (``state["closed_cards"]``, RR3-H06; the control team's only)."""
    cards: dict[str, Any] = {}
    missing = []
    for seat, entry in sorted((state.get("box") or {}).items()):
        submission = entry.get("submission") if isinstance(entry, Mapping) else None
        card = submission.get("armies") if isinstance(submission, Mapping) else None
        if isinstance(card, Mapping):
            cards[seat] = [dict(line) for _, line in sorted(card.items())]
        else:
            missing.append(seat)
    state["closed_cards"] = {
        "turn": state.get("turn"),
        "phase": state.get("phase"),
        "step": step,
        "cards": cards,
        "missing": missing,
    }


# --- resolving a step ---------------------------------------------------------------------------------------------


def resolve(state: State, step: str) -> campaigns.StepResult:
    """Leaving a movement step: the battles still pending are fought first, then every army moves at once."""
    army_desk.settle_pending(state, ("battle", "passage"))
    army_desk.settle_pending(state, ("retreat",))
    geo = geography(state)
    keep_cards(state, step)
    intentions, missed = _intentions(state, geo, step)
    state.pop("box", None)
    plans = {
        a: campaigns.mutineer_plan(geo, state, a)
        for a, r in sorted(state.get("armies", {}).items())
        if r.get("mutinous")
    }
    result = campaigns.resolve_step(geo, state, intentions, {a: p.intention for a, p in plans.items()})
    lines = []
    for army_id, move in result.moves.items():
        army = state["armies"][army_id]
        army["area"] = move.final
        army["moved"] = move.moved
        army["moved_phase"] = int(army.get("moved_phase", 0)) + move.moved
        army["fatigue"] = min(campaigns.BOXES, max(0, int(army.get("fatigue", 0)) + move.fatigue))
        if move.moved:
            army["came_from"] = move.came_from
            lines.append(f"{army_id} {' -> '.join(move.route)}")
            if army.get("looting"):
                army["looting"] = False
                lines.append(f"{army_id} gave up looting")
        _lift_sieges(state, geo, army_id)
    for army_id, area in result.extortions:
        army = state["armies"][army_id]
        record = state.setdefault("areas", {}).setdefault(area, {})
        record["extorted"] = True
        army["extorted_phase"] = True
        st = state["states"][army["state"]]
        st["treasury"] = int(st.get("treasury", 0)) + 1
        lines.append(f"{army_id} extorted 1 florin from {area}")
    for army_id, area in result.loot:
        state["armies"][army_id].update(looting=True, loot_area=area)
        lines.append(f"{army_id} began looting {area}")
    for army_id, plan in plans.items():
        army = state["armies"].get(army_id)
        if army is None or plan.city is None or geo.cities[plan.city].area != army["area"]:
            continue
        if plan.action == "besiege":
            city = state.setdefault("cities", {}).setdefault(plan.city, {"besieged_by": []})
            if army_id not in city.setdefault("besieged_by", []):
                city["besieged_by"].append(army_id)
            lines.append(f"mutinous {army_id} besieges {plan.city}")
        elif plan.action == "occupy":
            army["occupying"] = plan.city
            lines.append(f"mutinous {army_id} occupies {plan.city}")
    lines.extend(result.events)
    if missed:
        lines.append(f"no intention card from {', '.join(missed)}: their armies stay (CP7)")
    for passage in result.passages:
        army = state["armies"][passage.army]
        open_item(
            state,
            desk=MAP,
            kind="passage",
            title=f"Passage opposed: {passage.ruler} raises d6+2 thousand against {passage.army} in {passage.area}",
            params={"army": passage.army, "area": passage.area, "ruler": passage.ruler, "why": passage.why},
            team=army.get("team"),
            public=True,
        )
    for contact in result.contacts:
        a, b = contact.armies
        open_item(
            state,
            desk=MAP,
            kind="battle",
            title=f"Battle at {contact.area}: {a} against {b}",
            params={
                "area": contact.area,
                "armies": [a, b],
                "how": contact.how,
                "river_defender": contact.river_defender,
            },
            public=True,
        )
    number = MOVE_STEPS.index(step) + 1
    journal(state, f"Movement step {number}", "; ".join(lines) if lines else "no army moved")
    return result


def _lift_sieges(state: State, geo: Any, army_id: str) -> None:
    """An army that leaves a besieged city's area no longer besieges it."""
    army = state["armies"][army_id]
    for cid, city in state.get("cities", {}).items():
        if army_id in city.get("besieged_by", []) and cid in geo.cities and geo.cities[cid].area != army["area"]:
            city["besieged_by"] = [x for x in city["besieged_by"] if x != army_id]


@on_step_change
def step_change(state: State, old: str, new: str) -> None:
    """The military phase's sequence (handbook, *The Campaign System*): leaving ``pay`` marks arrears and rolls
    for mutiny; leaving a movement step resolves it; entering a movement step opens the intention cards. The
    desertion of step 4 comes when the phase ends (:func:`armies.end_military_phase`, RR3-CP11)."""
    if old == "pay":
        army_desk.close_pay(state)
    if old in MOVE_STEPS:
        resolve(state, old)
    if new in MOVE_STEPS:
        open_step(state, new)


# --- battles --------------------------------------------------------------------------------------------------------


def battle_side(state: State, army_id: str, river_defence: bool = False) -> battles.BattleSide:
    """An army as a :class:`battles.BattleSide`: its men, nation (Spanish/Swiss +1, a French army's Swiss third),
    Fatigue, looting, and its commander if a living player character (*Death of leaders*)."""
    army = state["armies"][army_id]
    commander = army.get("commander")
    char = state.get("characters", {}).get(commander) if commander else None
    leaders = (commander,) if char is not None and char.get("alive", True) and char.get("played", True) else ()
    bonus = army.get("bonus_men")
    return battles.BattleSide(
        name=army_id,
        men=int(army["men"]),
        nation=str(army.get("nation") or ""),
        river_defence=river_defence,
        fatigue=int(army.get("fatigue", 0)),
        looting=bool(army.get("looting")),
        leaders=leaders,
        bonus_men=int(bonus) if isinstance(bonus, int) else None,
    )


def _retreat_options(state: State, army_id: str, area: str) -> list[str]:
    army = state.get("armies", {}).get(army_id)
    if army is None or army["area"] != area:
        return []
    return list(campaigns.retreat_choices(state, geography(state), army_id, area, army.get("came_from")))


def _retreat_choices(state: State, item: Item) -> Mapping[str, Sequence[str]]:
    return {"retreat_to": _retreat_options(state, item["params"]["army"], item["params"]["area"])}


def after_battle(state: State, army_id: str, area: str, battle: Item) -> str:
    """Handbook, *After combat*: "The losing army must retreat to an adjacent area, preferably on the line on which
    it advanced or to a friendly area". The loser chooses after the dice (RR3-H04): with two or more areas open a
    ``retreat`` item waits for its team's choice (``choose_retreat``; Non-played States Control's for a non-played
    army; Map Control may record it); with one it goes there, with none it surrenders (RR3-CP09)."""
    options = _retreat_options(state, army_id, area)
    if len(options) < 2:
        return _retreat(state, army_id, area, None)
    army = state["armies"][army_id]
    team = army.get("team")
    open_item(
        state,
        desk=MAP,
        kind="retreat",
        title=f"{army_id} lost the battle at {area}: where does it retreat?",
        params={
            "army": army_id,
            "area": area,
            "battle": battle["id"],
            "options": options,
            ANSWER_BY: team if isinstance(team, str) else NONPLAYED,
        },
        team=team,
        public=True,
    )
    return f"{army_id} must retreat: {', '.join(options)} (its choice)"


@settle(
    "retreat",
    label="Retreat",
    fields=(Field("retreat_to", "Retreats to (blank: the first, on its line of advance)", "choice", required=False),),
    chooser=_retreat_choices,
)
def settle_retreat(state: State, item: Item, action: dict[str, Any]) -> str:
    """The loser's retreat, chosen after the battle (RR3-H04); left unchosen when the step moves on, the first area
    (its line of advance, else a friendly area) is taken."""
    army_id, area = item["params"]["army"], item["params"]["area"]
    if army_id not in state.get("armies", {}) or state["armies"][army_id]["area"] != area:
        return f"no retreat: {army_id} is no longer in {area}"
    return _retreat(state, army_id, area, action.get("retreat_to") or None)


def _retreats_waiting(state: State, role: str) -> list[str]:
    return awaiting(state, role, ("retreat",))


@direct(
    "choose_retreat",
    label="Choose the retreat of a beaten army",
    who=ANY,
    fields=(Field("item", "Battle lost", "choice"), Field("retreat_to", "Retreat to", "choice")),
    chooser=lambda state, role: {
        "item": _retreats_waiting(state, role),
        "retreat_to": sorted(
            {a for i in _retreats_waiting(state, role) for a in state["items"][i]["params"]["options"]}
        ),
    },
    available=lambda state, role: bool(_retreats_waiting(state, role)),
)
def choose_retreat(state: State, role: str, action: dict[str, Any]) -> None:
    """The beaten army's team chooses where it retreats (RR3-H04)."""
    answer_item(state, role, action, ("retreat",))


def _retreat(state: State, army_id: str, area: str, chosen: Any) -> str:
    """Handbook, *After combat*: the loser retreats to an adjacent area, preferably on the line on which it
    advanced or to a friendly area (:func:`battles.retreat_options`); with nowhere to go it surrenders and is
    lost (RR3-CP09)."""
    geo = geography(state)
    army = state["armies"][army_id]
    choices = campaigns.retreat_choices(state, geo, army_id, area, army.get("came_from"))
    if chosen:
        if chosen not in choices:
            raise IllegalAction(f"{army_id} cannot retreat to {chosen!r}; it may go to: {', '.join(choices) or 'none'}")
        to = str(chosen)
    elif choices:
        to = choices[0]
    else:
        remove_army(state, army_id)
        return f"{army_id} has nowhere to retreat and surrenders"
    army.update(area=to, came_from=area, looting=False)
    _lift_sieges(state, geo, army_id)
    return f"{army_id} retreats to {to}"


def _deaths(state: State, dead: Sequence[str], area: str, item: Item) -> list[str]:
    """Handbook, *Death of leaders*: a leader who dies is buried and his crown, cards and player pass to the heir
    by the handbook's order (:func:`succession.pass_on`, RR3-G01; "Map and Political Control will resolve the
    problems which arise from the death of a player")."""
    lines = []
    for char_id in dead:
        if char_id not in state.get("characters", {}):
            continue
        succession.bury(state, char_id)
        text = succession.pass_on(state, char_id, f"is killed in battle at {area} ({item['id']})")
        journal(state, "Death in battle", text)
        lines.append(text)
    return lines


def _apply(state: State, army_id: str, men: int) -> None:
    state["armies"][army_id]["men"] = men
    if men <= 0:
        remove_army(state, army_id)


@settle("battle", label="Fight the battle")
def settle_battle(state: State, item: Item, action: dict[str, Any]) -> str:
    """Handbook, *Battles*: both sides roll (:func:`battles.fight`: dice, nation, river, Fatigue, looting, then the
    leaders' death rolls); casualties are applied; the loser then chooses its retreat (:func:`after_battle`; a drawn
    battle: nobody retreats, RR3-R02)."""
    area = item["params"]["area"]
    a, b = item["params"]["armies"]
    armies = state.get("armies", {})
    for army_id in (a, b):
        if army_id not in armies or armies[army_id]["area"] != area:
            return f"no battle: {army_id} is no longer in {area}"
    if not campaigns.hostile(state, a, b):
        return f"no battle: {armies[a]['state']} and {armies[b]['state']} are no longer at war"
    defender = item["params"].get("river_defender")
    side_a = battle_side(state, a, defender == a)
    side_b = battle_side(state, b, defender == b)
    result = battles.fight(state, side_a, side_b, area)
    lines = [
        f"{a} {result.scores[0]} ({side_a.men:,} men) against {b} {result.scores[1]} ({side_b.men:,} men):"
        + (f" {result.winner} wins" if result.winner else " drawn")
        + f"; losses {a} {result.losses[0]:,}, {b} {result.losses[1]:,}"
    ]
    _apply(state, a, result.survivors[0])
    _apply(state, b, result.survivors[1])
    lines += _deaths(state, result.dead_leaders, area, item)
    loser = result.loser
    if loser is not None and loser in state["armies"]:
        lines.append(after_battle(state, loser, area, item))
    for army_id in (a, b):
        if army_id not in state["armies"]:
            lines.append(f"{army_id} is destroyed")
    return "; ".join(lines)


@settle("passage", label="Fight the ruler's levy")
def settle_passage(state: State, item: Item, action: dict[str, Any]) -> str:
    """Handbook, *Movement through non-played states*: "the ruler of the area will raise an army and oppose the
    passage (roll 1d6+2, this is the number of troops raised immediately; the battle is fought under the normal
    rules)" (:func:`battles.raise_opposing_army`); the state is then at war with the army's (*The Non-played
    States*: "they will go to war if their territory is attacked", :func:`nonplayed.attacked`). The levy disperses
    after the battle (RR3-CP15); an army that loses chooses its retreat (:func:`after_battle`)."""
    params = item["params"]
    army_id, area, ruler = params["army"], params["area"], params["ruler"]
    army = state.get("armies", {}).get(army_id)
    if army is None or army["area"] != area:
        return f"no battle: {army_id} is no longer in {area}"
    nonplayed.attacked(state, ruler, army["state"])
    men = battles.raise_opposing_army(state, ruler)
    side = battle_side(state, army_id)
    levy = battles.BattleSide(name=f"{ruler} levy", men=men)
    result = battles.fight(state, side, levy, area)
    lines = [
        f"{ruler} raises {men:,} men; {army_id} {result.scores[0]} against the levy {result.scores[1]}:"
        + (f" {result.winner} wins" if result.winner else " drawn")
        + f"; {army_id} loses {result.losses[0]:,}, the levy {result.losses[1]:,}"
    ]
    _apply(state, army_id, result.survivors[0])
    lines += _deaths(state, result.dead_leaders, area, item)
    if result.loser == army_id and army_id in state["armies"]:
        lines.append(after_battle(state, army_id, area, item))
    if army_id not in state["armies"]:
        lines.append(f"{army_id} is destroyed")
    return "; ".join(lines)


@settle("battle_death", label="Succession noted", fields=(Field("heir", "Heir or successor", required=False),))
def settle_battle_death(state: State, item: Item, action: dict[str, Any]) -> str:
    """Closes a "death in battle" item of a game saved before RR3-G01 (battles now pass the crown at once through
    :func:`succession.pass_on` and open no such item); it only records the umpire's note."""
    char = state.get("characters", {}).get(item["params"]["character"], {})
    heir = action.get("heir")
    name = char.get("name", item["params"]["character"])
    return f"succession to {name}: {heir}" if heir else f"death of {name} recorded"


# --- revolts ------------------------------------------------------------------------------------------------------


def _suppress_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    team = team_of(state, role)
    return {"army": sorted(a for a, r in state.get("armies", {}).items() if team is None or r.get("team") == team)}


@request(
    "suppress_revolt",
    desk=MAP,
    label="Suppress a revolt",
    phases=campaigns.MILITARY_PHASES,
    fields=(Field("army", "Army", "choice"),),
    chooser=_suppress_choices,
)
def open_suppress(state: State, role: str, action: dict[str, Any]) -> Item:
    """Handbook, *Suppressing Revolts*: "An army may be sent to an area to suppress a revolt". The army must stand
    in the area in revolt, accept orders, and not be at war with the area's owner; one attempt per army per step
    (RR3-CP14)."""
    army = army_of_team(state, team_of(state, role), action.get("army"))
    area = army["area"]
    if not state.get("areas", {}).get(area, {}).get("revolt"):
        raise IllegalAction(f"{area}, where {army['id']} stands, is not in revolt")
    if army.get("mutinous"):
        raise IllegalAction(f"{army['id']} has mutinied and accepts no orders")
    owner = campaigns.area_owner(state, geography(state), area)
    if campaigns.at_war(state, army["state"], owner):
        raise IllegalAction(f"{army['state']} is at war with {owner}; it does not put down {owner}'s revolts")
    now = [state.get("turn"), state.get("phase"), state.get("step")]
    if army.get("suppress_tried") == now:
        raise IllegalAction(f"{army['id']} has already tried to suppress the revolt this step")
    for item in all_items(state):
        if item["status"] == PENDING and item["kind"] == "suppress_revolt" and item["params"]["army"] == army["id"]:
            raise IllegalAction(f"{army['id']} already has a pending attempt ({item['id']})")
    army["suppress_tried"] = now
    return {
        "title": f"Suppress the revolt in {area} with {army['id']} ({army['men']:,} men)",
        "params": {"army": army["id"], "area": area, "owner": owner},
        "team": army.get("team"),
        "public": True,
    }


@settle("suppress_revolt", label="Roll to suppress")
def settle_suppress(state: State, item: Item, action: dict[str, Any]) -> str:
    """Roll d6 + the owner's Unrest index (+ the florins given to the rebels of a religious revolt, RR3-H05); less
    than the army's men in thousands puts the revolt down (:func:`battles.suppress_revolt`)."""
    army_id, area, owner = item["params"]["army"], item["params"]["area"], item["params"]["owner"]
    army = state.get("armies", {}).get(army_id)
    record = state.get("areas", {}).get(area, {})
    if army is None or army["area"] != area:
        return f"no attempt: {army_id} is no longer in {area}"
    if not record.get("revolt"):
        return f"no attempt: {area} is no longer in revolt"
    unrest = int(state.get("states", {}).get(owner, {}).get("unrest", 0))
    funds = int(record.get("rebel_funds", 0))
    if battles.suppress_revolt(state, area, unrest, int(army["men"]), funds):
        record["revolt"] = False
        record.pop("rebel_funds", None)
        return f"{army_id} suppresses the revolt in {area}"
    return f"{army_id} fails to suppress the revolt in {area} (needed less than {army['men'] // 1_000})"
