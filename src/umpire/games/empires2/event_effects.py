"""What the Event Cards do (rewrite 19.0, seed 33.24 A): the steps of ``data/event_cards.json`` carried out on the
empire that draws a card, or for a holding card played later, on its target; and the playing of those holding cards
by a player (an action) or by an Independent Empire (a fixed rule, EMP-V05).

The cards that stay in play once played keep their standing effects where they apply: Personal Demesne gold at
taxation (``economy.py``), the weapons cards' +3 (``endeavours.py``). Missionary Fervor halves the
conversion differential of the empire that has it in play (rewrite 19.0, 22.2: ``conversion.py``, EMP-V01). Every
die goes through the kernel's rng with its purpose; every effect is written to the log in words.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import alliances, board, demise, independent, longevity
from umpire.games.empires2.economy import rebellion_check, rebellion_value
from umpire.games.empires2.events import EventCard, EventStep, load_event_cards
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.tables import Tables
from umpire.kernel import rng

State = dict[str, Any]

PLAY = "play_event"


def _say(state: State, eid: str, card: EventCard, text: str) -> None:
    who = "Independent " if state["empires"][eid]["status"] == board.INDEPENDENT else ""
    board.log(state, f"{who}{board.name(state, eid)}: Event Card {card.name}: {text}")


def candidates(state: State, eid: str, where: str) -> list[str]:
    """The empire's areas a step may pick from (``where`` of events.WHERE), sorted."""
    own = board.areas_of(state, eid)
    court = state["empires"][eid]["court"]
    if where == "not_court":
        return [aid for aid in own if aid != court]
    if where == "court":
        return [aid for aid in own if aid == court]
    if where == "foreign":
        return [
            aid
            for aid in own
            if board.language_relation(state, eid, aid) != "same" or board.religion_relation(state, eid, aid) != "same"
        ]
    if where == "other_religion":
        return [aid for aid in own if board.religion_relation(state, eid, aid) != "same"]
    return own


def pick_areas(state: State, eid: str, card: EventCard, step: EventStep, pool: list[str]) -> list[str]:
    """Every area of ``pool`` for ``"areas": "all"``; otherwise that many, each picked by die among those left."""
    if step.areas is None or step.areas >= len(pool):
        return list(pool)
    left, picked = list(pool), []
    for _ in range(step.areas):
        aid = rng.choice(state, f"{board.name(state, eid)}: {card.name}, which area", left)
        left.remove(aid)
        picked.append(aid)
    return picked


def _gold(state: State, eid: str, card: EventCard, step: EventStep) -> None:
    e = state["empires"][eid]
    n = step.amount * (len(board.areas_of(state, eid)) if step.per == "area" else 1)
    if step.most is not None:
        n = max(-step.most, min(step.most, n))
    before = e["gold"]
    e["gold"] = max(0, before + n)
    got = e["gold"] - before
    what = f"{got} gold gained" if got >= 0 else f"{-got} gold lost"
    _say(state, eid, card, f"{what}, treasury {e['gold']}")


def _social_state(
    state: State, eid: str, card: EventCard, step: EventStep, tables: Tables | None, m: EmpiresMap
) -> None:
    pool = candidates(state, eid, step.where)
    if step.change > 0:
        pool = [aid for aid in pool if state["areas"][aid]["social_state"] < m.area(aid).max_social_state]
    picked = pick_areas(state, eid, card, step, pool)
    if not picked:
        _say(state, eid, card, "no area it could strike")
    for aid in picked:
        a = state["areas"][aid]
        before = a["social_state"]
        a["social_state"] = min(before + step.change, m.area(aid).max_social_state)
        words = "gains" if step.change > 0 else "loses"
        levels = abs(step.change)
        text = f"{m.area(aid).name} {words} {levels} social state level{'s' if levels > 1 else ''} "
        text += f"({before} to {a['social_state']})"
        if step.unrest and not a["unrest"]:
            a["unrest"] = True
            text += " and enters unrest"
        _say(state, eid, card, text)


def _unrest(state: State, eid: str, card: EventCard, step: EventStep, tables: Tables | None, m: EmpiresMap) -> None:
    picked = pick_areas(state, eid, card, step, candidates(state, eid, step.where))
    if not picked:
        _say(state, eid, card, "no area it could strike")
    for aid in picked:
        a = state["areas"][aid]
        already = a["unrest"]
        a["unrest"] = True
        _say(state, eid, card, f"{m.area(aid).name} {'stays in' if already else 'enters'} unrest")
        if step.check:
            value = rebellion_value(0, independent.taxed_area(state, eid, aid, m), tables)
            outcome = rebellion_check(state, aid, value, True, tables)
            _say(state, eid, card, f"rebellion check in {m.area(aid).name} at rebellion value {value}: {outcome}")
            independent.rebellion_outcome(state, aid, outcome, tables, m)


def _court_ties(state: State, player: str, card: EventCard, step: EventStep, target: str, m: EmpiresMap) -> None:
    """33.41: ties against a non-player empire's Court, as a diplomatic endeavour's; enough of them ally it."""
    e = state["empires"][target]
    need = alliances.case_33_41_ties_required(state, target, m)
    held = min(need, alliances.ties(state, player, target) + step.amount)
    e["court_ties"][player] = held
    _say(state, player, card, f"ties against {m.area(e['court']).name}, {e['name']}'s Court: {held} of {need}")
    if held >= need:
        if e["status"] == board.INDEPENDENT:
            alliances.case_33_41_alliance(state, player, target, f"enough ties ({card.name}, 33.41)")
        elif e["ally_of"] != player:
            board.log(
                state,
                f"{board.name(state, player)} holds the ties for an alliance with {e['name']}, allied to "
                f"{board.name(state, e['ally_of'])}: it may take {alliances.RIVAL_PENALTY} off each of its "
                f"endeavours (33.43)",
            )


def carry_out(
    state: State,
    eid: str,
    card: EventCard,
    target: str | None = None,
    tables: Tables | None = None,
    game_map: EmpiresMap | None = None,
) -> None:
    """The card's steps in order, on ``eid`` (the empire that drew or played it); a played card's stature check
    strikes ``target``, its ties are against ``target``'s Court."""
    m = game_map or load_map()
    if not card.effect:
        _say(state, eid, card, "no effect")
    for step in card.effect:
        religion = state["empires"][eid]["religion"]
        if step.if_religion and religion not in step.if_religion:
            _say(state, eid, card, f"no effect on a {religion} empire (only {', '.join(step.if_religion)})")
            continue
        if step.do == "gold":
            _gold(state, eid, card, step)
        elif step.do == "social_state":
            _social_state(state, eid, card, step, tables, m)
        elif step.do == "unrest":
            _unrest(state, eid, card, step, tables, m)
        elif step.do == "court_ties":
            assert target is not None
            _court_ties(state, eid, card, step, target, m)
        else:  # stature_check
            struck = target or eid
            _say(state, eid, card, f"{board.name(state, struck)}'s leader is replaced by a stature check")
            independent.stature_check_now(state, struck, tables)


def take_effect(
    state: State, eid: str, card_id: str, tables: Tables | None = None, game_map: EmpiresMap | None = None
) -> None:
    """A drawn card that is not a holding card: its effect on the drawing empire (Leader Dies Heirless first loses
    the ties and Demesne cards and makes the new leader, 33.48, EMP-S14), then it is discarded."""
    card = load_event_cards().card(card_id)
    if card.holding:
        raise ValueError(f"{card.name} is a holding card: it is kept, not carried out at once")
    if card_id == independent.LEADER_DIES_HEIRLESS and longevity.spared(state, eid):
        longevity.say_spared(state, eid, "Event Card Leader Dies Heirless")
        state["event_discard"].append(card_id)
        return
    if card_id == independent.LEADER_DIES_HEIRLESS:
        independent.case_33_24a_leader_dies_heirless(state, eid, tables)
    carry_out(state, eid, card, None, tables, game_map)
    state["event_discard"].append(card_id)


# --- holding cards played later ---------------------------------------------------------------------------------


def targets(state: State, eid: str, card: EventCard, player: str | None) -> list[str]:
    """Whom ``eid`` may play a held ``card`` on now; ``player`` is the seat running it (None: the engine)."""
    if card.target == "court":  # 33.41: a player's own courting; an ally does not court (EMP-A08)
        return alliances.courtable(state, eid) if player == eid else []
    if card.target == "empire":
        return [t for t, _ in board.empires(state) if t != eid and demise.in_play(state, t)]
    return []  # ally_court: the Diplomatic Coup's own action (33.42)


def play_actions(state: State, player: str, eid: str) -> list[dict[str, Any]]:
    """The ``play_event`` actions of the empire whose player-turn it is, one per held card and target."""
    out: list[dict[str, Any]] = []
    deck = load_event_cards()
    for card_id in dict.fromkeys(state["empires"][eid]["held"]):
        card = deck.card(card_id)
        out.extend(
            {"type": PLAY, "card": card_id, "target": t, "empire": eid} for t in targets(state, eid, card, player)
        )
    return out


def play(state: State, player: str | None, eid: str, card_id: Any, target: Any, tables: Tables | None = None) -> None:
    """``eid`` plays a held card on ``target`` (rewrite 19.0): out of its hand, carried out, discarded. Raises
    ValueError naming what is wrong."""
    held = state["empires"][eid]["held"]
    deck = load_event_cards()
    if not isinstance(card_id, str) or card_id not in held:
        names = ", ".join(deck.card(c).name + f" ({c})" for c in dict.fromkeys(held)) or "none"
        raise ValueError(f"{board.name(state, eid)} holds no Event Card {card_id!r}; it holds: {names}")
    card = deck.card(card_id)
    if card.target == "ally_court":
        raise ValueError(f'{card.name} is played with its own action: {{"type": "coup", "empire": <ally>}} (33.42)')
    legal = targets(state, eid, card, player)
    if not isinstance(target, str) or target not in legal:
        why = ": only a player courts, for himself (33.41, EMP-A08)" if not legal and card.target == "court" else ""
        raise ValueError(
            f"{card.name} may not be played on {target!r}; possible targets: {', '.join(legal) or 'none'}{why}"
        )
    held.remove(card_id)
    state["event_discard"].append(card_id)
    _say(state, eid, card, f"played on {board.name(state, target)}")
    carry_out(state, eid, card, target, tables)


def independent_target(state: State, eid: str, card: EventCard) -> str | None:
    """EMP-V05: an Independent plays a card aimed at another empire on the one whose leader has the highest total
    stature, a die between equals; it never plays one that courts (33.22) or a Coup (33.42)."""
    options = targets(state, eid, card, None)
    if not options:
        return None
    totals = {t: sum(state["empires"][t]["leader"].values()) for t in options}
    best = max(totals.values())
    top = [t for t in options if totals[t] == best]
    return top[0] if len(top) == 1 else rng.choice(state, f"{board.name(state, eid)}: {card.name}, on whom", top)


def independent_plays(state: State, eid: str, tables: Tables | None = None) -> None:
    """33.24 A: an Independent plays its held cards as soon as possible: every one it can play, oldest first."""
    deck = load_event_cards()
    for card_id in list(state["empires"][eid]["held"]):
        card = deck.card(card_id)
        target = independent_target(state, eid, card)
        if target is not None:
            play(state, None, eid, card_id, target, tables)
