"""Land war as rule functions: field battles (rule book 14), interception (13.2), avoiding battle (13.3),
withdrawing into fortifications (13.4) and retreats (14.1), with the variant's zone limits (seed 13).

Each rule is a pure function over plain inputs (unit counts, leader ratings, dice faces); thin wrappers roll the
dice through the game's generator with a purpose. Combat cards are played in ``windows.py``; these functions take
their effects as hooks (faces the caller assembles, extra dice and hits). ``land_war.py`` runs them in play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import fortresses as forts
from umpire.games.his2p import restrictions as r
from umpire.games.his2p.mapdata import HisMap
from umpire.kernel import rng

State = dict[str, Any]

#: A die showing this or more is a hit (14 step 6, 15.1 step 7, 16.2 step 5).
HIT_FACE = 5
#: 2d6 plus modifiers reaching this intercepts or avoids battle (13.2 step 2, 13.3 step 4, 16.1 steps 4-5).
REACTION_TARGET = 9
#: At most this many land units withdraw into a fortification (13.4, 14.1, 15.2).
FORTIFICATION_LIMIT = 4

ATTACKER = "attacker"
DEFENDER = "defender"


def hits(faces: Sequence[int]) -> int:
    """14 step 6: every 5 or 6 is a hit."""
    return sum(1 for face in faces if face >= HIT_FACE)


def field_battle_dice(land_units: int, best_battle_rating: int, *, defender: bool) -> int:
    """14 steps 2-3: one die per land unit (cavalry and mercenaries alike), one per battle point of the side's
    best-rated leader (only that one leader counts), and one more die for the defender."""
    if land_units < 0 or best_battle_rating < 0:
        raise ValueError(f"land units and battle rating must not be negative, not {land_units}, {best_battle_rating}")
    return land_units + best_battle_rating + (1 if defender else 0)


def check_faces(side: str, faces: Sequence[int]) -> None:
    """Every face a die can show (1..6), or a ValueError naming the side."""
    if any(face < 1 or face > 6 for face in faces):
        raise ValueError(f"the {side}'s faces must be 1..6, not {list(faces)}")


@dataclass(frozen=True, slots=True)
class FieldBattle:
    """The outcome of a field battle (14 steps 6-10); the losses are counts, their kinds the owners' choice."""

    attacker_dice: int
    defender_dice: int
    attacker_hits: int
    defender_hits: int
    winner: str
    attacker_losses: int
    defender_losses: int
    attacker_left: int
    defender_left: int
    attacker_leaders_captured: bool
    defender_leaders_captured: bool

    @property
    def loser(self) -> str:
        return DEFENDER if self.winner == ATTACKER else ATTACKER


def field_battle(
    attacker_units: int,
    defender_units: int,
    attacker_faces: Sequence[int],
    defender_faces: Sequence[int],
    *,
    attacker_has_leaders: bool = False,
    defender_has_leaders: bool = False,
    attacker_extra_hits: int = 0,
    defender_extra_hits: int = 0,
) -> FieldBattle:
    """Rule book 14 steps 6-10. The faces are the dice of steps 2-3 (a combat card that changes the count of dice,
    e.g. Mercenaries Bribed, changes what the caller rolls; then the counts checked here are the caller's); the
    extra hits are the hooks for Janissaries-like response cards (step 7). More hits wins, the defender wins ties.
    Each hit eliminates one land unit; if both sides are wiped out the side that rolled more dice keeps one unit
    (the defender on equal dice). A side wiped out has its leaders captured."""
    check_faces(ATTACKER, attacker_faces)
    check_faces(DEFENDER, defender_faces)
    a_hits = hits(attacker_faces) + attacker_extra_hits
    d_hits = hits(defender_faces) + defender_extra_hits
    winner = ATTACKER if a_hits > d_hits else DEFENDER
    a_left = max(attacker_units - d_hits, 0)
    d_left = max(defender_units - a_hits, 0)
    if a_left == 0 and d_left == 0 and attacker_units and defender_units:
        if len(attacker_faces) > len(defender_faces):
            a_left = 1
        else:
            d_left = 1
    return FieldBattle(
        attacker_dice=len(attacker_faces),
        defender_dice=len(defender_faces),
        attacker_hits=a_hits,
        defender_hits=d_hits,
        winner=winner,
        attacker_losses=attacker_units - a_left,
        defender_losses=defender_units - d_left,
        attacker_left=a_left,
        defender_left=d_left,
        attacker_leaders_captured=attacker_has_leaders and a_left == 0,
        defender_leaders_captured=defender_has_leaders and d_left == 0,
    )


def roll_field_battle(
    state: State,
    space: str,
    attacker_units: int,
    attacker_rating: int,
    defender_units: int,
    defender_rating: int,
    *,
    attacker_has_leaders: bool = False,
    defender_has_leaders: bool = False,
) -> FieldBattle:
    """Roll a field battle's dice (14 steps 2-6) through the game's generator and resolve it."""
    a_faces = rng.roll_many(
        state, f"field battle at {space}: attacker", field_battle_dice(attacker_units, attacker_rating, defender=False)
    )
    d_faces = rng.roll_many(
        state, f"field battle at {space}: defender", field_battle_dice(defender_units, defender_rating, defender=True)
    )
    return field_battle(
        attacker_units,
        defender_units,
        a_faces,
        d_faces,
        attacker_has_leaders=attacker_has_leaders,
        defender_has_leaders=defender_has_leaders,
    )


def take_losses(units: Mapping[str, int], losses: int, chosen: Mapping[str, int]) -> dict[str, int]:
    """14 step 9 (and the worked example): the owner chooses which land units it loses, any kind. Checks the choice
    names exactly ``losses`` units the force holds and returns the force left."""
    if sum(chosen.values()) != losses:
        raise ValueError(f"choose exactly {losses} land units to lose, not {sum(chosen.values())}")
    left = dict(units)
    for kind, count in chosen.items():
        if kind not in b.LAND_UNITS:
            raise ValueError(f"{kind!r} is not a land unit; expected one of {', '.join(b.LAND_UNITS)}")
        if count < 0 or count > left.get(kind, 0):
            raise ValueError(f"the force has {left.get(kind, 0)} {kind}, cannot lose {count}")
        left[kind] = left.get(kind, 0) - count
    return {kind: count for kind, count in left.items() if count}


#: The order the engine takes losses in for a power no player decides for (an independent garrison; rulings
#: HIS-L02, HIS-S02): mercenaries, then cavalry, then regulars.
UNOWNED_LOSS_ORDER = ("mercenary", "cavalry", "regular")


def loss_choices(units: Mapping[str, int], count: int) -> list[dict[str, int]]:
    """Every way to lose ``count`` land units from ``units`` (14 step 9, 15.1 step 9: any kind), kinds with no loss
    left out."""
    kinds = sorted(k for k, n in units.items() if n)
    out = []
    for combo in product(*(range(units[k] + 1) for k in kinds)):
        if sum(combo) == count:
            out.append({k: n for k, n in zip(kinds, combo, strict=True) if n})
    return out


def unowned_losses(units: Mapping[str, int], count: int) -> dict[str, int]:
    """The losses of a power no player decides for: :data:`UNOWNED_LOSS_ORDER`."""
    chosen: dict[str, int] = {}
    for kind in UNOWNED_LOSS_ORDER:
        take = min(units.get(kind, 0), count)
        if take:
            chosen[kind] = take
            count -= take
    return chosen


def share_losses(losses: int, first_units: int, second_units: int, *, odd_to_first: bool) -> tuple[int, int]:
    """Rule book 5 (two major powers defending together): losses are split evenly between them until one has none
    left; an odd loss falls on the one chosen at random (``odd_to_first``)."""
    losses = min(losses, first_units + second_units)
    first = losses // 2 + (losses % 2 if odd_to_first else 0)
    second = losses - first
    if first > first_units:
        first, second = first_units, losses - first_units
    elif second > second_units:
        first, second = losses - second_units, second_units
    return first, second


def roll_share_losses(
    state: State, space: str, losses: int, first: tuple[str, int], second: tuple[str, int]
) -> tuple[int, int]:
    """Split losses between two defending major powers, the odd one by a random pick through the generator."""
    odd_to_first = True
    if losses % 2 and min(first[1], second[1]) * 2 >= losses:
        odd_to_first = rng.choice(state, f"odd loss at {space}", [first[0], second[0]]) == first[0]
    return share_losses(losses, first[1], second[1], odd_to_first=odd_to_first)


def reaction_total(
    faces: Sequence[int], best_battle_rating: int, *, ottoman_with_cavalry: bool = False, against_cavalry: bool = False
) -> int:
    """13.2 step 2 and 13.3 step 4: two dice plus the best battle rating among the reacting formation's leaders;
    +1 for an Ottoman formation with cavalry; -1 for a non-Ottoman one reacting to a stack with Ottoman cavalry."""
    if len(faces) != 2:
        raise ValueError(f"interception and avoiding battle roll 2 dice, not {len(faces)}")
    return sum(faces) + best_battle_rating + (1 if ottoman_with_cavalry else 0) - (1 if against_cavalry else 0)


def reaction_succeeds(total: int) -> bool:
    """13.2 step 2, 13.3 step 4, 16.1 steps 4-5: a modified total of 9 or more succeeds."""
    return total >= REACTION_TARGET


def roll_reaction(state: State, purpose: str, best_battle_rating: int, **modifiers: bool) -> bool:
    """Roll an interception or avoid-battle attempt (2d6) through the generator."""
    faces = rng.roll_many(state, purpose, 2)
    return reaction_succeeds(reaction_total(faces, best_battle_rating, **modifiers))


def _friendly_control(state: State, power: str, space: str) -> bool:
    """Controlled by ``power`` or a power allied with it (its minor allies included)."""
    control = state["spaces"][space]["control"]
    if control == power:
        return True
    if [power, control] in state["diplomacy"]["allied"] or [control, power] in state["diplomacy"]["allied"]:
        return True
    return r.major_of(state, control) == power or r.major_of(state, power) == control


def _enemy_units_in(state: State, power: str, space: str) -> bool:
    return any(r.at_war(state, power, other) for other in state["units"].get(space, {}))


def interception_refusal(
    state: State,
    board: HisMap,
    power: str,
    mover: str,
    origin: str,
    target: str,
    *,
    besieged: bool = False,
    tried: bool = False,
    mover_reacting: bool = False,
    siege_in_target: bool = False,
) -> str | None:
    """13.2 and seed 13: why a formation of ``power`` in ``origin`` may not try to intercept a move of ``mover``
    into ``target``, or None when it may. Only a power at war with the mover; from a space next to the target, never
    over a pass; not a formation that is besieged or already tried this impulse; not a move made by avoiding
    battle, intercepting or retreating; not into the mover's unbesieged friendly fortification; not into a space
    controlled by a power neither at war with nor allied to it; into a space holding land units only for their
    power or its allies, and never while a siege stood there when the move began (``siege_in_target``); and only
    where the interceptor's units may go (seed 13's zone limits)."""
    if not r.at_war(state, power, mover):
        return f"{power} is not at war with {mover}"
    if target in board.space(origin).passes:
        return f"no interception over the pass from {origin} to {target} (13.2)"
    if target not in board.space(origin).links:
        return f"{origin} is not next to {target}"
    if besieged:
        return "a besieged formation may not intercept (13.2)"
    if tried:
        return "this formation already tried to intercept this impulse (13.2)"
    if mover_reacting:
        return "a move by avoiding battle, interception or retreat cannot be intercepted (13.2)"
    if (
        forts.fortified(state, board, target)
        and _friendly_control(state, mover, target)
        and target not in state.get("sieges", {})
    ):
        return f"{target} is an unbesieged fortification friendly to {mover} (13.2)"
    control = state["spaces"][target]["control"]
    if not (control == "independent" or _friendly_control(state, power, target) or r.at_war(state, power, control)):
        return f"{target} is controlled by {control}, neither at war with nor allied to {power} (13.2)"
    holders = {p for p in state["units"].get(target, {}) if b.land_unit_count(state, target, p)}
    if any(p != power and not _friends(state, power, p) for p in holders):
        return f"only the powers whose units stand in {target}, and their allies, may intercept into it (13.2)"
    if holders and siege_in_target:
        return f"no interception into {target}: a siege stood there when the move began (13.2)"
    if not r.may_enter(state, board, power, target):
        return f"{power} units may not enter {target} (seed 13)"
    return None


def _friends(state: State, power: str, other: str) -> bool:
    allied = state["diplomacy"]["allied"]
    return [power, other] in allied or [other, power] in allied or r.major_of(state, other) == power


def avoid_battle_spaces(state: State, board: HisMap, power: str, space: str, came_from: str) -> list[str]:
    """13.3 and seed 13: where units of ``power`` in ``space`` may avoid battle: a next land space, not independent,
    not controlled by a power other than itself or an ally, not in unrest, with no enemy units, not the space the
    moving formation just left, and open to the power under the variant's zone limits."""
    return sorted(s for s in board.adjacent(space) if s != came_from and _open_to(state, board, power, s))


def _open_to(state: State, board: HisMap, power: str, space: str) -> bool:
    return (
        _friendly_control(state, power, space)
        and not b.in_unrest(state, space)
        and not _enemy_units_in(state, power, space)
        and r.may_enter(state, board, power, space)
    )


def may_withdraw_into_fortification(state: State, board: HisMap, power: str, space: str, land_units: int) -> bool:
    """13.4: defenders may withdraw into the fortification of the space entered when it is fortified, controlled by
    them or an ally, and they are at most four land units (any number of leaders)."""
    fortified = forts.fortified(state, board, space)
    return fortified and _friendly_control(state, power, space) and land_units <= FORTIFICATION_LIMIT


def siege_begins(besieger_units: int, units_inside: int) -> bool:
    """13.4, 14 step 12, 15: a fortification is besieged when the enemy outside has more land units than it holds."""
    return besieger_units > units_inside


def retreat_spaces(
    state: State, board: HisMap, power: str, space: str, came_from: str, *, mover_lost: bool
) -> list[str]:
    """14.1 and seed 13: where the loser of a field battle may retreat. The moving power must go back where it came
    from; a losing defender anywhere next but there. Either way: not into unrest, enemy units, the sea, an
    independent space or one controlled by a power neither itself nor an ally, and only where seed 13 lets its
    units go. An empty list means every unit is eliminated and its leaders captured."""
    if mover_lost:
        candidates: set[str] = {came_from} if came_from in board.adjacent(space) else set()
    else:
        candidates = set(board.adjacent(space)) - {came_from}
    return sorted(s for s in candidates if _open_to(state, board, power, s))


def may_withdraw_after_battle(board: HisMap, space: str, loser_controls: bool) -> int:
    """14.1: how many land units the loser may put into the fortification instead of retreating: up to four (and any
    leaders) when the battle was in a fortified space the loser controls; none otherwise."""
    return FORTIFICATION_LIMIT if board.space(space).fortified and loser_controls else 0


def lone_leader_captured(space_fortified: bool, land_units: int, leaders: int) -> bool:
    """13.1 and 13.3: leaders alone in an unfortified space are captured when enemy land units enter it (in a
    fortified space they must withdraw inside instead)."""
    return leaders > 0 and land_units == 0 and not space_fortified
