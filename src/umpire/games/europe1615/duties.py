"""Europe 1615: what each power must or may order in a phase -- who orders a dislodged unit's retreat, the
disbands and builds a power owes (for itself and for its aligned states), its build sites, whether it must choose
a sanction -- and so which seats act in a phase (:func:`must_act`).

Seed sections: "PHASES OF THE GAME YEAR" ("Early Winter Adjustment Phase", "Late Winter Adjustment Phase"),
"Disbanding", "Expansion of the minor states" (the aligned power's builds and disbands for its state), "Table of
sanctions" (the interventions' retreats; the revolts' barred builds; "Elimination from lists": the duty to choose a
sanction).
"""

from __future__ import annotations

from umpire.diplomacy.orders import Build, Disband, Order
from umpire.games.europe1615 import sanctions
from umpire.games.europe1615.board import State, aligned_map, game_map, minor_table, owned_centres, prov_of
from umpire.games.europe1615.sanction_effects import no_build, sanction_context
from umpire.games.europe1615.submission import LineError, Submission


def must_act(state: State, power: str) -> bool:
    """Whether ``power`` has a submission to make in the current phase."""
    if power in state["eliminated"] or power in state.get("abandoned", []):
        return False  # an abandoned power has no player: its units hold until it is dissolved (ruling E1615-G02)
    kind = state["phase"][-1]
    if kind == "M":
        return True  # deployments and attacks even without units
    if kind == "R":
        return any(retreat_orderer(state, d["unit"]["nation"]) == power for d in state["dislodged"].values())
    if kind == "E":
        return delta(state, power) < 0 or bool(minor_owed(state, power))
    if kind == "A":
        return (
            bool(state.get("sanctions"))
            or (delta(state, power) > 0 and bool(build_sites(state, power)))
            or bool(minor_build_sites(state, power))
        )
    return False


def retreat_orderer(state: State, nation: str) -> str | None:
    """Who orders a dislodged unit's retreat: its power, or for a Dutch, Swedish or Polish unit allowed to
    retreat by an intervention, the power its state is aligned with (ruling E1615-E04)."""
    if nation in game_map().powers:
        return nation
    return aligned_map(state).get(nation)


def delta(state: State, power: str) -> int:
    """Centres held minus units: builds owed when positive, disbands when negative."""
    have = sum(1 for u in state["units"].values() if u["nation"] == power)
    return len(owned_centres(state, power)) - have


def build_sites(state: State, power: str) -> list[str]:
    """The vacant home centres ``power`` still holds and may build on (not barred by a revolt)."""
    gm = game_map()
    barred = no_build(state)
    return sorted(
        c
        for c in gm.homes[power]
        if state["owner"].get(c) == power and c not in state["units"] and (power, c) not in barred
    )


def minor_owed(state: State, power: str) -> dict[str, int]:
    """The ALIGNED states of ``power`` whose disbands it orders in early winter, with the number owed."""
    aligned = aligned_map(state)
    return {m: n for m, n in state.get("minor_disbands", {}).items() if aligned.get(m) == power}


def minor_build_sites(state: State, power: str) -> dict[str, str]:
    """Seed, "Expansion of the minor states": "The aligned power is also required to submit build orders for
    the minor state that acquires new centers".  Vacant centres of an ALIGNED, expanded state of ``power``
    that still has builds owed: province -> state (ruling E1615-E17)."""
    gm = game_map()
    table = minor_table(state)
    out: dict[str, str] = {}
    for mid, ally in aligned_map(state).items():
        m = table.get(mid)
        if ally != power or m is None or mid not in state["pliant"] or not m.centers:
            continue
        held = owned_centres(state, mid)
        if not any(c not in m.centers for c in held):
            continue  # not expanded: its rebuild is automatic ("Re-building a minor state's army")
        if sum(1 for u in state["units"].values() if u["nation"] == mid) >= len(held):
            continue
        for c in held:
            if c not in state["units"] and c in gm.centers:
                out[c] = mid
    return out


def for_minor(state: State, power: str, order: Order) -> bool:
    """Whether an adjustment order of ``power`` is for one of its aligned states (a build on a minor site, a
    disband of a minor unit)."""
    prov = prov_of(getattr(order, "loc", ""))
    if isinstance(order, Build):
        return prov in minor_build_sites(state, power)
    u = state["units"].get(prov)
    return isinstance(order, Disband) and u is not None and u["nation"] != power


def sanction_duty(state: State, power: str, sub: Submission, end: int) -> list[LineError]:
    """Seed, "Elimination from lists": "if the player still has other sanctions on his/her list that may be
    used, he/she is obligated to submit" (ruling E1615-C24).  A missing choice is reported on the line after
    the last; a choice that cannot come into effect, on its own line."""
    hand = state["sanctions"]["lists"].get(power, [])
    ctx = sanction_context(state)

    def playable(card: str) -> bool:
        return sanctions.available(card, ctx)

    if not sanctions.must_submit(hand, playable):
        return []
    usable = [c for c in hand if playable(c)]
    names = ", ".join(sanctions.BY_ID[c].name for c in usable)
    if sub.sanction is None:
        why = "you must choose a sanction: your list holds sanctions that may come into effect"
        return [LineError(end, "", "", why, f"SANCTION: <one of {names}>")]
    if sub.sanction.sanction not in usable:
        why = "this sanction cannot come into effect now and your list holds others that may"
        return [LineError(sub.sanction.line, "", sub.sanction.sanction, why, f"one of {names}")]
    return []
