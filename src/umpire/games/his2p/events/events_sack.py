"""Sack of Rome (card #95; rule book 21.5; the seed's Modified Cards), in umpire's words: a non-Papal stack in an
Italian space with more mercenaries than the Papal regulars in Rome fights a battle against those regulars; if the
Papacy loses, St. Peter's loses 5 CP and the sacker takes cards from the Papal hand.

Decisions: ``sack`` (which stack sacks Rome) and ``sack_keep`` (the Protestant, as sacker, keeps one of the two
cards drawn from the Papal hand: the decision's ``secret``).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck, restrictions
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p.events.events import event
from umpire.games.his2p.events.events_religious import random_card
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war.battles import hits
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
SACK_OF_ROME = 95
ROME = "rome"
#: St. Peter's CP the Papacy loses when Rome is sacked, and the cards the sacker draws from the Papal hand.
SACK_CP, SACK_CARDS = 5, 2


def sack_stacks(state: State, board: HisMap) -> list[tuple[str, str]]:
    """(space, power) of each non-Papal stack in an Italian space (Rome aside) with more mercenaries than the Papal
    regulars in Rome; it need not be the player's, nor at war with the Papacy, and Rome need not be Papal (21.5)."""
    guards = b.units_of(state, ROME, PAPACY)["regular"]
    return sorted(
        (space, power)
        for space, stacks in state["units"].items()
        if space in board.spaces and space != ROME and board.spaces[space].language == "italian"
        for power, units in stacks.items()
        if power != PAPACY and units.get("mercenary", 0) > guards
    )


def _condition(state: State, board: HisMap, power: str) -> str | None:
    if not sack_stacks(state, board):
        return "no non-Papal stack in an Italian space has more mercenaries than the Papal regulars in Rome"
    return None


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "sack", "space": s, "power": p} for s, p in sack_stacks(state, board)]


def attacker_losses(units: dict[str, int], count: int) -> dict[str, int]:
    """The sackers' losses, shared as evenly as may be between mercenaries and the others (regulars, then cavalry);
    an odd hit falls on a mercenary (HIS-V19)."""
    lost = {"regular": 0, "mercenary": 0, "cavalry": 0}
    for n in range(count):
        others = units["regular"] - lost["regular"] + units["cavalry"] - lost["cavalry"]
        mercs = units["mercenary"] - lost["mercenary"]
        if mercs and (n % 2 == 0 or not others):
            lost["mercenary"] += 1
        elif others:
            lost["regular" if units["regular"] > lost["regular"] else "cavalry"] += 1
    return {k: n for k, n in lost.items() if n}


def _on_sack(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space, power = action["space"], action["power"]
    units = {k: b.units_of(state, space, power)[k] for k in b.LAND_UNITS}
    size = sum(units.values())
    guards = b.units_of(state, ROME, PAPACY)
    a_faces = rng.roll_many(state, f"Sack of Rome: {power} from {space} attacks", size)
    d_faces = rng.roll_many(state, "Sack of Rome: the Papal regulars of Rome defend", guards["regular"] + 1)
    a_hits, d_hits = hits(a_faces), hits(d_faces)
    papacy_loses = a_hits > d_hits
    core.log(
        state,
        f"Sack of Rome: {power}'s stack from {board.spaces[space].name} attacks Rome with {size} dice ({a_hits} hits);"
        f" {guards['regular']} Papal regulars defend with {guards['regular'] + 1} dice ({d_hits} hits); "
        f"{'the sackers win' if papacy_loses else 'the Papacy holds'}",
    )
    for kind in ("regular", "mercenary"):  # hits on the Papacy: regulars first, then mercenaries (21.5)
        n = min(a_hits, guards[kind])
        if n:
            b.add_units(state, ROME, PAPACY, kind, -n)
            core.log(state, f"Sack of Rome: the Papacy loses {n} {kind} in Rome")
        a_hits -= n
    for kind, n in attacker_losses(units, min(d_hits, size)).items():
        b.add_units(state, space, power, kind, -n)
        core.log(state, f"Sack of Rome: {power} loses {n} {kind}; the survivors return to {board.spaces[space].name}")
    if not b.land_unit_count(state, space, power):
        _capture_leaders(state, space, power)
    if not papacy_loses:
        state["removed"].remove(SACK_OF_ROME)
        state["discard"].append(SACK_OF_ROME)
        core.log(state, "Sack of Rome goes to the discard pile")
        return
    track = state["tracks"]["st_peters"]
    track["cp"] = max(0, track["cp"] - SACK_CP)
    core.log(state, f"Sack of Rome: St. Peter's loses {SACK_CP} CP ({track['cp']} CP towards its next VP)")
    drawn: list[int] = []
    for n in range(SACK_CARDS):
        card = random_card(state, PAPACY, f"Sack of Rome: card {n + 1} from the Papal hand")
        if card is None:
            break
        state["hands"][PAPACY].remove(card)
        drawn.append(card)
    if restrictions.major_of(state, power) == PROTESTANT and len(drawn) == 2:
        state["stack"].append({"kind": "sack_keep", "role": PROTESTANT, "secret": drawn})
        return
    if restrictions.major_of(state, power) == PROTESTANT and drawn:
        state["hands"][PROTESTANT].append(drawn[0])
        state["hands"][PROTESTANT].sort()
        core.log(state, "Sack of Rome: the Protestant keeps the one card drawn from the Papal hand")
        return
    for card in drawn:  # the seed: French or Hapsburg sackers take no card; umpire: nor any non-player (HIS-V19)
        state["discard"].append(card)
        core.log(state, f"Sack of Rome: {deck.name_of(card)} is discarded from the Papal hand")


def _capture_leaders(state: State, space: str, power: str) -> None:
    """A sacking stack wiped out loses its army leaders to the Papacy (14: a side wiped out has them captured)."""
    people = load_people().army_leaders
    for lid, where in sorted(state["leaders"].items()):
        if where == space and lid in people and sides.power_of(state, lid) == power:
            state["leaders"].pop(lid)
            state.setdefault("captured", {})[lid] = PAPACY
            core.log(state, f"Sack of Rome: {people[lid].name} is captured by the Papacy")


def _keep_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "keep", "card": n} for n in decision["secret"]]


def _on_keep(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    kept = action["card"]
    state["hands"][PROTESTANT].append(kept)
    state["hands"][PROTESTANT].sort()
    for card in decision["secret"]:
        if card != kept:
            state["discard"].append(card)
            core.log(state, f"Sack of Rome: the Protestant keeps one card and discards {deck.name_of(card)}")


core.decision_kind("sack", _legal, _on_sack)
core.decision_kind("sack_keep", _keep_legal, _on_keep)


@event(SACK_OF_ROME, _condition)
def sack_of_rome(state: State, board: HisMap, power: str) -> None:
    """#95 Sack of Rome: the player picks the stack (:func:`sack_stacks`); the battle and its outcome follow. The
    card leaves the game only if the Papacy loses."""
    state["stack"].append({"kind": "sack", "role": power})
