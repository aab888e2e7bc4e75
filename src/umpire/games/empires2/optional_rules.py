"""The optional rules of rewrite 24.0 and 25.0 as options of the ruleset (EMP-M01, M12): their declarations, the
check that refuses what cannot be played, the query the engine asks, and 24.0's place in the round."""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import magnates, raiders
from umpire.kernel.ruleset import Option

State = dict[str, Any]


#: EMP-M01: raiders and magnates are optional and off unless asked for; colonisation cannot arise (EMP-M12).
RULE_OPTIONS = (
    Option("raiders", False, (False, True), "raiders of the authored chart raid each round (rewrite 24.0, EMP-M01)"),
    Option("magnates", False, (False, True), "Magnates rise, conquer and fall (rewrite 24.0, EMP-M01)"),
    Option(
        "colonisation",
        False,
        (False,),
        "rewrite 25.0: not played, umpire's map has no uncolonised area (EMP-M12)",
    ),
)


def colonisation_refusal() -> str:
    """Why colonisation (rewrite 25.0) cannot be played: nothing to colonise on this map (EMP-M12)."""
    return (
        "option 'colonisation' (rewrite 25.0) cannot be played in empires2: umpire's map has no uncolonised area "
        "(no Iceland, Greenland or land beyond the sea) and the rewrite's 25.0 text is not public (EMP-M12); "
        "leave it false"
    )


def enabled(state: State, option: str) -> bool:
    """Whether an optional rule of 24.0 (``raiders``, ``magnates``) is on in this game."""
    return bool(state.get("options", {}).get(option))


def round_start(state: State) -> None:
    """Rewrite 24.0 at the start of a round, before initiative: the raiders, then the Magnates, as the options say
    (EMP-M01)."""
    if enabled(state, "raiders"):
        raiders.case_24_1_raiders_phase(state)
    if enabled(state, "magnates"):
        magnates.case_24_3_magnates_phase(state)
