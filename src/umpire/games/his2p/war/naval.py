"""Naval combat as rule functions (rule book 16.2), with naval interception and avoiding battle (16.1 steps 4-5).

Pure functions over squadron and corsair counts, naval leader ratings and dice faces, with a wrapper rolling
through the game's generator. Janissaries and Professional Rowers are events: their hook is the extra hits the
caller passes (combat cards: ``windows.py``). ``naval_war.py`` runs them in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.his2p import restrictions as r
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war.battles import ATTACKER, DEFENDER, check_faces, hits
from umpire.kernel import rng

State = dict[str, Any]


def naval_dice(squadrons: int, corsairs: int, best_rating: int, *, defender_in_port: bool = False) -> int:
    """16.2 steps 1-2: two dice per squadron, one per corsair, the best naval leader's battle rating there, and one
    more die for a defender fighting in its port."""
    return 2 * squadrons + corsairs + best_rating + (1 if defender_in_port else 0)


def naval_losses(hits_taken: int, squadrons: int, corsairs: int, *, lost: bool) -> tuple[int, int]:
    """16.2 step 8: one squadron per two hits; hits left once every squadron is gone sink one corsair each; an odd
    hit left while squadrons remain sinks one more squadron of the loser and is ignored by the winner. Returns
    (squadrons lost, corsairs lost)."""
    sunk = min(hits_taken // 2, squadrons)
    left = hits_taken - 2 * sunk
    if sunk < squadrons:
        if left and lost:
            sunk += 1
        return sunk, 0
    return sunk, min(left, corsairs)


@dataclass(frozen=True, slots=True)
class NavalBattle:
    """The outcome of a naval battle (16.2 steps 5-8, 10)."""

    attacker_hits: int
    defender_hits: int
    winner: str
    attacker_losses: tuple[int, int]
    defender_losses: tuple[int, int]
    attacker_leaders_to_turn_track: bool
    defender_leaders_to_turn_track: bool


def _keep_one(losses: tuple[int, int], squadrons: int) -> tuple[int, int]:
    """The survivor kept when both sides are wiped out: a squadron when it had one, else a corsair."""
    sunk, corsairs = losses
    return (sunk - 1, corsairs) if squadrons else (sunk, corsairs - 1)


def naval_battle(
    attacker: tuple[int, int],
    defender: tuple[int, int],
    attacker_faces: Sequence[int],
    defender_faces: Sequence[int],
    *,
    attacker_has_leaders: bool = False,
    defender_has_leaders: bool = False,
    attacker_extra_hits: int = 0,
    defender_extra_hits: int = 0,
) -> NavalBattle:
    """16.2 steps 5-10 over (squadrons, corsairs) per side: more hits wins, the defender wins ties; losses by
    :func:`naval_losses`; if both sides are wiped out the side that rolled more dice keeps one unit (the defender
    on equal dice). A side wiped out sends its naval leaders to the next turn's box (not captured)."""
    check_faces(ATTACKER, attacker_faces)
    check_faces(DEFENDER, defender_faces)
    a_hits = hits(attacker_faces) + attacker_extra_hits
    d_hits = hits(defender_faces) + defender_extra_hits
    winner = ATTACKER if a_hits > d_hits else DEFENDER
    a_loss = naval_losses(d_hits, *attacker, lost=winner == DEFENDER)
    d_loss = naval_losses(a_hits, *defender, lost=winner == ATTACKER)
    a_gone: bool = sum(a_loss) == sum(attacker)
    d_gone: bool = sum(d_loss) == sum(defender)
    if a_gone and d_gone and sum(attacker) > 0 and sum(defender) > 0:
        if len(attacker_faces) > len(defender_faces):
            a_loss, a_gone = _keep_one(a_loss, attacker[0]), False
        else:
            d_loss, d_gone = _keep_one(d_loss, defender[0]), False
    return NavalBattle(
        a_hits,
        d_hits,
        winner,
        a_loss,
        d_loss,
        attacker_has_leaders and a_gone,
        defender_has_leaders and d_gone,
    )


def roll_naval_battle(
    state: State,
    where: str,
    attacker: tuple[int, int],
    attacker_rating: int,
    defender: tuple[int, int],
    defender_rating: int,
    *,
    in_port: bool,
    attacker_extra: int = 0,
    defender_extra: int = 0,
) -> NavalBattle:
    """Roll a naval battle's dice (16.2 steps 1-5) through the game's generator and resolve it; ``*_extra`` are the
    dice of combat cards (Arquebusiers)."""
    a_dice = naval_dice(*attacker, attacker_rating) + attacker_extra
    d_dice = naval_dice(*defender, defender_rating, defender_in_port=in_port) + defender_extra
    a_faces = rng.roll_many(state, f"naval battle at {where}: attacker", a_dice)
    d_faces = rng.roll_many(state, f"naval battle at {where}: defender", d_dice)
    return naval_battle(attacker, defender, a_faces, d_faces)


def _enemy_naval(state: State, power: str, where: str) -> bool:
    stacks = state["units"].get(where, {})
    return any(
        r.at_war(state, power, other) and (units.get("squadron", 0) or units.get("corsair", 0))
        for other, units in stacks.items()
    )


def naval_retreats(state: State, board: HisMap, power: str, where: str, *, in_port: bool) -> list[str]:
    """16.2 step 9: after a battle in a port the attacker (winner or not) goes to a sea zone of that port free of
    enemy naval units; after one at sea the loser goes to a next port it controls or a next sea zone, either free
    of enemy naval units. An empty list: the units are eliminated."""
    if in_port:
        return sorted(s for s in board.space(where).ports if not _enemy_naval(state, power, s))
    sea = board.seas[where]
    ports = [p for p in sea.ports if state["spaces"][p]["control"] == power]
    return sorted(s for s in [*ports, *sea.links] if not _enemy_naval(state, power, s))


def _naval_neighbours(board: HisMap, where: str) -> frozenset[str]:
    """16.1: a port is next to the sea zones of its anchors; a sea zone to its ports and the zones it borders."""
    if where in board.seas:
        return board.seas[where].ports | board.seas[where].links
    return board.space(where).ports


def naval_interception_refusal(
    state: State, board: HisMap, power: str, mover: str, origin: str, target: str
) -> str | None:
    """16.1 step 4: why naval units of ``power`` in ``origin`` may not try to intercept ``mover``'s naval units that
    just entered the sea zone ``target``, or None. Only a power at war with the mover, from a port or sea zone next
    to it that holds none of the mover's naval units. The roll is 2d6 + the best naval leader's battle rating, 9 or
    more (``battles.reaction_total`` with no modifier)."""
    if target not in board.seas:
        return f"{target} is not a sea zone: naval units intercept only into sea zones just entered (16.1)"
    if not r.at_war(state, power, mover):
        return f"{power} is not at war with {mover}"
    if origin not in _naval_neighbours(board, target):
        return f"{origin} is not next to {target}"
    if any(state["units"].get(origin, {}).get(mover, {}).get(kind, 0) for kind in ("squadron", "corsair")):
        return f"{mover} naval units are in {origin}: none there may intercept (16.1)"
    return None


def naval_avoid_destinations(state: State, board: HisMap, power: str, sea: str) -> list[str]:
    """16.1 step 5: where every naval unit of ``power`` in the sea zone ``sea`` may avoid battle together: a port next
    to it that the power controls, or a sea zone next to it with no units of a power at war with it. (Only from a
    sea zone, never a port; the roll is as for interception.)"""
    ports = [p for p in board.seas[sea].ports if state["spaces"][p]["control"] == power]
    seas = [
        s
        for s in board.seas[sea].links
        if not any(r.at_war(state, power, other) for other in state["units"].get(s, {}))
    ]
    return sorted([*ports, *seas])
