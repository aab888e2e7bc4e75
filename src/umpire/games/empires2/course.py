"""The seed's course of play, 33.11: every empire the scenario lists is used, but the players of the Millennium
scenario (28.0), which lists seven, may leave one of its smaller empires out (option ``leave_out``, EMP-S16)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from umpire.games.empires2.scenario import Scenario
from umpire.kernel.errors import UmpireError

LEAVE_OUT = "leave_out"
NONE = "none"
EXCEPTION = "millennium"
"""The one scenario 33.11 allows an empire to be left out of."""
SMALLER: tuple[str, ...] = ("france", "burgundy", "denmark", "poland", "kiev")
"""Millennium's empires but the two the seats play (EMP-S16: each is smaller than either seat's empire)."""
CHOICES: tuple[str, ...] = (NONE, *SMALLER)


def only(scenario: Scenario, kept: Collection[str]) -> Scenario:
    """The scenario with only the empires ``kept``: a left-out empire's areas start independent, its claims, Court,
    adjustment and longevity are gone."""
    return replace(
        scenario,
        empires={eid: e for eid, e in scenario.empires.items() if eid in kept},
        vp_adjustments={eid: v for eid, v in scenario.vp_adjustments.items() if eid in kept},
        longevity={eid: r for eid, r in scenario.longevity.items() if eid in kept},
    )


def case_33_11_empires(scenario: Scenario, players: Collection[str], leave_out: str) -> Scenario:
    """33.11: every empire listed is used; with ``leave_out`` naming one of Millennium's smaller empires, that one is
    not. Anything else is refused naming what is accepted."""
    if leave_out == NONE:
        return scenario
    if scenario.id != EXCEPTION:
        raise UmpireError(
            f"option '{LEAVE_OUT}' is only for the Millennium scenario (33.11: every empire of {scenario.name} is "
            f"used); leave it '{NONE}'"
        )
    if leave_out in players or leave_out not in scenario.empires or leave_out not in SMALLER:
        raise UmpireError(
            f"option '{LEAVE_OUT}' cannot be {leave_out!r}: 33.11 lets one of Millennium's smaller empires be left "
            f"out, one of {', '.join(SMALLER)}"
        )
    return only(scenario, [eid for eid in scenario.empires if eid != leave_out])
