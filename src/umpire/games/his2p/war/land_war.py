"""Land war in play: a move into enemy units or an enemy fortification (rule book 13.1 steps 5-8), interception
(13.2), avoiding battle (13.3), withdrawing into fortifications (13.4), the field battle (14), retreats (14.1), the
start of a siege (15), relief (15.2) and breaking a siege (15.3), under seed 11 and 13.

The rules themselves are the pure functions of ``battles.py`` and ``sieges.py``; this module runs them in order as
decisions on ``state["stack"]``. The move being resolved is ``state["land_move"]`` (one at a time: every decision it
opens sits above the mover's CP decision). Each choice goes to the controller of the power concerned
(``control.controller``); a power no player decides for takes the first, passive choice (ruling HIS-L02). Sieges
are ``state["sieges"][space] = {"besieger": power, "impulse": n}``: the besieger's units in the space stand outside,
every power at war with it there is inside. Captured leaders leave ``state["leaders"]`` for
``state["captured"][leader] = captor``. Impulse marks (stacks that tried to intercept or lost a battle, ruling
HIS-L04) are in ``state["land_war"]``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core
from umpire.games.his2p import fortresses as forts
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p import restrictions as r
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import battles, military, move_on, sieges, windows
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

LAND = b.LAND_UNITS
INDEPENDENT = "independent"


# --- small readers ----------------------------------------------------------------------------------------------


def friendly(state: State, a: str, c: str) -> bool:
    """Whether two powers are the same, allied, or a minor power and its major ally (rule book 5)."""
    if a == c:
        return True
    allied = state["diplomacy"]["allied"]
    if [a, c] in allied or [c, a] in allied:
        return True
    return r.major_of(state, a) == r.major_of(state, c) and r.major_of(state, a) in (a, c)


def hostile(state: State, a: str, c: str) -> bool:
    """Whether two powers are at war, a minor power taking its major ally's wars; an independent garrison defends
    against every power (22.6: it never moves or intercepts, ``battles.interception_refusal`` asking for a war)."""
    if a != c and INDEPENDENT in (a, c):
        return True
    return r.at_war(state, r.major_of(state, a), r.major_of(state, c)) or r.at_war(state, a, c)


def leaders_of(state: State, space: str, power: str) -> list[str]:
    people = load_people().army_leaders
    return sorted(
        lid
        for lid, at in state["leaders"].items()
        if at == space and lid in people and sides.power_of(state, lid) == power
    )


def _owner(state: State, lid: str) -> str | None:
    """The power an army leader fights for now (None for a naval leader or one without a side; leader_sides.py)."""
    people = load_people().army_leaders
    return sides.power_of(state, lid) if lid in people else None


def _best(leaders: list[str]) -> int:
    people = load_people().army_leaders
    return max((people[lid].battle for lid in leaders), default=0)


def _name(board: HisMap, space: str) -> str:
    return board.spaces[space].name if space in board.spaces else space


def land_units_of(state: State, space: str, power: str) -> dict[str, int]:
    units = b.units_of(state, space, power)
    return {k: units[k] for k in LAND if units[k]}


def inside(state: State, space: str) -> list[str]:
    """The powers whose units are inside a besieged fortification (15): those at war with the besieger."""
    siege = state.get("sieges", {}).get(space)
    if siege is None:
        return []
    return sorted(p for p in state["units"].get(space, {}) if hostile(state, p, siege["besieger"]))


def _outside_enemies(state: State, space: str, power: str) -> list[str]:
    """Powers at war with ``power`` with land units in the field in ``space`` (not inside a fortification)."""
    shut = inside(state, space)
    return sorted(
        p
        for p in state["units"].get(space, {})
        if hostile(state, p, power) and p not in shut and b.land_unit_count(state, space, p)
    )


def _marks(state: State) -> dict[str, Any]:
    """This impulse's marks (13.1, 13.2): stacks that tried to intercept, stacks that lost a field battle."""
    when = [state["turn"], state.get("impulse", {}).get("count", 0)]
    marks = state.get("land_war")
    if not marks or marks["impulse"] != when:
        marks = state["land_war"] = {"impulse": when, "tried": [], "lost": []}
    return marks


def may_move_from(state: State, power: str, space: str) -> str | None:
    """Why the units of ``power`` in ``space`` may not take part in a move now (13.1, 15), or None: not while
    besieged, not where they began a siege this impulse, not after losing a field battle this impulse, not when the
    Siege of Vienna halted them this turn."""
    siege = state.get("sieges", {}).get(space)
    if siege and power in inside(state, space):
        return "besieged units may not move (15)"
    if siege and siege["besieger"] == power and siege["impulse"] == state.get("impulse", {}).get("count"):
        return "units that began a siege this impulse may not move (13.1)"
    if [space, power] in _marks(state)["lost"]:
        return "units that lost a field battle this impulse may not move (13.1)"
    halt = state.get("vienna_halt")
    if halt and halt["turn"] == state["turn"] and space in halt["spaces"] and power in ("hapsburg", "hungary"):
        return "Hapsburg and Hungarian units near Vienna may not move this turn (card 218 Siege of Vienna, HIS-D07)"
    return None


def entry_refusal(state: State, board: HisMap, power: str, space: str, leaders_only: bool) -> str | None:
    """Why a formation of ``power`` may not move into ``space`` (13.1; seed 13; 21.6), or None. The target may hold
    units of powers at war with the mover (a battle, 14) or be an enemy fortification (a siege, 15); a besieged
    space only to relieve one's own side or join one's own side's siege; never units of a power neither allied nor
    at war (an independent garrison is an enemy to all, 22.6); a lone leader only into a friendly space with no enemy
    in it."""
    target = board.spaces[space]
    if not r.may_enter(state, board, power, space):
        return f"{power} units may not enter {target.name}, outside the German and Italian zones (seed 13)"
    if target.type == "electorate" and power != control.PROTESTANT and not state["events"].get("schmalkaldic_league"):
        return f"{target.name} is an electorate: closed to {power} units before the Schmalkaldic League (21.6)"
    owner = state["spaces"][space]["control"]
    if not friendly(state, power, owner) and owner != "independent" and not hostile(state, power, owner):
        return f"{target.name} is controlled by {owner}, not at war with or allied to {power} (13.1)"
    others = [p for p in state["units"].get(space, {}) if not friendly(state, power, p)]
    neutral = [p for p in others if not hostile(state, power, p)]
    if neutral:
        return f"{target.name} holds units of {', '.join(neutral)}, neither allied nor at war with {power} (13.1)"
    stray = [str(_owner(state, lid)) for lid, at in state["leaders"].items() if at == space and _owner(state, lid)]
    if any(not friendly(state, power, p) and not hostile(state, power, p) for p in stray):
        return f"{target.name} holds a leader of a power neither allied nor at war with {power} (13.1)"
    if leaders_only and (not friendly(state, power, owner) or others):
        return f"a formation of only leaders may not enter {target.name}, which is not friendly (13.1)"
    siege = state.get("sieges", {}).get(space)
    if siege:
        besieger = siege["besieger"]
        shut = inside(state, space)
        relief = all(friendly(state, power, p) for p in shut) and hostile(state, power, besieger)
        join = friendly(state, power, besieger) and all(hostile(state, power, p) for p in shut)
        if not (relief or join):
            return f"{target.name} is besieged by {besieger}: enter it only to relieve or join a siege (13.1)"
    return None


def is_war_move(state: State, board: HisMap, power: str, src: str, space: str) -> bool:
    """Whether a move needs this module: leaving or entering a besieged space (15.3), enemy land units next to the
    target (interception), enemy units or leaders in it, or an enemy fortification."""
    if space in state.get("sieges", {}) or src in state.get("sieges", {}):
        return True
    if any(hostile(state, power, p) for p in state["units"].get(space, {})):
        return True
    if any(
        at == space and hostile(state, power, str(_owner(state, lid)))
        for lid, at in state["leaders"].items()
        if _owner(state, lid)
    ):
        return True
    owner = state["spaces"][space]["control"]
    if forts.fortified(state, board, space) and hostile(state, power, owner):
        return True
    return any(
        hostile(state, power, p) and b.land_unit_count(state, n, p)
        for n in board.spaces[space].links
        for p in state["units"].get(n, {})
    )


# --- the move ---------------------------------------------------------------------------------------------------


def start_move(state: State, board: HisMap, power: str, action: Action) -> None:
    """Begin a move that may meet the enemy (13.1 steps 5-8): the formation leaves its space (breaking a siege it
    no longer outnumbers, 15.3) and is in transit while interceptions are tried (13.2)."""
    src, dst = action["from"], action["to"]
    force = {k: int(action.get(k, 0)) for k in ("regular", "mercenary", "cavalry") if action.get(k)}
    for kind, n in force.items():
        b.add_units(state, src, power, kind, -n)
    for lid in action["leaders"]:
        state["leaders"].pop(lid)
    how = "over the pass " if action["type"] == "move_over_pass" else ""
    core.log(
        state, f"{power} moves {_words(force, action['leaders'])} from {_name(board, src)} {how}to {_name(board, dst)}"
    )
    ctx: dict[str, Any] = {
        "power": power,
        "from": src,
        "to": dst,
        "force": force,
        "leaders": list(action["leaders"]),
        "step": "intercept",
        "queue": _interceptors(state, board, power, src, dst),
        "interceptor": None,
        "avoid": None,
    }
    state["land_move"] = ctx
    check_siege_holds(state, board, src)
    proceed(state, board)


def _words(force: dict[str, int], leaders: list[str]) -> str:
    people = load_people().army_leaders
    parts = [f"{n} {k}{'s' if n > 1 else ''}" for k, n in force.items() if n]
    return ", ".join(parts + [people[lid].name for lid in leaders]) or "nothing"


def _interceptors(state: State, board: HisMap, mover: str, src: str, dst: str) -> list[list[str]]:
    """The stacks that may try to intercept (13.2), in impulse order of their controllers, then power and space."""
    siege_there = dst in state.get("sieges", {})
    tried = _marks(state)["tried"]
    found = []
    for origin in sorted(board.spaces[dst].links):
        for p in sorted(state["units"].get(origin, {})):
            if not b.land_unit_count(state, origin, p) or p == mover:
                continue
            why = battles.interception_refusal(
                state,
                board,
                p,
                mover,
                origin,
                dst,
                besieged=p in inside(state, origin),
                tried=[origin, p] in tried,
                siege_in_target=siege_there,
            )
            if why is None and hostile(state, p, mover):
                found.append([origin, p])
    order = {control.PAPACY: 0, control.PROTESTANT: 1}
    return sorted(found, key=lambda x: (order.get(control.controller(state, x[1]) or "", 2), x[1], x[0]))


def _ask(state: State, board: HisMap, decision: dict[str, Any]) -> None:
    """Open a decision for the controller of ``decision["power"]``; for a power no player decides for, take the
    first (passive) legal choice at once (ruling HIS-L02)."""
    who = control.controller(state, decision["power"])
    decision["role"] = who or "none"
    state["stack"].append(decision)
    if who is None:
        choice = _LEGAL[decision["kind"]](state, board, "none", decision)[0]
        core.log(state, f"no player decides for {decision['power']}: {choice['type']}")
        _HANDLE[decision["kind"]](state, board, "none", decision, choice)


#: The continuation once a field battle's combat-card windows close (``windows.py``): the move goes on.
AFTER_WINDOWS = "land"


@core.continuation(AFTER_WINDOWS)
def _after_windows(state: State, board: HisMap, kept: dict[str, Any]) -> None:
    proceed(state, board)


def proceed(state: State, board: HisMap) -> None:
    """Run the move's steps until a player must decide or the move is over."""
    while (ctx := state.get("land_move")) is not None:
        step = ctx["step"]
        if step == "intercept":
            if _next_interception(state, board, ctx):
                return
            _place(state, board, ctx)
            ctx["step"] = "battle" if ctx["interceptor"] else "avoid"
        elif step == "avoid":
            ctx["step"] = "withdraw"
            if _offer_avoid(state, board, ctx):
                return
        elif step == "withdraw":
            ctx["step"] = "battle"
            if _offer_withdraw(state, board, ctx):
                return
        elif step == "battle":
            ctx["step"] = "retreat"
            if _battle(state, board, ctx):
                return
        elif step == "retreat":
            if ctx.get("retreats"):
                power = ctx["retreats"].pop(0)
                depth = len(state["stack"])
                _offer_retreat(state, board, ctx, power)
                if len(state["stack"]) > depth:
                    return
                continue
            ctx["step"] = "siege"
        elif step == "siege":
            state.pop("land_move")
            _after(state, board, ctx)
            pending = ctx.get("after_break", [])
            if pending and state.get("land_move") is not None:
                state["land_move"].setdefault("after_break", []).extend(pending)  # after the break _after began
            elif pending:
                _start_break(state, *pending[0])
                state["land_move"]["after_break"] = pending[1:]
        else:  # pragma: no cover - a step this module never writes
            raise ValueError(f"unknown land move step {step!r}")


# --- 13.2 interception ------------------------------------------------------------------------------------------


def _next_interception(state: State, board: HisMap, ctx: dict[str, Any]) -> bool:
    """Offer the next interception still possible; False when none is left."""
    while ctx["queue"]:
        origin, power = ctx["queue"].pop(0)
        if ctx["interceptor"] and power != ctx["interceptor"]:
            continue  # 13.2 step 3: once one power succeeds, only that power tries again
        if may_move_from(state, power, origin) or not military.formations(state, origin, power):
            continue
        _ask(state, board, {"kind": "intercept", "power": power, "from": origin})
        return True
    return False


def _intercept_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:

    origin, power = decision["from"], decision["power"]
    out: list[Action] = [{"type": "decline"}]
    for group in military.formations(state, origin, power):
        if group["regular"] + group["mercenary"] + group.get("cavalry", 0):
            out.append({"type": "intercept", "power": power, "from": origin, **group})
    return out


def _on_intercept(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    ctx = state["land_move"]
    if action["type"] == "intercept":
        origin, power, dst = decision["from"], decision["power"], ctx["to"]
        _marks(state)["tried"].append([origin, power])
        rating = _best(action["leaders"])
        faces = rng.roll_many(state, f"interception of the move into {dst} by {power} from {origin}", 2)
        against = ctx["power"] == "ottoman" and bool(ctx["force"].get("cavalry"))
        mine = power == "ottoman" and bool(action.get("cavalry"))  # 13.2 step 2: +1 with Ottoman cavalry
        total = battles.reaction_total(
            faces, rating, ottoman_with_cavalry=mine, against_cavalry=against and power != "ottoman"
        )
        ok = battles.reaction_succeeds(total)
        core.log(
            state,
            f"{power} tries to intercept from {_name(board, origin)}: {faces[0]}+{faces[1]}"
            + (f" + {rating} (leader)" if rating else "")
            + (f" {total - sum(faces) - rating:+d} (cavalry)" if total - sum(faces) - rating else "")
            + f" = {total}, {'succeeds' if ok else 'fails'} (9 needed)",
        )
        if ok:
            force = {k: action[k] for k in LAND if action.get(k)}
            _shift(state, power, origin, dst, force, action["leaders"])
            ctx["interceptor"] = power
            check_siege_holds(state, board, origin)  # besiegers who intercept may leave their siege (15.3)
    proceed(state, board)


# --- placing the moving formation, lone leaders ---------------------------------------------------------------


def _place(state: State, board: HisMap, ctx: dict[str, Any]) -> None:
    """The moving formation arrives (13.1 step 5); enemy leaders alone in an unfortified space are captured (13.1)."""
    dst, power = ctx["to"], ctx["power"]
    siege = state.get("sieges", {}).get(dst)
    ctx["relief"] = bool(siege) and hostile(state, power, siege["besieger"])
    ctx["garrison"] = sum(b.land_unit_count(state, dst, p) for p in inside(state, dst))
    for kind, n in ctx["force"].items():
        b.add_units(state, dst, power, kind, n)
    for lid in ctx["leaders"]:
        state["leaders"][lid] = dst
    if forts.fortified(state, board, dst) or not ctx["force"]:
        return
    people = load_people().army_leaders
    for lid, at in sorted(state["leaders"].items()):
        owner = sides.power_of(state, lid) if lid in people else None
        if at == dst and owner and hostile(state, owner, power) and not b.land_unit_count(state, dst, owner):
            _capture(state, lid, power)


def _capture(state: State, lid: str, captor: str) -> None:
    """A leader is captured (13.1, 14 step 10): off the map, onto the captor's power card."""
    state["leaders"].pop(lid, None)
    state.setdefault("captured", {})[lid] = captor
    core.log(state, f"{load_people().army_leaders[lid].name} is captured by {captor}")


# --- 13.3 avoiding battle ---------------------------------------------------------------------------------------


def _offer_avoid(state: State, board: HisMap, ctx: dict[str, Any]) -> bool:
    """Offer avoiding battle to the next enemy power in the field in the target (13.3), in impulse order."""
    if ctx["avoid"] is None:
        ctx["avoid"] = _outside_enemies(state, ctx["to"], ctx["power"])
    while ctx["avoid"]:
        power = ctx["avoid"].pop(0)
        if not b.land_unit_count(state, ctx["to"], power) or power == INDEPENDENT:  # 22.6: it never moves
            continue
        if battles.avoid_battle_spaces(state, board, power, ctx["to"], ctx["from"]):
            ctx["step"] = "avoid"
            _ask(state, board, {"kind": "avoid_battle", "power": power})
            return True
    return False


def _avoid_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    ctx = state["land_move"]
    power = decision["power"]
    spaces = battles.avoid_battle_spaces(state, board, power, ctx["to"], ctx["from"])
    out: list[Action] = [{"type": "stand"}]
    for there in spaces:
        out.append({"type": "avoid_battle", "power": power, "to": there})  # the whole stack
        out += [{"type": "avoid_battle", "power": power, "to": there, **part} for part in _parts(state, ctx, power)]
    return out


def _parts(state: State, ctx: dict[str, Any], power: str) -> list[dict[str, int]]:
    """13.3 step 3: the parts of ``power``'s land units in the target that may try to avoid battle without the rest
    (any counts of each kind, at least one unit, not all; its leaders go with them, ruling HIS-W13)."""
    units = land_units_of(state, ctx["to"], power)
    kinds = sorted(units)
    found: list[dict[str, int]] = []

    def grow(i: int, part: dict[str, int]) -> None:
        if i == len(kinds):
            size = sum(part.values())
            if 0 < size < sum(units.values()):
                found.append({k: part.get(k, 0) for k in kinds})
            return
        for n in range(units[kinds[i]] + 1):
            grow(i + 1, {**part, kinds[i]: n})

    grow(0, {})
    return found


def _on_avoid(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """13.3: the power's whole stack, or the part the action names with all its leaders (HIS-W13), tries to leave:
    2d6 + its best leader's battle rating, 9 or more; a stack that lost a battle this impulse leaves without a roll
    (ruling HIS-L03)."""
    state["stack"].pop()
    ctx = state["land_move"]
    if action["type"] == "avoid_battle":
        power, here, there = decision["power"], ctx["to"], action["to"]
        leaders = leaders_of(state, here, power)
        group = {k: int(action[k]) for k in LAND if action.get(k)} or land_units_of(state, here, power)
        if [here, power] in _marks(state)["lost"]:
            ok = True  # 13.3 step 4: a stack that already lost a battle this impulse avoids without a roll
            core.log(state, f"{power} avoids battle from {_name(board, here)} to {_name(board, there)} (lost a battle)")
        else:
            rating = _best(leaders)
            faces = rng.roll_many(state, f"{power} avoids battle in {here}", 2)
            cavalry = _cavalry(state, here, power, ctx["power"])
            cavalry["ottoman_with_cavalry"] = power == "ottoman" and bool(group.get("cavalry"))  # the part leaving
            total = battles.reaction_total(faces, rating, **cavalry)
            ok = battles.reaction_succeeds(total)
            core.log(
                state,
                f"{power} tries to avoid battle from {_name(board, here)} to {_name(board, there)}: "
                f"{faces[0]}+{faces[1]}"
                + (f" + {rating} (leader)" if rating else "")
                + (f" {total - sum(faces) - rating:+d} (cavalry)" if total - sum(faces) - rating else "")
                + f" = {total}, {'succeeds' if ok else 'fails'} (9 needed)",
            )
        if ok:
            _shift(state, power, here, there, group, leaders)
    proceed(state, board)


def _cavalry(state: State, space: str, power: str, other: str) -> dict[str, bool]:
    """13.3 step 4: +1 for an Ottoman stack with cavalry, -1 for another power's stack facing Ottoman cavalry."""
    mine = b.units_of(state, space, power)["cavalry"] > 0
    theirs = b.units_of(state, space, other)["cavalry"] > 0
    return {
        "ottoman_with_cavalry": power == "ottoman" and mine,
        "against_cavalry": power != "ottoman" and other == "ottoman" and theirs,
    }


def _shift(state: State, power: str, src: str, dst: str, units: dict[str, int], leaders: list[str]) -> None:
    for kind, n in units.items():
        b.add_units(state, src, power, kind, -n)
        b.add_units(state, dst, power, kind, n)
    for lid in leaders:
        state["leaders"][lid] = dst


# --- 13.4 withdrawing into the fortification --------------------------------------------------------------------


def _offer_withdraw(state: State, board: HisMap, ctx: dict[str, Any]) -> bool:
    """13.4: in a fortified space controlled by the defenders' side, not already besieged, the defenders in the field
    (4 land units or fewer) may all withdraw inside; the space's controller decides. Not after an interception."""
    dst = ctx["to"]
    enemies = _outside_enemies(state, dst, ctx["power"])
    owner = state["spaces"][dst]["control"]
    if ctx["interceptor"] or not enemies or dst in state.get("sieges", {}):
        return False
    total = sum(b.land_unit_count(state, dst, p) for p in enemies)
    if not all(battles.may_withdraw_into_fortification(state, board, p, dst, total) for p in enemies):
        return False
    ctx["step"] = "withdraw"
    _ask(state, board, {"kind": "withdraw", "power": owner if owner in enemies else enemies[0], "powers": enemies})
    return True


def _withdraw_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    if decision["power"] == INDEPENDENT:  # 22.6 as 22.1: a garrison of 4 or fewer always withdraws inside
        return [{"type": "withdraw", "power": INDEPENDENT}]
    return [{"type": "stand"}, {"type": "withdraw", "power": decision["power"]}]


def _on_withdraw(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    ctx = state["land_move"]
    if action["type"] == "withdraw":
        dst, mover = ctx["to"], ctx["power"]
        core.log(state, f"{', '.join(decision['powers'])} withdraw into the fortifications of {_name(board, dst)}")
        ctx["step"] = "siege"
        if not battles.siege_begins(b.land_unit_count(state, dst, mover), _inside_count(state, dst, mover)):
            core.log(state, f"{mover} is too few to besiege {_name(board, dst)} (13.4)")
            ctx["step"] = "retreat"
            ctx["back"] = True
            ctx["retreats"] = [mover]
            if move_on.offer(state, board, ctx):  # 13.4 option 1: its controller may pay to move on instead
                return
    proceed(state, board)


def _inside_count(state: State, space: str, besieger: str) -> int:
    return sum(b.land_unit_count(state, space, p) for p in state["units"].get(space, {}) if hostile(state, p, besieger))


# --- 14 the field battle ----------------------------------------------------------------------------------------


def _battle(state: State, board: HisMap, ctx: dict[str, Any]) -> bool:
    """Rule book 14: the moving side attacks (with, in a relief, the garrison of its own power, ruling HIS-L05),
    every enemy land unit in the field defends; hits on 5-6, ties to the defender."""
    dst, mover = ctx["to"], ctx["power"]
    defenders = _outside_enemies(state, dst, mover)
    if defenders and not b.land_unit_count(state, dst, mover) and not forts.fortified(state, board, dst):
        for lid in leaders_of(state, dst, mover):  # 13.1: lone leaders met by interceptors are captured
            _capture(state, lid, defenders[0])
    if not defenders or not b.land_unit_count(state, dst, mover):
        return False
    if len(defenders) > 2:
        raise NotImplementedError(f"a field battle with three defending powers at {dst}")
    sides = {windows.ATTACKER: [mover], windows.DEFENDER: list(defenders)}
    if "combat_cards" not in state and windows.open_windows(state, windows.FIELD_BATTLE, dst, sides, AFTER_WINDOWS):
        ctx["step"] = "battle"  # 14 steps 4-5: the combat-card windows first; the battle goes on when they close
        return True
    windows.bribe_mercenaries(state)  # 14 step 6: the dice are counted after Mercenaries Bribed
    played = windows.take_played(state)
    a_units = b.land_unit_count(state, dst, mover)
    a_leaders = leaders_of(state, dst, mover)
    d_counts = {p: b.land_unit_count(state, dst, p) for p in defenders}
    d_leaders = [lid for p in defenders for lid in leaders_of(state, dst, p)]
    a_dice = battles.field_battle_dice(a_units, _best(a_leaders), defender=False)
    a_dice += windows.extra_dice(played, windows.ATTACKER, [mover])
    d_dice = battles.field_battle_dice(sum(d_counts.values()), _best(d_leaders), defender=True)
    d_dice += windows.extra_dice(played, windows.DEFENDER, list(defenders))
    a_purpose = f"field battle at {dst}: attacker {mover}"
    d_purpose = f"field battle at {dst}: defender {', '.join(defenders)}"
    first = windows.surprise(played)
    if first == windows.DEFENDER:  # Surprise Attack (#29): the defender rolls first, the attacker with what is left
        d_faces = rng.roll_many(state, d_purpose, d_dice)
        lost = min(battles.hits(d_faces), a_units)
        a_dice = a_dice - lost if a_units > lost else 0
        a_faces = rng.roll_many(state, a_purpose, a_dice)
    else:
        a_faces = rng.roll_many(state, a_purpose, a_dice)
        if first == windows.ATTACKER:  # Surprise Attack: the attacker's hits fall before the defender counts dice
            lost = min(battles.hits(a_faces), sum(d_counts.values()))
            d_dice = d_dice - lost if sum(d_counts.values()) > lost else 0
        d_faces = rng.roll_many(state, d_purpose, d_dice)
    result = battles.field_battle(
        a_units,
        sum(d_counts.values()),
        a_faces,
        d_faces,
        attacker_has_leaders=bool(a_leaders),
        defender_has_leaders=bool(d_leaders),
    )
    core.log(
        state,
        f"Field battle at {_name(board, dst)}: {mover} attacks with {a_dice} dice ({_faces(a_faces)}: "
        f"{result.attacker_hits} hits), {' and '.join(defenders)} defend with {d_dice} dice ({_faces(d_faces)}: "
        f"{result.defender_hits} hits); {'the attacker' if result.winner == battles.ATTACKER else 'the defender'} wins",
    )
    ctx["result"] = {"winner": result.winner, "a_hits": result.attacker_hits, "d_hits": result.defender_hits}
    losses = {mover: result.attacker_losses}
    if len(defenders) == 2:
        first, second = defenders
        losses[first], losses[second] = battles.roll_share_losses(
            state, dst, result.defender_losses, (first, d_counts[first]), (second, d_counts[second])
        )
    else:
        losses[defenders[0]] = result.defender_losses
    ctx["losers"] = [mover] if result.winner == battles.DEFENDER else list(defenders)
    ctx["winner_power"] = mover if result.winner == battles.ATTACKER else max(defenders, key=lambda p: (d_counts[p], p))
    ctx["pending_losses"] = {p: n for p, n in losses.items() if n}
    ctx["captured_sides"] = {
        "attacker": result.attacker_leaders_captured,
        "defender": result.defender_leaders_captured,
    }
    ctx["defenders"] = defenders
    ctx["retreats"] = list(ctx["losers"])
    return _losses_then(state, board, ctx)


def _faces(faces: list[int]) -> str:
    return ", ".join(str(f) for f in faces) or "no dice"


def _losses_then(state: State, board: HisMap, ctx: dict[str, Any]) -> bool:
    """14 step 9 (ruling HIS-X02): each side's owner picks which land units it loses where there is a choice;
    True while a choice is open. Then the leaders of a side left with no land unit are captured (step 10)."""
    dst = ctx["to"]
    while ctx["pending_losses"]:
        power = sorted(ctx["pending_losses"])[0]
        n = ctx["pending_losses"][power]
        units = land_units_of(state, dst, power)
        choices = battles.loss_choices(units, n)
        if len(choices) > 1 and control.controller(state, power) is not None:
            _ask(state, board, {"kind": "losses", "power": power, "count": n})
            return True
        if len(choices) > 1:  # no player decides for it: the engine's fixed order (HIS-L02, HIS-S02)
            _lose(state, board, power, battles.unowned_losses(units, n))
        else:
            _lose(state, board, power, choices[0] if choices else units)
    _captures(state, board, ctx)
    return False


def _lose(state: State, board: HisMap, power: str, chosen: dict[str, int]) -> None:
    ctx = state["land_move"]
    for kind, n in chosen.items():
        if n:
            b.add_units(state, ctx["to"], power, kind, -n)
    ctx["pending_losses"].pop(power, None)
    core.log(state, f"{power} loses {_words(chosen, [])} at {_name(board, ctx['to'])}")


def _losses_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    ctx = state["land_move"]
    power = decision["power"]
    choices = battles.loss_choices(land_units_of(state, ctx["to"], power), decision["count"])
    return [{"type": "lose", "power": power, **{k: c.get(k, 0) for k in LAND}} for c in choices]


def _on_losses(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    _lose(state, board, decision["power"], {k: action[k] for k in LAND})
    if not _losses_then(state, board, state["land_move"]):
        proceed(state, board)


def _captures(state: State, board: HisMap, ctx: dict[str, Any]) -> None:
    """14 step 10: a side left with no land unit has its leaders captured by the other side."""
    dst, mover = ctx["to"], ctx["power"]
    if ctx["captured_sides"]["attacker"]:
        for lid in leaders_of(state, dst, mover):
            _capture(state, lid, ctx["defenders"][0])
    if ctx["captured_sides"]["defender"]:
        for p in ctx["defenders"]:
            for lid in leaders_of(state, dst, p):
                _capture(state, lid, mover)


# --- 14.1 retreats ----------------------------------------------------------------------------------------------


def _retreat_options(state: State, board: HisMap, ctx: dict[str, Any], power: str) -> tuple[list[str], bool]:
    """Where ``power``'s stack in the target may go now: retreat spaces (14.1; 15.3 after a broken siege, with no
    came-from limit), and whether it may withdraw into the fortification instead (14.1: a losing defender that
    controls the fortified space, with at most 4 land units)."""
    dst, mover = ctx["to"], ctx["power"]
    if ctx.get("siege_broken"):
        return battles.retreat_spaces(state, board, power, dst, "", mover_lost=False), False
    mover_lost = power == mover
    spaces = battles.retreat_spaces(state, board, power, dst, ctx["from"], mover_lost=mover_lost)
    owner = state["spaces"][dst]["control"]
    limit = battles.may_withdraw_after_battle(board, dst, friendly(state, power, owner))
    may_withdraw = not mover_lost and not ctx.get("relief") and 0 < _leaving(state, ctx, power)[0] <= limit
    return spaces, may_withdraw


def _leaving(state: State, ctx: dict[str, Any], power: str) -> tuple[int, dict[str, int], list[str]]:
    """The land units and leaders of ``power`` that must leave the target: all, but what a failed relief keeps
    inside (15.2)."""
    dst = ctx["to"]
    keep = ctx.get("keep", {}) if power == ctx["power"] else {}
    units = {k: n - keep.get("units", {}).get(k, 0) for k, n in land_units_of(state, dst, power).items()}
    units = {k: n for k, n in units.items() if n}
    leaders = [lid for lid in leaders_of(state, dst, power) if lid not in keep.get("leaders", [])]
    return sum(units.values()), units, leaders


def _offer_retreat(state: State, board: HisMap, ctx: dict[str, Any], power: str) -> None:
    """14.1: the loser's controller picks a retreat space (or the fortification, when allowed); with none, its
    units are eliminated and its leaders captured."""
    dst = ctx["to"]
    if ctx.get("relief") and power == ctx["power"] and "keep" not in ctx:
        _relief_lost(state, board, ctx)
    count, units, leaders = _leaving(state, ctx, power)
    if not count and not leaders:
        return
    spaces, may_withdraw = _retreat_options(state, board, ctx, power)
    if not spaces and not may_withdraw:
        for kind, n in units.items():
            b.add_units(state, dst, power, kind, -n)
        core.log(state, f"{power} has nowhere to retreat from {_name(board, dst)}: {_words(units, [])} eliminated")
        for lid in leaders:
            _capture(state, lid, ctx.get("winner_power") or ctx["power"])
        return
    _ask(state, board, {"kind": "retreat", "power": power})


def _retreat_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    ctx = state["land_move"]
    power = decision["power"]
    spaces, may_withdraw = _retreat_options(state, board, ctx, power)
    out: list[Action] = [{"type": "retreat", "power": power, "to": s} for s in spaces]
    return out + ([{"type": "withdraw", "power": power}] if may_withdraw else [])


def _on_retreat(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    ctx = state["land_move"]
    power, dst = decision["power"], ctx["to"]
    if action["type"] == "withdraw":
        core.log(state, f"{power} withdraws into the fortifications of {_name(board, dst)}")
    else:
        there = action["to"]
        _, units, leaders = _leaving(state, ctx, power)
        _shift(state, power, dst, there, units, leaders)
        if "result" in ctx:
            _marks(state)["lost"].append([there, power])
        core.log(state, f"{power} retreats {_words(units, leaders)} from {_name(board, dst)} to {_name(board, there)}")
    proceed(state, board)


def _relief_lost(state: State, board: HisMap, ctx: dict[str, Any]) -> None:
    """15.2: a relief force that lost: on equal hits up to 4 land units (any of them) stay inside; with fewer hits
    only the garrison's survivors. The units staying are regulars first, then mercenaries, then cavalry (ruling
    HIS-L05); the relief force's leaders stay too on equal hits, the garrison's always."""
    dst, mover = ctx["to"], ctx["power"]
    res = ctx["result"]
    outcome = sieges.relief_outcome(res["a_hits"], res["d_hits"])
    units = land_units_of(state, dst, mover)
    left = sum(units.values())
    keep = min(left, sieges.relief_withdrawal_limit(outcome, min(ctx["garrison"], left)))
    stay: dict[str, int] = {}
    for kind in LAND:
        take = min(units.get(kind, 0), keep - sum(stay.values()))
        if take:
            stay[kind] = take
    beaten = outcome == sieges.RELIEF_BEATEN
    held = [lid for lid in leaders_of(state, dst, mover) if not (beaten and lid in ctx["leaders"])]
    ctx["keep"] = {"units": stay, "leaders": held}
    core.log(state, f"the relief of {_name(board, dst)} fails ({outcome}): {_words(stay, held)} stay inside")


# --- 15 sieges: begin, lift, break ------------------------------------------------------------------------------


def _after(state: State, board: HisMap, ctx: dict[str, Any]) -> None:
    """After the battle (14 step 12, 15, 15.3): begin a siege where the mover outnumbers the garrison of an enemy
    fortification, or send the mover back when it does not; lift or break a siege the besiegers no longer hold."""
    dst, mover = ctx["to"], ctx["power"]
    owner = state["spaces"][dst]["control"]
    movers_here = b.land_unit_count(state, dst, mover)
    if dst in state.get("sieges", {}):
        check_siege_holds(state, board, dst)
        return
    fortified = forts.fortified(state, board, dst)
    if fortified and hostile(state, mover, owner) and movers_here and not ctx.get("back"):
        held = _inside_count(state, dst, mover)
        if battles.siege_begins(movers_here, held):
            count = state.get("impulse", {}).get("count", 0)
            state.setdefault("sieges", {})[dst] = {"besieger": mover, "impulse": count}
            core.log(state, f"{mover} besieges {_name(board, dst)} ({held} land units inside)")
        else:
            core.log(state, f"{mover} is too weak to besiege {_name(board, dst)} ({held} land units inside)")
            _start_break(state, dst, mover)


def _start_break(state: State, space: str, power: str) -> None:
    """15.3: ``power``'s stack in ``space`` must leave as a retreat (no CP; the limits of 14.1 but the came-from)."""
    state["land_move"] = {
        "power": power,
        "from": "",
        "to": space,
        "force": {},
        "leaders": [],
        "step": "retreat",
        "retreats": [power],
        "siege_broken": True,
        "back": True,
        "interceptor": None,
        "queue": [],
    }


def check_siege_holds(state: State, board: HisMap, space: str) -> None:
    """15.2 and 15.3: a siege ends when the besiegers no longer have more land units than the garrison (lifted when
    none is left); besiegers still there must then retreat."""
    siege = state.get("sieges", {}).get(space)
    if siege is None:
        return
    besieger = siege["besieger"]
    out = b.land_unit_count(state, space, besieger)
    held = _inside_count(state, space, besieger)
    if out and sieges.siege_holds(out, held):
        return
    del state["sieges"][space]
    if not state["sieges"]:
        state.pop("sieges")
    core.log(state, f"the siege of {_name(board, space)} is {'broken' if out else 'lifted'}")
    if out or leaders_of(state, space, besieger):
        if state.get("land_move") is not None:
            state["land_move"].setdefault("after_break", []).append([space, besieger])
        else:
            _start_break(state, space, besieger)


def winter(state: State, board: HisMap) -> None:
    """19.3: after the winter return, a siege whose besiegers have left the space is over (they must leave a
    fortified space they do not control)."""
    for space in sorted(state.get("sieges", {})):
        if not b.land_unit_count(state, space, state["sieges"][space]["besieger"]):
            del state["sieges"][space]
            core.log(state, f"Winter: the siege of {_name(board, space)} ends")
    if "sieges" in state and not state["sieges"]:
        state.pop("sieges")
    state.pop("land_war", None)


_LEGAL: dict[str, core.Legal] = {
    "intercept": _intercept_legal,
    "avoid_battle": _avoid_legal,
    "withdraw": _withdraw_legal,
    "losses": _losses_legal,
    "retreat": _retreat_legal,
}
_HANDLE: dict[str, core.Handler] = {
    "intercept": _on_intercept,
    "avoid_battle": _on_avoid,
    "withdraw": _on_withdraw,
    "losses": _on_losses,
    "retreat": _on_retreat,
}
for _kind, _legal in _LEGAL.items():
    core.decision_kind(_kind, _legal, _HANDLE[_kind])
