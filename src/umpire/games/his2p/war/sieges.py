"""Sieges as rule functions: assaults (rule book 15.1), relief forces (15.2) and breaking a siege (15.3).

Pure functions over unit counts, leader ratings and dice faces, with a wrapper rolling through the game's
generator. Siege Artillery and the combat cards are events: the hooks are the faces and extra hits the caller
passes. The engine offers no move that needs these yet (docs/status.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.his2p.war.battles import ATTACKER, DEFENDER, FORTIFICATION_LIMIT, check_faces, hits
from umpire.kernel import rng

State = dict[str, Any]


def _not_cavalry(units: Mapping[str, int]) -> int:
    return sum(count for kind, count in units.items() if kind != "cavalry")


def assault_refusal(
    *,
    besieged_before_this_impulse: bool,
    has_line_of_communication: bool,
    assaulted_this_impulse: bool,
    defender_squadrons_in_adjacent_seas: int,
    defender_squadrons_in_port: int,
    attacker_squadrons_in_adjacent_seas: int,
) -> str | None:
    """15.1: why an assault may not be made, or None. The space must have been besieged by the assaulting power
    since an earlier impulse (Roxelana's exception is a card: the caller passes True), at most one assault on a
    space an impulse, with a line of communication; no squadron of the defender in a sea next to it; and if the
    defender has squadrons in the port, more attacking squadrons in the seas next to it (corsairs never count)."""
    if not besieged_before_this_impulse:
        return "a space may be assaulted only from the impulse after the siege began (15.1)"
    if assaulted_this_impulse:
        return "this space was already assaulted this impulse (15.1)"
    if not has_line_of_communication:
        return "the assaulting power has no line of communication to the space (15.1)"
    if defender_squadrons_in_adjacent_seas:
        return "the defender has squadrons in a sea next to the space (15.1)"
    if defender_squadrons_in_port and attacker_squadrons_in_adjacent_seas <= defender_squadrons_in_port:
        return (
            f"the defender has {defender_squadrons_in_port} squadrons in port; the attacker needs more in the seas "
            f"next to it, not {attacker_squadrons_in_adjacent_seas} (15.1)"
        )
    return None


def assault_dice(attackers: Mapping[str, int], best_rating: int, defenders_inside: int) -> int:
    """15.1 step 3: one die per attacking land unit (cavalry not counted) when no land unit defends, one per two
    (rounded up) when one does (even a cavalry), plus the best attacking leader's battle rating."""
    units = _not_cavalry(attackers)
    return (units if defenders_inside == 0 else (units + 1) // 2) + best_rating


def assault_defence_dice(defenders: Mapping[str, int], best_rating: int) -> int:
    """15.1 step 4: one die per defending land unit (cavalry not counted), the best defending leader's battle
    rating, and one die for the defender."""
    return _not_cavalry(defenders) + best_rating + 1


@dataclass(frozen=True, slots=True)
class Assault:
    """The outcome of an assault (15.1 steps 7-11)."""

    attacker_hits: int
    defender_hits: int
    attacker_left: int
    defender_left: int
    taken: bool
    still_besieged: bool
    besieger_retreats: bool


def assault(
    attacker_units: int,
    defender_units: int,
    attacker_faces: Sequence[int],
    defender_faces: Sequence[int],
    *,
    attacker_extra_hits: int = 0,
) -> Assault:
    """15.1 steps 7-11: each hit eliminates one land unit of the other side (cavalry may be taken). The space falls
    when the attacker scored a hit, no defending land unit is left and an attacker survives: the attacker takes
    control and captures the leaders inside. Otherwise the siege goes on while the besiegers still outnumber the
    garrison, else they retreat (15.3). ``attacker_extra_hits`` is Siege Artillery's hook (step 8)."""
    check_faces(ATTACKER, attacker_faces)
    check_faces(DEFENDER, defender_faces)
    a_hits = hits(attacker_faces) + attacker_extra_hits
    d_hits = hits(defender_faces)
    a_left = max(attacker_units - d_hits, 0)
    d_left = max(defender_units - a_hits, 0)
    taken = a_hits >= 1 and d_left == 0 and a_left >= 1
    besieged = not taken and siege_holds(a_left, d_left)
    return Assault(a_hits, d_hits, a_left, d_left, taken, besieged, not taken and not besieged and a_left > 0)


def roll_assault(
    state: State,
    space: str,
    attackers: Mapping[str, int],
    attacker_rating: int,
    defenders: Mapping[str, int],
    defender_rating: int,
) -> Assault:
    """Roll an assault's dice (15.1 steps 3-7) through the game's generator and resolve it."""
    inside = sum(defenders.values())
    a_faces = rng.roll_many(state, f"assault on {space}: attacker", assault_dice(attackers, attacker_rating, inside))
    d_faces = rng.roll_many(state, f"assault on {space}: defender", assault_defence_dice(defenders, defender_rating))
    return assault(sum(attackers.values()), inside, a_faces, d_faces)


def siege_holds(besieger_units: int, units_inside: int) -> bool:
    """15.3: a siege lasts while the besiegers have strictly more land units than the fortification (cavalry
    counted on both sides); when it ends they retreat at no CP cost (the limits of 14.1 but for the came-from)."""
    return besieger_units > units_inside


RELIEF_LIFTED = "siege lifted"
RELIEF_TIED = "any may withdraw inside"
RELIEF_BEATEN = "only the garrison withdraws"


def relief_outcome(relief_hits: int, besieger_hits: int) -> str:
    """15.2: a relief force that wins its field battle (more hits) lifts the siege (the besiegers retreat). On equal
    hits it loses, but may put any of its units and leaders into the fortification up to four land units inside.
    With fewer hits only the units inside since the impulse began may go back in; the rest retreat (14.1)."""
    if relief_hits > besieger_hits:
        return RELIEF_LIFTED
    return RELIEF_TIED if relief_hits == besieger_hits else RELIEF_BEATEN


def relief_withdrawal_limit(outcome: str, garrison_left: int) -> int:
    """15.2: how many land units may be inside the fortification after a lost relief battle: up to four on equal
    hits, otherwise only the garrison's survivors."""
    if outcome == RELIEF_TIED:
        return FORTIFICATION_LIMIT
    return garrison_left if outcome == RELIEF_BEATEN else 0
