"""Response cards in windows that never leak a hand (rule book 6.1 Response Cards, 13.1 step 4, 15.1 step 2, 18.5;
issue 14 point 8; seed 11 and 14; rulings HIS-P01..).

A *response window* is a decision at a fixed point of the Action Phase, opened for the player who could in
principle answer there **whatever its hand** (the same rule as the combat windows of ``windows.py``, whose auto-pass
preferences it shares: ``state["autopass"][role]`` lists the kinds a player passes without being asked):

- ``action_declared``: the other player, once a formation's land move, an assault or a naval move has been
  declared and paid for (13.1 step 4, 15.1 step 2, 16.1): Foul Weather (#31), Gout (#32), Halley's Comet (#38);
- ``event_declared``: the other player, once a card has been declared as an event and before it is resolved (not
  a mandatory event): The Wartburg (#37, against a Papal event), Halley's Comet;
- ``debate_round``: the Protestant, before each round's dice of a debate in the German zone while Luther lives:
  Here I Stand (#7) as a response;
- ``spring``: the Protestant, as the Spring Deployment Phase opens, before the Papacy deploys: Venetian Informant
  (#109; ruling HIS-P07).

Landsknechts (#33) and Swiss Mercenaries (#36) are played in the field-battle and assault windows of
``windows.py`` (14 step 1 and 15.1 step 2 are merged with them, HIS-P03) and as events in the player's impulse.

Each window's actions are ``pass``, ``pass`` with ``"always": true`` and one ``play`` per card of the hand playable
there (with its choice: the leader Gout strikes, the effect of Halley's Comet); the opponent's view shows only that
a window is open and whose. A window that closes with every player passing lets the declared action, event or
round go on (:func:`_resume`).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core, deck
from umpire.games.his2p.events import events
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import assaults, land_war, military, windows
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PAPACY, PROTESTANT = "papacy", "protestant"
WINDOW = "response_window"
ACTION_DECLARED = "action_declared"
EVENT_DECLARED = "event_declared"
DEBATE_ROUND = "debate_round"
SPRING = "spring"
#: The kinds of response window a player may auto-pass (with the combat windows' kinds in ``windows.KINDS``).
KINDS = (ACTION_DECLARED, EVENT_DECLARED, DEBATE_ROUND, SPRING)

HERE_I_STAND = 7
FOUL_WEATHER = 31
GOUT = 32
LANDSKNECHTS = 33
SWISS_MERCENARIES = 36
THE_WARTBURG = 37
HALLEYS_COMET = 38
VENETIAN_INFORMANT = 109
#: The response cards this module plays, by the window where each may be played.
CARDS: dict[str, tuple[int, ...]] = {
    ACTION_DECLARED: (FOUL_WEATHER, GOUT, HALLEYS_COMET),
    EVENT_DECLARED: (THE_WARTBURG, HALLEYS_COMET),
    DEBATE_ROUND: (HERE_I_STAND, HALLEYS_COMET),
    SPRING: (VENETIAN_INFORMANT,),
}
#: The declared actions a response window follows (13.1 step 4, 15.1 step 2, 16.1: moves, assaults, naval moves).
GUARDED = frozenset({"move_formation", "move_over_pass", "assault", "naval_move"})
#: Landsknechts and Swiss Mercenaries: new mercenaries for the player's own power (seed 14: never another's).
MERCENARY_CARDS = {LANDSKNECHTS: 2, SWISS_MERCENARIES: 2}
#: The CP a declared action loses to Foul Weather or Gout (the cards' "1 CP is lost"; the rest comes back, HIS-P02).
CP_LOST = 1


# --- opening windows (the hooks other modules call) ------------------------------------------------------------


def _open(state: State, window: str, role: str, context: dict[str, Any]) -> bool:
    """Push a response window of kind ``window`` for ``role``, or pass at once for a player who auto-passes that
    kind, or who passes windows where it can play nothing and holds no card :func:`_plays` would offer there
    (ruling HIS-R09; logged exactly as a manual pass); True if ``role`` must now decide."""
    decision = {"kind": WINDOW, "role": role, "window": window, **context}
    if auto(state, role, window) or (windows.unless_playable(state, role) and not _plays(state, role, decision)):
        _log_pass(state, role, window)
        return False
    state["stack"].append(decision)
    return True


def auto(state: State, role: str, window: str) -> bool:
    """Whether ``role`` passes windows of kind ``window`` without being asked (its private preference)."""
    return window in windows.autopassed(state, role)


def _log_pass(state: State, role: str, window: str) -> None:
    core.log(state, f"{role} passes in the {window.replace('_', ' ')} response window")


def _cleared(state: State, what: str) -> bool:
    """Whether the window for ``what`` has just closed and the step it guarded now runs (the mark is used up)."""
    if state.get("response_cleared") == what:
        state.pop("response_cleared")
        return True
    return False


def action_declared(state: State, board: HisMap, role: str, action: dict[str, Any]) -> bool:
    """Called by ``military.apply`` once ``role`` has declared and paid for ``action``: for a move, an assault or a
    naval move in the Action Phase, the other player's window opens (13.1 step 4, 15.1 step 2). True if the action
    now waits for it; otherwise the action goes on at once (and a move is recorded for Foul Weather)."""
    if action.get("type") not in GUARDED or state.get("phase") != "action" or _cleared(state, "action"):
        _record_move(state, role, action)
        return False
    where = action.get("to") or action.get("space") or "sea"
    context = {"acting": role, "action": dict(action), "at": where}
    if _open(state, ACTION_DECLARED, control.opponent(role), context):
        return True
    _record_move(state, role, action)
    return False


def event_declared(state: State, board: HisMap, role: str, card: int) -> bool:
    """Called by the engine once ``role`` has declared ``card`` as an event in the Action Phase, before it is
    resolved: the other player's window opens (not for a mandatory event, which no response cancels). True if the
    event now waits for it."""
    if state.get("phase") != "action" or deck.is_mandatory(card):
        return False
    return _open(state, EVENT_DECLARED, control.opponent(role), {"acting": role, "card": card})


def debate_round(state: State, context: dict[str, Any]) -> bool:
    """Called by the engine before each round's dice of a debate (18.5 steps 5-8): in the German zone while Luther
    lives and the Wartburg has not set him aside this turn, the Protestant's window opens (Here I Stand). True if
    the round now waits for it."""
    if context["zone"] != "german" or _cleared(state, "debate"):
        return False
    if not _luther_alive(state) or state["events"].get("wartburg"):
        return False
    side = context["side"]
    protestant = context["attacker"] if side == PROTESTANT else context["defender"]
    if protestant == "luther":
        return False
    # what the card that called the debate holds only while its call runs (Leipzig Debate's barred debater, set
    # absent; Papal Inquisition's dice), kept for the rounds the window's close resumes (as Bullinger's decision does)
    kept = {
        "absent": sorted(d for d, status in state["debaters"].items() if status == "absent"),
        "extra_dice": state.get("debate_extra_dice", 0),
    }
    return _open(state, DEBATE_ROUND, PROTESTANT, {"debate": dict(context), "at": "german", **kept})


def spring_opens(state: State) -> bool:
    """Called by the engine as the Spring Deployment Phase opens, above the Papacy's deployment decision: the
    Protestant's window for Venetian Informant (ruling HIS-P07)."""
    return _open(state, SPRING, PROTESTANT, {"at": "spring"})


# --- what a window offers ----------------------------------------------------------------------------------------


def _luther_alive(state: State) -> bool:
    return state["debaters"].get("luther") not in (None, "burned", "dead")


def _mover_power(decision: dict[str, Any]) -> str:
    return str(decision["action"].get("power", decision["acting"]))


def gout_leaders(state: State, decision: dict[str, Any]) -> list[str]:
    """The army leaders of the declared move's formation, or of the assaulting formation (Gout's targets)."""
    action = decision["action"]
    if action["type"] in ("move_formation", "move_over_pass"):
        return sorted(action.get("leaders", []))
    if action["type"] == "assault":
        return assaults.formation(state, action["space"], _mover_power(decision))[1]
    return []


def _plays(state: State, role: str, decision: dict[str, Any]) -> list[Action]:
    """The ``play`` actions of the cards of ``role``'s hand playable in this window (with each card's choice)."""
    hand = state["hands"][role]
    window = decision["window"]
    out: list[Action] = []
    for card in sorted(c for c in set(hand) if c in CARDS[window]):
        if card in events.played_this_turn(state):
            continue
        if card == GOUT:
            out += [{"type": "play", "card": GOUT, "leader": lid} for lid in gout_leaders(state, decision)]
        elif card == HALLEYS_COMET:
            out += [{"type": "play", "card": HALLEYS_COMET, "effect": e} for e in halley_effects(state, role)]
        elif card != THE_WARTBURG or wartburg_refusal(state, decision["acting"], decision["card"]) is None:
            out.append({"type": "play", "card": card})
    return out


def wartburg_refusal(state: State, acting: str, card: int) -> str | None:
    """Why The Wartburg (#37) may not cancel ``card`` declared by ``acting``, or None: the Protestant cancels a
    Papal event while Luther lives; never a mandatory event, a combat or response card, or a home card but the
    Papacy's (its text; seed 9: never a Diplomatic card, which are not played through this window)."""
    if acting != PAPACY:
        return "only an event of the Protestant's opponent may be cancelled"
    if not _luther_alive(state):
        return "Luther is no longer alive"
    kind = deck.card(card).type
    if kind in ("mandatory", "combat", "response"):
        return f"a {kind} card's event may not be cancelled"
    if kind == "home" and deck.card(card).power != PAPACY:
        return "only the Papacy's home cards may be cancelled"
    return None


def halley_effects(state: State, role: str) -> list[str]:
    """Halley's Comet (#38): ``discard`` (a card at random from the other player's hand, if it holds one) or
    ``skip`` (the other player skips its next impulse, which is no pass; ruling HIS-P05)."""
    other = control.opponent(role)
    return (["discard"] if state["hands"][other] else []) + ["skip"]


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "pass"}, {"type": "pass", "always": True}, *_plays(state, role, decision)]


# --- playing and passing ------------------------------------------------------------------------------------------


def _spend(state: State, role: str, card: int) -> None:
    """A response played as its event leaves the hand (out of the game if its text says so, 6.2) and counts as
    this turn's event play of the card (6.2, Here I Stand and Papal Inquisition may not take it back)."""
    deck.play_as_event(state, role, card)
    plays = [p for p in state.get("event_plays", []) if p[0] == state["turn"]]
    state["event_plays"] = [*plays, [state["turn"], role, card]]
    core.log(state, f"{role} plays {deck.name_of(card)} as a response")


def _handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "pass":
        state["stack"].pop()
        if action.get("always"):
            windows.set_autopass(state, role, {"kind": decision["window"], "on": True})
        _log_pass(state, role, decision["window"])
        _resume(state, board, decision)
        return
    card = action["card"]
    _spend(state, role, card)
    if card == HALLEYS_COMET:
        halley(state, role, action["effect"])  # the window stays open: the declared step still waits
        return
    state["stack"].pop()
    if card == FOUL_WEATHER:
        _foul_weather(state, decision)
    elif card == GOUT:
        _gout(state, decision, action["leader"])
    elif card == THE_WARTBURG:
        _wartburg(state, decision)
    elif card == HERE_I_STAND:
        _here_i_stand(state, board, decision)
    elif card == VENETIAN_INFORMANT:
        _informant(state, role)


#: What goes on once a window of each kind closes with every player passing: a continuation's name
#: (``core.continuation``), registered below.
AFTER = {
    ACTION_DECLARED: "declared_action",
    EVENT_DECLARED: "declared_event",
    DEBATE_ROUND: "debate_round_window",
    SPRING: "spring_window",
}


def _resume(state: State, board: HisMap, decision: dict[str, Any]) -> None:
    """Every player passed: the declared action, event or debate round goes on."""
    core.proceed(state, board, AFTER[decision["window"]], decision)


@core.continuation(AFTER[ACTION_DECLARED])
def _action_goes_on(state: State, board: HisMap, window: dict[str, Any]) -> None:
    state["response_cleared"] = "action"
    military.apply(state, board, window["acting"], window["action"])


@core.continuation(AFTER[EVENT_DECLARED])
def _event_goes_on(state: State, board: HisMap, window: dict[str, Any]) -> None:
    events.play(state, board, window["acting"], window["card"])


@core.continuation(AFTER[DEBATE_ROUND])
def _round_goes_on(state: State, board: HisMap, window: dict[str, Any]) -> None:
    _run_debate(state, board, window["debate"], window)


@core.continuation(AFTER[SPRING])
def _deployment_goes_on(state: State, board: HisMap, window: dict[str, Any]) -> None:
    """Nothing runs: the Papacy's deployment decision, under the window on the stack, is made next."""


# --- each card ----------------------------------------------------------------------------------------------------


def _refund(state: State, decision: dict[str, Any]) -> int:
    """The cancelled action's CP beyond the one lost go back to the mover's CP decision (HIS-P02)."""
    paid = military.cost(state, decision["acting"], decision["action"])
    back = max(0, paid - CP_LOST)
    top = core.top(state)
    if back and top is not None and top["kind"] == "cp" and top["role"] == decision["acting"]:
        top["cp"] += back
    return back


def _impulse_mark(state: State) -> list[int]:
    return [state["turn"], state.get("impulse", {}).get("count", 0)]


def _foul_weather(state: State, decision: dict[str, Any]) -> None:
    """Foul Weather (#31), after a move, assault or naval move is declared: it does not happen and 1 CP is lost;
    for the rest of the impulse that power makes no assault and no naval move, and none of its land units moves
    more than one space (a formation may not move again from a space its power moved into this impulse, HIS-P02)."""
    power = _mover_power(decision)
    back = _refund(state, decision)
    state["foul_weather"] = {"when": _impulse_mark(state), "power": power}
    core.log(
        state,
        f"Foul Weather: {power}'s {decision['action']['type'].replace('_', ' ')} does not happen; 1 CP is lost"
        + (f" ({back} CP back)" if back else "")
        + "; no assault, naval move or second move of a land unit for the rest of the impulse",
    )


def _gout(state: State, decision: dict[str, Any], leader: str) -> None:
    """Gout (#32), after a move or assault by a formation with an army leader: it does not happen and 1 CP is lost;
    the leader chosen may not move or assault for the rest of the impulse (his units may, without him)."""
    back = _refund(state, decision)
    mark = state.get("gout")
    leaders = mark["leaders"] if mark and mark["when"] == _impulse_mark(state) else []
    state["gout"] = {"when": _impulse_mark(state), "leaders": sorted({*leaders, leader})}
    name = load_people().army_leaders[leader].name
    core.log(
        state,
        f"Gout: {name} may not move or assault this impulse; the {decision['action']['type'].replace('_', ' ')} "
        "does not happen and 1 CP is lost" + (f" ({back} CP back)" if back else ""),
    )


def _wartburg(state: State, decision: dict[str, Any]) -> None:
    """The Wartburg (#37): the declared event is cancelled and its card discarded (even one its text would remove);
    the Papal impulse is over; the Protestant calls no debate for the rest of the turn, and Luther is committed and
    may not join a debate by Here I Stand until next turn."""
    card = decision["card"]
    if card in state["removed"]:
        state["removed"].remove(card)
        state["discard"].append(card)
    state["events"]["wartburg"] = True
    if state["debaters"].get("luther") == "uncommitted":
        state["debaters"]["luther"] = "committed"
    core.log(state, f"The Wartburg: {deck.name_of(card)} is cancelled and discarded; Luther is committed")


def _here_i_stand(state: State, board: HisMap, decision: dict[str, Any]) -> None:
    """Here I Stand (#7) as a response, before a round's dice of a debate in the German zone: Luther takes the
    Protestant debater's place (even committed; the debater replaced is committed), then the Protestant draws a
    card. Luther, if excommunicated (away this turn), goes back off the map after the debate."""
    debate = dict(decision["debate"])
    protestant_key = "attacker" if debate["side"] == PROTESTANT else "defender"
    replaced = debate[protestant_key]
    state["debaters"][replaced] = "committed"
    status = state["debaters"]["luther"]
    debate[protestant_key] = "luther"
    if protestant_key == "defender":
        debate["committed"] = status == "committed"
    if status == "absent":
        state["debaters"]["luther"] = "uncommitted"
        debate["luther_away"] = True
    people = load_people().debaters
    core.log(state, f"Here I Stand: Luther takes the place of {people[replaced].name} in the debate")
    deck.draw_cards(state, PROTESTANT, 1)
    _run_debate(state, board, debate, decision)


def _run_debate(state: State, board: HisMap, debate: dict[str, Any], window: dict[str, Any]) -> None:
    """Go on with a debate's round after its window: the engine rolls it (and any later round opens its own), with
    the barred debaters and extra dice of the card that called the debate as they were when the window opened
    (Leipzig Debate, Papal Inquisition: the same rounds as when the window passes at once)."""
    state["response_cleared"] = "debate"
    depth = len(state["stack"])
    args = {k: debate[k] for k in ("role", "zone", "side", "attacker", "defender", "committed", "round")}
    debaters = state["debaters"]
    taking_part = {debate["attacker"], debate["defender"]}
    barred = {d: debaters[d] for d in window.get("absent", []) if d not in taking_part and debaters.get(d) != "absent"}
    debaters.update(dict.fromkeys(barred, "absent"))
    if window.get("extra_dice"):
        state["debate_extra_dice"] = window["extra_dice"]
    try:
        core.proceed(state, board, "debate_rounds", args)  # debates.py
    finally:
        if window.get("extra_dice"):
            state.pop("debate_extra_dice", None)
        debaters.update({d: was for d, was in barred.items() if debaters[d] == "absent"})
    state.pop("response_cleared", None)
    again = state["stack"][depth:] and any(d.get("window") == DEBATE_ROUND for d in state["stack"][depth:])
    if debate.get("luther_away"):
        if again:
            state["stack"][-1]["debate"]["luther_away"] = True
        elif state["debaters"].get("luther") in ("committed", "uncommitted"):
            state["debaters"]["luther"] = "absent"  # back off the map once the debate is over (#7's text)


def halley(state: State, role: str, effect: str) -> None:
    """Halley's Comet (#38) for ``role``: a card of the other player's hand discarded at random, or the other player
    skips its next impulse (which counts as no pass)."""
    other = control.opponent(role)
    if effect == "discard":
        hand = state["hands"][other]
        if not hand:
            core.log(state, f"Halley's Comet: {other} holds no card to discard")
            return
        lost = rng.choice(state, f"Halley's Comet: a card of {other}'s hand at random", sorted(hand))
        deck.discard_from_hand(state, other, lost)
        core.log(state, f"Halley's Comet: {other} discards {deck.name_of(lost)} at random")
        return
    state.setdefault("skip_impulse", []).append(other)
    core.log(state, f"Halley's Comet: {other} skips its next impulse")


def skips_impulse(state: State, power: str) -> bool:
    """Called by the engine as ``power``'s impulse comes: True (and used up) if Halley's Comet makes it skip it."""
    pending = state.get("skip_impulse", [])
    if power not in pending:
        return False
    pending.remove(power)
    core.log(state, f"{power} skips this impulse (Halley's Comet)")
    return True


def _informant(state: State, role: str) -> None:
    """Venetian Informant (#109) for the Protestant as the spring opens: it looks at the Papacy's hand in secret
    (the decision's ``secret``, shown only to it and the GM; ruling HIS-P07)."""
    core.log(state, "Venetian Informant: the Protestant looks at the Papacy's hand")
    state["stack"].append({"kind": "informant", "role": role, "secret": list(state["hands"][control.opponent(role)])})


# --- what the cards forbid for the rest of the impulse -----------------------------------------------------------


def _record_move(state: State, role: str, action: dict[str, Any]) -> None:
    if action.get("type") not in ("move_formation", "move_over_pass"):
        return
    moves = state.get("impulse_moves")
    if not moves or moves["when"] != _impulse_mark(state):
        moves = state["impulse_moves"] = {"when": _impulse_mark(state), "into": []}
    moves["into"].append([str(action.get("power", role)), action["to"]])


def allowed(state: State, player: str, action: dict[str, Any]) -> bool:
    """Whether a CP action of ``player`` is still allowed after this impulse's Foul Weather and Gout."""
    kind = action.get("type")
    power = action.get("power", player)
    mark = _impulse_mark(state)
    weather = state.get("foul_weather")
    if weather and weather["when"] == mark and weather["power"] == power:
        if kind in ("assault", "naval_move"):
            return False
        moved = state.get("impulse_moves") or {"when": None, "into": []}
        again = moved["when"] == mark and [power, action.get("from")] in moved["into"]
        if kind in ("move_formation", "move_over_pass") and again:
            return False
    gout = state.get("gout")
    if gout and gout["when"] == mark:
        if kind in ("move_formation", "move_over_pass") and set(action.get("leaders", [])) & set(gout["leaders"]):
            return False
        if kind == "assault" and any(state["leaders"].get(lid) == action["space"] for lid in gout["leaders"]):
            return False
    return True


# --- Landsknechts and Swiss Mercenaries ---------------------------------------------------------------------------


def mercenary_spaces(state: State, power: str) -> list[str]:
    """Where Landsknechts and Swiss Mercenaries place ``power``'s new mercenaries: any space already holding its
    land units, not a stack under siege."""
    return sorted(
        s
        for s in state["units"]
        if b.land_unit_count(state, s, power) and power not in land_war.inside(state, s) and s != "sea"
    )


def place_mercenaries(state: State, role: str, card: int) -> None:
    """Landsknechts (#33) or Swiss Mercenaries (#36) for ``role``'s own power (seed 11 and 14: never another's):
    two new mercenaries, placed one at a time in the spaces of :func:`mercenary_spaces`."""
    state["stack"].append({"kind": "place_mercenaries", "role": role, "left": MERCENARY_CARDS[card], "card": card})


def _mercenaries_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "place", "space": s} for s in mercenary_spaces(state, role)]


def _on_mercenaries(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    b.add_units(state, action["space"], role, "mercenary", 1)
    decision["left"] -= 1
    core.log(state, f"{deck.name_of(decision['card'])}: a new {role} mercenary in {board.spaces[action['space']].name}")
    if decision["left"] <= 0 or not mercenary_spaces(state, role):
        state["stack"].pop()


def in_combat_window(state: State, role: str, decision: dict[str, Any], card: int) -> str | None:
    """Why ``role`` may not play Landsknechts or Swiss Mercenaries in a battle's window, or None: only for its own
    power's side (seed 11, exception) and with a space to place them."""
    if decision["power"] != role:
        return "Landsknechts and Swiss Mercenaries are never played for another power (seed 11 and 14)"
    if not mercenary_spaces(state, role):
        return "no space holds your land units outside a siege"
    return None


core.decision_kind(WINDOW, _legal, _handle)
core.decision_kind("place_mercenaries", _mercenaries_legal, _on_mercenaries)
