"""Here I Stand positions (issue 31, point 1): a moment of a two-player game written as data, checked, and
turned back into a state; the format is documented in docs/positions.md.

A position is the game's state less what belongs to the history (the generator, the dice rolled, the public
log) and to the kernel (``ruleset``, ``control``): the turn, the phase and step, each space's control, religion,
unrest and Jesuit university (``spaces``), the units by space and power (``units``), the leaders' places
(``leaders``, ``captured``), the sieges, the reformers and debaters, the rulers, the wars and alliances
(``diplomacy``, ``minor_allies``), the VP and tracks (``bonus_vp``, ``tracks``, ``vp_history``), every deck,
hand and pile as card lists, and the open decisions (``stack``: its top is whose impulse it is and what is asked).

:func:`problems` checks a position and returns one line per problem, each naming the field and what was expected;
the engine's own bookkeeping fields (``impulse``, ``land_war``…) are carried as ``umpire position`` wrote them
and checked for their JSON type only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, views
from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.mapdata import POWERS, HisMap, load_map
from umpire.games.his2p.people import load_people
from umpire.games.his2p.restrictions import ZONES_OF_PLAY
from umpire.games.his2p.scenario import CONTROLLERS
from umpire.games.his2p.variant import two_player_main_deck
from umpire.kernel.canonical import clone
from umpire.kernel.errors import BadPosition, IllegalAction
from umpire.kernel.rng import without_secret
from umpire.kernel.ruleset import GM, OBSERVER

State = dict[str, Any]

SEATS = (core.PAPACY, core.PROTESTANT)
#: What a position leaves out: the history (the generator and its secret, the dice, the log) and the kernel's.
LEFT_OUT = ("rng", "rolls", "log", "ruleset", "control")
#: Fields every position has (a fresh 1517 game's state has each), with their JSON type.
REQUIRED: dict[str, type] = {
    "bonus_vp": dict,
    "by_event": list,
    "debaters": dict,
    "deck": list,
    "diplomacy": dict,
    "diplomatic_deck": list,
    "diplomatic_discard": list,
    "diplomatic_hands": dict,
    "diplomatic_later": list,
    "discard": list,
    "electorate_display": dict,
    "events": dict,
    "hands": dict,
    "home_cards": dict,
    "later": list,
    "leaders": dict,
    "minor_allies": dict,
    "options": dict,
    "over": bool,
    "phase": str,
    "reformers": dict,
    "removed": list,
    "rulers": dict,
    "spaces": dict,
    "stack": list,
    "step": str,
    "tracks": dict,
    "turn": int,
    "units": dict,
    "vp_history": list,
}
#: The engine's bookkeeping fields a position may carry as a game wrote them (type checked only).
OPTIONAL: dict[str, tuple[type, ...]] = {
    name: (dict, list, str, int, bool, type(None))
    for name in (
        "assault",
        "autopass",
        "away",
        "away_debaters",
        "blocked",
        "bourbon_turn",
        "captured",
        "card_penalty",
        "combat_cards",
        "debate_extra_dice",
        "diplomatic_forced",
        "diplomatic_played",
        "entering_next_turn",
        "event_plays",
        "excommunicated",
        "excommunication_lifted",
        "fortresses",
        "foul_weather",
        "fuggers",
        "gout",
        "impulse",
        "impulse_bonus",
        "impulse_moves",
        "impulse_targets",
        "land_move",
        "land_war",
        "leader_sides",
        "leaders_next_turn",
        "leaders_off_map",
        "naval_defeated",
        "naval_war",
        "outcome",
        "removed_diplomatic",
        "response_cleared",
        "sieges",
        "skip_impulse",
        "spring_preparations",
        "unbuilt",
        "vienna_halt",
        "winner",
    )
}
PHASES = (
    "luthers_95_theses",
    "card_draw",
    "diplomacy",
    "diet_of_worms",
    "spring_deployment",
    "action",
    "winter",
    "victory_determination",
)
DEBATER_STATES = ("uncommitted", "committed", "absent", "burned", "disgraced", "dead")
MAIN_PILES = ("deck", "discard", "later", "removed", "by_event", "entering_next_turn")
DIPLOMATIC_PILES = ("diplomatic_deck", "diplomatic_discard", "diplomatic_later", "removed_diplomatic")
LAST_TURN = 9
#: Unit kinds only the Ottoman counter mix has (cavalry and corsairs, rule 4.1).
OTTOMAN_ONLY = ("cavalry", "corsair")
#: The role of a decision both seats make (the Diet of Worms' secret cards).
BOTH = "both"


def to_position(state: State) -> dict[str, Any]:
    """The position of ``state``: every field but :data:`LEFT_OUT`."""
    return {k: v for k, v in sorted(state.items()) if k not in LEFT_OUT}


def from_position(state: State, position: dict[str, Any], option_values: Any) -> dict[str, Any]:
    """Fill ``state`` from a checked ``position`` and return its options; BadPosition lists every problem.
    ``option_values``: the ruleset's option check (fills defaults, raises ValueError)."""
    found = problems(position)
    try:
        options = option_values(dict(position.get("options") or {}))
    except (ValueError, TypeError) as exc:
        found.insert(0, f"options: {exc}")
        options = {}
    if found:
        raise BadPosition(found)
    state.update({k: v for k, v in position.items() if k != "options"})
    state["options"] = options
    state["control"] = {p: p for p in SEATS}
    state["log"] = []
    core.log(state, f"the game starts from a position: turn {state['turn']}, {state['phase'].replace('_', ' ')}")
    readable(state)
    return dict(options)


def playable(state: State, apply: Callable[[State, str, dict[str, Any]], None]) -> None:
    """Refuse a position an offered action of which the rules code cannot carry out (``apply``: the ruleset's
    apply and advance): each legal action of each seat is tried once on a copy; a refusal is fine, a crash is the
    position's fault, reported as such rather than met by a player later."""
    for role in SEATS:
        for action in views.view(without_secret(state), role).get("actions", []):
            try:
                apply(clone(state), role, clone(action))
            except IllegalAction:
                continue
            except Exception as exc:
                raise BadPosition(
                    [
                        f"stack: {role}'s action {action} cannot be carried out from this position: "
                        f"{type(exc).__name__} {exc}; write positions with `umpire position` and edit the board"
                    ]
                ) from None


def readable(state: State) -> None:
    """Refuse a position whose engine fields the views cannot read (a hand-edited battle in progress, say): every
    role's view is built once, and an error there is reported as the position's, not met by a player later."""
    for role in (*SEATS, GM, OBSERVER):
        try:
            views.view(without_secret(state), role)
        except Exception as exc:
            top = state["stack"][-1].get("kind") if state["stack"] else None
            raise BadPosition(
                [
                    f"stack: the open decision ({top}) or the engine fields cannot be read for {role}: "
                    f"{type(exc).__name__} {exc}; write positions with `umpire position` and edit the board, not these"
                ]
            ) from None


def problems(position: dict[str, Any]) -> list[str]:
    """Every problem of ``position``, one line each naming the field and what was expected (empty: it is good)."""
    out: list[str] = []
    for name in sorted(position):
        if name in LEFT_OUT:
            out.append(f"{name}: a position does not hold it (the new game makes its own)")
        elif name not in REQUIRED and name not in OPTIONAL:
            out.append(f"{name}: not a field of a his2p position (docs/positions.md lists them)")
    shape: list[str] = []
    for name, kind in REQUIRED.items():
        if name not in position:
            shape.append(f"{name}: missing; expected a {kind.__name__}")
        elif not isinstance(position[name], kind) or (kind is int and isinstance(position[name], bool)):
            shape.append(f"{name}: expected a {kind.__name__}, found {type(position[name]).__name__}")
    for name, kinds in OPTIONAL.items():
        if name in position and not isinstance(position[name], kinds):
            shape.append(f"{name}: expected JSON data, found {type(position[name]).__name__}")
    out += shape
    if shape:
        return out  # the detailed checks below read these fields as their types
    board = load_map()
    out += _turn(position)
    out += _spaces(position, board)
    out += _units(position, board)
    out += _people(position, board)
    out += _cards(position)
    out += _diplomacy(position)
    out += _stack(position)
    return out


def _turn(position: dict[str, Any]) -> list[str]:
    out: list[str] = []
    if not 1 <= position["turn"] <= LAST_TURN:
        out.append(f"turn: expected 1 to {LAST_TURN}, found {position['turn']}")
    if position["phase"] not in PHASES:
        out.append(f"phase: expected one of {', '.join(PHASES)}, found {position['phase']!r}")
    for seat in SEATS:
        vp = position["bonus_vp"].get(seat)
        if not isinstance(vp, int) or isinstance(vp, bool) or vp < 0:
            out.append(f"bonus_vp.{seat}: expected a whole number of VP, 0 or more, found {vp!r}")
    return out


def _spaces(position: dict[str, Any], board: HisMap) -> list[str]:
    out: list[str] = []
    spaces = position["spaces"]
    for name in sorted(set(board.spaces) - set(spaces)):
        out.append(f"spaces.{name}: missing; every land space needs its control and religion")
    for name in sorted(spaces):
        where = f"spaces.{name}"
        if name not in board.spaces:
            out.append(f"{where}: not a land space of the map")
            continue
        spot = spaces[name]
        if not isinstance(spot, dict):
            out.append(f"{where}: expected an object with control, protestant, unrest and jesuit")
            continue
        if spot.get("control") not in CONTROLLERS:
            out.append(f"{where}.control: expected a power or independent, found {spot.get('control')!r}")
        for flag in ("protestant", "unrest", "jesuit"):
            if not isinstance(spot.get(flag), bool):
                out.append(f"{where}.{flag}: expected true or false, found {spot.get(flag)!r}")
        extra = sorted(set(spot) - {"control", "protestant", "unrest", "jesuit"})
        if extra:
            out.append(f"{where}: unknown field(s) {', '.join(extra)}")
        if spot.get("protestant") is True and "ottoman" in board.spaces[name].home:
            out.append(f"{where}.protestant: an Ottoman home space never changes religion (rule 2.3)")
    return out


def _units(position: dict[str, Any], board: HisMap) -> list[str]:
    out: list[str] = []
    sieges = position.get("sieges") or {}
    for where in sorted(position["units"]):
        stacks = position["units"][where]
        at = f"units.{where}"
        land = where in board.spaces
        if not land and where not in board.seas:
            out.append(f"{at}: not a space or sea zone of the map")
            continue
        if not isinstance(stacks, dict) or not stacks:
            out.append(f"{at}: expected an object of power: units, with at least one power")
            continue
        for power in sorted(stacks):
            units = stacks[power]
            if power not in POWERS and power != "independent":
                out.append(f"{at}.{power}: not a power; expected one of {', '.join(CONTROLLERS)}")
                continue
            if not isinstance(units, dict) or not units:
                out.append(f"{at}.{power}: expected an object of unit kind: count, not empty")
                continue
            for kind in sorted(units):
                count = units[kind]
                if kind not in b.UNIT_KINDS:
                    out.append(f"{at}.{power}.{kind}: not a unit kind; expected one of {', '.join(b.UNIT_KINDS)}")
                elif not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    out.append(f"{at}.{power}.{kind}: expected a count of 1 or more, found {count!r}")
                elif kind in OTTOMAN_ONLY and power != "ottoman":
                    out.append(f"{at}.{power}.{kind}: only the Ottomans have {kind} (rule 4.1)")
                elif not land and kind in b.LAND_UNITS:
                    out.append(f"{at}.{power}.{kind}: land units cannot stand in a sea zone")
                elif land and kind in b.NAVAL_UNITS and not board.spaces[where].is_port:
                    out.append(f"{at}.{power}.{kind}: naval units stand only in ports and sea zones")
                elif land and kind in b.LAND_UNITS and not _may_stand(position, board, power, where):
                    out.append(
                        f"{at}.{power}.{kind}: {power}'s units stand only in the German and Italian zones (seed 13),"
                        f" not in {board.spaces[where].language or 'no'} zone"
                    )
    for space in sorted(sieges):
        siege = sieges[space]
        at = f"sieges.{space}"
        if space not in board.spaces or not board.spaces[space].fortified:
            out.append(f"{at}: only a fortified land space can be besieged")
        elif not isinstance(siege, dict) or siege.get("besieger") not in POWERS:
            out.append(f'{at}: expected {{"besieger": power, "impulse": n}}')
        elif not any(position["units"].get(space, {}).get(siege["besieger"], {}).get(k) for k in b.LAND_UNITS):
            out.append(f"{at}: the besieger {siege['besieger']} has no land units in {space}")
    return out


def _may_stand(position: dict[str, Any], board: HisMap, power: str, space: str) -> bool:
    """Seed 13 for the two players' own units: only in the German and Italian zones (``restrictions.may_enter``);
    a minor ally's garrisons stand in its home spaces (Venice's Candia and Corfu), the invaders' units wherever a
    card or a siege brought them."""
    return power not in SEATS or board.spaces[space].language in ZONES_OF_PLAY


def _people(position: dict[str, Any], board: HisMap) -> list[str]:
    out: list[str] = []
    people = load_people()
    leaders = {**people.army_leaders, **people.naval_leaders}
    for leader in sorted(position["leaders"]):
        where = position["leaders"][leader]
        at = f"leaders.{leader}"
        if leader not in leaders:
            out.append(f"{at}: not a leader of the game")
        elif where not in board.spaces and where not in board.seas:
            out.append(f"{at}: expected a space or sea zone of the map, found {where!r}")
        elif leader in (position.get("captured") or {}):
            out.append(f"{at}: a captured leader is not on the map (captured lists it)")
    for debater in sorted(set(people.debaters) | set(position["debaters"])):
        at = f"debaters.{debater}"
        if debater not in people.debaters:
            out.append(f"{at}: not a debater of the game")
        elif position["debaters"].get(debater) not in DEBATER_STATES:
            found = position["debaters"].get(debater)
            out.append(f"{at}: expected one of {', '.join(DEBATER_STATES)}, found {found!r}")
    for reformer in sorted(set(people.reformers) | set(position["reformers"])):
        at = f"reformers.{reformer}"
        if reformer not in people.reformers:
            out.append(f"{at}: not a reformer of the game")
        elif reformer not in position["reformers"]:
            out.append(f"{at}: missing; expected a space, or null while off the map")
        elif position["reformers"][reformer] is not None and position["reformers"][reformer] not in board.spaces:
            out.append(f"{at}: expected a land space or null, found {position['reformers'][reformer]!r}")
    return out


def _cards(position: dict[str, Any]) -> list[str]:
    """Each main-deck card of the edition in exactly one pile or hand (home cards: listed by power, and in their
    owner's hand or the discard while played), each Diplomatic card likewise."""
    out: list[str] = []
    edition = position["options"].get("deck", "base")
    cards = load_cards()
    if edition not in ("base", "anniversary"):
        return out  # the options check names it
    home = {n for n in two_player_main_deck(edition) if cards.main[n].type == "home"}
    places: dict[int, list[str]] = {}
    diplomatic: dict[int, list[str]] = {}

    def note(into: dict[int, list[str]], known: set[int], field: str, pile: Any) -> None:
        if not isinstance(pile, list):
            out.append(f"{field}: expected a list of card numbers")
            return
        for n in pile:
            if not isinstance(n, int) or isinstance(n, bool) or n not in known:
                out.append(f"{field}: {n!r} is not a card of this deck")
            else:
                into.setdefault(n, []).append(field)

    main = set(two_player_main_deck(edition))
    for pile in MAIN_PILES:
        note(places, main, pile, position.get(pile, []))
    for seat in SEATS:
        note(places, main, f"hands.{seat}", position["hands"].get(seat))
        note(diplomatic, set(cards.diplomatic), f"diplomatic_hands.{seat}", position["diplomatic_hands"].get(seat))
    for pile in DIPLOMATIC_PILES:
        note(diplomatic, set(cards.diplomatic), pile, position.get(pile, []))
    for n, where in sorted(places.items()):
        if len(where) > 1:
            out.append(f"card {n}: in two places ({', '.join(where)}); expected exactly one")
    for n in sorted(main - home - set(places)):
        out.append(f"card {n}: in no pile or hand; expected in exactly one (deck, discard, later, removed, …)")
    for n, where in sorted(diplomatic.items()):
        if len(where) > 1:
            out.append(f"diplomatic card {n}: in two places ({', '.join(where)}); expected exactly one")
    for n in sorted(set(cards.diplomatic) - set(diplomatic)):
        out.append(f"diplomatic card {n}: in no pile or hand; expected in exactly one")
    return out


def _diplomacy(position: dict[str, Any]) -> list[str]:
    out: list[str] = []
    pairs: dict[str, set[tuple[str, ...]]] = {}
    for kind in ("at_war", "allied"):
        found = position["diplomacy"].get(kind)
        pairs[kind] = set()
        if not isinstance(found, list):
            out.append(f"diplomacy.{kind}: expected a list of [power, power] pairs")
            continue
        for pair in found:
            if not (
                isinstance(pair, list) and len(pair) == 2 and all(p in POWERS for p in pair) and pair[0] != pair[1]
            ):
                out.append(f"diplomacy.{kind}: {pair!r} is not a pair of two different powers")
            elif pair != sorted(pair):
                out.append(f"diplomacy.{kind}: {pair!r} must be written in sorted order, {sorted(pair)!r}")
            else:
                pairs[kind].add(tuple(pair))
    for pair in sorted(pairs["at_war"] & pairs["allied"]):
        out.append(f"diplomacy: {pair[0]} and {pair[1]} cannot be both at war and allied")
    for minor in sorted(position["minor_allies"]):
        if position["minor_allies"][minor] not in POWERS:
            out.append(f"minor_allies.{minor}: expected a major power, found {position['minor_allies'][minor]!r}")
    return out


def _stack(position: dict[str, Any]) -> list[str]:
    """The open decisions: each of a registered kind, for a seat of the game."""
    out: list[str] = []
    kinds = set(core.decision_kinds())
    for i, decision in enumerate(position["stack"]):
        at = f"stack[{i}]"
        if not isinstance(decision, dict):
            out.append(f"{at}: expected a decision object with a kind")
        elif decision.get("kind") not in kinds:
            out.append(f"{at}.kind: expected one of {', '.join(sorted(kinds))}, found {decision.get('kind')!r}")
        elif "role" in decision and decision["role"] not in (*SEATS, BOTH):
            out.append(f"{at}.role: expected {', '.join(SEATS)} or {BOTH}, found {decision['role']!r}")
    if not position["stack"] and not position["over"] and not position.get("blocked"):
        out.append("stack: empty; a game that is not over needs the decision being made (whose turn it is)")
    return out
