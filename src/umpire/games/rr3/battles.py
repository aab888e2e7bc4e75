"""Land battles (handbook, *Battles*), leaders' death rolls (*Death of leaders*) and retreat (*After combat*).

Strengths are in men. A side rolls one d6 per full 5,000 men and, for any remainder, one more die with -1 per
whole thousand short of 5,000 (RR3-R01). Every die then takes the side's per-die modifiers: +1 Spanish or Swiss (a
third of a French army, rounded down to the nearest 5,000, is Swiss: those dice get +1), +1 defending a river
boundary, -1 per Fatigue marker, -2 if looting; no die scores below zero. The higher total wins; the winner
inflicts half its score in thousands and the loser a quarter (fractions rounded down). A tie is a drawn battle
(RR3-R02).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from umpire.kernel import rng

State = dict[str, Any]

MEN_PER_DIE = 5_000
SPANISH = "spanish"
SWISS = "swiss"
FRENCH = "french"


@dataclass(frozen=True)
class BattleSide:
    """One army in a battle: its strength in men and what modifies its dice."""

    name: str
    men: int
    nation: str = ""
    river_defence: bool = False
    fatigue: int = 0
    looting: bool = False
    leaders: tuple[str, ...] = ()
    bonus_men: int | None = None
    """Spanish or Swiss men in a mixed army (overrides ``nation`` for the +1; one die per full 5,000, RR3-R03)."""

    def __post_init__(self) -> None:
        if self.bonus_men is not None and not 0 <= self.bonus_men <= self.men:
            raise ValueError(f"{self.name}: {self.bonus_men} Spanish/Swiss men in an army of {self.men}")
        if self.men < 0:
            raise ValueError(f"{self.name}: an army cannot have {self.men} men")
        if self.fatigue < 0:
            raise ValueError(f"{self.name}: fatigue cannot be {self.fatigue}")


@dataclass(frozen=True)
class DicePlan:
    """How many dice a side rolls: ``full`` dice, then a partial die (``partial_penalty`` < 0) if any."""

    full: int
    partial_penalty: int | None
    bonus_dice: int

    @property
    def count(self) -> int:
        return self.full + (1 if self.partial_penalty is not None else 0)


def dice_plan(side: BattleSide) -> DicePlan:
    """Handbook, *Battles*: 1d6 per 5,000 men; under 5,000, -1 per thousand less than 5 (whole thousands, RR3-R01).

    ``bonus_dice`` is how many dice take +1 for Spanish or Swiss troops: all of a Spanish or Swiss army's dice
    (the partial die too), and for a French army the dice of its Swiss third, ``(men // 3)`` rounded down to the
    nearest 5,000, one die per 5,000; for a mixed army, ``bonus_men`` // 5,000 dice (RR3-R03).
    """
    full, remainder = divmod(side.men, MEN_PER_DIE)
    partial: int | None = None
    if remainder:
        partial = -((MEN_PER_DIE - remainder) // 1_000)
    count = full + (1 if partial is not None else 0)
    nation = side.nation.lower()
    if side.bonus_men is not None:
        bonus = min(count, side.bonus_men // MEN_PER_DIE)
    elif nation in (SPANISH, SWISS):
        bonus = count
    elif nation == FRENCH:
        bonus = (side.men // 3) // MEN_PER_DIE
    else:
        bonus = 0
    return DicePlan(full=full, partial_penalty=partial, bonus_dice=bonus)


def per_die_modifier(side: BattleSide) -> int:
    """Handbook, *Battles*: +1 defending a river boundary, -1 per Fatigue marker, -2 if looting (every die)."""
    return (1 if side.river_defence else 0) - side.fatigue - (2 if side.looting else 0)


def die_scores(side: BattleSide, faces: Sequence[int]) -> list[int]:
    """The score of each die given its face: full dice first, the partial die last; never below zero.

    The Spanish/Swiss +1 goes to the first ``bonus_dice`` dice (for a French army these are full dice).
    """
    plan = dice_plan(side)
    if len(faces) != plan.count:
        raise ValueError(f"{side.name} rolls {plan.count} dice, not {len(faces)}")
    common = per_die_modifier(side)
    scores = []
    for i, face in enumerate(faces):
        if not 1 <= face <= 6:
            raise ValueError(f"a d6 cannot show {face}")
        score = face + common + (1 if i < plan.bonus_dice else 0)
        if i == plan.full and plan.partial_penalty is not None:
            score += plan.partial_penalty
        scores.append(max(0, score))
    return scores


def casualties(score: int, won: bool) -> int:
    """Handbook, *Battles*: the winner inflicts half its score, the loser a quarter, in thousands, rounded down."""
    return (score // 2 if won else score // 4) * 1_000


@dataclass(frozen=True)
class BattleResult:
    """The outcome of a battle; ``winner`` is None for a drawn battle (RR3-R02)."""

    sides: tuple[str, str]
    faces: tuple[tuple[int, ...], tuple[int, ...]]
    scores: tuple[int, int]
    winner: str | None
    losses: tuple[int, int]
    survivors: tuple[int, int]
    dead_leaders: tuple[str, ...] = field(default=())

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.sides[1] if self.winner == self.sides[0] else self.sides[0]


def resolve_battle(a: BattleSide, b: BattleSide, faces_a: Sequence[int], faces_b: Sequence[int]) -> BattleResult:
    """Resolve a battle from the dice already rolled (handbook, *Battles*; a tie is drawn and each side
    inflicts a quarter of its score, RR3-R02). Losses never exceed an army's strength. No death rolls here."""
    total_a = sum(die_scores(a, faces_a))
    total_b = sum(die_scores(b, faces_b))
    if total_a > total_b:
        winner: str | None = a.name
    elif total_b > total_a:
        winner = b.name
    else:
        winner = None
    inflicted_by_a = casualties(total_a, winner == a.name)
    inflicted_by_b = casualties(total_b, winner == b.name)
    loss_a = min(a.men, inflicted_by_b)
    loss_b = min(b.men, inflicted_by_a)
    return BattleResult(
        sides=(a.name, b.name),
        faces=(tuple(faces_a), tuple(faces_b)),
        scores=(total_a, total_b),
        winner=winner,
        losses=(loss_a, loss_b),
        survivors=(a.men - loss_a, b.men - loss_b),
    )


def leader_dies(dice_total: int, won: bool) -> bool:
    """Handbook, *Death of leaders*: on 2d6 a winner dies on 2, a loser on 2 or 3 (a drawn battle: as a
    winner, RR3-R02)."""
    return dice_total == 2 or (not won and dice_total == 3)


def roll_leader_deaths(state: State, side: BattleSide, won: bool) -> tuple[str, ...]:
    """Roll 2d6 for each player leading ``side`` and return those who die."""
    dead = []
    for leader in side.leaders:
        faces = rng.roll_many(state, f"{leader}: death roll after battle ({'won' if won else 'lost'})", 2)
        if leader_dies(sum(faces), won):
            dead.append(leader)
    return tuple(dead)


def fight(state: State, a: BattleSide, b: BattleSide, where: str = "") -> BattleResult:
    """Roll and resolve a whole battle: each side's dice, then every leader's death roll."""
    at = f" at {where}" if where else ""
    faces_a = rng.roll_many(state, f"{a.name}: battle{at} vs {b.name}", dice_plan(a).count)
    faces_b = rng.roll_many(state, f"{b.name}: battle{at} vs {a.name}", dice_plan(b).count)
    result = resolve_battle(a, b, faces_a, faces_b)
    dead = roll_leader_deaths(state, a, result.winner != b.name) + roll_leader_deaths(state, b, result.winner != a.name)
    return BattleResult(
        sides=result.sides,
        faces=result.faces,
        scores=result.scores,
        winner=result.winner,
        losses=result.losses,
        survivors=result.survivors,
        dead_leaders=dead,
    )


def retreat_options(
    adjacent: Sequence[str], came_from: str | None = None, friendly: Sequence[str] = (), barred: Sequence[str] = ()
) -> list[str]:
    """Handbook, *After combat*: the loser retreats to an adjacent area, preferably on the line on which it
    advanced or to a friendly area. Returns the allowed areas best first: the area it came from, then friendly
    areas, then the rest (map order kept); ``barred`` areas (e.g. where the winner stands) are left out. An empty
    list means the army has nowhere to go (RR3-R04)."""
    allowed = [area for area in adjacent if area not in barred]
    first = [came_from] if came_from in allowed else []
    friends = [area for area in allowed if area in friendly and area not in first]
    rest = [area for area in allowed if area not in first and area not in friends]
    return first + friends + rest


def raise_opposing_army(state: State, ruler: str) -> int:
    """Handbook, *Movement through non-played states*: a non-played ruler whose area is extorted or looted
    raises 1d6+2 thousand men at once to oppose the passage."""
    return (rng.roll(state, f"{ruler}: army raised to oppose passage (1d6+2 thousand)") + 2) * 1_000


def suppresses_revolt(die: int, unrest: int, men: int, rebel_funds: int = 0) -> bool:
    """Handbook, *Suppressing Revolts*: d6 + Unrest index must score less than the army's men in thousands;
    ``rebel_funds``, the florins other players gave the rebels of a religious revolt, add to the roll (RR3-H05)."""
    return die + unrest + rebel_funds < men // 1_000


def suppress_revolt(state: State, area: str, unrest: int, men: int, rebel_funds: int = 0) -> bool:
    """Roll to suppress a revolt in ``area`` with an army of ``men``."""
    funds = f" + rebel funds {rebel_funds}" if rebel_funds else ""
    die = rng.roll(state, f"{area}: suppress revolt (d6 + unrest {unrest}{funds})")
    return suppresses_revolt(die, unrest, men, rebel_funds)
