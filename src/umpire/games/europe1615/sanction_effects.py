"""Europe 1615: what the sanctions in effect do to the game, read from the state (rulings E1615-E in
docs/rulings/europe1615.md).  ``sanctions.py`` holds the sanctions themselves (the lists, the choice, when each is
in force); this module answers the engine's questions about them: which are in force now, who the Union and
League's friends are, whose units retreat, which centres are fortified, where builds are barred, who still holds a
one-time use, where a power may deploy INFs.

In short: Union/League members are friends and do not capture each other (:func:`blocs`); Dutch/Swedish/Polish
units retreat under their intervention (:func:`retreating`); strongholds defend with +1 (:func:`fortified`); the
revolts bar builds and retreats (:func:`no_build`) and disband units dislodged by Protestant powers; the Treaty of
Lyon voids Spanish and Austrian moves into Switzerland unless France writes ``PERMIT: SPAIN``; Ottoman neutrality
silences the Ottomans.  The lines that use sanctions are ``directives``; a forced march is ``forced_march``.

Seed sections: "Table of sanctions" ("Protestant advantages": Protestant Union, Dutch intervention, Gustav's
intervention; "Catholic advantages": Catholic League, Polish intervention, Ecclesiastical reservation;
"Impediments": Bohemian revolt, Huguenot rebellion, Treaty of Lyon; "Embargoes"; "Miscellaneous sanctions":
Stronghold, Bribe, Levy, Forced march, Relieve attrition, Cancellation).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from umpire.diplomacy.orders import Move, SupportMove
from umpire.diplomacy.policy import Unit
from umpire.games.europe1615 import influence, sanctions
from umpire.games.europe1615.board import State, aligned_map, alive, game_map, minor_table, prov_of
from umpire.games.europe1615.mapdata import PAPAL_STATES, power_confession

#: The states of the Protestant Union and the Catholic League (seed, "Protestant Union", "Catholic League").
UNION_STATES = ("RHI", "HES", "BRA", "WUR")
LEAGUE_STATES = ("BAV", "FRA", "WES")
#: Bohemian revolt and Huguenot rebellion: the power and its province in revolt.
REVOLTS = {"BOHEMIAN_REVOLT": ("AUSTRIA", "BOH"), "HUGUENOT_REBELLION": ("FRANCE", "GUY")}
LYON_BARRED = ("SPAIN", "AUSTRIA")
SWITZERLAND = "SWI"
#: One-time sanctions: each holder may use them once (ruling E1615-E10).
ONE_TIME = ("BRIBE", "LEVY", "FORCED_MARCH", "RELIEVE_ATTRITION", "CANCELLATION")
STRONGHOLD_PICKS = {"STRONGHOLD_I": 1, "STRONGHOLD_II": 2, "STRONGHOLD_III": 3}
#: The embargoes and the power each bars.
EMBARGOES = {sid: str(card.embargo_on) for sid, card in sanctions.BY_ID.items() if card.embargo_on}
RESERVATION = "ECCLESIASTICAL_RESERVATION"


def reservable() -> set[str]:
    """The states the Ecclesiastical reservation may name: the German and Italian minor states except the Papal
    States (seed: not "the Papal States, Dutch Provinces, the Iberian states, Sweden, Poland, ...")."""
    return {mid for mid, m in minor_table().items() if m.region in ("german", "italian") and mid != PAPAL_STATES}


def reserved(state: State) -> set[str]:
    """The states under the Ecclesiastical reservation in force."""
    if not in_force(state, RESERVATION):
        return set()
    return set(state["sanctions"]["active"].get(RESERVATION) or [])


def in_force(state: State, sanction_id: str) -> bool:
    """Whether a sanction is in effect and not cancelled by events (``sanctions.in_force``)."""
    sc = state.get("sanctions")
    if not sc or sanction_id not in sc["active"]:
        return False
    return sanctions.in_force(sanction_id, sanction_context(state))


def protestant_powers(state: State) -> set[str]:
    """The Protestant powers still in the game."""
    gm = game_map()
    return {p for p in alive(state) if power_confession(gm, p) == "protestant"}


def blocs(state: State) -> list[set[str]]:
    """The members of the Protestant Union and the Catholic League in effect (ruling E1615-E03): the powers of the
    confession and the bloc's states still independent."""
    gm = game_map()
    out: list[set[str]] = []
    for sid, confession, states in (
        ("PROTESTANT_UNION", "protestant", UNION_STATES),
        ("CATHOLIC_LEAGUE", "catholic", LEAGUE_STATES),
    ):
        if in_force(state, sid):
            powers = {p for p in alive(state) if power_confession(gm, p) == confession}
            out.append(powers | {m for m in states if m in state["pliant"]})
    return out


def retreating(state: State) -> set[str]:
    """The Dutch, Swedish and Polish states whose units may retreat (Dutch, Gustav's, Polish intervention), while
    aligned with a power that orders the retreat (ruling E1615-E04)."""
    aligned = aligned_map(state)
    return {
        mid
        for mid, m in minor_table(state).items()
        if m.retreat_sanction and in_force(state, m.retreat_sanction) and aligned.get(mid) is not None
    }


def fortified(state: State) -> set[str]:
    """The centres fortified by a Stronghold (ruling E1615-E05)."""
    sc = state.get("sanctions")
    return set(sc.get("strongholds", {})) if sc else set()


def no_build(state: State) -> set[tuple[str, str]]:
    """The (power, province) pairs where a revolt in force bars builds and retreats."""
    # ruling E1615-E16
    return {pair for sid, pair in REVOLTS.items() if in_force(state, sid)}


def has_use(state: State, power: str, sanction_id: str) -> bool:
    """Whether ``power`` holds an unspent one-time sanction (or Stronghold picks)."""
    sc = state.get("sanctions")
    if not sc:
        return False
    return power in sc.get("uses", {}).get(sanction_id, [])


def spend(state: State, sanction_id: str, powers: list[str]) -> None:
    """Strike ``powers`` from the holders of a one-time sanction (ruling E1615-E10)."""
    uses = state["sanctions"].setdefault("uses", {})
    left = [p for p in uses.get(sanction_id, []) if p not in powers]
    if left:
        uses[sanction_id] = left
    else:
        uses.pop(sanction_id, None)


def by_influence(state: State, powers: list[str]) -> list[str]:
    """Powers from the most influential (this year's allocation) down; ties by name (ruling E1615-E11)."""
    return sorted(powers, key=lambda p: (-state["allocation"].get(p, 0), p))


def sanction_context(state: State) -> sanctions.SanctionContext:
    """The facts ``sanctions.in_force`` and ``sanctions.available`` read, taken from the state."""
    captured = frozenset(
        c for c, mid in ((sanctions.STOCKHOLM, "SWE"), (sanctions.WARSAW, "POLN")) if state["owner"].get(c) != mid
    )
    return sanctions.SanctionContext(
        active=dict(state["sanctions"]["active"]) if state.get("sanctions") else {},
        independent=frozenset(state["pliant"]),
        captured_centres=captured,
        eliminated=frozenset(state["eliminated"]),
        markers={m: mk.get("confession") for m, mk in state["markers"].items()},
        aligned=aligned_map(state),
    )


def may_deploy(state: State, power: str, minor: str) -> tuple[bool, str]:
    """Whether ``power`` may deploy INFs to ``minor`` now, and why not (``sanctions.may_deploy``; without
    sanctions, ``influence.base_may_deploy``)."""
    if state.get("sanctions"):
        return sanctions.may_deploy(power, minor, sanction_context(state))
    return influence.base_may_deploy(power, minor, pliant=state["pliant"], eliminated=state["eliminated"])


def storm_strongholds(state: State, units: Mapping[str, Unit], outcomes: Mapping[str, Any]) -> list[str]:
    """Seed, "Stronghold": "if an assaulting unit is supported by three other units all of one power, and
    succeeds in taking the center, and none of the supports are broken, then the fortification is removed"
    (ruling E1615-E06)."""
    sc = state.get("sanctions")
    forts = sc.get("strongholds", {}) if sc else {}
    notes: list[str] = []
    for q, o in sorted(outcomes.items()):
        if o.result != "succeeds" or not isinstance(o.order, Move) or prov_of(o.order.dest) not in forts:
            continue
        dest = prov_of(o.order.dest)
        sups = [
            (units[r].nation, so.result)
            for r, so in outcomes.items()
            if isinstance(so.order, SupportMove) and prov_of(so.order.target) == q and prov_of(so.order.dest) == dest
        ]
        if any(res != "succeeds" for _, res in sups):
            continue
        counts = Counter(n for n, _ in sups)
        if counts and max(counts.values()) >= 3:
            del forts[dest]
            notes.append(f"the fortification of {dest} is removed: taken with three supports of one power")
    return notes
