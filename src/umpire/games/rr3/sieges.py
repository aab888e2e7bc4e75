"""Sieges (handbook, *Sieges*; garrisons from *The Campaign System*): capacity, blockade, bombardment, assault.

A city (or fortress) has a fortification value 1-6; it holds at most 2,000 men per point, and its own garrison is
1,000 per point. Blockade needs 5,000 besiegers per point and takes the city after 3 movement steps;
bombardment rolls 1d6 per 20,000 besiegers and each 5-6 breaches (-1 fortification, surrender at zero); an
assault compares d6 + ratio modifier against d6 + fortification on the result table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.kernel import rng

State = dict[str, Any]

BLOCKADE_MEN_PER_POINT = 5_000
BLOCKADE_STEPS = 3
BOMBARD_MEN_PER_DIE = 20_000
MIN_LOSS = 1_000


def capacity(fortification: int) -> int:
    """Handbook, *Sieges*: a town holds at most its fortification value x 2,000 men."""
    return fortification * 2_000


def base_garrison(fortification: int) -> int:
    """Handbook, *Garrisons*: a city's own (unpaid) garrison is 1,000 per defence value."""
    return fortification * 1_000


def blockade_needs(fortification: int) -> int:
    """Handbook, *Blockade*: the besiegers need 5,000 men per defence value (the current value, RR3-R10)."""
    return fortification * BLOCKADE_MEN_PER_POINT


def blockade_step(besiegers: int, fortification: int, steps_so_far: int) -> tuple[int, bool]:
    """One movement step of blockade: returns ``(steps recorded, surrendered)``. The city surrenders at the end
    of the third step; with too few besiegers the blockade lapses and its count restarts at zero (RR3-R11)."""
    if besiegers < blockade_needs(fortification):
        return 0, False
    steps = steps_so_far + 1
    return steps, steps >= BLOCKADE_STEPS


@dataclass(frozen=True)
class Bombardment:
    faces: tuple[int, ...]
    breaches: int
    fortification: int
    surrendered: bool


def bombardment_outcome(faces: tuple[int, ...] | list[int], fortification: int) -> Bombardment:
    """Handbook, *Bombardment*: each 5 or 6 is a breach and lowers the fortification value by one (every breach
    counts, RR3-R12); at zero the city surrenders."""
    breaches = sum(1 for face in faces if face >= 5)
    left = max(0, fortification - breaches)
    return Bombardment(tuple(faces), breaches, left, left == 0)


def bombard(state: State, city: str, besiegers: int, fortification: int) -> Bombardment:
    """Roll one d6 per full 20,000 besiegers (fewer than 20,000 cannot bombard, RR3-R12) and apply the breaches."""
    dice = besiegers // BOMBARD_MEN_PER_DIE
    faces = rng.roll_many(state, f"{city}: bombardment ({dice}d6, breach on 5-6)", dice) if dice else []
    return bombardment_outcome(faces, fortification)


def ratio_modifier(besiegers: int, garrison: int) -> int:
    """Handbook, *Assaults*: the besiegers add +1 at 2:1, +2 at 3:1, +3 at 4:1 or more (ratio reached exactly
    counts, RR3-R13)."""
    if garrison <= 0:
        return 3
    for ratio, bonus in ((4, 3), (3, 2), (2, 1)):
        if besiegers >= ratio * garrison:
            return bonus
    return 0


def _loss(fraction_percent: int, men: int) -> int:
    """A percentage of ``men`` in whole thousands (rounded down, RR3-R14), at least 1,000."""
    return max(MIN_LOSS, (men * fraction_percent // 100) // 1_000 * 1_000)


@dataclass(frozen=True)
class AssaultResult:
    besieger_die: int
    garrison_die: int
    besieger_score: int
    garrison_score: int
    difference: int
    taken: bool
    besieger_loss: int
    garrison_loss: int
    besiegers_left: int
    garrison_left: int


def assault_outcome(
    besieger_die: int, garrison_die: int, assaulting: int, garrison: int, fortification: int
) -> AssaultResult:
    """Handbook, *Assaults* and *Results*: besiegers d6 + ratio modifier, garrison d6 + fortification value.

    Difference +3 or more: the town is taken. +1/+2: the besiegers lose 20% of the troops committed and the
    garrison 10% of the assaulting troops' strength (RR3-R15). Evens or less: the besiegers lose 30%, the garrison
    nothing. Every loss is at least 1,000; a garrison loss as great as the garrison takes the town (RR3-R16).
    """
    if assaulting <= 0:
        raise ValueError("an assault needs troops")
    b_score = besieger_die + ratio_modifier(assaulting, garrison)
    g_score = garrison_die + fortification
    diff = b_score - g_score
    b_loss = g_loss = 0
    if diff >= 3:
        taken = True
    elif diff >= 1:
        b_loss = min(assaulting, _loss(20, assaulting))
        g_loss = _loss(10, assaulting)
        taken = g_loss >= garrison
    else:
        b_loss = min(assaulting, _loss(30, assaulting))
        taken = garrison <= 0
    g_loss = min(g_loss, garrison)
    garrison_left = 0 if taken else garrison - g_loss
    return AssaultResult(
        besieger_die=besieger_die,
        garrison_die=garrison_die,
        besieger_score=b_score,
        garrison_score=g_score,
        difference=diff,
        taken=taken,
        besieger_loss=b_loss,
        garrison_loss=garrison if taken else g_loss,
        besiegers_left=assaulting - b_loss,
        garrison_left=garrison_left,
    )


def assault(state: State, city: str, assaulting: int, garrison: int, fortification: int) -> AssaultResult:
    """Roll the besiegers' and the garrison's d6 and resolve the assault (:func:`assault_outcome`)."""
    b = rng.roll(state, f"{city}: assault, besiegers' d6")
    g = rng.roll(state, f"{city}: assault, garrison's d6")
    return assault_outcome(b, g, assaulting, garrison, fortification)
