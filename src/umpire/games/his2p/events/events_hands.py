"""Events about the players' hands (each card's text in umpire's words): Fuggers and Papal Inquisition.

Decisions: ``papal_inquisition_convert`` (the Papacy turns Protestant Italian spaces Catholic),
``papal_inquisition`` (having seen the Protestant's hand, the Papacy takes a card from it at random, takes a card
from the discard pile or calls a debate) and ``papal_inquisition_defender`` (the debate's defender pool, with the
Papacy's two extra dice). The hand the Papacy looks at is the decision's ``secret``, which the views show only to
the Papacy (and the GM), never the log.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck, victory
from umpire.games.his2p.events.events import event
from umpire.games.his2p.events.events_religious import commit, random_card, uncommitted
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debates, religion

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
PAPAL_INQUISITION, FUGGERS = 56, 79
#: Cards Fuggers draws now, and the cards its player is dealt fewer next turn.
FUGGERS_DRAW, FUGGERS_PENALTY = 2, 1
#: Spaces Papal Inquisition converts, and the extra dice of the debate it may call.
INQUISITION_CONVERSIONS, INQUISITION_DEBATE_DICE = 2, 2


# --- Fuggers -----------------------------------------------------------------------------------------------------


@event(FUGGERS)
def fuggers(state: State, board: HisMap, power: str) -> None:
    """#79 Fuggers: the player draws 2 cards from the deck now (as many as are left) and is dealt 1 card fewer in
    the next turn's Card Draw Phase (the "-1 card" marker: ``state["fuggers"]``, read by :func:`start_of_turn`)."""
    drawn = state["deck"][:FUGGERS_DRAW]
    del state["deck"][: len(drawn)]
    state["hands"][power].extend(drawn)
    state["hands"][power].sort()
    state.setdefault("fuggers", {})[power] = state["turn"]
    core.log(state, f"Fuggers: {power} draws {len(drawn)} cards and will be dealt {FUGGERS_PENALTY} fewer next turn")


def start_of_turn(state: State) -> None:
    """Before the Card Draw Phase: a Fuggers played last turn takes a card off this turn's deal (``card_penalty``,
    which ``deck.card_draw_phase`` reads); older markers go."""
    played = state.pop("fuggers", {})
    penalty = {p: FUGGERS_PENALTY for p, turn in played.items() if turn == state["turn"] - 1}
    if penalty:
        state["card_penalty"] = penalty
    else:
        state.pop("card_penalty", None)


# --- Papal Inquisition -------------------------------------------------------------------------------------------


def inquisition_spaces(state: State, board: HisMap) -> list[str]:
    """The spaces Papal Inquisition may convert: Protestant spaces of the Italian language zone."""
    return sorted(
        s
        for s, spot in board.spaces.items()
        if spot.language == "italian" and b.religion(state, board, s) == b.PROTESTANT
    )


def _convert_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "convert", "space": s} for s in inquisition_spaces(state, board)]


def _on_convert(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    religion.flip(state, board, action["space"], b.CATHOLIC)
    core.log(state, f"Papal Inquisition: {board.spaces[action['space']].name} turns Catholic")
    decision["left"] -= 1
    if decision["left"] <= 0 or not inquisition_spaces(state, board):
        state["stack"].pop()
    victory.check_religious_victory(state, board)


def _debate_zones(state: State) -> list[str]:
    people = load_people().debaters
    return [z for z in religion.DEBATE_ZONES if religion.debate_callable(state, people, "papal", z) is None]


def retrievable(state: State) -> list[int]:
    """The cards the Papacy may take from the discard pile: any but Papal Inquisition itself (HIS-V13)."""
    return sorted(n for n in set(state["discard"]) if n != PAPAL_INQUISITION)


def _inquisition_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    out: list[Action] = []
    if any(not deck.is_home(n) for n in state["hands"][PROTESTANT]):
        out.append({"type": "draw_random"})
    out += [{"type": "retrieve", "card": n} for n in retrievable(state)]
    out += [{"type": "debate", "zone": z} for z in _debate_zones(state)]
    return out or [{"type": "done"}]


def _on_inquisition(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    kind = action["type"]
    if kind == "draw_random":
        drawn = random_card(state, PROTESTANT, "Papal Inquisition: a card from the Protestant's hand")
        if drawn is not None:
            state["hands"][PROTESTANT].remove(drawn)
            state["hands"][PAPACY].append(drawn)
            state["hands"][PAPACY].sort()
            core.log(state, "Papal Inquisition: the Papacy takes a card at random from the Protestant's hand")
    elif kind == "retrieve":
        state["discard"].remove(action["card"])
        state["hands"][PAPACY].append(action["card"])
        state["hands"][PAPACY].sort()
        core.log(state, f"Papal Inquisition: the Papacy takes {deck.name_of(action['card'])} from the discard pile")
    elif kind == "debate":
        core.log(state, f"Papal Inquisition: the Papacy calls a debate with {INQUISITION_DEBATE_DICE} extra dice")
        debates.start_debate(state, PAPACY, action["zone"])
        opened = core.top(state)
        if opened is not None and opened["kind"] == "defender":
            opened["kind"] = "papal_inquisition_defender"


def _defender_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "defender", "pool": p} for p in decision["pools"]]


def _on_defender(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """The debate runs as any other (18.5), the Papal attacker with the card's two extra dice."""
    state["debate_extra_dice"] = INQUISITION_DEBATE_DICE
    try:
        debates.on_defender(state, board, role, decision, action)
    finally:
        state.pop("debate_extra_dice", None)


core.decision_kind("papal_inquisition_convert", _convert_legal, _on_convert)
core.decision_kind("papal_inquisition", _inquisition_legal, _on_inquisition)
core.decision_kind("papal_inquisition_defender", _defender_legal, _on_defender)


@event(PAPAL_INQUISITION, uncommitted("caraffa"))
def papal_inquisition(state: State, board: HisMap, power: str) -> None:
    """#56 Papal Inquisition (Caraffa uncommitted): the Papacy turns 2 Protestant spaces of the Italian zone
    Catholic; it looks at the Protestant's hand (England holds none in the two-player game) and then takes one card
    of it at random, or any card of the discard pile, or calls a debate in any zone with 2 extra dice; Caraffa is
    committed (HIS-V13). A card so taken is held for a later impulse, as every card taken in an impulse is."""
    core.log(state, "Papal Inquisition: the Papacy looks at the Protestant's hand")
    commit(state, "caraffa")
    state["stack"].append({"kind": "papal_inquisition", "role": PAPACY, "secret": list(state["hands"][PROTESTANT])})
    if inquisition_spaces(state, board):
        state["stack"].append({"kind": "papal_inquisition_convert", "role": PAPACY, "left": INQUISITION_CONVERSIONS})
