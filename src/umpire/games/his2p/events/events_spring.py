"""Events played in the Spring Deployment Phase (each card's text in umpire's words; seed 10): Spring Preparations
and Venetian Informant. Only the Papacy spring-deploys in the two-player game, so these plays are offered inside its
``spring`` decision, before it deploys (HIS-V17).

Decision: ``informant`` (the Papacy has looked at the Protestant's hand, its ``secret``, which the views show only
to the Papacy and the GM).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.events import events
from umpire.games.his2p.events.events import event
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war import military

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
SPRING_PREPARATIONS, VENETIAN_INFORMANT = 102, 109
SPRING_CARDS = (SPRING_PREPARATIONS, VENETIAN_INFORMANT)


def in_spring(state: State) -> bool:
    """The Papacy is deciding its spring deployment and has not deployed yet (the only time these cards play)."""
    top = core.top(state)
    return state["phase"] == "spring_deployment" and top is not None and top["kind"] == "spring"


def spring_plays(state: State, board: HisMap) -> list[Action]:
    """The spring cards the Papacy may play now, as actions of its ``spring`` decision."""
    return [
        {"type": "play", "card": n, "as": "event"}
        for n in SPRING_CARDS
        if events.playable(state, board, PAPACY, n) is None
    ]


def _spring_only(state: State, board: HisMap, power: str) -> str | None:
    if power != PAPACY:
        return "only the Papacy spring-deploys in the two-player game (seed 10; HIS-V17)"
    if not in_spring(state):
        return "it is played in the Spring Deployment Phase, before the Papacy deploys"
    return None


def _preparations_condition(state: State, board: HisMap, power: str) -> str | None:
    why = _spring_only(state, board, power)
    if why:
        return why
    capital = military.capital_of(board, PAPACY)
    if capital is None or state["spaces"][capital]["control"] != PAPACY:
        return "the Papacy does not control Rome"
    return None


@event(SPRING_PREPARATIONS, _preparations_condition)
def spring_preparations(state: State, board: HisMap, power: str) -> None:
    """#102 Spring Preparations (not the Protestant; the player must control its capital; in the spring): a regular
    joins the Papacy in Rome, and this spring's deployment may cross passes, carry more than 5 land units by sea
    and cross sea zones where other powers have fleets."""
    capital = military.capital_of(board, PAPACY)
    assert capital is not None
    b.add_units(state, capital, PAPACY, "regular", 1)
    state["spring_preparations"] = state["turn"]
    core.log(state, "Spring Preparations: a Papal regular joins Rome; the deployment may cross passes and seas")


def _informant_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "done"}]


def _on_informant(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()


core.decision_kind("informant", _informant_legal, _on_informant)


@event(VENETIAN_INFORMANT, _spring_only)
def venetian_informant(state: State, board: HisMap, power: str) -> None:
    """#109 Venetian Informant (in the spring, before any deployment): the player looks at the other player's
    main-deck hand in secret (the decision's ``secret``; never the log)."""
    core.log(state, "Venetian Informant: the Papacy looks at the Protestant's hand")
    state["stack"].append({"kind": "informant", "role": PAPACY, "secret": list(state["hands"][PROTESTANT])})
