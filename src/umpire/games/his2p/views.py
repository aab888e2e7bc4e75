"""What each role sees (architecture: the one place a ruleset's secrets are kept): the board, tracks and VP are
public; a hand of main-deck cards and a hand of Diplomatic cards only to their owner (the other player and the
observer see how many); a seat's auto-pass setting only to that seat; the decks' order to no one (the GM sees all);
a card committed to the Diet of Worms only to its owner until both are revealed; die rolls with their purposes,
secret ones only to those allowed.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import core, deck, engine, labels, victory
from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import excommunication
from umpire.games.his2p.war import windows
from umpire.kernel import rng
from umpire.kernel.ruleset import GM

State = dict[str, Any]


def _card(number: int) -> dict[str, Any]:
    card = deck.card(number)
    return {"number": number, "name": card.name, "cp": card.cp, "type": card.type}


def view(state: State, role: str) -> dict[str, Any]:
    """The view of ``role``: a seat (``papacy``, ``protestant``), ``gm`` or ``observer``."""
    board = load_map()
    decision = core.top(state)
    out: dict[str, Any] = {
        "ruleset": "his2p",
        "role": role,
        "turn": state["turn"],
        "phase": state["phase"],
        "over": bool(state.get("over")),
        "winner": state.get("winner"),
        "outcome": state.get("outcome"),
        "blocked": state.get("blocked"),
        "acting": engine.acting_roles(state),
        "decision": _decision(decision, role) if decision else None,
        "spaces": state["spaces"],
        "units": state["units"],
        "leaders": state["leaders"],
        "captured": state.get("captured", {}),  # army leaders captured in battle, by captor (14 step 10)
        "sieges": state.get("sieges", {}),
        "fortresses": state.get("fortresses", []),  # added by Trace Italienne (#104)
        "leader_sides": state.get("leader_sides", {}),  # Maurice of Saxony (#60), Charles Bourbon (#70)
        "land_move": state.get("land_move"),  # a move being resolved: its formation is in transit until it arrives
        "reformers": state["reformers"],
        "debaters": state["debaters"],
        "debater_rows": debater_rows(state),
        "rulers": state["rulers"],
        "excommunicated_rulers": excommunication.markers(state),  # their markers on the Papal card (HIS-H03)
        "diplomacy": state["diplomacy"],
        "events": state["events"],
        "tracks": state["tracks"],
        "vp": victory.vp(state, board),
        "bonus_vp": state["bonus_vp"],
        "discard": [_card(n) for n in state["discard"]],
        "removed": sorted(state["removed"]),
        "deck_size": len(state["deck"]),
        "diplomatic_deck_size": len(state["diplomatic_deck"]),
        "hand_sizes": {p: len(h) for p, h in state["hands"].items()},
        "diplomatic_hand_sizes": {p: len(h) for p, h in state["diplomatic_hands"].items()},
        "log": state["log"],
        "rolls": rng.visible_rolls(state, role),
        "actions": engine.legal_actions(state, role) if not state.get("blocked") else [],
    }
    out["action_labels"] = labels.labels(state, role, out["actions"])  # each action's button, in the same order
    out["decision_text"] = labels.describe(out["decision"], role)
    if role in state["hands"]:
        # the seat's own "pass automatically unless I hold a card that can be played here" (HIS-R09): its page's box
        out["autopass_unless_playable"] = windows.unless_playable(state, role)
        out["hand"] = [_card(n) for n in state["hands"][role]]
        out["diplomatic_hand"] = list(state["diplomatic_hands"][role])
        out["diplomatic_hand_cards"] = [
            {"number": n, "name": load_cards().diplomatic[n].name} for n in state["diplomatic_hands"][role]
        ]
    if role == GM:
        out["hands"] = {p: [_card(n) for n in h] for p, h in state["hands"].items()}
        out["diplomatic_hands"] = state["diplomatic_hands"]
        out["deck"] = list(state["deck"])
        out["diplomatic_deck"] = list(state["diplomatic_deck"])
    return out


def debating(state: State) -> set[str]:
    """The debaters in a debate now: those an open decision of a debate names (its defender's pool being chosen,
    a response window before a round's dice). Public: the draws are logged as they are made (18.5 steps 2-4)."""
    named: set[str] = set()
    for decision in state["stack"]:
        for context in (decision, decision.get("debate")):
            if isinstance(context, dict) and isinstance(context.get("attacker"), str):
                named.update(d for d in (context.get("attacker"), context.get("defender")) if isinstance(d, str))
    return named


def debater_rows(state: State) -> list[dict[str, Any]]:
    """Every debater as the page lists them (all public, 18.1): name, side, language zone (Papal debaters have
    none), value, status (``uncommitted``, ``committed``, ``absent``, ``burned``, ``disgraced``, ``dead``), the
    bonus in words, and whether he is in a debate now; Papal first, then by zone and value."""
    now = debating(state)
    rows = [
        {
            "id": d,
            "name": info.name,
            "side": info.side,
            "zone": info.zone,
            "value": info.value,
            "status": state["debaters"].get(d, "absent"),
            "bonus": info.bonus,
            "debating": d in now,
        }
        for d, info in load_people().debaters.items()
    ]
    return sorted(rows, key=lambda r: (r["side"] != "papal", r["zone"] or "", -r["value"], r["name"]))


def _decision(decision: dict[str, Any], role: str) -> dict[str, Any]:
    """The open decision as ``role`` may see it: a sealed Diet card is shown only to its owner (and the GM), and a
    decision's ``secret`` (a hand an event lets its player look at) only to the role deciding (and the GM)."""
    shown = {k: v for k, v in decision.items() if k not in ("cards", "secret")}
    if "secret" in decision and role in (decision["role"], GM):
        shown["secret"] = decision["secret"]
    if decision["kind"] == "diet":
        cards = decision["cards"]
        shown["committed"] = sorted(cards)
        if role in cards:
            shown["own_card"] = cards[role]
        if role == GM:
            shown["cards"] = dict(cards)
    return shown
