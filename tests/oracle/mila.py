"""Oracle harness: seeded random Diplomacy games played on MILA's engine, recorded as umpire cases.

MILA's ``diplomacy`` package (PyPI ``diplomacy==1.1.2``, a test-only dev dependency) is the independent
reference. :func:`generate` plays random games on the standard map with *coherent* orders: each phase some
armies pick a sea route and the fleets on it are ordered to convoy them (multi-fleet chains, redundant
routes, broken chains), the other units move (often at foreign units) or hold, units in the way sometimes
move back (head-to-heads), idle units support the moves and holds just chosen (now and then a support that
matches nothing) or attack foreign supporters (cut supports), and a few orders are deliberately illegal.
Retreats go to offered provinces (often the same one), sometimes elsewhere; builds and disbands mostly fill
the allowance, sometimes fall short (civil disorder) or are illegal. Movement, retreat and adjustment phases
follow each other over several game years; a seed gives the same games in any process (everything MILA
hands over as a set is sorted before the random choices).

Each processed phase becomes a :class:`PhaseRecord`: the position and orders in umpire's case format
(docs/adjudication.md), MILA's outcome after ``Game.process()`` and MILA's state before it.
:func:`compare` checks an umpire answer against the record, putting the differences that a documented MILA
error or rule choice accounts for (docs/rulings/standard.md (MILA)) down to it -- by replaying the phase on MILA
with the orders rewritten so that the documented behaviour cannot arise. :func:`format_disagreement` prints
both sides; :func:`record_from_case` and :func:`run_case` play any single case on MILA.

Everything here talks to umpire only through the JSON contract; nothing in ``src/`` imports MILA.

MILA conventions this module relies on (checked in ``diplomacy/engine/game.py``):

* units are ``A PAR`` / ``F STP/SC``; orders ``A PAR - BUR``, ``A LON - BEL VIA``, ``F NTH C A LON - BEL``,
  ``A PAR S A MAR - BUR``, ``A PAR S F BRE`` (support to hold, MILA drops a trailing ``H``), ``A PAR H``,
  ``A PAR R BUR``, ``A PAR D``, ``A PAR B``, ``WAIVE`` -- the same words umpire uses;
* illegal orders are rejected when they are *set*, and the unit then holds; orders that are legal but match
  nothing (a support for a move not ordered) are accepted and reported ``void`` after processing;
* per-unit results after processing: ``''`` (ok), ``bounce``, ``cut``, ``dislodged``, ``void``, ``no convoy``,
  ``disrupted``, ``disband``;
* phases with nothing to do (retreats without dislodged units, adjustments without builds or disbands) are
  skipped; centres are captured when the adjustment phase is entered, i.e. after the fall retreats.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

try:  # MILA is a dev-only dependency; the harness is useless without it but importable.
    from diplomacy import Game
except ImportError:  # pragma: no cover
    Game = None

MILA_AVAILABLE = Game is not None

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")

#: MILA province ids that umpire spells differently (none so far: both use the common three-letter ids).
MILA_TO_UMPIRE: dict[str, str] = {}

#: Provinces never named in generated orders (MILA's impassable Switzerland).
_NEVER = {"SWI"}


_KEYWORDS = {"A", "F", "-", "S", "C", "H", "R", "B", "D", "VIA", "WAIVE"}


# ---------------------------------------------------------------------------------------------------------
# Notation


def umpire_loc(loc: str) -> str:
    """MILA location (``STP/SC``) to umpire's spelling."""
    prov, _, coast = loc.upper().partition("/")
    prov = MILA_TO_UMPIRE.get(prov, prov)
    return f"{prov}/{coast}" if coast else prov


def umpire_text(text: str) -> str:
    """A MILA unit or order in umpire notation (location ids translated, single spaces)."""
    return " ".join(tok if tok in _KEYWORDS else umpire_loc(tok) for tok in text.split())


def province(loc: str) -> str:
    """``STP/SC`` -> ``STP``."""
    return loc.split("/")[0].upper()


def order_key(order: str) -> str | None:
    """The province of the unit an order is for (``F STP/SC - BOT`` -> ``STP``); None for ``WAIVE``."""
    words = order.split()
    if len(words) < 2 or words[0] not in ("A", "F"):
        return None
    return province(words[1])


# ---------------------------------------------------------------------------------------------------------
# Records


@dataclass
class OrderCheck:
    """What MILA did with one order, and which umpire results agree with it (None: not comparable)."""

    power: str
    order: str  # umpire notation, as written in the case
    kind: str  # hold, move, support, convoy, retreat, disband, build, adjust-disband
    accepted: bool  # MILA accepted the order when it was set
    mila: list[str]  # MILA's result codes for the unit ('' = ok)
    expect: frozenset[str] | None
    note: str = ""


@dataclass
class PhaseRecord:
    """One processed phase: the umpire case, MILA's outcome and per-order expectations."""

    seed: int
    game: int
    case: dict[str, Any]
    expected: dict[str, Any]  # units, dislodged, centers (umpire notation), as MILA computed them
    checks: list[OrderCheck]
    mila_orders: dict[str, list[str]]  # the orders as handed to MILA's set_orders
    mila_state: dict[str, Any] | None = None  # MILA's Game.get_state() before the orders (not adjustments)
    notes: list[str] = field(default_factory=list)
    #: Armies (MILA spelling) MILA moved over land although they were to go by convoy: ordered VIA with no
    #: convoy ordered, or with a convoy by their own fleet that was disrupted (see STD-MC01 in the notes).
    land_fallback: list[str] = field(default_factory=list)
    #: Head-to-heads MILA let the attacker win by the wrong strengths (STD-M04): (loser, winner), umpire notation.
    h2h_errors: list[tuple[str, str]] = field(default_factory=list)

    @property
    def phase(self) -> str:
        return str(self.case["phase"])

    @property
    def phase_type(self) -> str:
        return self.phase[-1]


@dataclass(frozen=True)
class Style:
    """Per-game probabilities, drawn at random so that games differ in temper."""

    move: float
    attack: float
    via: float
    support: float
    void_support: float
    cut: float
    h2h: float
    illegal: float
    explicit_hold: float
    convoy_break: float
    convoy_extra: float
    retreat_bad: float
    retreat_none: float
    adjust_short: float
    adjust_bad: float

    @classmethod
    def draw(cls, rng: random.Random) -> Style:
        return cls(
            move=rng.uniform(0.3, 0.7),
            attack=rng.uniform(0.2, 0.8),
            via=rng.uniform(0.3, 0.9),
            support=rng.uniform(0.3, 0.85),
            void_support=rng.uniform(0.0, 0.08),
            cut=rng.uniform(0.1, 0.5),
            h2h=rng.uniform(0.0, 0.3),
            illegal=rng.uniform(0.0, 0.06),
            explicit_hold=rng.uniform(0.0, 1.0),
            convoy_break=rng.uniform(0.0, 0.2),
            convoy_extra=rng.uniform(0.0, 0.3),
            retreat_bad=rng.uniform(0.0, 0.1),
            retreat_none=rng.uniform(0.0, 0.15),
            adjust_short=rng.uniform(0.0, 0.2),
            adjust_bad=rng.uniform(0.0, 0.1),
        )


# ---------------------------------------------------------------------------------------------------------
# Generation


def generate(
    seed: int,
    phases: int,
    *,
    years: int = 6,
    keep_state: bool = True,
    movement_only: bool = False,
) -> list[PhaseRecord]:
    """``phases`` records from seeded random games of at most ``years`` game years each.

    The same seed gives the same records; a longer run extends a shorter one (same prefix).
    """
    if not MILA_AVAILABLE:
        raise RuntimeError("MILA's diplomacy package is not installed (pip install -e '.[dev]')")
    out: list[PhaseRecord] = []
    game_no = 0
    while len(out) < phases:
        for record in _play(seed, game_no, years=years, keep_state=keep_state):
            if movement_only and record.phase_type != "M":
                continue
            out.append(record)
            if len(out) >= phases:
                break
        game_no += 1
    return out


def _play(seed: int, game_no: int, *, years: int, keep_state: bool) -> Iterator[PhaseRecord]:
    rng = random.Random(seed * 1_000_003 + game_no)
    style = Style.draw(rng)
    game = Game(map_name="standard")
    last_year = 1900 + years
    while not game.is_game_done:
        phase = game.get_current_phase()
        if int(phase[1:5]) > last_year:
            return
        notes: list[str] = []
        case = _case(game, f"mila-s{seed}-g{game_no}-{phase}", notes)
        state = game.get_state() if keep_state and not phase.endswith("A") else None
        if phase.endswith("M"):
            orders = _movement_orders(game, rng, style)
        elif phase.endswith("R"):
            orders = _retreat_orders(game, rng, style, case.get("dislodged", {}))
        else:
            orders = _adjust_orders(game, rng, style)
        case["orders"] = {p: [umpire_text(o) for o in os] for p, os in orders.items() if os}
        for power_name, power_orders in orders.items():
            if power_orders:
                game.set_orders(power_name, power_orders)
        accepted = _accepted(game, phase)
        commands = _commands(game) if phase.endswith("M") else {}
        units_before = {p: list(game.get_power(p).units) for p in POWERS}
        phase_data = game.process()
        results = {unit: [str(code) for code in codes] for unit, codes in phase_data.results.items()}
        expected = _outcome(game, results, phase)
        fallback = _land_fallback(game, commands, results) if phase.endswith("M") else []
        h2h = _h2h_errors(game, commands) if phase.endswith("M") else []
        checks = _checks(phase, orders, accepted, commands, results, units_before, expected)
        yield PhaseRecord(
            seed=seed,
            game=game_no,
            case=case,
            expected=expected,
            checks=checks,
            mila_orders={p: list(os) for p, os in orders.items() if os},
            mila_state=state,
            notes=notes,
            land_fallback=fallback,
            h2h_errors=h2h,
        )


def _case(game: Any, case_id: str, notes: list[str]) -> dict[str, Any]:
    phase = game.get_current_phase()
    units: dict[str, list[str]] = {}
    centers: dict[str, list[str]] = {}
    dislodged: dict[str, dict[str, list[str]]] = {}
    occupied = {province(u[2:]) for p in POWERS for u in game.get_power(p).units}
    for name in POWERS:
        power = game.get_power(name)
        if power.units:
            units[name] = sorted(umpire_text(u) for u in power.units)
        if power.centers:
            centers[name] = sorted(umpire_loc(c) for c in power.centers)
        if phase.endswith("R") and power.retreats:
            entry: dict[str, list[str]] = {}
            for unit, options in sorted(power.retreats.items()):
                # MILA offers occupied provinces when the attacker was convoyed (see
                # docs/rulings/standard.md (MILA), STD-M01); a retreat can only go to a vacant province, so drop them.
                vacant = sorted(o for o in options if province(o) not in occupied)
                if len(vacant) != len(options):
                    notes.append(f"dropped MILA's occupied retreat options for {unit}: {sorted(options)}")
                    power.retreats[unit] = vacant
                entry[umpire_text(unit)] = [umpire_loc(o) for o in vacant]
            dislodged[name] = entry
    case: dict[str, Any] = {
        "id": case_id,
        "variant": "standard",
        "phase": phase,
        "units": units,
        "centers": centers,
        "orders": {},
    }
    if phase.endswith("R"):
        case["dislodged"] = dislodged
    return case


# Movement ------------------------------------------------------------------------------------------------


_CONVOY_INDEX: dict[int, dict[str, list[tuple[frozenset[str], frozenset[str]]]]] = {}


def _convoy_index(game: Any) -> dict[str, list[tuple[frozenset[str], frozenset[str]]]]:
    """MILA's precomputed convoy paths by army start: [(fleet locations, reachable coasts)]."""
    key = id(game.map.convoy_paths)
    if key not in _CONVOY_INDEX:
        index: dict[str, list[tuple[frozenset[str], frozenset[str]]]] = {}
        for size in sorted(game.map.convoy_paths):
            for start, fleets, dests in game.map.convoy_paths[size]:
                index.setdefault(start, []).append((frozenset(fleets), frozenset(dests)))
        _CONVOY_INDEX[key] = index
    return _CONVOY_INDEX[key]


def _unit_at(game: Any) -> dict[str, tuple[str, str]]:
    return {province(u[2:]): (p, u) for p in POWERS for u in game.get_power(p).units}


def _dest(order: str) -> str:
    """Destination province of a move order (``A LON - BEL VIA`` -> ``BEL``)."""
    words = order.split()
    if words[-1] == "VIA":
        words = words[:-1]
    return province(words[-1])


def _is_move(order: str | None) -> bool:
    return order is not None and order.split()[2] == "-"


def _movement_orders(game: Any, rng: random.Random, style: Style) -> dict[str, list[str]]:
    possible = game.get_all_possible_orders()
    unit_at = _unit_at(game)
    owner = {u: p for p, u in unit_at.values()}
    units = [u for p in POWERS for u in sorted(game.get_power(p).units)]
    options = {u: sorted(possible.get(province(u[2:]), [])) for u in units}
    moves = {u: sorted(o for o in options[u] if o.split()[2] == "-" and not o.endswith(" VIA")) for u in units}
    vias = {u: sorted(o for o in options[u] if o.endswith(" VIA")) for u in units}
    intent: dict[str, str | None] = dict.fromkeys(units)

    # 1. Convoys first, so that fleets at sea are still free: an army picks a sea route (longer chains
    # preferred), the fleets on it are ordered to convoy it; sometimes a fleet drops out (broken chain),
    # a second route is added, or no fleet is ordered at all.
    index = _convoy_index(game)
    for u in units:
        if not vias[u] or rng.random() >= style.via:
            continue
        start = province(u[2:])
        free = {
            province(f[2:]) for f in units if f[0] == "F" and intent[f] is None and game.map.area_type(f[2:]) == "WATER"
        }
        routes = [
            (dest, fleets)
            for dest in sorted({_dest(o) for o in vias[u]})
            for fleets, dests in index.get(start, [])
            if dest in dests and fleets <= free
        ]
        if not routes:
            if rng.random() < 0.15:
                intent[u] = rng.choice(vias[u])  # ordered by sea, nobody convoys
            continue
        dest, path = rng.choices(routes, weights=[len(f) ** 2 for _, f in routes])[0]
        chosen = set(path)
        others = [f for d, f in routes if d == dest and f != path]
        if others and rng.random() < style.convoy_extra:  # a second, redundant route
            chosen |= set(rng.choice(others))
        fleets = sorted(chosen)
        if len(fleets) > 1 and rng.random() < style.convoy_break:
            fleets.remove(rng.choice(fleets))  # a broken chain
        for loc in fleets:
            fleet = unit_at[loc][1]
            intent[fleet] = f"{fleet} C A {start} - {dest}"
        walk = game.map.abuts("A", start, "-", dest)
        intent[u] = f"{u} - {dest}" + ("" if not walk and rng.random() < 0.3 else " VIA")

    # 2. Moves (often at foreign units) and holds.
    for u in units:
        if intent[u] is not None:
            continue
        if rng.random() < style.move and moves[u]:
            attacks = [o for o in moves[u] if (t := unit_at.get(_dest(o))) and t[0] != owner[u]]
            intent[u] = rng.choice(attacks if attacks and rng.random() < style.attack else moves[u])

    # 3. Head-to-heads: a unit in the way sometimes moves the other way.
    for u in units:
        order = intent[u]
        if not _is_move(order) or order is None or rng.random() >= style.h2h:
            continue
        other = unit_at.get(_dest(order))
        if other is None or intent[other[1]] is not None:
            continue
        back = [o for o in moves[other[1]] if _dest(o) == province(u[2:])]
        if back:
            intent[other[1]] = rng.choice(back)

    # 4. Supports for the moves and holds just chosen (sometimes for something not ordered: void).
    for u in units:
        if intent[u] is not None or rng.random() >= style.support:
            continue
        matching: list[str] = []
        other: list[str] = []
        for o in options[u]:
            words = o.split()
            if words[2] != "S":
                continue
            target = unit_at.get(province(words[4]))
            if target is None:
                continue
            target_order = intent[target[1]]
            if len(words) == 5:  # support to hold
                ok = not _is_move(target_order)
            else:
                ok = _is_move(target_order) and target_order is not None and _dest(target_order) == province(words[6])
            (matching if ok else other).append(o)
        if matching and rng.random() >= style.void_support:
            moving = [o for o in matching if len(o.split()) > 5]
            attacking = [o for o in moving if province(o.split()[6]) in unit_at]
            pool = moving if moving and rng.random() < 0.7 else matching
            if attacking and rng.random() < style.attack:
                pool = attacking
            intent[u] = rng.choice(pool)
        elif other and rng.random() < style.void_support * 4:
            intent[u] = rng.choice(other)

    # 5. Cut supports: idle units attack foreign supporters next door.
    for u in units:
        if intent[u] is not None or rng.random() >= style.cut:
            continue
        targets = [
            o
            for o in moves[u]
            if (t := unit_at.get(_dest(o))) is not None
            and owner[t[1]] != owner[u]
            and (intent[t[1]] or "").split()[2:3] == ["S"]
        ]
        if targets:
            intent[u] = rng.choice(targets)

    # 6. A few illegal orders.
    for u in units:
        if rng.random() < style.illegal:
            bad = _illegal_order(game, rng, u, unit_at, moves[u])
            if bad:
                intent[u] = bad

    orders: dict[str, list[str]] = {p: [] for p in POWERS}
    for u in units:
        order = intent[u]
        if order is None and rng.random() < style.explicit_hold:
            order = f"{u} H"
        if order is not None:
            orders[owner[u]].append(order)
    for power_orders in orders.values():
        rng.shuffle(power_orders)
    return orders


def _illegal_order(
    game: Any, rng: random.Random, unit: str, unit_at: dict[str, tuple[str, str]], moves: list[str]
) -> str | None:
    """An order MILA and the rules both treat as illegal, or that exercises a coast rule."""
    here = province(unit[2:])
    provinces = sorted(
        {province(loc) for loc in game.map.locs if province(loc) not in _NEVER and province(loc) != here}
    )
    reachable = {_dest(o) for o in moves}
    kind = rng.randrange(7)
    if kind == 0:  # move to a province that is not adjacent
        far = [p for p in provinces if p not in reachable]
        return f"{unit} - {rng.choice(far)}" if far else None
    if kind == 1:  # support a unit into a province the supporter cannot reach
        others = [u for p, (_, u) in unit_at.items() if p != here]
        if not others:
            return None
        target = rng.choice(others)
        far = [p for p in provinces if p not in reachable and p != province(target[2:])]
        return f"{unit} S {target} - {rng.choice(far)}" if far else None
    if kind == 2:  # support a unit that does not exist
        empty = [p for p in reachable if p not in unit_at]
        return f"{unit} S A {rng.choice(sorted(empty))}" if empty else None
    if kind == 3:  # convoy by an army or by a fleet on a coast
        if unit[0] == "F" and game.map.area_type(unit[2:]) == "WATER":
            return None
        armies = [u for p, (_, u) in unit_at.items() if u[0] == "A" and p != here]
        coasts = [p for p in provinces if game.map.area_type(p) == "COAST"]
        if not armies or not coasts:
            return None
        return f"{unit} C {rng.choice(sorted(armies))} - {rng.choice(coasts)}"
    if kind == 4:  # fleet move to a split-coast province without a coast (ambiguous or not)
        if unit[0] != "F":
            return None
        split = [_dest(o) for o in moves if "/" in o.split()[-1]]
        return f"{unit} - {rng.choice(sorted(split))}" if split else None
    if kind == 5:  # army to a sea, fleet inland
        wrong = "WATER" if unit[0] == "A" else "LAND"
        targets = [p for p in provinces if game.map.area_type(p) == wrong]
        return f"{unit} - {rng.choice(targets)}" if targets else None
    # kind 6: a unit supporting its own move
    return f"{unit} S {unit} - {rng.choice(sorted(reachable))}" if reachable else None


def _land_fallback(game: Any, commands: dict[str, str], results: dict[str, list[str]]) -> list[str]:
    """Armies MILA moved by land although the rules (as umpire reads them) send them by convoy.

    ``game.convoy_paths`` after processing holds, per army, the convoy routes MILA considered (absent: none
    was ordered; empty: all were disrupted). MILA drops ``VIA`` when no route was ordered and then walks the
    army over land if it can; it also walks an army whose own fleet's convoy (which shows the intent to
    convoy) was disrupted.
    """
    out: list[str] = []
    for unit, command in commands.items():
        words = command.split()
        if unit[0] != "A" or words[0] != "-":
            continue
        dest = words[1]
        if not game.map.abuts("A", unit[2:], "-", dest) or "no convoy" in results.get(unit, []):
            continue
        paths = game.convoy_paths.get(unit)
        if (words[-1] == "VIA" and paths is None) or paths == []:
            out.append(unit)
    return out


def _h2h_errors(game: Any, commands: dict[str, str]) -> list[tuple[str, str]]:
    """Head-to-heads MILA gave to the attacker although its attack strength (supports from the loser's power
    left out) does not exceed the loser's defend strength (all the loser's supports count): DATC 5.B and
    6.E.6/6.E.12. MILA leaves the loser's supports from the winner's power out of the loser's strength too.
    Read from MILA's final support counts (``game.supports``: unit -> [supports, supports from the attacked
    power]) and ``game.dislodged`` (loser -> attacker's province)."""
    out: list[tuple[str, str]] = []
    by_prov = {province(u[2:]): u for u in commands}
    for loser, site in game.dislodged.items():
        winner = by_prov.get(site)
        if winner is None or loser not in commands:
            continue
        w, lo = commands[winner].split(), commands[loser].split()
        if w[0] != "-" or lo[0] != "-" or province(w[1]) != province(loser[2:]) or province(lo[1]) != site:
            continue
        if game.convoy_paths.get(winner) or game.convoy_paths.get(loser):
            continue  # a convoyed unit: no head-to-head battle
        won_by, held_by = game.supports.get(winner, [0, []]), game.supports.get(loser, [0, []])
        if won_by[0] - len(won_by[1]) <= held_by[0]:
            out.append((umpire_text(loser), umpire_text(winner)))
    return out


def _commands(game: Any) -> dict[str, str]:
    """MILA's accepted movement orders, as unit -> order words after the unit ('H' when none)."""
    commands: dict[str, str] = {}
    for p in POWERS:
        power = game.get_power(p)
        for unit in power.units:
            commands[unit] = power.orders.get(unit, "H")
    return commands


# Retreats ------------------------------------------------------------------------------------------------


def _retreat_orders(
    game: Any, rng: random.Random, style: Style, dislodged: dict[str, dict[str, list[str]]]
) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {p: [] for p in POWERS}
    taken: list[str] = []
    for p in POWERS:
        power = game.get_power(p)
        for unit, options in sorted(power.retreats.items()):
            r = rng.random()
            if options and r < 0.75:
                colliding = [o for o in options if province(o) in taken]
                dest = rng.choice(colliding) if colliding and rng.random() < 0.9 else rng.choice(options)
                taken.append(province(dest))
                orders[p].append(f"{unit} R {dest}")
            elif r < 0.75 + style.retreat_bad:
                near = [
                    a.upper()
                    for a in game.map.abut_list(unit[2:], incl_no_coast=True)
                    if a.upper() not in options and province(a) not in _NEVER
                ]
                if near:
                    orders[p].append(f"{unit} R {rng.choice(sorted(near))}")
            elif r < 0.9 + style.retreat_none:
                pass
            else:
                orders[p].append(f"{unit} D")
        rng.shuffle(orders[p])
    return orders


# Adjustments ---------------------------------------------------------------------------------------------


def _adjust_orders(game: Any, rng: random.Random, style: Style) -> dict[str, list[str]]:
    possible = game.get_all_possible_orders()
    occupied = {province(u[2:]) for p in POWERS for u in game.get_power(p).units}
    orders: dict[str, list[str]] = {p: [] for p in POWERS}
    for p in POWERS:
        power = game.get_power(p)
        need = len(power.centers) - len(power.units)
        if need > 0:
            sites = sorted(h for h in power.homes if h in power.centers and h not in occupied)
            count = min(need, len(sites))
            if rng.random() < style.adjust_short:
                count = rng.randint(0, count)
            for site in rng.sample(sites, count):
                builds = sorted(o for o in possible.get(site, []) if o.endswith(" B"))
                if builds:
                    orders[p].append(rng.choice(builds))
            if rng.random() < style.adjust_bad:
                orders[p].append(_bad_build(game, rng, power, occupied))
            if len(orders[p]) < need and rng.random() < 0.5:
                # Only when it does not compete with a build: how a WAIVE and too many builds share the
                # allowance is not settled by the rules (umpire takes orders in turn, MILA drops WAIVEs).
                orders[p].append("WAIVE")
        elif need < 0:
            count = -need
            if rng.random() < style.adjust_short:
                count = rng.randint(0, count)
            for unit in rng.sample(sorted(power.units), count):
                orders[p].append(f"{unit} D")
        rng.shuffle(orders[p])
    return orders


def _bad_build(game: Any, rng: random.Random, power: Any, occupied: set[str]) -> str:
    """A build MILA and the rules reject: occupied, not a home centre, not owned, or a fleet inland."""
    kind = rng.randrange(4)
    if kind == 0 and [h for h in power.homes if h in occupied]:
        return f"A {rng.choice(sorted(h for h in power.homes if h in occupied))} B"
    if kind == 1 and [c for c in power.centers if c not in power.homes]:
        return f"A {rng.choice(sorted(c for c in power.centers if c not in power.homes))} B"
    if kind == 2 and [h for h in power.homes if h not in power.centers]:
        return f"A {rng.choice(sorted(h for h in power.homes if h not in power.centers))} B"
    inland = sorted(h for h in power.homes if game.map.area_type(h) == "LAND")
    if inland:
        return f"F {rng.choice(inland)} B"
    return f"A {rng.choice(sorted(power.homes))} B"


# Outcome -------------------------------------------------------------------------------------------------


def _accepted(game: Any, phase: str) -> dict[str, set[str]]:
    """Per power, the units (MILA spelling) whose order MILA accepted when it was set."""
    accepted: dict[str, set[str]] = {}
    for p in POWERS:
        power = game.get_power(p)
        if phase.endswith("M"):
            accepted[p] = set(power.orders)
        else:
            accepted[p] = {" ".join(o.split()[:2]) for o in power.adjust if o.split()[0] not in ("VOID", "WAIVE")}
    return accepted


def _outcome(game: Any, results: dict[str, list[str]], phase: str) -> dict[str, Any]:
    units = {p: sorted(umpire_text(u) for u in game.get_power(p).units) for p in POWERS}
    centers = {p: sorted(umpire_loc(c) for c in game.get_power(p).centers) for p in POWERS}
    dislodged: dict[str, dict[str, list[str]]] = {}
    if phase.endswith("M") and game.phase_type == "R":
        for p in POWERS:
            retreats = game.get_power(p).retreats
            if retreats:
                dislodged[p] = {umpire_text(u): sorted(umpire_loc(o) for o in opts) for u, opts in retreats.items()}
    return {
        "units": {p: us for p, us in units.items() if us},
        "dislodged": dislodged,
        "centers": {p: cs for p, cs in centers.items() if cs},
        "dislodged_all": sorted(umpire_text(u) for u, codes in results.items() if "dislodged" in codes),
        "next_phase": game.get_current_phase(),
    }


def _checks(
    phase: str,
    orders: dict[str, list[str]],
    accepted: dict[str, set[str]],
    commands: dict[str, str],
    results: dict[str, list[str]],
    units_before: dict[str, list[str]],
    expected: dict[str, Any],
) -> list[OrderCheck]:
    checks: list[OrderCheck] = []
    unit_by_prov = {province(u[2:]): u for u in commands}
    credited: set[tuple[str, str]] = set()  # a build or disband is credited to the first order for it only
    for p, power_orders in orders.items():
        for order in power_orders:
            words = order.split()
            if len(words) < 3:  # WAIVE
                continue
            unit = " ".join(words[:2])
            codes = [c for c in results.get(unit, []) if c]
            ok = unit in accepted.get(p, set())
            if phase.endswith("M"):
                kind, expect, note = _movement_expectation(words, ok, codes, commands, results, unit_by_prov)
            elif phase.endswith("R"):
                if words[2] == "D":
                    kind, expect, note = "disband", frozenset({"succeeds"}), ""
                else:
                    kind = "retreat"
                    moved = f"{words[0]} {umpire_loc(words[3])}" in expected["units"].get(p, [])
                    expect = frozenset({"succeeds" if moved else "fails"}) if ok else frozenset({"void"})
                    note = "" if ok else "MILA rejected the retreat"
            elif words[-1] == "B":
                kind = "build"
                built = umpire_text(unit) in expected["units"].get(p, []) and unit not in units_before.get(p, [])
                built = built and (p, province(words[1])) not in credited
                if built:
                    credited.add((p, province(words[1])))
                expect = frozenset({"succeeds"}) if built else frozenset({"void", "fails"})
                note = "" if ok else "MILA rejected the build"
            else:
                kind = "adjust-disband"
                gone = unit in units_before.get(p, []) and umpire_text(unit) not in expected["units"].get(p, [])
                gone = gone and (p, province(words[1])) not in credited
                if gone:
                    credited.add((p, province(words[1])))
                expect = frozenset({"succeeds"}) if gone else frozenset({"void", "fails"})
                note = "" if ok else "MILA rejected the disband"
            checks.append(OrderCheck(p, umpire_text(order), kind, ok, codes, expect, note))
    return checks


def _movement_expectation(
    words: list[str],
    ok: bool,
    codes: list[str],
    commands: dict[str, str],
    results: dict[str, list[str]],
    unit_by_prov: dict[str, str],
) -> tuple[str, frozenset[str] | None, str]:
    """(kind, acceptable umpire results, note) for one movement-phase order, from MILA's verdict."""
    verb = words[2] if len(words) > 2 else "H"
    c = set(codes)
    if verb == "H":
        return "hold", frozenset({"fails"} if "dislodged" in c else {"succeeds"}), ""
    if verb == "-":
        if not ok:
            return "move", frozenset({"void", "fails"}), "MILA rejected the move"
        if not c:
            return "move", frozenset({"succeeds"}), ""
        if "void" in c:
            return "move", None, "MILA voided a move"
        if "no convoy" in c:
            return "move", frozenset({"fails", "void"}), "no convoy"
        return "move", frozenset({"fails"}), ""
    if verb == "S":
        if not ok:
            return "support", frozenset({"void"}), "MILA rejected the support"
        unit = " ".join(words[:2])
        command = commands.get(unit, "H").split()
        target = unit_by_prov.get(province(command[2])) if len(command) > 2 else None
        target_cmd = commands.get(target, "H").split() if target else []
        if target is None:
            matches = False
        elif len(command) <= 4 or command[3] != "-":  # support to hold
            matches = target_cmd[0] != "-"
        else:
            dest = target_cmd[-2] if target_cmd[-1] == "VIA" else target_cmd[-1]
            matches = target_cmd[0] == "-" and province(dest) == province(command[-1])
        if "void" in c:
            if not matches:
                return "support", frozenset({"void"}), "support matches no order"
            return "support", None, "MILA voided a matching support (self-dislodgement or failed convoy)"
        if target is not None and "no convoy" in results.get(target, []):
            return "support", None, "supported army had no convoy"
        if "no convoy" in c:
            return "support", None, "MILA: supported convoy failed"
        if not matches:
            return "support", None, "MILA counted a support that matches no order"
        if "cut" in c or "dislodged" in c:
            return "support", frozenset({"fails"}), "cut" if "cut" in c else "supporter dislodged"
        return "support", frozenset({"succeeds"}), ""
    if verb == "C":
        if not ok:
            return "convoy", frozenset({"void", "fails"}), "MILA rejected the convoy"
        if "void" in c:
            army = unit_by_prov.get(province(words[4]))
            army_cmd = commands.get(army, "H").split() if army else []
            if army_cmd and army_cmd[0] == "-" and province(army_cmd[1]) == province(words[-1]):
                # MILA voids a convoy that matches the army's order but lies on no complete ordered chain.
                return "convoy", frozenset({"fails", "void"}), "no complete chain of convoying fleets"
            return "convoy", frozenset({"void"}), "convoy matches no order"
        if "disrupted" in c:
            return "convoy", frozenset({"fails"}), "disrupted"
        if "no convoy" in c:
            return "convoy", frozenset({"fails", "void"}), "no convoy"
        if "dislodged" in c:
            army = unit_by_prov.get(province(words[4]))
            if army is not None and "no convoy" in results.get(army, []):
                return "convoy", frozenset({"fails"}), "convoying fleet dislodged"
            return "convoy", None, "convoying fleet dislodged, army not stopped"
        return "convoy", frozenset({"succeeds"}), ""
    return verb, None, "unknown order type"


# ---------------------------------------------------------------------------------------------------------
# One case on MILA


def record_from_case(case: dict[str, Any]) -> PhaseRecord:
    """Play one umpire case (standard map) on MILA and record it as the harness records its own phases."""
    game = Game(map_name="standard")
    game.set_current_phase(case["phase"])
    dislodged = case.get("dislodged", {})
    for p in POWERS:
        units = list(case.get("units", {}).get(p, [])) + [f"*{u}" for u in dislodged.get(p, {})]
        game.set_units(p, units, reset=True)
        game.set_centers(p, list(case.get("centers", {}).get(p, [])), reset=True)
    for p, entries in dislodged.items():
        for unit, options in entries.items():
            game.get_power(p).retreats[unit] = list(options)
    phase = case["phase"]
    state = game.get_state() if not phase.endswith("A") else None
    orders = {p: list(os) for p, os in case.get("orders", {}).items() if os}
    for p, os in orders.items():
        game.set_orders(p, os)
    accepted = _accepted(game, phase)
    commands = _commands(game) if phase.endswith("M") else {}
    before = {p: list(game.get_power(p).units) for p in POWERS}
    phase_data = game.process()
    results = {unit: [str(code) for code in codes] for unit, codes in phase_data.results.items()}
    expected = _outcome(game, results, phase)
    return PhaseRecord(
        seed=0,
        game=0,
        case=case,
        expected=expected,
        checks=_checks(phase, orders, accepted, commands, results, before, expected),
        mila_orders=orders,
        mila_state=state,
        land_fallback=_land_fallback(game, commands, results) if phase.endswith("M") else [],
        h2h_errors=_h2h_errors(game, commands) if phase.endswith("M") else [],
    )


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    """MILA's answer to one umpire case (standard map): units, dislodged units with their retreat options,
    centres, and per order ``rejected`` (refused when set), ``ok`` or MILA's result codes. For the
    reproductions in docs/rulings/standard.md (MILA)::

        python -c "import sys, json; sys.path.insert(0, 'tests/oracle'); import mila; \\
                   print(json.dumps(mila.run_case(json.load(open('case.json')))))"
    """
    record = record_from_case(case)
    outcome = {k: record.expected[k] for k in ("units", "dislodged", "centers")}
    outcome["results"] = {}
    for c in record.checks:
        verdict = "rejected" if not c.accepted else ",".join(c.mila) or "ok"
        outcome["results"].setdefault(c.power, {})[c.order] = verdict
    return outcome


# ---------------------------------------------------------------------------------------------------------
# Comparison


@dataclass
class Diff:
    """One disagreement between umpire's answer and MILA's."""

    kind: str
    detail: str
    known: str | None = None  # the entry of docs/rulings/standard.md (MILA) that accounts for it (M*, C*)
    order: str | None = None  # the order, for a per-order difference


def _norm_units(value: Any) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        return {}
    return {p: sorted(us) for p, us in value.items() if us}


def _norm_dislodged(value: Any) -> dict[str, dict[str, list[str]]]:
    if not isinstance(value, dict):
        return {}
    out: dict[str, dict[str, list[str]]] = {}
    for p, entries in value.items():
        kept = {u: sorted(opts) for u, opts in (entries or {}).items() if opts}
        if kept:
            out[p] = kept
    return out


def compare(record: PhaseRecord, answer: dict[str, Any], *, explain: bool = True) -> list[Diff]:
    """Differences between umpire's answer and MILA's outcome for the same phase."""
    if "error" in answer:
        return [Diff("error", f"umpire returned an error: {answer['error']}")]
    diffs: list[Diff] = []
    exp = record.expected

    mine, theirs = _norm_units(answer.get("units")), exp["units"]
    for p in sorted(set(mine) | set(theirs)):
        a, b = set(mine.get(p, [])), set(theirs.get(p, []))
        if a != b:
            diffs.append(Diff("units", f"{p}: umpire only {sorted(a - b)}, MILA only {sorted(b - a)}"))

    if record.phase_type == "M":
        mine_d, theirs_d = _norm_dislodged(answer.get("dislodged")), _norm_dislodged(exp["dislodged"])
        occupied = {province(u.split()[1]) for us in theirs.values() for u in us}
        # Provinces left vacant by a standoff: a move bounced there and nobody stands there now.
        standoffs = {
            province(c.order.split()[3]) for c in record.checks if c.kind == "move" and "bounce" in c.mila
        } - occupied
        for p in sorted(set(mine_d) | set(theirs_d)):
            a_d, b_d = mine_d.get(p, {}), theirs_d.get(p, {})
            for unit in sorted(set(a_d) | set(b_d)):
                a_opts, b_opts = a_d.get(unit), b_d.get(unit)
                if a_opts == b_opts:
                    continue
                only_mila = sorted(set(b_opts or []) - set(a_opts or []))
                only_umpire = sorted(set(a_opts or []) - set(b_opts or []))
                known = None
                if only_mila and not only_umpire and all(province(o) in occupied | standoffs for o in only_mila):
                    known = "M1"
                diffs.append(
                    Diff(
                        "dislodged",
                        f"{p} {unit}: umpire retreats {a_opts}, MILA retreats {b_opts} "
                        f"(umpire only {only_umpire}, MILA only {only_mila})",
                        known,
                    )
                )

    mine_c, theirs_c = _norm_units(answer.get("centers")), exp["centers"]
    for p in sorted(set(mine_c) | set(theirs_c)):
        a, b = set(mine_c.get(p, [])), set(theirs_c.get(p, []))
        if a != b:
            diffs.append(Diff("centers", f"{p}: umpire only {sorted(a - b)}, MILA only {sorted(b - a)}"))

    # Results are matched to orders by their text, else by the province of the ordered unit (umpire echoes
    # orders in canonical form, which may differ from what was written: a coast filled in, say).
    pending: dict[str, list[dict[str, Any]]] = {
        p: list(entries or []) for p, entries in (answer.get("results") or {}).items()
    }
    matched: dict[int, dict[str, Any]] = {}
    for i, check in enumerate(record.checks):
        for entry in pending.get(check.power, []):
            if entry.get("order") == check.order:
                matched[i] = entry
                pending[check.power].remove(entry)
                break
    for i, check in enumerate(record.checks):
        key = order_key(check.order)
        if i in matched or key is None:
            continue
        for entry in pending.get(check.power, []):
            if order_key(str(entry.get("order", ""))) == key:
                matched[i] = entry
                pending[check.power].remove(entry)
                break
    for i, check in enumerate(record.checks):
        if check.expect is None or order_key(check.order) is None:
            continue
        entry = matched.get(i)
        if entry is None:
            diffs.append(Diff(f"result-missing:{check.kind}", f"{check.power} {check.order}: no result"))
            continue
        got = entry.get("result")
        if got not in check.expect:
            mila = "rejected" if not check.accepted else ",".join(check.mila) or "ok"
            diffs.append(
                Diff(
                    f"result:{check.kind}:{mila}->{got}",
                    f"{check.power} {check.order}: umpire {got} ({entry.get('reason')}), "
                    f"MILA {mila} -> expected {sorted(check.expect)}" + (f" [{check.note}]" if check.note else ""),
                    order=check.order,
                )
            )
    return _explain(record, answer, diffs) if explain else diffs


# Counterfactual replays -----------------------------------------------------------------------------------

_REPLAY_GAME: list[Any] = []


def replay(record: PhaseRecord, orders: dict[str, list[str]]) -> dict[str, Any]:
    """MILA's outcome of the record's position under other orders (movement and retreat phases)."""
    if record.mila_state is None:
        raise ValueError("the record kept no MILA state")
    if not _REPLAY_GAME:
        _REPLAY_GAME.append(Game(map_name="standard"))
    game = _REPLAY_GAME[0]
    game.set_state(record.mila_state, clear_history=True)
    for power, power_orders in orders.items():
        game.set_orders(power, power_orders)
    accepted = _accepted(game, record.phase)
    commands = _commands(game)
    before = {p: list(game.get_power(p).units) for p in POWERS}
    phase_data = game.process()
    results = {unit: [str(code) for code in codes] for unit, codes in phase_data.results.items()}
    expected = _outcome(game, results, record.phase)
    expected["checks"] = _checks(record.phase, orders, accepted, commands, results, before, expected)
    return expected


@dataclass
class _Transform:
    """A rewrite of MILA's orders under which MILA, if it is wrong only in the documented way, gives umpire's
    answer: ``changes`` maps a unit (MILA spelling) to its new order; the checks of ``skip`` units (their own
    orders) and of supports and convoys for units in ``skip_targets`` provinces are not compared; ``required``
    gives the results umpire must report for some orders, keyed by (power, province)."""

    known: str
    changes: dict[str, str]
    skip: set[str] = field(default_factory=set)
    skip_targets: set[str] = field(default_factory=set)
    required: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)


def _transforms(record: PhaseRecord) -> list[_Transform]:
    """The documented MILA deviations (docs/rulings/standard.md (MILA)) that may be at work in a phase."""
    if record.mila_state is None or record.phase_type == "A":
        return []
    if record.phase_type == "R":
        # STD-M07: a retreat whose coast is left out where only one coast is offered to the fleet (DATC 4.B.2), or
        # given for an army (DATC 4.B.6): MILA rejects both.
        offered = {u: opts for entries in record.case.get("dislodged", {}).values() for u, opts in entries.items()}
        m7: dict[str, str] = {}
        for os in record.mila_orders.values():
            for o in os:
                w = o.split()
                if len(w) != 4 or w[2] != "R":
                    continue
                options = offered.get(umpire_text(" ".join(w[:2])), [])
                if w[0] == "F" and "/" not in w[3]:
                    coasts = [x for x in options if province(x) == w[3]]
                    if len(coasts) == 1:
                        m7[" ".join(w[:2])] = f"R {coasts[0]}"
                elif w[0] == "A" and "/" in w[3] and province(w[3]) in options:
                    m7[" ".join(w[:2])] = f"R {province(w[3])}"
        return [_Transform("M7", m7)] if m7 else []
    owner = {u: p for p, us in record.case["units"].items() for u in us}
    order_of = {" ".join(o.split()[:2]): o.split() for os in record.mila_orders.values() for o in os}
    unit_at = {province(u.split()[1]): u for u in owner}
    out: list[_Transform] = []

    # STD-MC01: armies MILA walked over land that should have gone by convoy (or failed for want of one).
    if record.land_fallback:
        fallback = set(record.land_fallback)
        out.append(
            _Transform(
                "C1",
                {u: "H" for u in fallback},
                skip={umpire_text(u) for u in fallback},
                skip_targets={province(u[2:]) for u in fallback},
                required={(owner[umpire_text(u)], province(u[2:])): frozenset({"fails", "void"}) for u in fallback},
            )
        )

    convoys = [(u, w) for u, w in order_of.items() if len(w) >= 7 and w[2] == "C"]
    # STD-M02 (support for a convoying fleet) and STD-MC02 (support for an attack on it), given by a unit of another
    # power that the convoyed army attacks: MILA never lets the army cut it (the 1982 rule, and for STD-MC02 the
    # 2000 rule); umpire cuts it, as there is no paradox (Szykman rule).
    # When the supporter is of the army's own power the army cannot cut the support at all, yet MILA takes
    # a hold support for the fleet by the unit at the army's destination for a paradox and disrupts the
    # convoy (STD-M02 as well): replayed with that support replaced by a hold.
    m2: dict[str, str] = {}
    m2_own: dict[str, str] = {}
    c2: dict[str, str] = {}
    for fleet, w in convoys:
        army, dest, here = unit_at.get(province(w[4])), province(w[6]), province(fleet.split()[1])
        supporter = unit_at.get(dest)
        army_order = order_of.get(army or "", [])
        support = order_of.get(supporter or "", [])
        if (
            supporter is None
            or army is None
            or len(army_order) < 4
            or army_order[2] != "-"
            or province(army_order[3]) != dest
            or len(support) < 5
            or support[2] != "S"
        ):
            continue
        if owner.get(army) == owner.get(supporter):
            if len(support) in (5, 6) and province(support[4]) == here:
                m2_own[supporter] = "H"
        elif len(support) in (5, 6) and province(support[4]) == here:
            m2[supporter] = "H"
        elif len(support) == 7 and province(support[6]) == here:
            c2[supporter] = "H"
    if m2_own:
        out.append(_Transform("M2", m2_own, skip=set(m2_own)))
    for known, found in (("M2", m2), ("C2", c2)):
        if found:
            out.append(
                _Transform(
                    known,
                    found,
                    skip=set(found),
                    required={(owner[u], province(u.split()[1])): frozenset({"fails"}) for u in found},
                )
            )

    # STD-M03: a move ordered VIA convoy whose supports from the attacked unit's own power MILA counts. For an
    # army that cannot walk there, the same move without VIA is adjudicated alike by the rules.
    m3: dict[str, str] = {}
    for unit, w in order_of.items():
        if unit[0] == "A" and w[-1] == "VIA" and len(w) == 5 and not _army_adjacent(w[1], w[3]):
            m3[unit] = " ".join(w[2:4])
    if m3:
        out.append(_Transform("M3", m3))
    # Where dropping VIA would change the route (MILA would walk the army, or fall back to walking it when
    # the convoy fails), drop those supports instead: they cannot help to dislodge their own unit anyway.
    m3b: dict[str, str] = {}
    for unit, w in order_of.items():
        if unit[0] != "A" or w[-1] != "VIA" or len(w) != 5 or unit in m3:
            continue
        victim = unit_at.get(province(w[3]))
        for supporter, sw in order_of.items():
            if (
                victim is not None
                and len(sw) == 7
                and sw[2] == "S"
                and province(sw[4]) == province(w[1])
                and province(sw[6]) == province(w[3])
                and owner.get(supporter) == owner.get(victim)
            ):
                m3b[supporter] = "H"
    if m3b:
        out.append(_Transform("M3", m3b, skip=set(m3b)))

    # STD-M05: a support naming a coast other than the one the supported fleet was ordered to (DATC 6.B.9).
    m5: dict[str, str] = {}
    for unit, w in order_of.items():
        if len(w) == 7 and w[2] == "S" and w[3] == "F" and "/" in w[6]:
            target = order_of.get(unit_at.get(province(w[4]), ""), [])
            if len(target) >= 4 and target[2] == "-" and "/" in target[3] and target[3] != w[6]:
                m5[unit] = "H"
    if m5:
        out.append(
            _Transform(
                "M5",
                m5,
                skip=set(m5),
                required={(owner[u], province(u.split()[1])): frozenset({"void"}) for u in m5},
            )
        )

    # STD-M06: supports from a convoying fleet's own power for an attack on that fleet, which MILA lets disrupt
    # the convoy although they cannot help to dislodge it.
    m6: dict[str, str] = {}
    for fleet, _ in convoys:
        here = province(fleet.split()[1])
        for unit, w in order_of.items():
            if len(w) == 7 and w[2] == "S" and province(w[6]) == here and owner.get(unit) == owner.get(fleet):
                m6[unit] = "H"
    if m6:
        out.append(_Transform("M6", m6, skip=set(m6)))
    return out


def _army_adjacent(a: str, b: str) -> bool:
    if not _REPLAY_GAME:
        _REPLAY_GAME.append(Game(map_name="standard"))
    return bool(_REPLAY_GAME[0].map.abuts("A", province(a), "-", province(b)))


def _explain(record: PhaseRecord, answer: dict[str, Any], diffs: list[Diff]) -> list[Diff]:
    """Mark the differences that documented MILA deviations account for entirely.

    For each combination of the deviations that may be at work (fewest first), MILA replays the phase with
    its orders rewritten so that the deviation cannot arise (see :class:`_Transform`). If umpire's answer
    then agrees in full, every difference of the phase is put down to that combination. STD-M04 (a head-to-head
    MILA decides by the wrong strengths) cannot be replayed away; it is recognised from MILA's own support
    counts (``PhaseRecord.h2h_errors``) and umpire keeping both units.
    """
    if all(d.known for d in diffs):
        return diffs
    if record.h2h_errors:
        dislodged = {u for entries in (answer.get("dislodged") or {}).values() for u in (entries or {})}
        if all(loser not in dislodged for loser, _ in record.h2h_errors):
            return [d if d.known else Diff(d.kind, d.detail, "M4", d.order) for d in diffs]
    candidates = _transforms(record)
    results = {
        (p, order_key(str(e.get("order", "")))): e.get("result")
        for p, es in (answer.get("results") or {}).items()
        for e in es
    }
    for size in range(1, len(candidates) + 1):
        for combo in itertools.combinations(candidates, size):
            changes: dict[str, str] = {}
            skip: set[str] = set()
            targets: set[str] = set()
            required: dict[tuple[str, str], frozenset[str]] = {}
            for t in combo:
                changes.update(t.changes)
                skip |= t.skip
                targets |= t.skip_targets
                required.update(t.required)
            if any(results.get(k) not in v for k, v in required.items()):
                continue
            orders = {
                p: [
                    f"{' '.join(o.split()[:2])} {changes[' '.join(o.split()[:2])]}"
                    if " ".join(o.split()[:2]) in changes
                    else o
                    for o in os
                ]
                for p, os in record.mila_orders.items()
            }
            alt = replay(record, orders)
            keep = [
                c
                for c in alt.pop("checks")
                if " ".join(c.order.split()[:2]) not in {umpire_text(u) for u in skip}
                and not (c.kind in ("support", "convoy") and province(c.order.split()[4]) in targets)
            ]
            alt_record = PhaseRecord(record.seed, record.game, record.case, alt, keep, orders)
            if not any(not d.known for d in compare(alt_record, answer, explain=False)):
                known = "+".join(dict.fromkeys(t.known for t in combo))
                return [d if d.known else Diff(d.kind, d.detail, known, d.order) for d in diffs]
    return diffs


def format_disagreement(record: PhaseRecord, answer: dict[str, Any], diffs: list[Diff]) -> str:
    """A self-contained report: the case (replayable with ``umpire adjudicate``), both answers, the diffs."""
    lines = [
        f"=== {record.case['id']} (seed {record.seed}, game {record.game}, phase {record.phase})",
        "case:  " + json.dumps(record.case, sort_keys=False),
        "umpire: " + json.dumps(answer, sort_keys=False),
        "MILA:   "
        + json.dumps(
            {
                "units": record.expected["units"],
                "dislodged": record.expected["dislodged"],
                "centers": record.expected["centers"],
                "results": {
                    f"{c.power} {c.order}": ("rejected" if not c.accepted else ",".join(c.mila) or "ok")
                    for c in record.checks
                },
            }
        ),
    ]
    lines += [f"note: {n}" for n in record.notes]
    for d in diffs:
        lines.append(f"  - [{d.kind}] {d.detail}" + (f"  (documented: {d.known})" if d.known else ""))
    return "\n".join(lines)


def describe(records: list[PhaseRecord]) -> dict[str, int]:
    """Coverage counters for a batch of records (phase kinds, order kinds, MILA verdicts)."""
    counts: dict[str, int] = {}

    def bump(key: str) -> None:
        counts[key] = counts.get(key, 0) + 1

    for record in records:
        bump(f"phase:{record.phase_type}")
        for check in record.checks:
            bump(f"order:{check.kind}")
            if not check.accepted:
                bump("order:rejected-by-mila")
            for code in check.mila:
                bump(f"mila:{code}")
        for entry in record.case.get("orders", {}).values():
            for order in entry:
                words = order.split()
                if len(words) > 2 and words[2] == "C":
                    bump("order:convoy-fleet")
    return counts
