"""Bots for Here I Stand, two-player (issue 16).

- ``random`` picks uniformly among the legal actions its view lists.
- ``normal`` plays a plain strategy for each side, from its seat's view and the public game data only (never the other
  hand, never the generator): it scores each legal action and takes the best, ties broken at random. The Protestant
  translates Scripture in German first (each full translation gives reformation attempts and VP), publishes treatises
  where it has support, and debates when its debaters are the stronger; the Papacy builds St. Peter's (5 CP, 1 VP),
  burns books where the Reformation has spread, founds Jesuit universities once it may, debates with strong debaters.
  Both play as events the cards that help their side (home cards, the religious events of their side) and spend the rest
  as CP, highest first; the Protestant plays Here I Stand as an event only when the public discard pile holds a card
  worth more than its 5 CP, takes back the best and plays it for its side. Of its Diplomatic cards each side plays first
  one it resolves itself (an invasion against the other player) and keeps one the other player would resolve while it
  may play another (seed 9, HIS-D02). Reformation and counter-reformation targets are chosen where the side's neighbours
  outnumber the other side's (rule book 18.3/18.4: dice come from adjacent spaces of one's religion), electorates and
  keys first. At war it assaults whenever it may, moves its own or (seed 11) another power's formations into spaces held
  by the mover's enemies, raises regulars, and intercepts with three or more land units; in a combat-card window it
  plays each card offered (each helps its side), then passes; in a response window it plays Foul Weather or Gout against
  an attack on its side, The Wartburg against a Papal event that helps the Papacy, Here I Stand in a German debate,
  Halley's Comet to discard a card of the other hand, and passes otherwise. Everything else (event sub-choices,
  retreats, losses) is picked at random among the legal actions.

A view lists every legal action fully formed, so neither bot needs the rules; both get their seat's view only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.diplomacy.diplomacy import BENEFITS, SPANISH_INVASION
from umpire.games.his2p.mapdata import HisMap, load_map

LEVELS = ("random", "normal")

View = dict[str, Any]
Action = dict[str, Any]

#: Events that help the side that plays them (the engine resolves each as its card says). Cards not listed are
#: spent as CP unless the event is the only way to play them (mandatory events).
GOOD_EVENTS: dict[str, frozenset[str]] = {
    "protestant": frozenset(
        {
            "Here I Stand",
            "Augsburg Confession",
            "Marburg Colloquy",
            "Affair of the Placards",
            "Calvin's Institutes",
            "Michael Servetus",
            "Book of Common Prayer",
            "Dissolution of the Monasteries",
            "A Mighty Fortress",
            "Frederick the Wise",
            "Katherina Bora",
            "Printing Press",
        }
    ),
    "papacy": frozenset(
        {
            "Papal Bull",
            "Leipzig Debate",
            "Zwingli Dons Armor",
            "Calvin Expelled",
            "Michelangelo",
            "Jesuit Education",
            "Philip of Hesse's Bigamy",
            "Mary Defies Council",
            "Pilgrimage of Grace",
            "Anabaptists",
            "Indulgence Vendor",
            "Peasants' War",
            "Erasmus",
        }
    ),
}

#: How much each CP action is worth to each side before the situation is looked at (higher is better).
CP_VALUE: dict[str, dict[str, float]] = {
    "protestant": {
        "commit_debater": 9.0,  # a free translation step
        "translate_scripture": 4.0,
        "publish_treatise": 3.0,
        "call_debate": 1.5,
        "control_unfortified": 0.6,
        "move_formation": 0.3,
        "move_over_pass": 0.2,
        "raise_regular": 0.4,
        "buy_mercenary": 0.4,
        "done": -1.0,
    },
    "papacy": {
        "build_st_peters": 3.0,
        "burn_books": 2.5,
        "found_jesuit_university": 3.5,
        "call_debate": 1.5,
        "control_unfortified": 0.6,
        "raise_regular": 0.4,
        "buy_mercenary": 0.3,
        "build_squadron": 0.1,
        "move_formation": 0.2,
        "move_over_pass": 0.1,
        "naval_move": 0.0,
        "done": -1.0,
    },
}


class RandomBot:
    """A legal player: any of the actions the view offers, uniformly."""

    def act(self, view: View, rng: random.Random) -> Action | None:
        actions = view.get("actions") or []
        return dict(rng.choice(actions)) if actions else None


@cache
def _board() -> HisMap:
    return load_map()


@cache
def _card_names() -> Mapping[int, str]:
    return {number: card.name for number, card in load_cards().main.items()}


@cache
def _card_cp() -> Mapping[int, int]:
    return {number: card.cp for number, card in load_cards().main.items()}


@cache
def _mandatory() -> frozenset[int]:
    return frozenset(number for number, card in load_cards().main.items() if card.type == "mandatory")


def _protestant(view: View, space: str) -> bool:
    return bool(view["spaces"].get(space, {}).get("protestant"))


def support(view: View, side: str, space: str) -> int:
    """Adjacent spaces of ``side``'s religion less those of the other (18.3/18.4's dice come from them)."""
    mine = theirs = 0
    for near in _board().adjacent(space):
        if near not in view["spaces"]:
            continue
        if _protestant(view, near) == (side == "protestant"):
            mine += 1
        else:
            theirs += 1
    return mine - theirs


def _space_weight(space: str) -> float:
    where = _board().spaces[space]
    return 1.5 if where.type == "electorate" else 1.0 if where.is_key else 0.0


def _zone_targets(view: View, side: str, zone: str) -> int:
    """Spaces of the zone the side's attempts could turn (the other religion's)."""
    return sum(
        1 for s in _board().by_language(zone) if s in view["spaces"] and _protestant(view, s) != (side == "protestant")
    )


class NormalBot:
    """A plain strategy for each side (see the module docstring)."""

    def act(self, view: View, rng: random.Random) -> Action | None:
        actions = view.get("actions") or []
        if not actions:
            return None
        side = str(view.get("role"))
        decision = view.get("decision") or {}
        kind = decision.get("kind") if isinstance(decision, dict) else None
        score = _SCORERS.get(str(kind))
        if score is None or side not in CP_VALUE:
            return dict(rng.choice(actions))
        values = [score(view, side, a) for a in actions]
        best = max(values)
        return dict(rng.choice([a for a, v in zip(actions, values, strict=True) if v == best]))


def _score_target(view: View, side: str, action: Action) -> float:
    space = action.get("space")
    if not isinstance(space, str) or space not in _board().spaces:
        return 0.0
    return support(view, side, space) + _space_weight(space)


def _score_flip(view: View, side: str, action: Action) -> float:
    return _score_target(view, side, action)


def _score_play(view: View, side: str, action: Action) -> float:
    kind = action.get("type")
    if kind == "pass":
        return -5.0
    card = action.get("card")
    if not isinstance(card, int):
        return 0.0
    name = _card_names().get(card, "")
    cp = _card_cp().get(card, 0)
    if action.get("as") == "event" and name == "Here I Stand":
        return 20.0 + cp if _best_retrieval(view, side) > cp else -2.0
    if action.get("as") == "event":
        return 20.0 + cp if name in GOOD_EVENTS[side] else -2.0
    return 10.0 + cp


def retrieval_value(side: str, card: int) -> float:
    """What a card taken back from the discard pile (Here I Stand, 6.2) is worth to ``side``: its CP, and 3 more
    when its event helps the side."""
    return _card_cp().get(card, 0) + (3.0 if _card_names().get(card, "") in GOOD_EVENTS[side] else 0.0)


def _best_retrieval(view: View, side: str) -> float:
    """The best card Here I Stand could take back from the public discard pile (mandatory events may not be taken)."""
    cards = [n for n in view.get("discard") or [] if isinstance(n, int) and n not in _mandatory()]
    return max((retrieval_value(side, n) for n in cards), default=0.0)


def _score_here_i_stand(view: View, side: str, action: Action) -> float:
    """Here I Stand's event (6.2): take back the card worth most (:func:`retrieval_value`), then play it as any card
    of the hand would be played (:func:`_score_play`); keeping it ranks below playing it for CP."""
    if action.get("type") == "retrieve":
        return retrieval_value(side, int(action.get("card", 0)))
    if action.get("type") == "hold":
        return 9.0
    return _score_play(view, side, action)


def _score_diplomatic(view: View, side: str, action: Action) -> float:
    """A Diplomatic card to play (seed 9; resolver: ruling HIS-D02): first one the side resolves itself against the
    other player (an invasion of the other's lands), last one the other player resolves, which the hand keeps as
    long as it holds another card."""
    card = int(action.get("card", 0))
    resolver = BENEFITS.get(card)
    if card == SPANISH_INVASION:
        resolver = "papacy" if (view.get("events") or {}).get("schmalkaldic_league") else "protestant"
    if resolver is None:
        return 1.0
    return 2.0 if resolver == side else 0.0


def _score_cp(view: View, side: str, action: Action) -> float:
    kind = str(action.get("type"))
    value = CP_VALUE[side].get(kind, 0.0)
    zone = action.get("zone")
    if kind == "translate_scripture":
        # German first: Luther's zone, the most spaces to turn; then the zone with the most left.
        return value + (1.0 if zone == "german" else 0.0) + _zone_targets(view, side, str(zone)) / 40
    if kind in ("publish_treatise", "burn_books"):
        return value + _zone_targets(view, side, str(zone)) / 10 - (0.0 if zone == "german" else 1.0)
    if kind == "found_jesuit_university":
        space = str(action.get("space"))
        return value + support(view, side, space) / 10 if space in _board().spaces else value
    if kind == "assault":
        return 5.0  # a space taken from the enemy: its keys or electorates no longer count for it
    if kind in ("move_formation", "move_over_pass"):
        return value + _attack_value(view, side, action)
    if kind == "raise_regular" and _at_war(view, side):
        return 1.5  # at war, regulars defend the side's spaces
    return value


def _at_war(view: View, power: str) -> bool:
    return any(power in pair for pair in (view.get("diplomacy") or {}).get("at_war", []))


def _enemies(view: View, power: str) -> set[str]:
    return {x for pair in (view.get("diplomacy") or {}).get("at_war", []) if power in pair for x in pair} - {power}


def _attack_value(view: View, side: str, action: Action) -> float:
    """A move (own or, seed 11, another power's) into a space held by a power at war with the mover: the larger
    the formation, the better; other moves are worth nothing extra."""
    mover = str(action.get("power") or side)
    target = view["spaces"].get(str(action.get("to")), {})
    if target.get("control") not in _enemies(view, mover):
        return 0.0
    return 2.5 + (int(action.get("regular", 0)) + int(action.get("mercenary", 0))) / 4


def _score_intercept(view: View, side: str, action: Action) -> float:
    """Intercept (13.2) with the largest formation of three or more land units; else decline."""
    if action.get("type") != "intercept":
        return 1.5
    return (int(action.get("regular", 0)) + int(action.get("mercenary", 0))) / 2


def _score_diet(view: View, side: str, action: Action) -> float:
    card = action.get("card")
    if not isinstance(card, int):
        return 0.0
    name = _card_names().get(card, "")
    return _card_cp().get(card, 0) - (5.0 if name in GOOD_EVENTS[side] else 0.0)


def _score_spring(view: View, side: str, action: Action) -> float:
    return 1.0 if action.get("type") == "skip" else 0.0


def _score_window(view: View, side: str, action: Action) -> float:
    """A combat-card window: every card offered there helps the side it is played for (more dice, or the enemy's
    mercenaries gone), so play it; else pass, without turning the windows off."""
    if action.get("type") == "play":
        return 10.0
    return 0.0 if action.get("always") else 1.0


def _score_response(view: View, side: str, action: Action) -> float:
    """A response window (``responses.py``): Foul Weather or Gout against a declared assault or a move into a space
    of the side's; The Wartburg against a Papal event that helps the Papacy; Here I Stand to bring Luther into a
    German debate; Halley's Comet to discard a card of the other hand. Else pass, leaving the windows on."""
    if action.get("type") != "play":
        return 0.0 if action.get("always") else 1.0
    decision = view.get("decision") or {}
    name = _card_names().get(int(action.get("card", 0)), "")
    if name in ("Foul Weather", "Gout"):
        declared = decision.get("action") or {}
        target = view["spaces"].get(str(declared.get("to") or declared.get("space")), {})
        mine = target.get("control") == side or declared.get("type") == "assault"
        return 5.0 if mine else -1.0
    if name == "The Wartburg":
        return 5.0 if _card_names().get(int(decision.get("card", 0)), "") in GOOD_EVENTS["papacy"] else -1.0
    if name == "Halley's Comet":
        return 3.0 if action.get("effect") == "discard" else -1.0
    if name == "Here I Stand":
        return 5.0
    return -1.0  # Venetian Informant: the bot does not use what it would see


_SCORERS: dict[str, Callable[[View, str, Action], float]] = {
    "combat_window": _score_window,
    "response_window": _score_response,
    "halley": lambda view, side, action: 1.0 if action.get("effect") == "discard" else 0.0,
    "intercept": _score_intercept,
    "attempts": _score_target,
    "flips": _score_flip,
    "impulse": _score_play,
    "here_i_stand": _score_here_i_stand,
    "diplomatic_play": _score_diplomatic,
    "cp": _score_cp,
    "diet": _score_diet,
    "spring": _score_spring,
}


def make_bot(level: str) -> RandomBot | NormalBot:
    """A bot of ``level``: ``random`` or ``normal``."""
    if level == "random":
        return RandomBot()
    if level == "normal":
        return NormalBot()
    raise ValueError(f"Here I Stand bots have the levels {', '.join(LEVELS)}, not {level!r}")
