"""Navies (handbook, *Navies*): naval battles, damage and sinking, repair, transport and piracy.

Each fleet rolls 1d6 plus its quality (Turkish, Venetian, Genoan, North African +1; Spanish, English 0; Damaged
-2). The higher score wins; the loser is Damaged (or sunk if already damaged) and loses any troops it carried.
A damaged fleet in a friendly port is repaired on 4+, one attempt per military phase at 2 florins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.kernel import rng

State = dict[str, Any]

QUALITY = {"turkish": 1, "venetian": 1, "genoan": 1, "north african": 1, "spanish": 0, "english": 0}
DAMAGED_MODIFIER = -2
REPAIR_COST = 2
REPAIR_ON = 4
TRANSPORT_LIMIT = 40_000
PIRACY_COST = 2


@dataclass(frozen=True)
class Fleet:
    name: str
    nation: str
    damaged: bool = False
    troops: int = 0

    def __post_init__(self) -> None:
        if self.nation.lower() not in QUALITY:
            raise ValueError(f"{self.name}: no fleet quality for {self.nation!r}")
        if not 0 <= self.troops <= TRANSPORT_LIMIT:
            raise ValueError(f"{self.name}: a fleet carries 0 to {TRANSPORT_LIMIT} men, not {self.troops}")


def fleet_modifier(fleet: Fleet) -> int:
    """Handbook, *Naval battles*: quality +1 (Turkish, Venetian, Genoan, North African) or 0 (Spanish, English),
    and -2 if Damaged."""
    return QUALITY[fleet.nation.lower()] + (DAMAGED_MODIFIER if fleet.damaged else 0)


@dataclass(frozen=True)
class NavalResult:
    faces: tuple[int, int]
    scores: tuple[int, int]
    winner: str | None
    damaged: tuple[str, ...]
    sunk: tuple[str, ...]
    troops_lost: tuple[int, int]


def naval_outcome(a: Fleet, b: Fleet, face_a: int, face_b: int) -> NavalResult:
    """Resolve a naval battle from the dice: the loser is Damaged, or sunk if already damaged, and troops it
    carried are lost. A tie is indecisive: no damage, both keep position (RR3-R17)."""
    score_a, score_b = face_a + fleet_modifier(a), face_b + fleet_modifier(b)
    if score_a == score_b:
        return NavalResult((face_a, face_b), (score_a, score_b), None, (), (), (0, 0))
    winner, loser = (a, b) if score_a > score_b else (b, a)
    lost = (a.troops if loser is a else 0, b.troops if loser is b else 0)
    return NavalResult(
        faces=(face_a, face_b),
        scores=(score_a, score_b),
        winner=winner.name,
        damaged=() if loser.damaged else (loser.name,),
        sunk=(loser.name,) if loser.damaged else (),
        troops_lost=lost,
    )


def naval_battle(state: State, a: Fleet, b: Fleet, where: str = "") -> NavalResult:
    """Roll 1d6 per fleet and resolve (:func:`naval_outcome`)."""
    at = f" in {where}" if where else ""
    face_a = rng.roll(state, f"{a.name}: naval battle{at} vs {b.name}")
    face_b = rng.roll(state, f"{b.name}: naval battle{at} vs {a.name}")
    return naval_outcome(a, b, face_a, face_b)


def repair_error(fleet: Fleet, in_friendly_port: bool, florins: int, attempted_this_phase: bool) -> str | None:
    """Handbook, *Damaged Fleets*: why a repair may not be attempted, or None."""
    if not fleet.damaged:
        return f"{fleet.name} is not damaged"
    if not in_friendly_port:
        return "a fleet is repaired only in a friendly port"
    if attempted_this_phase:
        return "one repair attempt per military phase"
    if florins < REPAIR_COST:
        return f"a repair attempt costs {REPAIR_COST} florins"
    return None


def attempt_repair(state: State, fleet: Fleet) -> tuple[Fleet, int]:
    """Pay 2 florins and roll 1d6: 4+ repairs the fleet. Returns ``(fleet after, cost)``; check
    :func:`repair_error` first."""
    if not fleet.damaged:
        raise ValueError(f"{fleet.name} is not damaged")
    die = rng.roll(state, f"{fleet.name}: repair (4+)")
    repaired = Fleet(fleet.name, fleet.nation, damaged=die < REPAIR_ON, troops=fleet.troops)
    return repaired, REPAIR_COST


def piracy_loss(raids_already_this_turn: int) -> int:
    """Handbook, *Piracy*: a successful Turkish or North African raid costs the owning player 2 florins, at most
    one raid per turn (on a given player, RR3-R18); a second raid that turn costs nothing."""
    return PIRACY_COST if raids_already_this_turn == 0 else 0


def transport_error(fleet: Fleet, men: int) -> str | None:
    """Handbook, *Transport*: a fleet carries at most 40,000 men."""
    if men < 0 or fleet.troops + men > TRANSPORT_LIMIT:
        return f"{fleet.name} can carry {TRANSPORT_LIMIT - fleet.troops} more men, not {men}"
    return None
