"""Events that change religious influence or place unrest directly, without attempts (each card's text in
umpire's words; rule book 12.4 for unrest, 18 for influence): Anabaptists, Frederick the Wise, Book of Common
Prayer, Peasants' War, Pilgrimage of Grace, Philip of Hesse's Bigamy; and Zwingli Dons Armor, which ends Zwingli.

Two decisions serve them: ``convert`` (flip chosen spaces one at a time from a list the card defines) and
``unrest`` (place unrest on up to a number of chosen spaces, or stop).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck, victory
from umpire.games.his2p.events.events import event
from umpire.games.his2p.events.events_religious import random_card, uncommitted
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.religion import religion, religious_actions
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"

ZWINGLI_DONS_ARMOR, PHILIP_OF_HESSES_BIGAMY, BOOK_OF_COMMON_PRAYER, PILGRIMAGE_OF_GRACE = 43, 57, 62, 64
ANABAPTISTS, FREDERICK_THE_WISE, PEASANTS_WAR = 67, 78, 88
THE_WARTBURG = 37


def unoccupied(state: State, space: str) -> bool:
    """No unit of any power stands in the space (the cards' "unoccupied")."""
    return not any(b.land_unit_count(state, space, p) for p in state["units"].get(space, {}))


# --- convert: flip spaces the card names --------------------------------------------------------------------------


def _convert_choices(state: State, board: HisMap, decision: dict[str, Any]) -> list[str]:
    rule = decision["rule"]
    if rule == "anabaptists":
        return [
            s
            for s in sorted(board.spaces)
            if b.religion(state, board, s) == b.PROTESTANT
            and board.spaces[s].type != "electorate"
            and unoccupied(state, s)
        ]
    if rule == "frederick":
        return nearest_catholic_german(state, board)
    raise ValueError(f"unknown conversion {rule!r}")  # pragma: no cover - the cards write only those above


def nearest_catholic_german(state: State, board: HisMap) -> list[str]:
    """The Catholic German-speaking spaces fewest connections (passes included) from Wittenberg (card #78)."""
    hops = board.hops("wittenberg")
    found = [s for s in hops if board.spaces[s].language == "german" and b.religion(state, board, s) == b.CATHOLIC]
    nearest = min((hops[s] for s in found), default=None)
    return sorted(s for s in found if hops[s] == nearest)


def _convert_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "convert", "space": s} for s in _convert_choices(state, board, decision)]


def _on_convert(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    religion.flip(state, board, action["space"], decision["side"])
    decision["left"] -= 1
    core.log(state, f"{board.spaces[action['space']].name} turns {decision['side']}")
    victory.check_religious_victory(state, board)
    if decision["left"] <= 0 or not _convert_choices(state, board, decision):
        state["stack"].pop()
        if decision["rule"] == "frederick" and THE_WARTBURG in state["discard"]:
            state["stack"].append({"kind": "wartburg", "role": PROTESTANT})


core.decision_kind("convert", _convert_legal, _on_convert)


def _push_convert(state: State, board: HisMap, role: str, side: str, count: int, rule: str) -> None:
    frame = {"kind": "convert", "role": role, "side": side, "left": count, "rule": rule}
    if _convert_choices(state, board, frame):
        state["stack"].append(frame)
    else:
        core.log(state, "no space may be converted")


@event(ANABAPTISTS)
def anabaptists(state: State, board: HisMap, power: str) -> None:
    """#67 Anabaptists: the Papacy turns two Protestant spaces that are neither electorates nor occupied back to
    Catholic, whether or not they could be counter-reformation targets."""
    core.log(state, "Anabaptists: the Papacy converts 2 unoccupied Protestant spaces (not electorates)")
    _push_convert(state, board, PAPACY, b.CATHOLIC, 2, "anabaptists")


@event(FREDERICK_THE_WISE)
def frederick_the_wise(state: State, board: HisMap, power: str) -> None:
    """#78 Frederick the Wise: the two Catholic German-speaking spaces nearest Wittenberg turn Protestant (the
    Protestant picks among equally near ones); then the Protestant may take The Wartburg from the discard pile."""
    core.log(state, "Frederick the Wise: the 2 Catholic German spaces nearest Wittenberg turn Protestant")
    _push_convert(state, board, PROTESTANT, b.PROTESTANT, 2, "frederick")
    converting = bool(state["stack"]) and state["stack"][-1]["kind"] == "convert"
    if not converting and THE_WARTBURG in state["discard"]:
        state["stack"].append({"kind": "wartburg", "role": PROTESTANT})


def _wartburg_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "take_wartburg"}, {"type": "leave"}]


def _on_wartburg(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    if action["type"] == "take_wartburg" and THE_WARTBURG in state["discard"]:
        state["discard"].remove(THE_WARTBURG)
        state["hands"][PROTESTANT].append(THE_WARTBURG)
        state["hands"][PROTESTANT].sort()
        core.log(state, "the Protestant takes The Wartburg from the discard pile")


core.decision_kind("wartburg", _wartburg_legal, _on_wartburg)


# --- unrest ---------------------------------------------------------------------------------------------------------


def _unrest_choices(state: State, board: HisMap, decision: dict[str, Any]) -> list[str]:
    return [
        s
        for s in decision["spaces"]
        if not b.in_unrest(state, s) and (decision.get("occupied") or unoccupied(state, s))
    ]


def _unrest_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    if "roll" in decision:
        return [{"type": "roll"}]
    places: list[Action] = [{"type": "unrest", "space": s} for s in _unrest_choices(state, board, decision)]
    return [*places, *([{"type": "done"}] if decision["optional"] else [])]


def _on_unrest(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "roll":
        _prayer_roll(state, board, decision)
    elif action["type"] == "unrest":
        state["spaces"][action["space"]]["unrest"] = True
        decision["left"] -= 1
        core.log(state, f"unrest in {board.spaces[action['space']].name}")
    if action["type"] == "done" or decision["left"] <= 0 or not _unrest_choices(state, board, decision):
        state["stack"].pop()


core.decision_kind("unrest", _unrest_legal, _on_unrest)


def _push_unrest(state: State, role: str, spaces: list[str], count: int, optional: bool) -> None:
    state["stack"].append({"kind": "unrest", "role": role, "spaces": spaces, "left": count, "optional": optional})


@event(PEASANTS_WAR)
def peasants_war(state: State, board: HisMap, power: str) -> None:
    """#88 Peasants' War: the player places unrest on up to five unoccupied German-speaking spaces (12.4)."""
    _push_unrest(state, power, sorted(board.by_language("german")), 5, True)


@event(PILGRIMAGE_OF_GRACE)
def pilgrimage_of_grace(state: State, board: HisMap, power: str) -> None:
    """#64 Pilgrimage of Grace: the player places unrest on up to five unoccupied English home spaces (12.4)."""
    _push_unrest(state, power, sorted(board.home_spaces("england")), 5, True)


@event(BOOK_OF_COMMON_PRAYER, uncommitted("cranmer"))
def book_of_common_prayer(state: State, board: HisMap, power: str) -> None:
    """#62 Book of Common Prayer: with Cranmer uncommitted, the Protestant makes 4 reformation attempts in English
    home spaces only (Calais included; 18.3 step 1), Cranmer is committed; after them the player rolls a die: 3-4
    unrest in one Catholic English home space, 5 in two, 6 in all, chosen by the player (occupied ones too)."""
    core.log(state, "Book of Common Prayer: 4 reformation attempts in English home spaces")
    state["debaters"]["cranmer"] = "committed"
    state["stack"].append({"kind": "unrest", "role": power, "roll": True, "spaces": [], "left": 0, "optional": False})
    frame = religious_actions.attempts_frame(PROTESTANT, 4, religion.Attempt(religion.REFORMATION, "english"))
    frame["targeted"] = list(state.get("impulse_targets", []))
    frame["only"] = sorted(board.home_spaces("england"))
    state["stack"].append(frame)


def _prayer_roll(state: State, board: HisMap, decision: dict[str, Any]) -> None:
    """The die after the Book of Common Prayer's attempts: how many Catholic English home spaces go into unrest."""
    face = rng.roll(state, "Book of Common Prayer: unrest in England")
    catholic = [
        s
        for s in sorted(board.home_spaces("england"))
        if b.religion(state, board, s) == b.CATHOLIC and not b.in_unrest(state, s)
    ]
    count = 0 if face <= 2 else 1 if face <= 4 else 2 if face == 5 else len(catholic)
    core.log(state, f"Book of Common Prayer: the die shows {face}, unrest in {count} Catholic English space(s)")
    decision.pop("roll")
    decision.update({"spaces": catholic, "left": count, "occupied": True})
    if count >= len(catholic):
        for s in catholic:
            state["spaces"][s]["unrest"] = True
        decision["left"] = 0


@event(PHILIP_OF_HESSES_BIGAMY)
def philip_of_hesses_bigamy(state: State, board: HisMap, power: str) -> None:
    """#57 Philip of Hesse's Bigamy: the Protestant either removes Philip of Hesse from the game or discards a card
    at random; with Philip not on the map only the discard remains."""
    if "philip_of_hesse" in state["leaders"]:
        state["stack"].append({"kind": "bigamy", "role": PROTESTANT})
    else:
        _bigamy_discard(state)


def _bigamy_discard(state: State) -> None:
    drawn = random_card(state, PROTESTANT, "Philip of Hesse's Bigamy: the Protestant discards at random")
    if drawn is not None:
        deck.discard_from_hand(state, PROTESTANT, drawn)
        core.log(state, f"Philip of Hesse's Bigamy: the Protestant discards {deck.name_of(drawn)}")


def _bigamy_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "remove_philip"}, {"type": "discard"}]


def _on_bigamy(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    if action["type"] == "remove_philip":
        state["leaders"].pop("philip_of_hesse", None)
        core.log(state, "Philip of Hesse leaves the game")
    else:
        _bigamy_discard(state)


core.decision_kind("bigamy", _bigamy_legal, _on_bigamy)


#: Zwingli Dons Armor reaches Catholic land units this many connections (passes included) from Zurich.
ZWINGLI_REACH = 3


def _within(board: HisMap, start: str, steps: int) -> list[str]:
    return sorted(s for s, d in board.hops(start).items() if d <= steps)


def _catholic_units(state: State, board: HisMap) -> list[Action]:
    found: list[Action] = []
    for space in _within(board, "zurich", ZWINGLI_REACH):
        for power in sorted(state["units"].get(space, {})):
            if b.unit_confession(state, power) != b.CATHOLIC:
                continue
            units = b.units_of(state, space, power)
            for kind in b.LAND_UNITS:
                if units[kind]:
                    found.append({"type": "eliminate", "space": space, "power": power, "unit": kind})
    return found


@event(ZWINGLI_DONS_ARMOR)
def zwingli_dons_armor(state: State, board: HisMap, power: str) -> None:
    """#43 Zwingli Dons Armor: the Protestant eliminates one Catholic land unit within three spaces of Zürich (his
    choice, if there is one); then Zwingli's reformer and debater leave the game (status ``dead``)."""
    state["reformers"]["zwingli"] = None
    if state["debaters"].get("zwingli") != "burned":
        state["debaters"]["zwingli"] = "dead"
    core.log(state, "Zwingli dons armor: his reformer and debater leave the game")
    if _catholic_units(state, board):
        state["stack"].append({"kind": "zwingli", "role": PROTESTANT})


def _zwingli_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return _catholic_units(state, board)


def _on_zwingli(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    b.add_units(state, action["space"], action["power"], action["unit"], -1)
    core.log(state, f"a {action['power']} {action['unit']} in {board.spaces[action['space']].name} is eliminated")


core.decision_kind("zwingli", _zwingli_legal, _on_zwingli)
