"""The two-player sequence of play (seed section 7, its table) as a machine of decisions.

The state keeps a *stack* of open decisions (``state["stack"]``); the top one is the decision being made now and
names the role that makes it. An accepted action changes the top decision (or pops it); :func:`advance` then runs
the engine's own steps — dealing, drawing, rolling for procedures no player makes — until a role must decide
again. When the stack is empty the phase moves on (``state["step"]``). Each decision lists its legal actions
(:func:`legal_actions`), so a view can offer exactly those and a bot picks among them.

Decisions (``kind``):

- ``attempts`` — choose the target of the next reformation or counter-reformation attempt (18.3, 18.4);
- ``flips`` — choose a space to flip after the Diet of Worms or a debate (18.1, 18.5 step 8);
- ``diet`` — both religious powers commit a card to the Diet of Worms, sealed until both have (18.1);
- ``spring`` — the Papacy's spring deployment (seed 10);
- ``impulse`` — play a card for CP or as an event, or pass (11);
- ``cp`` — spend the CP of a card one action at a time (11.1);
- ``defender`` — the debate's caller picks the committed or the uncommitted pool of the defender (18.5 step 3);
- ``bullinger`` — after a tied first round, the Protestant puts Bullinger into the second or not (his bonus, 18.5).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck, fortresses, restrictions, victory
from umpire.games.his2p.core import PAPACY, PROTESTANT
from umpire.games.his2p.diplomacy import diplomacy, minor_powers
from umpire.games.his2p.events import (
    events,
    events_hands,
    events_last,
    events_religious,
    events_spring,
    responses,
)
from umpire.games.his2p.mapdata import HisMap, load_map
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debater_bonuses, debates, religion, religious_actions
from umpire.games.his2p.war import land_war, military, naval_war, windows
from umpire.games.his2p.winter import winter_choices, wintering
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

#: Impulse order of the two players (seed 7, Action Phase): the Papacy, then the Protestant.
IMPULSE_ORDER = (PAPACY, PROTESTANT)


def acting_roles(state: State) -> list[str]:
    """The roles that may act now (both religious powers during the sealed Diet choice; else one or none)."""
    decision = core.top(state)
    if decision is None or state.get("over"):
        return []
    if decision["kind"] == "diet":
        return [p for p in IMPULSE_ORDER if p not in decision["cards"]]
    return [decision["role"]]


# --- the phase machine ----------------------------------------------------------------------------------------


def advance(state: State) -> None:
    """Run the engine until a role must decide, or the game is over."""
    board = load_map()
    while not state.get("over"):
        if state.get("unbuilt"):
            raise NotImplementedError(state.pop("unbuilt"))
        decision = core.top(state)
        if decision is not None:
            if _settle(state, board, decision):
                continue
            return
        _next_step(state, board)


def _attempt_targets(state: State, board: HisMap, decision: dict[str, Any]) -> list[str]:
    """Legal targets of the next attempt: 18.3/18.4 step 1, less this impulse's targets, within ``only`` when the
    action restricts them (Book of Common Prayer: English home spaces)."""
    found = religion.targets(state, board, decision["attempt"]["kind"], decision["targeted"])
    only = decision.get("only")
    return [s for s in found if s in only] if only is not None else found


def _settle(state: State, board: HisMap, decision: dict[str, Any]) -> bool:
    """Close a decision that needs no one (no legal target left, nothing to choose); True if one was closed."""
    kind = decision["kind"]
    if kind == "english_debate":
        state["stack"].pop()
        why = religion.debate_callable(state, load_people().debaters, "papal", "english")
        if why:
            core.log(state, f"Mary I: no debate in the English zone: {why}")
        else:
            debates.start_debate(state, PAPACY, "english")
        return True
    if kind == "attempts":
        if decision["left"] <= 0:
            state["stack"].pop()
            return True
        if not _attempt_targets(state, board, decision):
            core.log(state, f"no legal target left: {decision['left']} attempt(s) lost")
            state["stack"].pop()
            return True
    if kind == "flips":
        if decision["left"] <= 0:
            state["stack"].pop()
            return True
        if not _flip_targets(state, board, decision):
            core.log(state, f"no space left to flip: {decision['left']} flip(s) lost")
            state["stack"].pop()
            return True
    return False


def _next_step(state: State, board: HisMap) -> None:
    """Run the next step of the sequence of play (seed 7, the table)."""
    step = state["step"]
    if step == "theses":
        _luthers_theses(state, board)
        state["step"] = "card_draw"
    elif step == "card_draw":
        state["phase"] = "card_draw"
        enter_people(state, board)
        deck.card_draw_phase(state, board)
        state["step"] = "diplomacy"
    elif step == "diplomacy":
        state["phase"] = "diplomacy"
        deck.diplomacy_phase(state)
        diplomacy.begin(state)  # hisdip: ending wars, the draw and the plays of Diplomatic cards (seed 9)
        state["step"] = "diet" if state["turn"] == 1 else "spring"
    elif step == "diet":
        state["phase"] = "diet_of_worms"
        state["stack"].append({"kind": "diet", "role": "both", "cards": {}})
        state["step"] = "spring"
    elif step == "spring":
        state["phase"] = "spring_deployment"
        state["stack"].append({"kind": "spring", "role": PAPACY})
        responses.spring_opens(state)  # the Protestant's window for Venetian Informant (HIS-P07)
        state["step"] = "action"
    elif step == "action":
        state["phase"] = "action"
        state["impulse"] = {"next": 0, "passes": 0}
        state["step"] = "impulses"
    elif step == "impulses":
        imp = state["impulse"]
        if imp.pop("english_impulse", False):
            _english_impulse(state, board)
            return
        if imp["passes"] >= len(IMPULSE_ORDER):
            state["step"] = "winter"
            return
        power = IMPULSE_ORDER[imp["next"]]
        imp["next"] = (imp["next"] + 1) % len(IMPULSE_ORDER)
        imp["count"] = imp.get("count", 0) + 1  # numbers the impulses of the turn: a siege begun in one (15.1)
        if responses.skips_impulse(state, power):  # Halley's Comet: no impulse, and no pass
            return
        state["impulse_targets"] = []
        state["impulse_bonus"] = {"used": False, "translated": []}
        state["stack"].append({"kind": "impulse", "role": power})
        if power == PROTESTANT and _mary_rules_a_protestant_england(state, board):
            imp["english_impulse"] = True
        if not _impulse_actions(state, power):
            held = ", ".join(deck.name_of(n) for n in state["hands"][power])
            raise NotImplementedError(f"card events ({power} must play {held} as an event)")
    elif step == "winter":
        state["phase"] = "winter"
        state["step"] = "winter_return"
        winter_choices.begin(state, board)  # 19.3: the owners' choices, as decisions, before the return
    elif step == "winter_return":
        winter(state, board)
        state["step"] = "victory"
    elif step == "victory":
        state["phase"] = "victory_determination"
        victory.determine(state, board)
        if not state.get("over"):
            state["turn"] += 1
            state["step"] = "card_draw"
    else:  # pragma: no cover - a state the engine never writes
        raise ValueError(f"unknown step {step!r}")


def _mary_rules_a_protestant_england(state: State, board: HisMap) -> bool:
    """Seed 21.3: the English impulses under Mary I happen while she rules, unless every English home space is
    Catholic at the start of the Protestant's impulse."""
    if state["rulers"].get("england") != "mary_i":
        return False
    return any(b.religion(state, board, s) == b.PROTESTANT for s in board.home_spaces("england"))


def _english_impulse(state: State, board: HisMap) -> None:
    """English impulses under Mary I (seed 21.3), after a Protestant impulse (a pass too): the Papacy rolls a die;
    on 5-6 it draws the top card of the deck (shown, then discarded) and by its CP burns books in the English zone
    (1-2 CP), calls a debate there (3 CP), or both, books first (4 CP or more). A debate that cannot be called
    (18.1) is skipped, with the reason in the log."""
    roll = rng.roll(state, "Mary I: the Papacy's English impulse happens on 5-6")
    if roll <= 4:
        core.log(state, f"Mary I: {roll}, no English impulse")
        return
    if not state["deck"]:
        core.log(state, f"Mary I: {roll}, but the deck is empty: no English impulse")
        return
    card = int(state["deck"].pop(0))
    state["discard"].append(card)
    cp = deck.cp_of(card)
    core.log(state, f"Mary I: {roll}; the Papacy draws {deck.name_of(card)} ({cp} CP) for an English impulse")
    if cp >= 3:
        state["stack"].append({"kind": "english_debate", "role": PAPACY})
    if cp != 3:
        core.log(state, "Mary I: the Papacy burns books in the English zone (2 counter-reformation attempts)")
        religious_actions.push_attempts(state, PAPACY, 2, religion.Attempt(religion.COUNTER_REFORMATION, "english"))


def _luthers_theses(state: State, board: HisMap) -> None:
    """Luther's 95 Theses (18.1; seed 7, turn 1): Luther enters Wittenberg, which turns Protestant with its 2
    regulars from the electorate display; then five reformation attempts, each with one extra die."""
    state["phase"] = "luthers_95_theses"
    state["reformers"]["luther"] = "wittenberg"
    religion.flip(state, board, "wittenberg", b.PROTESTANT)
    core.log(state, "Luther's 95 Theses: Luther nails them to the door in Wittenberg, which turns Protestant")
    deck.remove_card(state, deck.LUTHERS_95_THESES)
    state["stack"].append(religious_actions.attempts_frame(PROTESTANT, religion.THESES_ATTEMPTS, religion.THESES))


def start_of_turn(state: State, board: HisMap) -> None:
    """What events left for the next turn (8.2): reformers and debaters sent away for a turn come back; a Fuggers
    of last turn costs its player a card of this turn's deal."""
    events_religious.return_from_away(state, board)
    events_hands.start_of_turn(state)
    events_last.bourbon_leaves(state)  # Charles Bourbon (#70) leaves at the end of his turn


def enter_people(state: State, board: HisMap) -> None:
    """Add debaters, reformers and leaders (8.2; seed 21.3 and the option ``text`` for Cranmer, Latimer and
    Coverdale): a debater joins its side uncommitted; a reformer stands in its space, which turns Protestant."""
    start_of_turn(state, board)
    naval_war.return_naval_leaders(state, board)  # siege helper: naval leaders back from the turn track (8.2)
    people = load_people()
    entering = people.entering(state["turn"], state["options"]["text"])
    for debater in entering["debaters"]:
        state["debaters"][debater] = "uncommitted"
        core.log(state, f"the debater {people.debaters[debater].name} enters")
    for reformer in entering["reformers"]:
        space = people.reformers[reformer].space
        state["reformers"][reformer] = space
        religion.flip(state, board, space, b.PROTESTANT)
        core.log(
            state,
            f"the reformer {people.reformers[reformer].name} enters {board.spaces[space].name}, which turns Protestant",
        )
    for leader in entering["army_leaders"]:
        _army_leader_enters(state, board, leader)


def _army_leader_enters(state: State, board: HisMap, leader: str) -> None:
    """An army leader the turn track brings (8.2): Maurice of Saxony, turn 6, in an electorate under Protestant
    political control, the Protestant choosing; with none, he does not enter (ruling HIS-E09)."""
    power = load_people().army_leaders[leader].power
    if leader != "maurice_of_saxony" or power != PROTESTANT:  # the data has no other; a new one must be placed
        raise NotImplementedError(f"placing the army leader {leader}")
    spaces = _leader_entry_spaces(state, board)
    name = load_people().army_leaders[leader].name
    if not spaces:
        core.log(state, f"{name} does not enter: no electorate is under Protestant control")
        return
    state["stack"].append({"kind": "leader_entry", "role": PROTESTANT, "leader": leader})


def _leader_entry_spaces(state: State, board: HisMap) -> list[str]:
    return [s for s in board.electorates() if state["spaces"][s]["control"] == PROTESTANT]


def _leader_entry_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "place", "space": s} for s in _leader_entry_spaces(state, board)]


def _leader_entry_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    leader, space = decision["leader"], action["space"]
    state["stack"].pop()
    state["leaders"][leader] = space
    core.log(state, f"the leader {load_people().army_leaders[leader].name} enters at {board.spaces[space].name}")


def winter(state: State, board: HisMap) -> None:
    """The Winter Phase (19; seed 19): the players' land units return to fortified spaces (19.3, in
    ``wintering.py``; the other powers' return is not built); 1 regular to Rome when the Papacy controls it without
    unrest; debaters uncommitted; the events of this turn end."""
    wintering.winter_return(state, board)  # military helper: the two players' winter return (19.3)
    wintering.invaders_return(state, board)  # seed 3 and 19: France, the Hapsburgs, the Ottomans at war
    minor_powers.winter_return(state, board)  # 19.3, 22.3: the active minors follow their major
    land_war.winter(state, board)  # sieges whose besiegers went home end
    stray = [
        s
        for s, stacks in state["units"].items()
        if s in board.spaces
        and not fortresses.fortified(state, board, s)
        and any(b.land_unit_count(state, s, p) for p in stacks if restrictions.takes_part(state, p, "winter"))
    ]
    if stray:
        raise NotImplementedError(f"winter return of land units from unfortified spaces ({', '.join(stray)})")
    rome = state["spaces"]["rome"]
    if rome["control"] == PAPACY and not rome.get("unrest"):
        b.add_units(state, "rome", PAPACY, "regular", 1)
        core.log(state, "Winter: 1 Papal regular added in Rome")
    for debater, status in state["debaters"].items():
        if status == "committed":
            state["debaters"][debater] = "uncommitted"
    for flag in ("printing_press", "augsburg_confession", "wartburg"):
        state["events"].pop(flag, None)
    for number in deck.winter_mandatory_events(state):
        _play_in_winter(state, board, number)


def _play_in_winter(state: State, board: HisMap, number: int) -> None:
    """A mandatory event due by this winter and not yet played (19.8; seed 19): it happens now, as if played and
    removed from the game, with no CP; its condition is not asked. The Papacy makes any choice it names itself."""
    for pile in (state["later"], state["by_event"], state.get("entering_next_turn", [])):
        if number in pile:
            pile.remove(number)
    deck.remove_card(state, number)
    core.log(state, f"Winter: {deck.name_of(number)} was not played this turn and happens now")
    events.EVENTS[number].effect(state, board, "papacy")


# --- legal actions and their application -----------------------------------------------------------------------


def legal_actions(state: State, role: str) -> list[Action]:
    """Every action ``role`` may take now, fully formed (a bot picks one; a view offers them)."""
    if role not in acting_roles(state):
        return []
    board = load_map()
    decision = core.top(state)
    assert decision is not None
    kind = decision["kind"]
    if kind not in core.decision_kinds():  # a decision the engine settles itself (``english_debate``)
        return []
    return core.legal_of(kind)(state, board, role, decision)


def _attempts_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    spaces = _attempt_targets(state, board, decision)
    return [
        *({"type": "target", "space": s} for s in spaces),
        *debater_bonuses.attempt_actions(state, board, role, decision, spaces),
    ]


def _flips_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "flip", "space": s} for s in _flip_targets(state, board, decision)]


def _diet_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "diet_card", "card": c} for c in deck.diet_choices(state, role)]


def _spring_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "skip"}, *military.spring_actions(state, board), *events_spring.spring_plays(state, board)]


def _impulse_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return _impulse_actions(state, role)


def _cp_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return _cp_actions(state, board, role, decision["cp"])


def _impulse_actions(state: State, role: str) -> list[Action]:
    actions: list[Action] = []
    board = load_map()
    for card in sorted(state["hands"][role]):
        if deck.playable_for_cp(card):
            actions.append({"type": "play", "card": card, "as": "cp"})
        if events.playable(state, board, role, card) is None:
            actions.append({"type": "play", "card": card, "as": "event"})
    if deck.may_pass(state, role) is None:
        actions.append({"type": "pass"})
    return actions + windows.autopass_actions(state, role)


def _cp_actions(state: State, board: HisMap, role: str, cp: int) -> list[Action]:
    actions: list[Action] = [{"type": "done"}, *religious_actions.translation_bonus_actions(state, role)]
    costs = religious_actions.ACTION_COSTS[role]
    people = load_people().debaters
    if cp >= costs.get("publish_treatise", 99):
        actions += [{"type": "publish_treatise", "zone": z} for z in ("german", "english", "french", "italian")]
    if cp >= costs.get("translate_scripture", 99):
        actions += [
            {"type": "translate_scripture", "zone": z}
            for z in religious_actions.TRANSLATION_ZONES
            if not religious_actions.translation_done(state, z)
        ]
    if cp >= costs.get("call_debate", 99):
        side = "papal" if role == PAPACY else PROTESTANT
        actions += [
            {"type": "call_debate", "zone": z}
            for z in religion.DEBATE_ZONES
            if religion.debate_callable(state, people, side, z) is None
        ]
    if cp >= costs.get("burn_books", 99):
        actions += [{"type": "burn_books", "zone": z} for z in ("german", "english", "french", "italian")]
    if cp >= costs.get("build_st_peters", 99) and not religious_actions.st_peters_complete(state):
        actions.append({"type": "build_st_peters"})
    if cp >= costs.get("found_jesuit_university", 99) and state["events"].get("society_of_jesus"):
        actions += [
            {"type": "found_jesuit_university", "space": s}
            for s in sorted(board.spaces)
            if b.religion(state, board, s) == b.CATHOLIC and not b.has_jesuit(state, s)
        ]
    actions += debater_bonuses.cp_actions(state, board, role, cp, costs)
    return actions + military.cp_actions(state, board, role, cp)


def _flip_targets(state: State, board: HisMap, decision: dict[str, Any]) -> list[str]:
    side = decision["side"]
    if decision["rule"] == "diet":
        return religion.diet_targets(state, board, side)
    kind = religion.REFORMATION if side == b.PROTESTANT else religion.COUNTER_REFORMATION
    legal = religion.targets(state, board, kind)
    in_zone = [s for s in legal if board.spaces[s].language == decision["zone"]]
    return in_zone or legal


def apply(state: State, role: str, action: Action) -> None:
    """Carry out an action of ``role`` (already known to be one of its roles); IllegalAction names what is wrong."""
    if state.get("over"):
        raise IllegalAction("the game is over")
    if role not in acting_roles(state):
        waiting = ", ".join(acting_roles(state)) or "no one"
        raise IllegalAction(f"it is not {role}'s turn to act: waiting for {waiting}")
    if windows.is_preference(action):  # a seat's private setting, in any of its decisions (ruling HIS-R09)
        windows.set_preference(state, role, action)
        return
    legal = legal_actions(state, role)
    if action not in legal:
        raise IllegalAction(_explain(state, role, action, legal))
    board = load_map()
    decision = core.top(state)
    assert decision is not None
    core.handler_of(decision["kind"])(state, board, role, decision, action)


def _explain(state: State, role: str, action: Action, legal: list[Action]) -> str:
    decision = core.top(state)
    assert decision is not None
    types = sorted({a["type"] for a in legal})
    if action.get("type") == "play" and action.get("as") == "event" and isinstance(action.get("card"), int):
        why = events.playable(state, load_map(), role, action["card"])
        if why:
            return f"card {action['card']} cannot be played as an event now: {why}"
    if action.get("type") == "pass" and decision["kind"] == "impulse":
        return f"{role} may not pass: {deck.may_pass(state, role)}"
    # military helper: a refused military action or spring deployment names the rule it breaks
    why_not = military.why_not(state, load_map(), role, action, decision.get("cp"))
    if why_not and decision["kind"] in ("cp", "spring"):
        return why_not
    spaces = [a["space"] for a in legal if "space" in a]
    if "space" in action and spaces and action.get("type") in types:
        what = "target" if decision["kind"] == "attempts" else "choice"
        return f"{action['space']!r} is not a legal {what} now; expected one of {', '.join(spaces)}"
    if action.get("type") in types:
        return (
            f"{action} is not allowed now; the {decision['kind']} decision accepts: "
            + ", ".join(str(a) for a in legal[:12])
            + (" …" if len(legal) > 12 else "")
        )
    return f"expected one of the action types {', '.join(types)} for the {decision['kind']} decision, got {action}"


def _on_attempt(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    space = action["space"]
    spec = decision["attempt"]
    extra = debater_bonuses.attempt_bonus(state, board, role, decision, action)
    how = religion.Attempt(spec["kind"], spec["zone"], (*spec["bonus"], *extra), spec["die_plus"])
    if state["events"].get("printing_press") and spec["kind"] == religion.REFORMATION:
        how = religion.Attempt(how.kind, how.zone, (*how.bonus, "+1 Printing Press"), how.die_plus)
    outcome = religion.attempt(state, board, space, how)
    decision["left"] -= 1
    decision["targeted"].append(space)
    state.setdefault("impulse_targets", []).append(space)
    name = board.spaces[space].name
    verb = "turns Protestant" if spec["kind"] == religion.REFORMATION else "returns to Catholicism"
    core.log(state, f"{name}: {verb} ({outcome.reason})" if outcome.success else f"{name}: holds ({outcome.reason})")
    if decision.get("unrest_on_failure") and not outcome.success:
        state["spaces"][space]["unrest"] = True
        core.log(state, f"{name}: unrest where Carlstadt's attempt failed")
    victory.check_religious_victory(state, board)


def _on_flip(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    religion.flip(state, board, action["space"], decision["side"])
    decision["left"] -= 1
    core.log(state, f"{board.spaces[action['space']].name} turns {decision['side']}")
    victory.check_religious_victory(state, board)


def _on_diet(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    decision["cards"][role] = action["card"]
    if len(decision["cards"]) < len(IMPULSE_ORDER):
        return
    state["stack"].pop()
    cards = decision["cards"]
    hapsburg = deck.draw_for_diet(state)
    for power, card in cards.items():
        deck.discard_from_hand(state, power, card)
    result = religion.diet_of_worms(
        state, deck.cp_of(cards[PROTESTANT]), deck.cp_of(cards[PAPACY]), deck.diet_cp(hapsburg)
    )
    core.log(
        state,
        "Diet of Worms: Protestant commits "
        f"{deck.name_of(cards[PROTESTANT])}, Papacy {deck.name_of(cards[PAPACY])}, "
        f"Hapsburg draws {deck.name_of(hapsburg)}; "
        + (f"{result.winner} wins by {result.flips}" if result.winner else "no decision"),
    )
    if result.winner:
        winner_role = PROTESTANT if result.winner == b.PROTESTANT else PAPACY
        state["stack"].append(
            {"kind": "flips", "role": winner_role, "side": result.winner, "left": result.flips, "rule": "diet"}
        )


def _on_spring(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "play":  # a spring card (events_spring): the deployment decision stays open
        _play_event(state, board, role, action["card"])
        return
    state["stack"].pop()
    if action["type"] == "skip":
        core.log(state, "Spring deployment: the Papacy does not deploy")
        return
    military.spring_apply(state, board, action)


def _on_impulse(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "autopass":  # a preference, not the impulse's play: the decision stays open
        windows.set_autopass(state, role, action)
        return
    state["stack"].pop()
    if action["type"] == "pass":
        state["impulse"]["passes"] += 1
        core.log(state, f"{role} passes")
        return
    state["impulse"]["passes"] = 0
    card = action["card"]
    if action["as"] == "event":
        _play_event(state, board, role, card)
        return
    deck.discard_from_hand(state, role, card)
    cp = deck.cp_of(card)
    core.log(state, f"{role} plays {deck.name_of(card)} for {cp} CP")
    state["stack"].append({"kind": "cp", "role": role, "cp": cp})


def _play_event(state: State, board: HisMap, role: str, card: int) -> None:
    """Play a card as its event (11): it leaves the hand (out of the game if its text says so, 6.2), a mandatory
    event then gives 2 CP (6.1), and the event runs first: its decisions go on top of that CP decision."""
    deck.play_as_event(state, role, card)
    core.log(state, f"{role} plays {deck.name_of(card)} as an event")
    if deck.is_mandatory(card):
        state["stack"].append({"kind": "cp", "role": role, "cp": deck.MANDATORY_CP})
    if responses.event_declared(state, board, role, card):  # the other player's response window comes first
        return
    events.play(state, board, role, card)


def _on_cp(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    kind = action["type"]
    if kind == "commit_debater":
        religious_actions.use_translation_bonus(state, action["debater"])
        return
    if kind in military.ACTIONS:
        decision["cp"] -= military.cost(state, role, action)
        military.apply(state, board, role, action)
        return
    if kind == "done":
        state["stack"].pop()
        if decision["cp"]:
            core.log(state, f"{role} leaves {decision['cp']} CP unspent")
        return
    decision["cp"] -= debater_bonuses.cost(action, religious_actions.ACTION_COSTS[role][kind])
    if kind in ("publish_treatise", "burn_books"):
        count, zone, only, unrest = debater_bonuses.attempts_of(state, board, role, action)
        reformation = kind == "publish_treatise"
        what = "publishes a treatise" if reformation else "burns books"
        label = "reformation" if reformation else "counter-reformation"
        where = "each in its own zone" if zone == religion.ANY_ZONE else f"{zone} zone"
        core.log(state, f"{role.title()} {what}: {count} {label} attempts, {where}")
        attempt_kind = religion.REFORMATION if reformation else religion.COUNTER_REFORMATION
        religious_actions.push_attempts(state, role, count, religion.Attempt(attempt_kind, zone))
        if only is not None:
            state["stack"][-1]["only"] = only
        if unrest:
            state["stack"][-1]["unrest_on_failure"] = True
    elif kind == "translate_scripture":
        religious_actions.translate(state, action["zone"])
        state.setdefault("impulse_bonus", {"used": False, "translated": []})["translated"].append(action["zone"])
    elif kind == "build_st_peters":
        religious_actions.build_st_peters(state)
    elif kind == "found_jesuit_university":
        debater_bonuses.loyola(state, action)
        state["spaces"][action["space"]]["jesuit"] = True
        core.log(state, f"Papacy founds a Jesuit university in {board.spaces[action['space']].name}")
    elif kind == "call_debate":
        debates.start_debate(state, role, action["zone"])


core.decision_kind("attempts", _attempts_legal, _on_attempt)
core.decision_kind("flips", _flips_legal, _on_flip)
core.decision_kind("diet", _diet_legal, _on_diet)
core.decision_kind("spring", _spring_legal, _on_spring)
core.decision_kind("impulse", _impulse_legal, _on_impulse)
core.decision_kind("cp", _cp_legal, _on_cp)
core.decision_kind("leader_entry", _leader_entry_legal, _leader_entry_handle)
