"""Combat-card windows (rule book 14 steps 4-5, 15.1 steps 5-6, 16.2) that never leak a hand (issue 14 point 8).

A *window* is a decision at a fixed point of the rules: before the dice of a field battle, an assault or a naval
battle, the player deciding for each side's power (``control.controller``) may play combat cards, the attacker's
side first; after an assault's dice, the attacker's player may play Siege Artillery. It opens for every such player
**whatever the cards it holds**: whether it opens and how long it waits never depends on the hand. Its legal actions
are ``pass``, ``pass`` with ``"always": true`` (stop asking me for this kind of window) and one ``play`` per card of
the hand playable there; the other player sees only that a window is open and whose it is. A player who auto-passes
a kind (``state["autopass"][role]``, set from a window, turned back off from the impulse decision with ``{"type":
"autopass", "kind": k, "on": false}``) passes at once, logged exactly as a manual pass.

The cards played are kept in ``state["combat_cards"]`` until the battle's code reads them (:func:`extra_dice`,
:func:`take_played`). Built: Arquebusiers (#24), Field Artillery (#25), Siege Mining (#28), Mercenaries Grow
Restless (#27), Mercenaries Bribed (#26), Surprise Attack (#29), and the response card Siege Artillery (#35) in a
window after the assault's dice (15.1 step 8); Landsknechts (#33) and Swiss Mercenaries (#36) are offered here too
(``responses.py`` places their mercenaries, HIS-P03), the other response cards in windows of their own there.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core, deck
from umpire.games.his2p.events import responses
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war import military
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

WINDOW = "combat_window"
FIELD_BATTLE = "field_battle"
ASSAULT = "assault"
NAVAL_BATTLE = "naval_battle"
#: 15.1 step 8: after the assault's dice, before its losses (Siege Artillery).
ASSAULT_DICE_ROLLED = "assault_dice_rolled"
#: The kinds of window a player may auto-pass.
KINDS = (FIELD_BATTLE, ASSAULT, NAVAL_BATTLE, ASSAULT_DICE_ROLLED)
#: The private preference "pass every window automatically unless I hold a card that can be played there" (issue 31
#: point 6, ruling HIS-R09): kept with the kinds in ``state["autopass"][role]``, set in any decision of the seat's by
#: ``{"type": "autopass", "kind": "unless_playable", "on": true}`` (:func:`set_preference`).
UNLESS_PLAYABLE = "unless_playable"
ATTACKER, DEFENDER = "attacker", "defender"

ARQUEBUSIERS = 24
FIELD_ARTILLERY = 25
MERCENARIES_BRIBED = 26
MERCENARIES_GROW_RESTLESS = 27
SIEGE_MINING = 28
SURPRISE_ATTACK = 29
SIEGE_ARTILLERY = 35
LANDSKNECHTS = 33
SWISS_MERCENARIES = 36
#: Siege Artillery's reach: a line of communication of at most this many land spaces (the card's text).
ARTILLERY_REACH = 4
#: Where each built combat card may be played: window kind -> the sides that may play it.
PLAYABLE: dict[int, dict[str, tuple[str, ...]]] = {
    ARQUEBUSIERS: {FIELD_BATTLE: (ATTACKER, DEFENDER), NAVAL_BATTLE: (ATTACKER, DEFENDER)},
    FIELD_ARTILLERY: {FIELD_BATTLE: (ATTACKER, DEFENDER)},
    MERCENARIES_BRIBED: {FIELD_BATTLE: (ATTACKER, DEFENDER)},
    SURPRISE_ATTACK: {FIELD_BATTLE: (ATTACKER, DEFENDER)},
    SIEGE_ARTILLERY: {ASSAULT_DICE_ROLLED: (ATTACKER,)},
    SIEGE_MINING: {ASSAULT: (ATTACKER,)},
    MERCENARIES_GROW_RESTLESS: {ASSAULT: (DEFENDER,)},
    # the response cards of 14 step 1 and 15.1 step 2, played in these windows (responses.py, HIS-P03)
    LANDSKNECHTS: {FIELD_BATTLE: (ATTACKER, DEFENDER), ASSAULT: (ATTACKER,)},
    SWISS_MERCENARIES: {FIELD_BATTLE: (ATTACKER, DEFENDER), ASSAULT: (ATTACKER,)},
}
#: Powers whose side gets three dice, not two, from Field Artillery (the card's text).
ARTILLERY_POWERS = frozenset({"france", "ottoman"})


def autopassed(state: State, role: str) -> list[str]:
    """The kinds of window ``role`` passes without being asked."""
    return list(state.setdefault("autopass", {}).get(role, []))


def unless_playable(state: State, role: str) -> bool:
    """Whether ``role`` passes every window in which no card of its hand can be played (its private preference)."""
    return UNLESS_PLAYABLE in autopassed(state, role)


def playable(card: int, kind: str, side: str) -> bool:
    """Whether ``card`` may be played by ``side`` in a window of ``kind`` (only the built cards)."""
    return side in PLAYABLE.get(card, {}).get(kind, ())


def open_windows(state: State, kind: str, at: str, sides: dict[str, list[str]], resume: str) -> bool:
    """Open the windows of a battle of ``kind`` at ``at``: one per player deciding for a power of each side, the
    attacker's first (14 steps 4-5, 15.1 steps 5-6). ``sides`` maps ``attacker``/``defender`` to the powers fighting;
    ``resume`` names the continuation (``core.continuation``) that runs once they close. True if a player must now
    decide; the cards played are then in ``state["combat_cards"]`` (also when no window waits, with none played)."""
    queue: list[list[str]] = []
    for side in (ATTACKER, DEFENDER):
        for power in sides.get(side, []):
            role = control.controller(state, power)
            if role is not None and [side, role] not in [q[:2] for q in queue]:
                queue.append([side, role, power])
    state["combat_cards"] = {
        "kind": kind,
        "at": at,
        "sides": {s: list(ps) for s, ps in sides.items()},
        "queue": queue,
        "played": {ATTACKER: [], DEFENDER: []},
        "played_for": {},
        "resume": resume,
    }
    return _next(state)


def _next(state: State) -> bool:
    """Push the next window of the queue, passing at once for a player who auto-passes its kind, or who passes
    windows where it can play nothing and holds no card :func:`_cards` would offer there (logged as a manual pass)."""
    record = state["combat_cards"]
    while record["queue"]:
        side, role, power = record["queue"].pop(0)
        window = {"kind": WINDOW, "role": role, "window": record["kind"], "side": side, "power": power}
        window["at"] = record["at"]
        if record["kind"] in autopassed(state, role) or (unless_playable(state, role) and not _cards(state, window)):
            _log_pass(state, role, record)
            continue
        state["stack"].append(window)
        return True
    return False


def _log_pass(state: State, role: str, record: dict[str, Any]) -> None:
    core.log(state, f"{role} passes in the {record['kind'].replace('_', ' ')} window at {record['at']}")


def _other(side: str) -> str:
    return DEFENDER if side == ATTACKER else ATTACKER


def _refused(state: State, card: int, decision: dict[str, Any]) -> bool:
    """Mercenaries Bribed is not played by the Ottomans, nor against them (the card's text); Surprise Attack not
    against a Surprise Attack already declared (ruling HIS-R07)."""
    if card == SURPRISE_ATTACK:
        return SURPRISE_ATTACK in state["combat_cards"]["played"][_other(decision["side"])]
    if card in (LANDSKNECHTS, SWISS_MERCENARIES):
        return responses.in_combat_window(state, decision["role"], decision, card) is not None
    if card != MERCENARIES_BRIBED:
        return False
    enemies = state["combat_cards"]["sides"].get(_other(decision["side"]), [])
    return decision["power"] == "ottoman" or "ottoman" in enemies


def _cards(state: State, decision: dict[str, Any]) -> list[Action]:
    """The ``play`` actions of the cards of the deciding player's hand playable in this window."""
    return [
        {"type": "play", "card": c}
        for c in sorted(state["hands"][decision["role"]])
        if playable(c, decision["window"], decision["side"]) and not _refused(state, c, decision)
    ]


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "pass"}, {"type": "pass", "always": True}, *_cards(state, decision)]


def _handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """Play one card (the window stays open for more) or pass (the next window opens, or the battle goes on)."""
    record = state["combat_cards"]
    if action["type"] == "play":
        card = action["card"]
        deck.discard_from_hand(state, role, card)
        record["played"][decision["side"]].append(card)
        record["played_for"][str(card)] = decision["power"]
        core.log(state, f"{role} plays {deck.name_of(card)} for the {decision['side']} ({decision['power']})")
        if card in (LANDSKNECHTS, SWISS_MERCENARIES):  # new mercenaries before the dice are counted
            responses.place_mercenaries(state, role, card)
        return
    state["stack"].pop()
    if action.get("always"):
        state["autopass"].setdefault(role, []).append(decision["window"])
    _log_pass(state, role, record)
    if not _next(state):
        core.proceed(state, board, record["resume"], record)  # the battle's module registered it (core.continuation)


def take_played(state: State) -> dict[str, list[int]]:
    """The cards played in the windows just closed, by side; the record is cleared."""
    record = state.pop("combat_cards", None)
    return record["played"] if record else {ATTACKER: [], DEFENDER: []}


def extra_dice(played: dict[str, list[int]], side: str, powers: list[str]) -> int:
    """Extra dice of ``side`` from its combat cards: Arquebusiers 2 (field or naval battle), Field Artillery 2 or,
    for a side of French or Ottoman units, 3 (ruling HIS-R02), Siege Mining 3 (the attacker in an assault)."""
    total = 0
    for card in played.get(side, []):
        if card == ARQUEBUSIERS:
            total += 2
        elif card == FIELD_ARTILLERY:
            total += 3 if ARTILLERY_POWERS & set(powers) else 2
        elif card == SIEGE_MINING:
            total += 3
    return total


def surprise(played: dict[str, list[int]]) -> str | None:
    """The side that rolls first by Surprise Attack (#29), or None: its hits are taken before the other side counts
    its dice, one die fewer per land unit lost (every unit rolls one die, whatever kind is lost), none when no land
    unit is left; the losses' kinds are still chosen after the battle (14 step 9), which changes no die."""
    for side in (ATTACKER, DEFENDER):
        if SURPRISE_ATTACK in played.get(side, []):
            return side
    return None


def bribe_mercenaries(state: State) -> None:
    """Mercenaries Bribed (#26), before a field battle's dice are counted: half (rounded up) of the other side's
    mercenaries in the space leave it and as many mercenaries of the power the card was played for join the battle
    (taken from the other side's powers in the order they fight; each keeps one land unit, ruling HIS-R06)."""
    record = state.get("combat_cards")
    if not record:
        return
    for side in (ATTACKER, DEFENDER):
        if MERCENARIES_BRIBED not in record["played"][side]:
            continue
        space, gainer = record["at"], record["played_for"][str(MERCENARIES_BRIBED)]
        losers = record["sides"].get(_other(side), [])
        held = {p: state["units"].get(space, {}).get(p, {}).get("mercenary", 0) for p in losers}
        left, gained = (sum(held.values()) + 1) // 2, 0
        for power in losers:
            n = min(left, held[power], b.land_unit_count(state, space, power) - 1)  # one unit stays (HIS-R06)
            if n > 0:
                b.add_units(state, space, power, "mercenary", -n)
                core.log(state, f"Mercenaries Bribed: {n} {power} mercenary unit(s) switch sides in {space}")
                left, gained = left - n, gained + n
        if gained:
            b.add_units(state, space, gainer, "mercenary", gained)
            core.log(state, f"{gained} {gainer} mercenary unit(s) join the battle in {space}")


def restless_mercenaries(state: State, space: str, power: str, played: dict[str, list[int]]) -> int:
    """Mercenaries Grow Restless (#27), played by the defender of an assault: every mercenary of the assaulting
    power's formation in ``space`` leaves play; the number removed."""
    if MERCENARIES_GROW_RESTLESS not in played.get(DEFENDER, []):
        return 0
    n = state["units"].get(space, {}).get(power, {}).get("mercenary", 0)
    if n:
        b.add_units(state, space, power, "mercenary", -n)
        core.log(state, f"Mercenaries Grow Restless: {power} loses {n} mercenary unit(s) in {space}")
    return int(n)


def artillery_in_range(state: State, board: HisMap, power: str, space: str) -> bool:
    """Siege Artillery's condition: a line of communication over land (12.1's path spaces) of at most four land
    spaces, the assaulted space included, from a fortified home space of ``power`` itself (ruling HIS-R08)."""
    start = {
        s
        for s, sp in board.spaces.items()
        if sp.fortified and power in sp.home and military.path_space(state, board, power, s)
    }
    seen, frontier = set(start), set(start)
    for _ in range(ARTILLERY_REACH):
        reached: set[str] = set()
        for here in frontier:
            for n in board.spaces[here].links | board.spaces[here].passes:
                if n == space:
                    return True
                if n not in seen and military.path_space(state, board, power, n):
                    reached.add(n)
        seen |= reached
        frontier = reached
    return False


def artillery_hits(state: State, space: str, played: dict[str, list[int]]) -> int:
    """Siege Artillery (#35), played for the attacker once both sides have rolled (15.1 step 8): two more dice that
    hit on 3 or more."""
    if SIEGE_ARTILLERY not in played.get(ATTACKER, []):
        return 0
    faces = rng.roll_many(state, f"assault on {space}: Siege Artillery", 2)
    found = sum(1 for f in faces if f >= 3)
    core.log(state, f"Siege Artillery at {space}: {faces}, {found} more hit(s)")
    return found


def autopass_actions(state: State, role: str) -> list[Action]:
    """The impulse decision's actions turning windows back on for the kinds ``role`` auto-passes (not the
    ``unless_playable`` preference: the page's checkbox sets that one in any decision, :func:`set_preference`)."""
    return [{"type": "autopass", "kind": k, "on": False} for k in autopassed(state, role) if k != UNLESS_PLAYABLE]


def is_preference(action: Action) -> bool:
    """Whether ``action`` is the ``unless_playable`` preference, which a seat may send in any of its decisions."""
    return action.get("type") == "autopass" and action.get("kind") == UNLESS_PLAYABLE


def set_preference(state: State, role: str, action: Action) -> None:
    """Turn ``role``'s "pass automatically unless I hold a card that can be played here" on or off (issue 31
    point 6, ruling HIS-R09): accepted in any decision of the seat's (not while the other decides: its undo would
    be refused, telling it), only in the seat's own view, never in the public log; it acts from the next window
    that opens (the decision it was sent in stays open). IllegalAction for a malformed action."""
    if set(action) != {"type", "kind", "on"} or not isinstance(action["on"], bool):
        raise IllegalAction(
            f'the auto-pass setting is {{"type": "autopass", "kind": "{UNLESS_PLAYABLE}", "on": true or false}}, '
            f"got {action}"
        )
    set_autopass(state, role, action)


def set_autopass(state: State, role: str, action: Action) -> None:
    """Turn auto-pass of a kind of window on or off (not logged: it says nothing about a hand)."""
    kinds = state.setdefault("autopass", {}).setdefault(role, [])
    if action["on"] and action["kind"] not in kinds:
        kinds.append(action["kind"])
    elif not action["on"] and action["kind"] in kinds:
        kinds.remove(action["kind"])


core.decision_kind(WINDOW, _legal, _handle)
