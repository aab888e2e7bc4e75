"""Military actions (rule book 10-17; seed 10, 11, 13, 14): spring deployment, moving formations, control of
unfortified spaces and removal of unrest, building units.

The engine asks this module for the legal military CP actions (:func:`cp_actions`), their cost (:func:`cost`),
and applies them (:func:`apply`). A move that meets the enemy goes on in ``land_war.py`` (interception, battle,
retreat, siege), an assault in ``assaults.py``, a naval move's fighting in ``naval_war.py``; actions with another
power's units (seed 11) carry ``"power"`` (``control.py``). A formation is given in full in each action:
``{"type": "move_formation", "from": space, "to": space, "regular": n, "mercenary": n, "leaders": [ids]}``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core
from umpire.games.his2p import fortresses as forts
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p import restrictions as r
from umpire.games.his2p.events import responses
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import assaults, land_war, naval_war

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
#: The military action types of 11.1.
ACTIONS: frozenset[str] = frozenset(
    {
        "move_formation",
        "move_over_pass",
        "naval_move",
        "control_unfortified",
        "raise_regular",
        "buy_mercenary",
        "build_squadron",
        "assault",
    }
)
#: CP cost of each military action for the two players (11.1; the Papal and Protestant power cards). The
#: Protestant has no navy.
COSTS: dict[str, dict[str, int]] = {
    PAPACY: {
        "move_formation": 1,
        "move_over_pass": 2,
        "naval_move": 1,
        "buy_mercenary": 1,
        "raise_regular": 2,
        "build_squadron": 2,
        "assault": 1,
        "control_unfortified": 1,
    },
    PROTESTANT: {
        "move_formation": 1,
        "move_over_pass": 2,
        "buy_mercenary": 1,
        "raise_regular": 2,
        "assault": 1,
        "control_unfortified": 1,
    },
}
#: Land units in a formation without a leader (5.1).
NO_LEADER_LIMIT = 4
#: Land units that may cross a sea zone in a spring deployment (10).
SPRING_SEA_LIMIT = 5
#: Naval squadron counters of each power (the counter mix is the force pool, 17.2; HIS-W05).
SQUADRON_POOL: dict[str, int] = {PAPACY: 2}


def league(state: State) -> bool:
    """Whether the Schmalkaldic League has formed (21.6: it lifts the Protestant's military restrictions)."""
    return bool(state["events"].get("schmalkaldic_league"))


def friends(state: State, power: str) -> set[str]:
    """The power and those allied with it (its minor allies included): their spaces are friendly (rule book 5)."""
    out = {power}
    for pair in state["diplomacy"]["allied"]:
        if power in pair:
            out.update(pair)
    out.update(m for m, major in state.get("minor_allies", {}).items() if major == power)
    return out


def enemy_units(state: State, where: str, power: str) -> bool:
    """Whether units (any kind) of a power at war with ``power`` stand in a space or sea zone."""
    return any(r.at_war(state, power, other) for other in state["units"].get(where, {}))


def _enemy_land(state: State, where: str, power: str) -> bool:
    return any(
        r.at_war(state, power, other) and b.land_unit_count(state, where, other)
        for other in state["units"].get(where, {})
    )


def _leader_power(leader: str) -> str | None:
    people = load_people()
    if leader in people.army_leaders:
        return people.army_leaders[leader].power
    return people.naval_leaders[leader].power if leader in people.naval_leaders else None


def _others_in(state: State, space: str, power: str) -> bool:
    """Whether units or leaders of a power other than ``power`` and its allies stand in ``space``."""
    mine = friends(state, power)
    if any(p not in mine for p in state["units"].get(space, {})):
        return True
    return any(where == space and sides.power_of(state, lid) not in mine for lid, where in state["leaders"].items())


def army_leaders_in(state: State, space: str, power: str) -> list[str]:
    """The army leaders of ``power`` standing in ``space``, sorted."""
    people = load_people().army_leaders
    return sorted(
        lid
        for lid, where in state["leaders"].items()
        if where == space and lid in people and sides.power_of(state, lid) == power
    )


def formation_limit(leaders: list[str]) -> int:
    """Formation size (5.1): 4 land units without a leader; a leader's command rating; with two or more leaders,
    the sum of the two highest ratings."""
    if not leaders:
        return NO_LEADER_LIMIT
    ratings = sorted((load_people().army_leaders[lid].command for lid in leaders), reverse=True)
    return sum(ratings[:2])


def formations(state: State, space: str, power: str, most: int | None = None) -> list[dict[str, Any]]:
    """Every formation ``power`` may form in ``space`` (5.1): some of its regulars and mercenaries and army
    leaders, at least one piece, within the formation limit (and at most ``most`` land units if given)."""
    units = b.units_of(state, space, power)
    leaders = army_leaders_in(state, space, power)
    out: list[dict[str, Any]] = []
    for k in range(len(leaders) + 1):
        for group in combinations(leaders, k):
            limit = formation_limit(list(group))
            if most is not None:
                limit = min(limit, most)
            for reg in range(units["regular"] + 1):
                for merc in range(units["mercenary"] + 1):
                    for cav in range(units["cavalry"] + 1):
                        size = reg + merc + cav
                        if size <= limit and (size or group):
                            found: dict[str, Any] = {"regular": reg, "mercenary": merc, "leaders": list(group)}
                            if units["cavalry"]:  # only a stack with cavalry (Ottoman) names it (5.2)
                                found["cavalry"] = cav
                            out.append(found)
    return out


def _move_pieces(state: State, power: str, src: str, dst: str, action: Action) -> None:
    for kind in ("regular", "mercenary", "cavalry"):
        if action.get(kind):
            b.add_units(state, src, power, kind, -action[kind])
            b.add_units(state, dst, power, kind, action[kind])
    for lid in action["leaders"]:
        state["leaders"][lid] = dst


def _describe(board: HisMap, action: Action) -> str:
    parts = [f"{action[k]} {k}{'s' if action[k] > 1 else ''}" for k in ("regular", "mercenary") if action[k]]
    people = load_people().army_leaders
    parts += [people[lid].name for lid in action["leaders"]]
    return ", ".join(parts)


# --- movement (13.1; seed 13; 21.6) ---------------------------------------------------------------------------


def may_move(state: State, power: str) -> str | None:
    """Why ``power`` may not take movement actions now, or None (21.6: no Protestant movement before the League)."""
    if power == PROTESTANT and not league(state):
        return "the Protestant may not move units before the Schmalkaldic League (21.6)"
    return None


def may_move_into(state: State, board: HisMap, power: str, space: str, leaders_only: bool) -> bool:
    """Whether a formation of ``power`` may end a move in ``space`` (13.1; seed 13; 21.6): the rules are
    ``land_war.entry_refusal``, which also lets a move meet the enemy (battle, interception, siege)."""
    return land_war.entry_refusal(state, board, power, space, leaders_only) is None


def move_actions(state: State, board: HisMap, power: str, cp: int) -> list[Action]:
    """Move formation in clear (1 CP) and over a pass (2 CP) (13.1): every formation of ``power`` to every adjacent
    space it may move into."""
    if may_move(state, power) is not None:
        return []
    costs = COSTS.get(power, control.PROXY_COSTS)
    out: list[Action] = []
    for src in sorted(state["units"]):
        if src not in board.spaces or land_war.may_move_from(state, power, src):
            continue
        groups = formations(state, src, power)
        if not groups:
            continue
        space = board.spaces[src]
        for kind, targets in (("move_formation", space.links), ("move_over_pass", space.passes)):
            if costs[kind] > cp:
                continue
            for dst in sorted(targets):
                for group in groups:
                    alone = not (group["regular"] or group["mercenary"] or group.get("cavalry"))
                    if may_move_into(state, board, power, dst, alone):
                        out.append({"type": kind, "from": src, "to": dst, **group})
    return out


def _apply_move(state: State, board: HisMap, power: str, action: Action) -> None:
    if land_war.is_war_move(state, board, power, action["from"], action["to"]):
        land_war.start_move(state, board, power, action)  # battle, interception, siege (13-15)
        return
    _move_pieces(state, power, action["from"], action["to"], action)
    how = "over the pass " if action["type"] == "move_over_pass" else ""
    core.log(
        state,
        f"{power} moves {_describe(board, action)} from {board.spaces[action['from']].name} "
        f"{how}to {board.spaces[action['to']].name}",
    )


# --- line of communication, control and unrest (12.1, 12.2, 12.4; seed 2.2, 12) -------------------------------


def path_space(state: State, board: HisMap, power: str, space: str) -> bool:
    """A space a line of communication may pass through (12.1): friendly, free of enemy units and leaders and of
    unrest, and not an electorate before the League."""
    if state["spaces"][space]["control"] not in friends(state, power) or b.in_unrest(state, space):
        return False
    if board.spaces[space].type == "electorate" and not league(state):
        return False
    if enemy_units(state, space, power):
        return False
    return not any(
        where == space and (lp := sides.power_of(state, lid)) is not None and r.at_war(state, power, lp)
        for lid, where in state["leaders"].items()
    )


def _friendly_fleet(state: State, sea: str, power: str) -> bool:
    mine = friends(state, power)
    return any(p in mine and b.units_of(state, sea, p)["squadron"] for p in state["units"].get(sea, {})) and not (
        enemy_units(state, sea, power)
    )


def has_loc(state: State, board: HisMap, power: str, target: str) -> bool:
    """Line of communication (12.1): a path from a friendly-controlled fortified home space of ``power`` or an ally
    to ``target``, every space on it but the target a path space (:func:`path_space`); sea zones may join it
    where friendly naval units stand, entered and left by friendly ports."""
    mine = friends(state, power)
    start = [
        s
        for s, sp in board.spaces.items()
        if sp.fortified and set(sp.home) & mine and path_space(state, board, power, s)
    ]
    seen: set[str] = set(start)
    todo = list(start)
    while todo:
        here = todo.pop()
        if here in board.spaces:
            space = board.spaces[here]
            if target in space.links | space.passes or target in space.ports:
                return True
            nexts = [n for n in space.links | space.passes if path_space(state, board, power, n)]
            nexts += [z for z in space.ports if _friendly_fleet(state, z, power)]
        else:
            sea = board.seas[here]
            if target in sea.ports:
                return True
            nexts = [z for z in sea.links if _friendly_fleet(state, z, power)]
            nexts += [p for p in sea.ports if path_space(state, board, power, p)]
        for n in nexts:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return target in start


def _near(state: State, board: HisMap, power: str, space: str) -> bool:
    """12.2 and 12.4 (c): land units of ``power`` stand in the space, or next to it (not over a pass) with no enemy
    land units next to it."""
    if b.land_unit_count(state, space, power):
        return True
    links = board.spaces[space].links
    return any(b.land_unit_count(state, n, power) for n in links) and not any(
        _enemy_land(state, n, power) for n in links
    )


def may_control(state: State, board: HisMap, power: str, space: str) -> bool:
    """Control unfortified space (12.2; seed 2.2; 21.6): an unfortified independent or enemy space whose control may
    change in this variant, not in unrest (HIS-W03), with a line of communication, the mover's land units in or
    next to it, and no land units of a power not allied with the mover; never the Protestant before the League."""
    control = state["spaces"][space]["control"]
    if power == PROTESTANT and not league(state):
        return False
    if forts.fortified(state, board, space) or not r.may_change_control(board, space) or b.in_unrest(state, space):
        return False
    if control != "independent" and not r.at_war(state, power, control):
        return False
    mine = friends(state, power)
    if any(p not in mine and b.land_unit_count(state, space, p) for p in state["units"].get(space, {})):
        return False
    return _near(state, board, power, space) and has_loc(state, board, power, space)


def may_remove_unrest(state: State, board: HisMap, power: str, space: str) -> bool:
    """Remove unrest (12.4; seed 12): the space is in unrest and the mover has land units in it or next to it with
    no enemy next to it, or it is a Protestant home space and the Protestant acts before the League, or (seed 12)
    its religion is the mover's. No line of communication is needed."""
    if not b.in_unrest(state, space):
        return False
    if _near(state, board, power, space) or r.may_remove_unrest_anywhere(state, board, power, space):
        return True
    return power == PROTESTANT and not league(state) and PROTESTANT in board.spaces[space].home


def control_actions(state: State, board: HisMap, power: str) -> list[Action]:
    """Control unfortified space (1 CP): gaining control (12.2) or removing unrest (12.4), one space each."""
    out: list[Action] = []
    for space in sorted(board.spaces):
        if may_remove_unrest(state, board, power, space):
            out.append({"type": "control_unfortified", "space": space, "effect": "remove_unrest"})
        elif may_control(state, board, power, space):
            out.append({"type": "control_unfortified", "space": space, "effect": "control"})
    return out


def _apply_control(state: State, board: HisMap, power: str, action: Action) -> None:
    space = action["space"]
    name = board.spaces[space].name
    if action["effect"] == "remove_unrest":
        state["spaces"][space]["unrest"] = False
        core.log(state, f"{power} removes the unrest in {name}")
        return
    before = state["spaces"][space]["control"]
    state["spaces"][space]["control"] = power
    core.log(state, f"{power} takes control of {name} (was {before})")


# --- building (17; seed 14; 21.6) -----------------------------------------------------------------------------


def may_build_in(state: State, board: HisMap, power: str, space: str) -> bool:
    """Where ``power`` builds (17.1, 17.2): its own home space under its control, not in unrest, with no enemy
    units in it (so not under siege)."""
    return (
        power in board.spaces[space].home
        and state["spaces"][space]["control"] == power
        and not b.in_unrest(state, space)
        and not enemy_units(state, space, power)
    )


def squadrons_on_map(state: State, power: str) -> int:
    """How many naval squadrons of ``power`` are on the map."""
    return sum(stacks.get(power, {}).get("squadron", 0) for stacks in state["units"].values())


def build_actions(state: State, board: HisMap, power: str, cp: int) -> list[Action]:
    """Raise a regular (2 CP), buy a mercenary (1 CP), build a naval squadron (2 CP, in a port) (17.1, 17.2):
    who may build is seed 14 (``restrictions.may_build``); the Protestant builds nothing before the League
    (21.6) and has no navy; squadrons up to the power's counters (HIS-W05)."""
    if not r.may_build(power, power) or (power == PROTESTANT and not league(state)):
        return []
    spaces = [s for s in board.home_spaces(power) if may_build_in(state, board, power, s)]
    return builds_in(state, board, power, cp, spaces)


def builds_in(state: State, board: HisMap, power: str, cp: int, spaces: list[str]) -> list[Action]:
    """The unit purchases ``power`` can pay with ``cp`` in each of ``spaces`` (17.1, 17.2): a regular, a mercenary,
    a squadron in a port while counters are left (HIS-W05)."""
    costs = COSTS[power]
    out: list[Action] = []
    for space in spaces:
        for kind in ("raise_regular", "buy_mercenary"):
            if costs[kind] <= cp:
                out.append({"type": kind, "space": space})
        if (
            costs.get("build_squadron", 99) <= cp
            and board.spaces[space].is_port
            and squadrons_on_map(state, power) < SQUADRON_POOL.get(power, 0)
        ):
            out.append({"type": "build_squadron", "space": space})
    return out


_BUILT_KIND = {"raise_regular": "regular", "buy_mercenary": "mercenary", "build_squadron": "squadron"}


def apply_build(state: State, board: HisMap, power: str, action: Action) -> None:
    kind = _BUILT_KIND[action["type"]]
    b.add_units(state, action["space"], power, kind, 1)
    core.log(state, f"{power} builds a {kind} in {board.spaces[action['space']].name}")


# --- the engine's entry points ----------------------------------------------------------------------------------


def cp_actions(state: State, board: HisMap, power: str, cp: int) -> list[Action]:
    """The military actions ``power`` may take with ``cp`` CP left."""
    out = move_actions(state, board, power, cp)
    if COSTS[power].get("naval_move", 99) <= cp and (
        sail_actions(state, board, power, naval_war.not_free(state, power, "squadron", {}))
        or naval_war.allied_fleets_may_sail(state, board, power)
    ):
        out.append({"type": "naval_move"})
    out += naval_war.proxy_naval_moves(state, power, cp)  # seed 11: another major's naval units
    if COSTS[power]["control_unfortified"] <= cp:
        out += control_actions(state, board, power)
    out += build_actions(state, board, power, cp) + proxy_actions(state, board, power, cp)
    out += assaults.assault_actions(state, board, power, cp)  # own and (seed 11) proxy assaults
    return [a for a in out if responses.allowed(state, power, a)]  # after Foul Weather or Gout this impulse


def proxy_actions(state: State, board: HisMap, player: str, cp: int) -> list[Action]:
    """Seed 11: the actions ``player`` may take with the units of a major power at war with its opponent, each
    with ``"power"``: moves in the clear and over passes, control of unfortified spaces (naval moves and assaults
    are listed by ``naval_war`` and ``assaults``; construction never)."""
    out: list[Action] = []
    for power in control.proxied_powers(state, player):
        found = move_actions(state, board, power, cp)
        if control.PROXY_COSTS["control_unfortified"] <= cp:
            found += [a for a in control_actions(state, board, power) if a["effect"] == "control"]
        out += [{**a, "power": power} for a in found]
    return out


def cost(state: State, power: str, action: Action) -> int:
    """The CP an action costs ``power`` (11.1, the power cards)."""
    kind = action.get("type")
    if kind == "naval_move" and "power" in action:
        return naval_war.NAVAL_MOVE_CP
    if "power" in action and action["power"] != power:
        return control.proxy_cost(action)
    if kind not in ACTIONS or kind not in COSTS[power]:
        raise ValueError(f"{power} has no military action {kind!r}")
    return COSTS[power][str(kind)]


def apply(state: State, board: HisMap, power: str, action: Action) -> None:
    """Carry out a military action (one of :func:`cp_actions`); with ``"power"``, with that power's units (seed 11)."""
    kind = action["type"]
    if responses.action_declared(state, board, power, action):  # Foul Weather, Gout: the other player's window
        return
    if kind == "naval_move" and "power" in action:  # seed 11: the player decides the move, so it keeps the decision
        core.log(state, f"{power} makes a naval move with {action['power']}'s naval units (seed 11)")
        state["stack"].append({"kind": "naval", "role": power, "moved": {}, "proxy": action["power"]})
        return
    if "power" in action:
        power = action["power"]
        action = {k: v for k, v in action.items() if k != "power"}
    if kind in ("move_formation", "move_over_pass"):
        _apply_move(state, board, power, action)
    elif kind == "control_unfortified":
        _apply_control(state, board, power, action)
    elif kind in _BUILT_KIND:
        apply_build(state, board, power, action)
    elif kind == "assault":
        assaults.apply_assault(state, board, power, action)
    elif kind == "naval_move":
        core.log(state, f"{power} makes a naval move")
        state["stack"].append({"kind": "naval", "role": power, "moved": {}})
    else:
        raise ValueError(f"no military action {kind!r} is built")


# --- spring deployment (10; seed 10) ----------------------------------------------------------------------------


def capital_of(board: HisMap, power: str) -> str | None:
    """The power's capital, or None (the Protestant has none)."""
    found = [s for s in board.home_spaces(power) if board.spaces[s].type == "capital"] if power != PROTESTANT else []
    return found[0] if found else None


def _deploy_through(state: State, board: HisMap, space: str) -> bool:
    """A space a Papal spring deployment may pass through or end in (10; seed 10): friendly-controlled, not in
    unrest, in the German or Italian zone, holding no units of a power not friendly to the Papacy."""
    return (
        state["spaces"][space]["control"] in friends(state, PAPACY)
        and not b.in_unrest(state, space)
        and r.may_spring_deploy(board, PAPACY, space)
        and r.may_enter(state, board, PAPACY, space)
        and not _others_in(state, space, PAPACY)
    )


def _open_sea(state: State, board: HisMap, sea: str) -> bool:
    """10: a deployment may not cross a sea zone where another major power has naval units in the zone or in one
    of its ports (allies included)."""
    others = (*r.OTHER_MAJORS, PROTESTANT)
    for where in (sea, *board.seas[sea].ports):
        if any(b.units_of(state, where, p)["squadron"] or b.units_of(state, where, p)["corsair"] for p in others):
            return False
    return True


def deploy_destinations(state: State, board: HisMap) -> dict[str, bool]:
    """Where the Papacy may spring-deploy from Rome (10; seed 10), each with whether it needs a sea crossing: paths
    through :func:`_deploy_through` spaces, never over a pass, crossing at most one sea zone from a friendly port
    to another (after Spring Preparations, card #102, passes and seas other powers hold may be crossed)."""
    capital = capital_of(board, PAPACY)
    if capital is None or state["spaces"][capital]["control"] != PAPACY:
        return {}
    prepared = state.get("spring_preparations") == state["turn"]  # card #102: passes and held seas allowed
    best: dict[str, bool] = {}
    todo: list[tuple[str, bool]] = [(capital, False)]
    seen = {(capital, False)}
    while todo:
        here, crossed = todo.pop(0)
        space = board.spaces[here]
        steps = [(n, crossed) for n in (space.links | space.passes if prepared else space.links)]
        if not crossed:
            for sea in space.ports:
                if prepared or _open_sea(state, board, sea):
                    steps += [(p, True) for p in board.seas[sea].ports if p != here]
        for n, c in steps:
            if (n, c) in seen or not _deploy_through(state, board, n):
                continue
            seen.add((n, c))
            todo.append((n, c))
            if n != capital and (n not in best or (best[n] and not c)):
                best[n] = c
    return best


def spring_actions(state: State, board: HisMap) -> list[Action]:
    """The Papacy's spring deployments (10; seed 10): one formation from Rome to a friendly space, at most 5 land
    units where the path crosses a sea zone."""
    capital = capital_of(board, PAPACY)
    if capital is None:
        return []
    out: list[Action] = []
    for dst, by_sea in sorted(deploy_destinations(state, board).items()):
        prepared = state.get("spring_preparations") == state["turn"]  # card #102: no limit by sea
        for group in formations(state, capital, PAPACY, SPRING_SEA_LIMIT if by_sea and not prepared else None):
            out.append({"type": "deploy", "to": dst, **group})
    return out


def spring_apply(state: State, board: HisMap, action: Action) -> None:
    """Carry out a spring deployment (one of :func:`spring_actions`)."""
    capital = capital_of(board, PAPACY)
    assert capital is not None
    _move_pieces(state, PAPACY, capital, action["to"], action)
    core.log(
        state, f"Spring deployment: the Papacy moves {_describe(board, action)} to {board.spaces[action['to']].name}"
    )


# --- naval move (16.1) ------------------------------------------------------------------------------------------


def naval_neighbours(board: HisMap, where: str) -> frozenset[str]:
    if where in board.seas:
        return board.seas[where].links | board.seas[where].ports
    return board.spaces[where].ports


def may_sail_into(state: State, board: HisMap, power: str, where: str) -> bool:
    """16.1: any adjacent sea zone (enemy naval units there or next to it lead to interception, avoidance and battle,
    ``naval_war.py``); a port the mover controls, or another power's port only while naval units of a power at war
    with the mover are in it (so never an ally's)."""
    if where in board.spaces:
        return bool(state["spaces"][where]["control"] == power) or any(
            r.at_war(state, power, other) and (units.get("squadron") or units.get("corsair"))
            for other, units in state["units"].get(where, {}).items()
        )
    return True


def sail_actions(state: State, board: HisMap, power: str, moved: dict[str, int]) -> list[Action]:
    """The moves of a naval move (16.1): each squadron of ``power`` not yet moved in this action goes to an adjacent
    sea zone or port, a group from one place to one place at a time; the Protestant has no navy."""
    if power != PAPACY:
        return []
    out: list[Action] = []
    for where in sorted(state["units"]):
        free = b.units_of(state, where, power)["squadron"] - moved.get(where, 0)
        if free <= 0:
            continue
        for dst in sorted(naval_neighbours(board, where)):
            if may_sail_into(state, board, power, dst):
                out += [{"type": "sail", "from": where, "to": dst, "squadrons": n} for n in range(1, free + 1)]
    return out


def _naval_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    own = sail_actions(state, board, role, naval_war.not_free(state, role, "squadron", decision["moved"]))
    return [{"type": "done"}, *own, *naval_war.proxy_sails(state, board, decision)]


def _naval_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "done":
        state["stack"].pop()
        naval_war.after_move(state, board, decision)  # interception, avoiding battle, battles (16.1 steps 4-7)
        return
    if "power" in action:
        naval_war.apply_proxy_sail(state, board, decision, action)
        return
    src, dst, n = action["from"], action["to"], action["squadrons"]
    b.add_units(state, src, role, "squadron", -n)
    b.add_units(state, dst, role, "squadron", n)
    decision["moved"][dst] = decision["moved"].get(dst, 0) + n
    name = board.spaces[dst].name if dst in board.spaces else board.seas[dst].name
    here = board.spaces[src].name if src in board.spaces else board.seas[src].name
    core.log(state, f"{role} moves {n} squadron(s) from {here} to {name}")


core.decision_kind("naval", _naval_legal, _naval_handle)


# --- why an action is refused -----------------------------------------------------------------------------------


def _name(board: HisMap, where: object) -> str:
    if isinstance(where, str) and where in board.spaces:
        return board.spaces[where].name
    if isinstance(where, str) and where in board.seas:
        return board.seas[where].name
    return repr(where)


def _size(action: Action) -> int:
    """Land units an action's formation holds (cavalry only where the stack has some)."""
    return int(action.get("regular", 0)) + int(action.get("mercenary", 0)) + int(action.get("cavalry", 0))


def _why_not_into(state: State, board: HisMap, power: str, space: str, alone: bool) -> str | None:
    return land_war.entry_refusal(state, board, power, space, alone)


def _why_not_formation(state: State, space: str, power: str, action: Action) -> str | None:
    units = b.units_of(state, space, power)
    for kind in ("regular", "mercenary", "cavalry"):
        if kind == "cavalry" and "cavalry" not in action:
            continue
        if not isinstance(action.get(kind), int) or action[kind] < 0:
            return f"'{kind}' must be a whole number of units, got {action.get(kind)!r}"
        if action[kind] > units[kind]:
            return f"{power} has {units[kind]} {kind}(s) there, not {action[kind]}"
    leaders = action.get("leaders")
    if not isinstance(leaders, list) or any(lid not in army_leaders_in(state, space, power) for lid in leaders):
        return f"'leaders' must list {power}'s army leaders there: {army_leaders_in(state, space, power) or 'none'}"
    size = action["regular"] + action["mercenary"] + int(action.get("cavalry", 0))
    if size > formation_limit(leaders):
        return f"a formation with these leaders holds at most {formation_limit(leaders)} land units (5.1)"
    if not size + len(leaders):
        return "the formation is empty"
    return None


def why_not(state: State, board: HisMap, power: str, action: Action, cp: int | None = None) -> str | None:
    """Why a military action (or spring deployment) of ``power`` is refused, naming what is wrong; None if no
    reason is known here (the engine then lists what it accepts). ``cp``: the CP left, in a CP decision. An action
    with ``"power"`` is checked for that power's units (seed 11)."""
    kind = action.get("type")
    if kind == "naval_move" and "power" in action:
        return (
            f"{power} may make a naval move only with the units of a major power at war with its opponent that has "
            f"naval units on the map (seed 11), not {action['power']!r}"
        )
    proxy = action.get("power")
    if isinstance(proxy, str) and proxy != power:
        if proxy not in control.proxied_powers(state, power):
            return (
                f"{power} may not act with {proxy}'s units now: only a major power at war with its opponent (seed 11)"
            )
        if not r.may_act_for(state, power, proxy, str(kind)):
            return f"{kind} may not be taken with {proxy}'s units (seed 11: moves, naval moves, assaults, control)"
        if cp is not None and control.PROXY_COSTS[str(kind)] > cp:
            return f"{kind} costs {control.PROXY_COSTS[str(kind)]} CP; {cp} CP left"
        power, cp = proxy, None
    if cp is not None and kind in COSTS[power] and COSTS[power][str(kind)] > cp:
        return f"{kind} costs {power} {COSTS[power][str(kind)]} CP; {cp} CP left"
    if cp is not None and kind in COSTS[PAPACY] and kind not in COSTS[power]:
        return f"{power} has no {kind} action (it has no navy)"
    if kind == "assault":
        return assaults.why_not(state, board, power, action)
    if kind in ("move_formation", "move_over_pass"):
        if may_move(state, power):
            return may_move(state, power)
        src, dst = action.get("from"), action.get("to")
        if src not in board.spaces or dst not in board.spaces:
            return f"'from' and 'to' must be land spaces, got {src!r} and {dst!r}"
        origin = board.spaces[str(src)]
        if dst in origin.passes and kind == "move_formation":
            return f"{origin.name} to {_name(board, dst)} is over a pass: use move_over_pass (2 CP)"
        if dst in origin.links and kind == "move_over_pass":
            return f"{origin.name} to {_name(board, dst)} is not over a pass: use move_formation (1 CP)"
        if dst not in origin.links | origin.passes:
            return f"{_name(board, dst)} is not next to {origin.name}"
        return (
            land_war.may_move_from(state, power, str(src))
            or _why_not_formation(state, str(src), power, action)
            or _why_not_into(state, board, power, str(dst), not _size(action))
        )
    if kind == "deploy":
        dst = action.get("to")
        if dst not in board.spaces:
            return f"'to' must be a land space, got {dst!r}"
        if dst not in deploy_destinations(state, board):
            return (
                f"no spring deployment path from Rome to {_name(board, dst)}: every space on it must be Papal or "
                "allied, free of unrest and of other powers' units, in the German or Italian zone, not over a pass "
                "(10; seed 10)"
            )
        capital = capital_of(board, PAPACY)
        return _why_not_formation(state, str(capital), PAPACY, action) or (
            f"a deployment crossing a sea zone carries at most {SPRING_SEA_LIMIT} land units (10)"
        )
    if kind == "control_unfortified":
        space = action.get("space")
        if space not in board.spaces:
            return f"'space' must be a land space, got {space!r}"
        name = board.spaces[str(space)].name
        if action.get("effect") == "remove_unrest" or b.in_unrest(state, str(space)):
            if not b.in_unrest(state, str(space)):
                return f"{name} is not in unrest"
            return (
                f"{power} may not remove the unrest in {name}: it needs units in or next to it with no enemy next to"
                " it, or the space's religion its own (12.4; seed 12)"
            )
        if power == PROTESTANT and not league(state):
            return "the Protestant may not gain political control before the Schmalkaldic League (21.6)"
        if board.spaces[str(space)].fortified:
            return f"{name} is fortified: its control changes by siege, not by this action (12.3)"
        if not r.may_change_control(board, str(space)):
            return f"{name} never changes political control in this variant (seed 2.2)"
        return (
            f"{power} may not take control of {name}: it must be independent or enemy, reached by a line of "
            "communication, with the mover's land units in or next to it and no enemy next to it (12.1, 12.2)"
        )
    if kind in _BUILT_KIND:
        if power == PROTESTANT and not league(state):
            return "the Protestant builds no units before the Schmalkaldic League (21.6)"
        if kind == "build_squadron" and power != PAPACY:
            return f"{power} has no navy"
        if kind == "build_squadron" and squadrons_on_map(state, power) >= SQUADRON_POOL.get(power, 0):
            return f"all {SQUADRON_POOL.get(power, 0)} of {power}'s squadron counters are on the map (HIS-W05)"
        space = action.get("space")
        if space not in board.spaces:
            return f"'space' must be a land space, got {space!r}"
        return (
            f"{power} builds only in its own home spaces it controls, not in unrest, with no enemy in them "
            f"{'and in a port ' if kind == 'build_squadron' else ''}(17): {_name(board, space)} is not one"
        )
    return None
