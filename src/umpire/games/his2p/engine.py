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

from collections.abc import Callable, Mapping
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import debater_bonuses, deck, fortresses, religion, restrictions, victory
from umpire.games.his2p.mapdata import HisMap, load_map
from umpire.games.his2p.people import load_people
from umpire.games.his2p.powers import load_powers
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
#: Impulse order of the two players (seed 7, Action Phase): the Papacy, then the Protestant.
IMPULSE_ORDER = (PAPACY, PROTESTANT)

#: CP cost of each religious action a power may take (11.1, the power cards' action tables).
ACTION_COSTS: dict[str, dict[str, int]] = {
    PROTESTANT: {"publish_treatise": 2, "translate_scripture": 1, "call_debate": 3},
    PAPACY: {"build_st_peters": 1, "burn_books": 2, "call_debate": 3, "found_jesuit_university": 3},
}
#: The zones with translation tracks (18.1), in the order their actions are offered; the tracks' figures (CP,
#: attempts, die bonus, VP) and St. Peter's are on the power cards (``powers.json``).
TRANSLATION_ZONES = ("german", "english", "french")


def log(state: State, text: str) -> None:
    """Append a line to the public log of the game (nothing hidden may be written here)."""
    state["log"].append({"turn": state["turn"], "phase": state["phase"], "text": text})


def top(state: State) -> dict[str, Any] | None:
    """The decision being made now, or None."""
    return state["stack"][-1] if state["stack"] else None


def acting_roles(state: State) -> list[str]:
    """The roles that may act now (both religious powers during the sealed Diet choice; else one or none)."""
    decision = top(state)
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
        decision = top(state)
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
            log(state, f"Mary I: no debate in the English zone: {why}")
        else:
            _start_debate(state, PAPACY, "english")
        return True
    if kind == "attempts":
        if decision["left"] <= 0:
            state["stack"].pop()
            return True
        if not _attempt_targets(state, board, decision):
            log(state, f"no legal target left: {decision['left']} attempt(s) lost")
            state["stack"].pop()
            return True
    if kind == "flips":
        if decision["left"] <= 0:
            state["stack"].pop()
            return True
        if not _flip_targets(state, board, decision):
            log(state, f"no space left to flip: {decision['left']} flip(s) lost")
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
        _enter_people(state, board)
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
        _winter(state, board)
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
        log(state, f"Mary I: {roll}, no English impulse")
        return
    if not state["deck"]:
        log(state, f"Mary I: {roll}, but the deck is empty: no English impulse")
        return
    card = int(state["deck"].pop(0))
    state["discard"].append(card)
    cp = deck.cp_of(card)
    log(state, f"Mary I: {roll}; the Papacy draws {deck.name_of(card)} ({cp} CP) for an English impulse")
    if cp >= 3:
        state["stack"].append({"kind": "english_debate", "role": PAPACY})
    if cp != 3:
        log(state, "Mary I: the Papacy burns books in the English zone (2 counter-reformation attempts)")
        _push_attempts(state, PAPACY, 2, religion.Attempt(religion.COUNTER_REFORMATION, "english"))


def _luthers_theses(state: State, board: HisMap) -> None:
    """Luther's 95 Theses (18.1; seed 7, turn 1): Luther enters Wittenberg, which turns Protestant with its 2
    regulars from the electorate display; then five reformation attempts, each with one extra die."""
    state["phase"] = "luthers_95_theses"
    state["reformers"]["luther"] = "wittenberg"
    religion.flip(state, board, "wittenberg", b.PROTESTANT)
    log(state, "Luther's 95 Theses: Luther nails them to the door in Wittenberg, which turns Protestant")
    deck.remove_card(state, deck.LUTHERS_95_THESES)
    state["stack"].append(_attempts(PROTESTANT, religion.THESES_ATTEMPTS, religion.THESES))


def _enter_people(state: State, board: HisMap) -> None:
    """Add debaters, reformers and leaders (8.2; seed 21.3 and the option ``text`` for Cranmer, Latimer and
    Coverdale): a debater joins its side uncommitted; a reformer stands in its space, which turns Protestant."""
    events.start_of_turn(state, board)
    naval_war.return_naval_leaders(state, board)  # siege helper: naval leaders back from the turn track (8.2)
    people = load_people()
    entering = people.entering(state["turn"], state["options"]["text"])
    for debater in entering["debaters"]:
        state["debaters"][debater] = "uncommitted"
        log(state, f"the debater {people.debaters[debater].name} enters")
    for reformer in entering["reformers"]:
        space = people.reformers[reformer].space
        state["reformers"][reformer] = space
        religion.flip(state, board, space, b.PROTESTANT)
        log(
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
        log(state, f"{name} does not enter: no electorate is under Protestant control")
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
    log(state, f"the leader {load_people().army_leaders[leader].name} enters at {board.spaces[space].name}")


def _attempts(role: str, count: int, how: religion.Attempt) -> dict[str, Any]:
    return {
        "kind": "attempts",
        "role": role,
        "left": count,
        "attempt": {"kind": how.kind, "zone": how.zone, "bonus": list(how.bonus), "die_plus": how.die_plus},
        "targeted": [],
    }


def _winter(state: State, board: HisMap) -> None:
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
        log(state, "Winter: 1 Papal regular added in Rome")
    for debater, status in state["debaters"].items():
        if status == "committed":
            state["debaters"][debater] = "uncommitted"
    for flag in ("printing_press", "augsburg_confession", "wartburg"):
        state["events"].pop(flag, None)
    for number in deck.winter_mandatory_events(state):
        events.play_in_winter(state, board, number)


# --- legal actions and their application -----------------------------------------------------------------------


def legal_actions(state: State, role: str) -> list[Action]:
    """Every action ``role`` may take now, fully formed (a bot picks one; a view offers them)."""
    if role not in acting_roles(state):
        return []
    board = load_map()
    decision = top(state)
    assert decision is not None
    kind = decision["kind"]
    if kind == "attempts":
        spaces = _attempt_targets(state, board, decision)
        return [
            *({"type": "target", "space": s} for s in spaces),
            *debater_bonuses.attempt_actions(state, board, role, decision, spaces),
        ]
    if kind == "flips":
        return [{"type": "flip", "space": s} for s in _flip_targets(state, board, decision)]
    if kind == "diet":
        return [{"type": "diet_card", "card": c} for c in deck.diet_choices(state, role)]
    if kind == "spring":
        from umpire.games.his2p import events_spring

        return [{"type": "skip"}, *military.spring_actions(state, board), *events_spring.spring_plays(state, board)]
    if kind == "impulse":
        return _impulse_actions(state, role)
    if kind == "cp":
        return _cp_actions(state, board, role, decision["cp"])
    if kind == "defender":
        return [{"type": "defender", "pool": p} for p in decision["pools"]]
    if kind in _LEGAL:
        return _LEGAL[kind](state, board, role, decision)
    return []


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
    actions: list[Action] = [{"type": "done"}, *_translation_bonus_actions(state, role)]
    costs = ACTION_COSTS[role]
    people = load_people().debaters
    if cp >= costs.get("publish_treatise", 99):
        actions += [{"type": "publish_treatise", "zone": z} for z in ("german", "english", "french", "italian")]
    if cp >= costs.get("translate_scripture", 99):
        actions += [
            {"type": "translate_scripture", "zone": z} for z in TRANSLATION_ZONES if not _translation_done(state, z)
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
    if cp >= costs.get("build_st_peters", 99) and not st_peters_complete(state):
        actions.append({"type": "build_st_peters"})
    if cp >= costs.get("found_jesuit_university", 99) and state["events"].get("society_of_jesus"):
        actions += [
            {"type": "found_jesuit_university", "space": s}
            for s in sorted(board.spaces)
            if b.religion(state, board, s) == b.CATHOLIC and not b.has_jesuit(state, s)
        ]
    actions += debater_bonuses.cp_actions(state, board, role, cp, costs)
    return actions + military.cp_actions(state, board, role, cp)


def _translation_done(state: State, zone: str) -> bool:
    return bool(state["tracks"]["translations"][zone]["bible"] >= load_powers().full_bible.cp)


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
    legal = legal_actions(state, role)
    if action not in legal:
        raise IllegalAction(_explain(state, role, action, legal))
    board = load_map()
    decision = top(state)
    assert decision is not None
    handler = _HANDLERS[decision["kind"]]
    handler(state, board, role, decision, action)


def _explain(state: State, role: str, action: Action, legal: list[Action]) -> str:
    decision = top(state)
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
    log(state, f"{name}: {verb} ({outcome.reason})" if outcome.success else f"{name}: holds ({outcome.reason})")
    if decision.get("unrest_on_failure") and not outcome.success:
        state["spaces"][space]["unrest"] = True
        log(state, f"{name}: unrest where Carlstadt's attempt failed")
    victory.check_religious_victory(state, board)


def _on_flip(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    religion.flip(state, board, action["space"], decision["side"])
    decision["left"] -= 1
    log(state, f"{board.spaces[action['space']].name} turns {decision['side']}")
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
    log(
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
        from umpire.games.his2p import events_spring

        events_spring.play(state, board, role, action["card"])
        return
    state["stack"].pop()
    if action["type"] == "skip":
        log(state, "Spring deployment: the Papacy does not deploy")
        return
    military.spring_apply(state, board, action)


def _on_impulse(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "autopass":  # a preference, not the impulse's play: the decision stays open
        windows.set_autopass(state, role, action)
        return
    state["stack"].pop()
    if action["type"] == "pass":
        state["impulse"]["passes"] += 1
        log(state, f"{role} passes")
        return
    state["impulse"]["passes"] = 0
    card = action["card"]
    if action["as"] == "event":
        _play_event(state, board, role, card)
        return
    deck.discard_from_hand(state, role, card)
    cp = deck.cp_of(card)
    log(state, f"{role} plays {deck.name_of(card)} for {cp} CP")
    state["stack"].append({"kind": "cp", "role": role, "cp": cp})


def _play_event(state: State, board: HisMap, role: str, card: int) -> None:
    """Play a card as its event (11): it leaves the hand (out of the game if its text says so, 6.2), a mandatory
    event then gives 2 CP (6.1), and the event runs first: its decisions go on top of that CP decision."""
    deck.play_as_event(state, role, card)
    log(state, f"{role} plays {deck.name_of(card)} as an event")
    if deck.is_mandatory(card):
        state["stack"].append({"kind": "cp", "role": role, "cp": deck.MANDATORY_CP})
    if responses.event_declared(state, board, role, card):  # the other player's response window comes first
        return
    events.play(state, board, role, card)


def _on_cp(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    kind = action["type"]
    if kind == "commit_debater":
        _use_translation_bonus(state, action["debater"])
        return
    if kind in military.ACTIONS:
        decision["cp"] -= military.cost(state, role, action)
        military.apply(state, board, role, action)
        return
    if kind == "done":
        state["stack"].pop()
        if decision["cp"]:
            log(state, f"{role} leaves {decision['cp']} CP unspent")
        return
    decision["cp"] -= debater_bonuses.cost(action, ACTION_COSTS[role][kind])
    if kind in ("publish_treatise", "burn_books"):
        count, zone, only, unrest = debater_bonuses.attempts_of(state, board, role, action)
        reformation = kind == "publish_treatise"
        what = "publishes a treatise" if reformation else "burns books"
        label = "reformation" if reformation else "counter-reformation"
        where = "each in its own zone" if zone == religion.ANY_ZONE else f"{zone} zone"
        log(state, f"{role.title()} {what}: {count} {label} attempts, {where}")
        attempt_kind = religion.REFORMATION if reformation else religion.COUNTER_REFORMATION
        _push_attempts(state, role, count, religion.Attempt(attempt_kind, zone))
        if only is not None:
            state["stack"][-1]["only"] = only
        if unrest:
            state["stack"][-1]["unrest_on_failure"] = True
    elif kind == "translate_scripture":
        _translate(state, action["zone"])
        state.setdefault("impulse_bonus", {"used": False, "translated": []})["translated"].append(action["zone"])
    elif kind == "build_st_peters":
        _build_st_peters(state)
    elif kind == "found_jesuit_university":
        debater_bonuses.loyola(state, action)
        state["spaces"][action["space"]]["jesuit"] = True
        log(state, f"Papacy founds a Jesuit university in {board.spaces[action['space']].name}")
    elif kind == "call_debate":
        _start_debate(state, role, action["zone"])


def _push_attempts(state: State, role: str, count: int, how: religion.Attempt) -> None:
    frame = _attempts(role, count, how)
    frame["targeted"] = list(state.get("impulse_targets", []))
    state["stack"].append(frame)


#: Debaters whose bonus is a free step of translation in their zone (18.1, Translate Scripture; their counters).
TRANSLATORS = frozenset({"luther", "melanchthon", "tyndale", "coverdale", "olivetan"})


def _translation_bonus_actions(state: State, role: str) -> list[Action]:
    """Committing a translator for one free step (18.1; 18.2, debater bonuses): once the Protestant has spent CP on
    translation in the debater's zone this impulse, at most one debater bonus an impulse, the debater uncommitted."""
    bonus = state.get("impulse_bonus") or {}
    if role != PROTESTANT or bonus.get("used") or not bonus.get("translated"):
        return []
    people = load_people().debaters
    return [
        {"type": "commit_debater", "debater": d}
        for d in sorted(TRANSLATORS)
        if state["debaters"].get(d) == "uncommitted"
        and people[d].zone in bonus["translated"]
        and not _translation_done(state, str(people[d].zone))
    ]


def _use_translation_bonus(state: State, debater: str) -> None:
    people = load_people().debaters
    state["debaters"][debater] = "committed"
    state["impulse_bonus"]["used"] = True
    log(state, f"{people[debater].name} is committed: one free step of translation")
    _translate(state, str(people[debater].zone))


def _translate(state: State, zone: str) -> None:
    """Translate Scripture (18.1): 1 CP moves the zone's New Testament marker one box, then (once it is complete)
    the full Bible's; completing either gives six reformation attempts in the zone, the full Bible's with +1 to
    each Protestant die and 1 VP."""
    track = state["tracks"]["translations"][zone]
    testament, bible = load_powers().new_testament, load_powers().full_bible
    if track["new_testament"] < testament.cp:
        track["new_testament"] += 1
        log(state, f"translation: {zone} New Testament {track['new_testament']}/{testament.cp}")
        if track["new_testament"] == testament.cp:
            log(
                state,
                f"the {zone} New Testament is complete: {testament.attempts} reformation attempts in the {zone} zone",
            )
            _push_attempts(state, PROTESTANT, testament.attempts, religion.Attempt(religion.REFORMATION, zone))
        return
    track["bible"] += 1
    log(state, f"translation: {zone} full Bible {track['bible']}/{bible.cp}")
    if track["bible"] == bible.cp:
        state["bonus_vp"][PROTESTANT] += bible.vp
        log(
            state,
            f"the {zone} Bible is complete: {bible.vp} VP and {bible.attempts} reformation attempts at"
            f" +{bible.die_bonus} a die",
        )
        how = religion.Attempt(religion.REFORMATION, zone, (), bible.die_bonus)
        _push_attempts(state, PROTESTANT, bible.attempts, how)


def st_peters_complete(state: State) -> bool:
    """Whether St. Peter's has given all its VP (18.1: 5 at most)."""
    return bool(state["tracks"]["st_peters"]["vp"] >= load_powers().st_peters_max_vp)


def add_st_peters_cp(state: State, cp: int) -> None:
    """Add ``cp`` CP to St. Peter's by card (18.1), one at a time, stopping once it has given its 5 VP."""
    for _ in range(cp):
        if st_peters_complete(state):
            return
        _build_st_peters(state)


def _build_st_peters(state: State) -> None:
    """Build Saint Peter's (18.1): each CP moves the CP marker; the fifth adds 1 VP and resets it (5 VP at most)."""
    track = state["tracks"]["st_peters"]
    per_vp = load_powers().st_peters_cp_per_vp
    track["cp"] += 1
    if track["cp"] >= per_vp:
        track["cp"] = 0
        track["vp"] += 1
        log(state, f"St. Peter's: 1 VP ({track['vp']} in all)")
    else:
        log(state, f"St. Peter's: {track['cp']}/{per_vp} CP")


def _start_debate(state: State, role: str, zone: str) -> None:
    """Call a Theological Debate (18.5 steps 1-3): the attacker's debater is drawn at random from its uncommitted
    pool; the caller then picks which of the defender's pools to draw from."""
    people = load_people().debaters
    side = "papal" if role == PAPACY else PROTESTANT
    other = PROTESTANT if side == "papal" else "papal"
    pool = religion.debater_pool(state, people, side, zone, "uncommitted")
    attacker = rng.choice(state, f"debate in the {zone} zone: {side} debater", pool)
    pools = [p for p in ("uncommitted", "committed") if religion.debater_pool(state, people, other, zone, p)]
    log(state, f"{role} calls a debate in the {zone} zone: {people[attacker].name} attacks")
    if not pools:
        log(state, "no debater is left to defend: the debate does not take place")
        return
    state["stack"].append(
        {"kind": "defender", "role": role, "zone": zone, "attacker": attacker, "side": side, "pools": pools}
    )


def _on_defender(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    people = load_people().debaters
    zone, side = decision["zone"], decision["side"]
    other = PROTESTANT if side == "papal" else "papal"
    pool = religion.debater_pool(state, people, other, zone, action["pool"])
    defender = rng.choice(state, f"debate in the {zone} zone: {other} debater from the {action['pool']} pool", pool)
    debate_rounds(state, board, role, zone, side, decision["attacker"], defender, action["pool"] == "committed")


def debate_rounds(
    state: State,
    board: HisMap,
    role: str,
    zone: str,
    side: str,
    attacker: str,
    defender: str,
    committed: bool,
    round: int = 1,
) -> None:
    """The rounds of a debate (18.5 steps 5-10), from ``round``. Before each round's dice a response window may
    open (Here I Stand, ``responses.debate_round``), which runs the round again when it closes; a tied first round
    goes to a second, the Protestant first choosing whether Bullinger steps into it when he may (his bonus,
    ``debater_bonuses``)."""
    people = load_people().debaters
    here = {"role": role, "zone": zone, "side": side, "attacker": attacker, "defender": defender}
    if responses.debate_round(state, {**here, "committed": committed, "round": round}):
        return
    result = _debate_round(state, people, round, zone, attacker, defender, not committed)
    if result is not None:
        _debate_result(state, board, role, zone, side, result)
    elif round == 2:
        log(state, "the debate ends without a result")
    elif debater_bonuses.bullinger_may_enter(state, zone):
        state["stack"].append(
            {
                "kind": "bullinger",
                "role": PROTESTANT,
                "zone": zone,
                "side": side,
                "caller": role,
                # what a card's debate keeps for its rounds while it waits: Papal Inquisition's dice, Leipzig's bar
                "extra_dice": state.get("debate_extra_dice", 0),
                "absent": sorted(d for d, status in state["debaters"].items() if status == "absent"),
            }
        )
    else:
        _second_round(state, board, role, zone, side, bullinger=False)


def _second_round(state: State, board: HisMap, role: str, zone: str, side: str, *, bullinger: bool) -> None:
    """The second round (18.5 step 8): new debaters drawn, Bullinger the Protestant's when he steps in; then the
    round as :func:`debate_rounds` rolls it (its response window first); a tie ends the debate without a result."""
    people = load_people().debaters
    other = PROTESTANT if side == "papal" else "papal"
    attacker = "bullinger" if bullinger and side == PROTESTANT else None
    defender = "bullinger" if bullinger and other == PROTESTANT else None
    if bullinger:
        log(state, "Bullinger steps into the second round")
    attacker = attacker or _redraw(state, people, side, zone, f"debate round 2: {side} debater")
    defender = defender or _redraw(state, people, other, zone, f"debate round 2: {other} debater")
    committed = state["debaters"][defender] == "committed"
    debate_rounds(state, board, role, zone, side, attacker, defender, committed, round=2)


def _debate_round(
    state: State, people: Mapping[str, Any], round_no: int, zone: str, attacker: str, defender: str, d_fresh: bool
) -> tuple[str, str, int, bool, bool] | None:
    """Roll one round (18.5 steps 5-7): None on a tie, else (winner, loser, margin, whether the winner and the
    loser entered the round uncommitted)."""
    a_fresh = state["debaters"][attacker] == "uncommitted"
    a_dice = religion.attacker_debate_dice(state, people, attacker, zone, fresh=a_fresh)
    d_dice = religion.defender_debate_dice(people, defender, not d_fresh)
    a_faces = rng.roll_many(state, f"debate round {round_no}: {people[attacker].name} attacks", a_dice.count)
    d_faces = rng.roll_many(state, f"debate round {round_no}: {people[defender].name} defends", d_dice.count)
    state["debaters"][attacker] = "committed"
    state["debaters"][defender] = "committed"
    a_hits, d_hits = religion.debate_hits(a_faces), religion.debate_hits(d_faces)
    log(state, f"debate round {round_no}: {people[attacker].name} {a_hits} hits, {people[defender].name} {d_hits}")
    if a_hits == d_hits:
        return None
    if a_hits > d_hits:
        return attacker, defender, a_hits - d_hits, a_fresh, d_fresh
    return defender, attacker, d_hits - a_hits, d_fresh, a_fresh


def _debate_result(
    state: State, board: HisMap, role: str, zone: str, side: str, result: tuple[str, str, int, bool, bool]
) -> None:
    """A debate won (18.5 steps 8-10): Campeggio losing may cancel it; the loser burned or disgraced by a margin
    over his value; the winner flips the margin's spaces (one more when Aleander decided it)."""
    people = load_people().debaters
    winner_debater, loser, margin, winner_fresh, loser_fresh = result
    if debater_bonuses.campeggio_cancels(state, loser, loser_fresh):
        return
    winner_side = people[winner_debater].side
    winner_role = PAPACY if winner_side == "papal" else PROTESTANT
    if religion.burned_or_disgraced(margin, people[loser].value):
        fate = "burned" if people[loser].side == PROTESTANT else "disgraced"
        state["debaters"][loser] = fate
        state["bonus_vp"][winner_role] += people[loser].value
        log(state, f"{people[loser].name} is {fate}: {people[loser].value} VP to the {winner_role}")
        if fate == "burned" and loser in state["reformers"]:
            state["reformers"][loser] = None
            log(state, f"the reformer {people[loser].name} leaves the map")
    papal, papal_fresh = (winner_debater, winner_fresh) if winner_side == "papal" else (loser, loser_fresh)
    extra = debater_bonuses.aleander_flips(state, papal, papal_fresh)
    if extra:
        log(state, f"Aleander concluded the debate: the winner flips {extra} space more")
    flip_side = b.CATHOLIC if winner_side == "papal" else b.PROTESTANT
    state["stack"].append(
        {
            "kind": "flips",
            "role": winner_role,
            "side": flip_side,
            "left": margin + extra,
            "rule": "debate",
            "zone": zone,
        }
    )


def _bullinger_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "bullinger", "enter": True}, {"type": "bullinger", "enter": False}]


def _bullinger_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """Bullinger in or not, then the second round, with the extra dice and barred debaters of the card that called
    the debate as they were in the first (Papal Inquisition, Leipzig Debate)."""
    state["stack"].pop()
    barred = {d: state["debaters"][d] for d in decision["absent"] if state["debaters"].get(d) != "absent"}
    state["debaters"].update(dict.fromkeys(barred, "absent"))
    if decision["extra_dice"]:
        state["debate_extra_dice"] = decision["extra_dice"]
    try:
        _second_round(state, board, decision["caller"], decision["zone"], decision["side"], bullinger=action["enter"])
    finally:
        state.pop("debate_extra_dice", None)
        state["debaters"].update({d: was for d, was in barred.items() if state["debaters"][d] == "absent"})


def _redraw(state: State, people: Mapping[str, Any], side: str, zone: str, purpose: str) -> str:
    """A second-round debater (18.5 step 8): drawn from the side's uncommitted debaters of the zone, or from its
    committed ones when none is left."""
    pool = religion.debater_pool(state, people, side, zone, "uncommitted") or religion.debater_pool(
        state, people, side, zone, "committed"
    )
    return rng.choice(state, purpose, pool)


Handler = Callable[[State, HisMap, str, dict[str, Any], Action], None]
Legal = Callable[[State, HisMap, str, dict[str, Any]], list[Action]]
_LEGAL: dict[str, Legal] = {}


def decision_kind(kind: str, legal: Legal, handle: Handler) -> None:
    """Register a kind of decision of another module (``events.py``, ``military.py``): ``legal`` lists its legal
    actions for the role deciding, ``handle`` applies one (and pops the decision when it is made)."""
    if kind in _HANDLERS:
        raise ValueError(f"decision kind {kind!r} is registered twice")
    _LEGAL[kind] = legal
    _HANDLERS[kind] = handle


_HANDLERS: dict[str, Handler] = {
    "attempts": _on_attempt,
    "flips": _on_flip,
    "diet": _on_diet,
    "spring": _on_spring,
    "impulse": _on_impulse,
    "cp": _on_cp,
    "defender": _on_defender,
}

decision_kind("leader_entry", _leader_entry_legal, _leader_entry_handle)
decision_kind("bullinger", _bullinger_legal, _bullinger_handle)

# Card events and military actions live in their own modules, which register their decisions here.
from umpire.games.his2p import (  # noqa: E402
    diplomacy,
    events,
    land_war,
    military,
    minor_powers,
    move_on,  # noqa: F401 - registers the move_on decision (13.4)
    naval_war,
    responses,
    windows,
    winter_choices,
    wintering,
)
