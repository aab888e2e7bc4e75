"""Actions and decisions in words, for the page: the one place a legal action's button text is made.

:func:`label` names an action as a player reads it ("Play #5 Papal Bull for 4 CP", "Move 2 regulars from Ancona to
Ravenna (1 CP)"); :func:`group` says which group of buttons it belongs to; :func:`describe` puts the open decision
in words. The view carries them beside its ``actions`` (``views.view``: ``action_labels``, ``decision_text``), so
the page never formats raw JSON. They read the state only for costs, names and the decision, never a hidden part
the role may not see (a card named in a label is in the acting role's own hand or face up).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from umpire.games.his2p import core, deck
from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import religious_actions
from umpire.games.his2p.war import military

__all__ = [
    "FORMATION_MOVES",
    "GROUPS",
    "describe",
    "formation_step",
    "group",
    "label",
    "labels",
    "place_name",
    "power_name",
]

State = dict[str, Any]
Action = Mapping[str, Any]

POWER_NAMES: Mapping[str, str] = {
    "papacy": "the Papacy",
    "protestant": "the Protestant",
    "hapsburg": "the Hapsburgs",
    "france": "France",
    "england": "England",
    "ottoman": "the Ottomans",
    "venice": "Venice",
    "genoa": "Genoa",
    "scotland": "Scotland",
    "hungary": "Hungary",
    "independent": "independent",
}
#: Button groups, in the order the page shows them.
GROUPS = ("Cards", "Religious actions", "Military actions", "Raise units", "Choices", "Pass or end")
_GROUP_OF = {
    **dict.fromkeys(("play", "diet_card", "diplomatic_card", "discard_card", "force_play", "force_discard"), "Cards"),
    **dict.fromkeys(
        (
            "publish_treatise",
            "translate_scripture",
            "call_debate",
            "burn_books",
            "build_st_peters",
            "found_jesuit_university",
        ),
        "Religious actions",
    ),
    **dict.fromkeys(
        ("move_formation", "move_over_pass", "naval_move", "sail", "assault", "control_unfortified", "deploy"),
        "Military actions",
    ),
    **dict.fromkeys(("build", "raise_regular", "buy_mercenary", "build_squadron"), "Raise units"),
    **dict.fromkeys(("pass", "autopass", "done", "skip", "decline", "hold", "stand"), "Pass or end"),
}
ZONE_NAMES = {z: f"the {z.capitalize()} zone" for z in ("german", "french", "italian", "english", "spanish")}
_UNIT_WORDS = {"regular": "regular", "mercenary": "mercenary", "cavalry": "cavalry", "squadron": "squadron"}


def power_name(power: Any) -> str:
    return POWER_NAMES.get(str(power), str(power).replace("_", " "))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def place_name(place: Any) -> str:
    """A land space's or sea zone's printed name (an unknown id as it is)."""
    board = load_map()
    if place in board.spaces:
        return board.spaces[place].name
    if place in board.seas:
        return "the " + board.seas[place].name
    return str(place).replace("_", " ")


def card_name(number: Any) -> str:
    """A main-deck or Diplomatic card as ``#N Name``."""
    cards = load_cards()
    if isinstance(number, int) and number in cards.main:
        return f"#{number} {cards.main[number].name}"
    if isinstance(number, int) and number in cards.diplomatic:
        return f"#{number} {cards.diplomatic[number].name}"
    return f"#{number}"


def person_name(pid: Any) -> str:
    people = load_people()
    for table in (people.debaters, people.army_leaders, people.naval_leaders, people.reformers):
        if pid in table:
            return str(table[pid].name)
    return str(pid).replace("_", " ")


def _count(n: int, word: str) -> str:
    plural = word if word == "cavalry" or n == 1 else ("mercenaries" if word == "mercenary" else word + "s")
    return f"{n} {plural}"


def _formation(action: Action) -> str:
    parts = [
        _count(int(action.get(kind) or 0), word)
        for kind, word in _UNIT_WORDS.items()
        if isinstance(action.get(kind), int) and action.get(kind)
    ]
    leaders = [person_name(p) for p in action.get("leaders") or []]
    if isinstance(action.get("units"), Mapping):
        parts += [_count(int(n), _UNIT_WORDS.get(k, k)) for k, n in action["units"].items() if n]
    text = ", ".join(parts) or "no units"
    return text + (" with " + ", ".join(leaders) if leaders else "")


def _is_part(action: Action) -> bool:
    """Whether an action names some of a stack's units by kind (13.3 step 3: part of a stack avoids battle)."""
    return any(isinstance(action.get(kind), int) for kind in _UNIT_WORDS)


def _zone(action: Action) -> str:
    zone = str(action.get("zone"))
    return ZONE_NAMES.get(zone, zone)


def _whose(action: Action) -> str:
    return f" ({power_name(action['power'])})" if action.get("power") else ""


def _for_other(role: str, action: Action) -> str:
    """The power an action is for, when not the acting role's own (winter actions always name their power)."""
    return _whose(action) if action.get("power") != role else ""


def _play(state: State, role: str, action: Action) -> str:
    card = action.get("card")
    mode = action.get("as")
    if mode == "cp":
        return f"Play {card_name(card)} for {deck.card(int(str(card))).cp} CP"
    if mode == "event":
        return f"Play {card_name(card)} as its event"
    return f"Play {card_name(card)}"


def _target(state: State, role: str, action: Action) -> str:
    decision = core.top(state) or {}
    attempt = (decision.get("attempt") or {}).get("kind")
    what = {"reformation": "Reformation attempt in", "counter_reformation": "Counter-reformation attempt in"}
    return f"{what.get(str(attempt), 'Target')} {place_name(action.get('space'))}"


_LABELS: dict[str, Callable[[State, str, Action], str]] = {
    "play": _play,
    "target": _target,
    "pass": lambda s, r, a: "Always pass (windows of this kind)" if a.get("always") else "Pass",
    "autopass": lambda s, r, a: (
        f"{'Always pass' if a.get('on') else 'Stop always passing'} {str(a.get('kind')).replace('_', ' ')} windows"
    ),
    "flip": lambda s, r, a: f"Flip {place_name(a.get('space'))}",
    "convert": lambda s, r, a: f"Convert {place_name(a.get('space'))}",
    "place": lambda s, r, a: f"Place in {place_name(a.get('space'))}",
    "diet_card": lambda s, r, a: f"Commit {card_name(a.get('card'))} to the Diet of Worms",
    "diplomatic_card": lambda s, r, a: f"Play the Diplomatic card {card_name(a.get('card'))}",
    "discard_card": lambda s, r, a: f"Discard {card_name(a.get('card'))}",
    "force_discard": lambda s, r, a: f"Make them discard {card_name(a.get('card'))}",
    "force_play": lambda s, r, a: f"Make them play {card_name(a.get('card'))}",
    "swap": lambda s, r, a: f"Swap for {card_name(a.get('card'))}",
    "retrieve": lambda s, r, a: f"Take back {card_name(a.get('card'))}",
    "discard": lambda s, r, a: f"Discard {card_name(a['card'])}" if "card" in a else "Discard",
    "publish_treatise": lambda s, r, a: f"Publish a treatise in {_zone(a)}",
    "translate_scripture": lambda s, r, a: f"Translate scripture: {_zone(a)}",
    "call_debate": lambda s, r, a: f"Call a theological debate in {_zone(a)}",
    "burn_books": lambda s, r, a: f"Burn books in {_zone(a)}",
    "build_st_peters": lambda s, r, a: "Build St. Peter's",
    "found_jesuit_university": lambda s, r, a: f"Found a Jesuit university in {place_name(a.get('space'))}",
    "jesuit_university": lambda s, r, a: f"Jesuit university in {place_name(a.get('space'))}",
    "commit_debater": lambda s, r, a: f"Commit {person_name(a.get('debater'))}",
    "send_debater": lambda s, r, a: f"Send {person_name(a.get('debater'))}",
    "defender": lambda s, r, a: f"Debate against the {a.get('pool')} debaters",
    "excommunicate": lambda s, r, a: f"Excommunicate {person_name(a.get('reformer'))}",
    "deploy": lambda s, r, a: f"Deploy {_formation(a)} to {place_name(a.get('to'))}",
    "move_formation": lambda s, r, a: (
        f"Move {_formation(a)} from {place_name(a.get('from'))} to {place_name(a.get('to'))}{_whose(a)}"
    ),
    "move_over_pass": lambda s, r, a: (
        f"Move {_formation(a)} from {place_name(a.get('from'))} over the pass to {place_name(a.get('to'))}{_whose(a)}"
    ),
    "intercept": lambda s, r, a: f"Intercept from {place_name(a.get('from'))} with {_formation(a)}{_whose(a)}",
    "avoid_battle": lambda s, r, a: (
        f"Avoid battle: withdraw {_formation(a) if _is_part(a) else 'the whole stack'} to {place_name(a.get('to'))}"
        f"{_whose(a)}"
    ),
    "retreat": lambda s, r, a: f"Retreat to {place_name(a.get('to'))}{_whose(a)}",
    "withdraw": lambda s, r, a: f"Withdraw into the fortifications{_whose(a)}",
    "naval_move": lambda s, r, a: f"Naval move{_whose(a)}",
    "sail": lambda s, r, a: (
        f"Sail {_count(int(a.get('squadrons') or 0), 'squadron')} from {place_name(a.get('from'))} to "
        f"{place_name(a.get('to'))}{_whose(a)}"
    ),
    "assault": lambda s, r, a: f"Assault {place_name(a.get('space'))}{_whose(a)}",
    "control_unfortified": lambda s, r, a: f"Take control of {place_name(a.get('space'))}{_whose(a)}",
    "build": lambda s, r, a: f"Raise a unit in {place_name(a.get('space'))}{_whose(a)}",
    "raise_regular": lambda s, r, a: f"Raise a regular in {place_name(a.get('space'))}",
    "buy_mercenary": lambda s, r, a: f"Buy a mercenary in {place_name(a.get('space'))}",
    "build_squadron": lambda s, r, a: f"Build a squadron in {place_name(a.get('space'))}",
    "lose": lambda s, r, a: f"Lose {_formation(a)}{_whose(a)}",
    "eliminate": lambda s, r, a: (
        f"Eliminate a {power_name(a.get('power'))} {a.get('unit')} in {place_name(a.get('space'))}"
    ),
    "remove_unit": lambda s, r, a: f"Remove a {a.get('unit')} from {place_name(a.get('where'))}{_whose(a)}",
    "stand": lambda s, r, a: "Stand and fight",
    "hold": lambda s, r, a: "Hold",
    "decline": lambda s, r, a: "Decline",
    "done": lambda s, r, a: "Done",
    "skip": lambda s, r, a: "Skip",
    "roll": lambda s, r, a: "Roll the die",
    "draw_card": lambda s, r, a: "Draw a card",
    "keep_wars": lambda s, r, a: "Keep the wars",
    "sue_for_peace": lambda s, r, a: f"Sue for peace with {power_name(a.get('power'))}",
    # the winter return (19.3; winter_choices.py, winter_groups.py, winter_ports.py)
    "winter_move": lambda s, r, a: (
        f"Winter: send the stack in {place_name(a.get('from'))} to {place_name(a.get('to'))}{_for_other(r, a)}"
    ),
    "winter_split": lambda s, r, a: (
        f"Winter: send part of the stack in {place_name(a.get('from'))} to {place_name(a.get('to'))}{_for_other(r, a)}"
    ),
    "winter_count": lambda s, r, a: (
        f"Send {_count(int(a.get('count') or 0), _UNIT_WORDS.get(str(a.get('kind')), '?'))}"
    ),
    "winter_lose": lambda s, r, a: f"Lose a {_UNIT_WORDS.get(str(a.get('kind')), '?')} to attrition",
    "winter_leader": lambda s, r, a: f"{_cap(person_name(a.get('leader')))} goes to {place_name(a.get('to'))}",
    "winter_port": lambda s, r, a: (
        f"Winter: a squadron sails from {place_name(a.get('from'))} to {place_name(a.get('to'))}{_for_other(r, a)}"
    ),
}

_WORDS = {"space": "", "to": "to", "from": "from", "where": "in", "zone": "in", "power": "for"}


def _generic(action: Action) -> str:
    """An action without its own wording: its type in words, then each field named."""
    words = [_cap(str(action.get("type", "?")).replace("_", " "))]
    for key, value in action.items():
        if key == "type":
            continue
        if key in ("space", "to", "from", "where"):
            shown = place_name(value)
        elif key == "zone":
            shown = ZONE_NAMES.get(str(value), str(value))
        elif key in ("power", "ally", "minor"):
            shown = power_name(value)
        elif key == "card":
            shown = card_name(value)
        elif key in ("debater", "reformer", "leader", "attacker", "bar"):
            shown = person_name(value)
        elif isinstance(value, bool):
            shown = "yes" if value else "no"
        elif isinstance(value, list):
            shown = ", ".join(person_name(v) if isinstance(v, str) else str(v) for v in value) or "none"
        else:
            shown = str(value).replace("_", " ")
        prefix = _WORDS.get(key, key.replace("_", " ") + ":")
        words.append(f"{prefix} {shown}".strip())
    return " ".join(words)


def _cost(state: State, role: str, action: Action) -> int | None:
    """The CP ``action`` costs in a CP decision, or None."""
    decision = core.top(state)
    if not decision or decision.get("kind") != "cp" or action.get("type") in ("pass", "done", "autopass"):
        return None
    costs = religious_actions.ACTION_COSTS.get(role, {})
    if action.get("type") in costs:
        return costs[str(action["type"])]
    try:
        return military.cost(state, role, dict(action))
    except (KeyError, ValueError, TypeError):
        return None


def label(state: State, role: str, action: Action) -> str:
    """The words on ``action``'s button for ``role`` (one of its legal actions now), with its CP cost in a CP
    decision."""
    how = _LABELS.get(str(action.get("type")))
    text = how(state, role, action) if how else _generic(action)
    if action.get("debater") and action.get("type") != "commit_debater":
        # The same action with a debater's bonus (debater_bonuses.py) is a button of its own: say whose.
        text += f", committing {person_name(action['debater'])} for his bonus"
    cost = _cost(state, role, action)
    return f"{text} ({cost} CP)" if cost is not None else text


def group(action: Action) -> str:
    """The group of buttons ``action`` is shown in (one of :data:`GROUPS`)."""
    return _GROUP_OF.get(str(action.get("type")), "Choices")


#: Actions that move a formation from a space: the page builds them step by step (units, leaders, destination).
FORMATION_MOVES = frozenset({"move_formation", "move_over_pass", "deploy"})


def formation_step(state: State, role: str, action: Action) -> dict[str, Any] | None:
    """For an action moving a formation (:data:`FORMATION_MOVES`), what the page's formation builder needs beside
    the action's own counts: ``formation`` (the words grouping every move from one space with the same units,
    "Move from Rome"), ``target`` (its destination, "Siena" or "Siena, over the pass"), ``leaders`` (the moving
    leaders' names by id) and ``cost`` (CP, or None outside a CP decision). None for any other action."""
    if action.get("type") not in FORMATION_MOVES:
        return None
    verb = "Deploy" if action.get("type") == "deploy" else "Move"
    target = place_name(action.get("to")) + (", over the pass" if action.get("type") == "move_over_pass" else "")
    return {
        "formation": f"{verb} from {place_name(action.get('from'))}{_whose(action)}",
        "target": target,
        "leaders": {str(p): person_name(p) for p in action.get("leaders") or []},
        "cost": _cost(state, role, action),
    }


def _without_debater(action: Action) -> str:
    return repr(sorted((k, repr(v)) for k, v in action.items() if k != "debater"))


def bonus_choice(state: State, role: str, action: Action, twins: int) -> dict[str, str] | None:
    """For one of ``twins`` (two or more) legal actions that differ only by the debater committed for his bonus
    (debater_bonuses.py: burning books with Cajetan, Caraffa or Tetzel, a treatise with Carlstadt or Calvin, a Jesuit
    university with Loyola), what the page shows: ``button``, the action's words once for all of them ("Burn books
    in the German zone"), and ``option``, this one's choice with its CP cost ("committing Cajetan: burning books
    gets a third attempt (2 CP)"). None for an action with no such twin."""
    if twins < 2:
        return None
    plain = {k: v for k, v in action.items() if k != "debater"}
    how = _LABELS.get(str(action.get("type")))
    button = how(state, role, plain) if how else _generic(plain)
    debater = action.get("debater")
    if debater:
        option = f"committing {person_name(debater)}: {load_people().debaters[str(debater)].bonus}"
    else:
        option = "with no debater's bonus"
    cost = _cost(state, role, action)
    return {"button": button, "option": f"{option} ({cost} CP)" if cost is not None else option}


def labels(state: State, role: str, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``{"label", "group"}`` for each action, in the same order (the view's ``action_labels``); a formation's
    move also carries its :func:`formation_step` under ``step``, and an action with twins differing only by a
    debater's bonus its :func:`bonus_choice` under ``choice`` (the page shows one button for them, then the
    choice of debater)."""
    twins: dict[str, int] = {}
    for a in actions:
        if a.get("type") != "commit_debater":
            twins[_without_debater(a)] = twins.get(_without_debater(a), 0) + 1
    out: list[dict[str, Any]] = []
    for a in actions:
        entry: dict[str, Any] = {"label": label(state, role, a), "group": group(a)}
        step = formation_step(state, role, a)
        if step is not None:
            entry["step"] = step
        choice = bonus_choice(state, role, a, twins.get(_without_debater(a), 0))
        if choice is not None:
            entry["choice"] = choice
        out.append(entry)
    return out


def _attempt_text(decision: Mapping[str, Any]) -> str:
    attempt = decision.get("attempt") or {}
    kind = "reformation" if attempt.get("kind") == "reformation" else "counter-reformation"
    zone = ZONE_NAMES.get(str(attempt.get("zone")), "")
    bonus = "; ".join(attempt.get("bonus") or [])
    return (
        f"choose where to make the next {kind} attempt ({decision.get('left')} left"
        + (f", {zone}" if zone else "")
        + (f"; {bonus}" if bonus else "")
        + ")"
    )


_DESCRIBE: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "impulse": lambda d: "an impulse: play a card for its CP or as its event, or pass",
    "cp": lambda d: f"spend CP one action at a time: {d.get('cp')} CP left",
    "attempts": _attempt_text,
    "flips": lambda d: (
        f"choose a space to flip to {str(d.get('side', 'protestant')).capitalize()} ({d.get('left')} left)"
    ),
    "diet": lambda d: "the Diet of Worms: each religious power commits a card, sealed until both have",
    "spring": lambda d: "spring deployment: move a formation from Rome, or skip",
    "defender": lambda d: f"the debate in {ZONE_NAMES.get(str(d.get('zone')), '?')}: choose the defenders' pool",
    "combat_window": lambda d: (
        f"a {str(d.get('window', '')).replace('_', ' ')} at {place_name(d.get('at'))}: play a combat card or pass"
    ),
    "losses": lambda d: f"take losses: {d.get('count')} unit(s) of {power_name(d.get('power'))}",
    "retreat": lambda d: f"retreat {power_name(d.get('power'))}'s formation",
    "intercept": lambda d: f"intercept with {power_name(d.get('power'))} from {place_name(d.get('from'))}, or not",
    "avoid_battle": lambda d: f"{power_name(d.get('power'))} may avoid battle",
    "diplomatic_play": lambda d: "the Diplomacy Phase: play one of your Diplomatic cards",
    "end_war": lambda d: "the Diplomacy Phase: the Papacy may end a war",
    "naval": lambda d: "a naval move: sail squadrons, then done",
    "winter": lambda d: "the winter return: send stacks and squadrons, then done (the rest go by default)",
    "winter_units": lambda d: (
        f"winter: how many units of each kind go from {place_name(d.get('from'))} to {place_name(d.get('to'))}"
    ),
    "winter_losses": lambda d: (
        f"winter attrition on the way from {place_name(d.get('from'))}: choose {d.get('left')} more unit(s) to lose"
    ),
    "winter_leader": lambda d: f"winter: where the leaders who were in {place_name(d.get('from'))} go",
}


def describe(decision: Mapping[str, Any] | None, role: str) -> str:
    """The open decision in words, as ``role`` reads it: who decides and what."""
    if not decision:
        return "nothing to decide now"
    kind = str(decision.get("kind"))
    who = decision.get("role")
    whom = "you" if who == role else ("both powers" if who == "both" else power_name(who))
    how = _DESCRIBE.get(kind)
    what = how(decision) if how else kind.replace("_", " ")
    return f"{_cap(whom)}: {what}" if whom else _cap(what)
