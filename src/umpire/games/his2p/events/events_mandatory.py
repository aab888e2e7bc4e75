"""The mandatory events of the two-player deck (rule book 6.1, 19.8, 21.3-21.6; seed 19, 21.3 and "Modified
Cards"), each registered with :func:`events.event` under its card number.

Rulers change in ``state["rulers"]``; cards an event brings into the deck wait in ``state["entering_next_turn"]``
until the next Card Draw Phase; the Society of Jesus opens a ``jesuit`` decision for the Papacy. An event whose
procedure is not built records it in ``state["unbuilt"]``, which stops the game at once (ruling HIS-E06).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck
from umpire.games.his2p.diplomacy import peace
from umpire.games.his2p.events.events import event
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import religion, religious_actions
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"

CLEMENT_VII, DEFENDER_OF_THE_FAITH, MASTER_OF_ITALY, SCHMALKALDIC_LEAGUE = 10, 11, 12, 13
PAUL_III, SOCIETY_OF_JESUS, CALVIN, COUNCIL_OF_TRENT = 14, 15, 16, 17
EDWARD_VI, HENRY_II, MARY_I, JULIUS_III, ELIZABETH_I = 19, 20, 21, 22, 23

#: Defender of the Faith: three counter-reformation attempts, every zone counting as the target (HIS-V02).
DEFENDER_ATTEMPTS = 3
#: The Schmalkaldic League may be played once this many spaces are Protestant, unrest counted (21.6), from turn 2.
LEAGUE_SPACES = 12
LEAGUE_FIRST_TURN = 2
#: Society of Jesus places this many Jesuit universities at once (21.5).
SOCIETY_UNIVERSITIES = 2
#: The League's two leaders, each placed with the Protestant units nearest his home space (21.6).
LEAGUE_LEADERS = {"john_frederick": "wittenberg", "philip_of_hesse": "kassel"}


def stop(state: State, what: str) -> None:
    """Record a procedure an event needs and umpire lacks: the engine stops the game on it (ruling HIS-E06)."""
    state["unbuilt"] = what


def change_ruler(state: State, power: str, ruler: str, name: str) -> None:
    """A new ruler of ``power`` (rule book 21.1, the power cards): admin rating and card bonus follow the card."""
    state["rulers"][power] = ruler
    core.log(state, f"{name} now rules the {power}")


def enter_next_turn(state: State, card: int) -> None:
    """A card an event brings into play joins the main deck at the next Card Draw Phase (seed 6.2 and 21.3)."""
    if card in state["by_event"]:
        state["by_event"].remove(card)
        state.setdefault("entering_next_turn", []).append(card)
        core.log(state, f"{deck.name_of(card)} will join the deck next turn")


# --- Rulers -----------------------------------------------------------------------------------------------------


@event(CLEMENT_VII)
def clement_vii(state: State, board: HisMap, power: str) -> None:
    """#10 Clement VII (rule book 21.5, the Papal power card; seed 19: due by the winter of turn 2): Leo X dies and
    Clement VII becomes Pope."""
    change_ruler(state, PAPACY, "clement_vii", "Clement VII")


@event(PAUL_III)
def paul_iii(state: State, board: HisMap, power: str) -> None:
    """#14 Paul III (rule book 18.4, 21.5; due by the winter of turn 4): Paul III becomes Pope, a reforming Pope who
    wins counter-reformation ties in the target zone (``religion.papacy_reforming``)."""
    change_ruler(state, PAPACY, "paul_iii", "Paul III")


@event(JULIUS_III)
def julius_iii(state: State, board: HisMap, power: str) -> None:
    """#22 Julius III (rule book 18.4, 21.5): Julius III becomes Pope, also a reforming Pope."""
    change_ruler(state, PAPACY, "julius_iii", "Julius III")


@event(HENRY_II)
def henry_ii(state: State, board: HisMap, power: str) -> None:
    """#20 Henry II (the French power card): Francis I dies and Henry II rules France; if Francis I stands on the
    map as an invading leader, Henry II takes his place."""
    change_ruler(state, "france", "henry_ii", "Henry II")
    if "francis_i" in state["leaders"]:
        state["leaders"]["henry_ii"] = state["leaders"].pop("francis_i")


@event(EDWARD_VI)
def edward_vi(state: State, board: HisMap, power: str) -> None:
    """#19 Edward VI (seed 21.3; due by the winter of turn 7 in the English text): Henry VIII dies and Edward VI
    rules England; Mary I joins the deck next turn. English units and leaders never act in the two-player game, so
    Dudley is not placed (HIS-V05)."""
    change_ruler(state, "england", "edward_vi", "Edward VI")
    state["leaders"].pop("henry_viii", None)
    enter_next_turn(state, MARY_I)


@event(MARY_I)
def mary_i(state: State, board: HisMap, power: str) -> None:
    """#21 Mary I (seed 21.3; due by the winter of turn 8 in the English text): Mary I rules England and Elizabeth I
    joins the deck next turn. While she rules, the seed's Papal procedure follows each Protestant impulse
    (:func:`after_impulse`)."""
    change_ruler(state, "england", "mary_i", "Mary I")
    enter_next_turn(state, ELIZABETH_I)


@event(ELIZABETH_I)
def elizabeth_i(state: State, board: HisMap, power: str) -> None:
    """#23 Elizabeth I (seed 21.3): Elizabeth I rules England (Protestant English units, ``board.unit_confession``)."""
    change_ruler(state, "england", "elizabeth_i", "Elizabeth I")


@event(CALVIN)
def calvin(state: State, board: HisMap, power: str) -> None:
    """#16 Calvin (card text; the Protestant power card): Luther dies, his reformer and debater leave the game, and
    Calvin becomes the Protestant ruler (administrative rating 1). Here I Stand needs Luther alive (HIS-V04)."""
    change_ruler(state, PROTESTANT, "calvin", "Calvin")
    state["reformers"]["luther"] = None
    if state["debaters"].get("luther") not in ("burned",):
        state["debaters"]["luther"] = "dead"
    core.log(state, "Luther dies: his reformer and debater leave the game")


# --- Religious mandatory events -----------------------------------------------------------------------------------


@event(DEFENDER_OF_THE_FAITH)
def defender_of_the_faith(state: State, board: HisMap, power: str) -> None:
    """#11 Defender of the Faith (rule book 18.4: three counter-reformation attempts): whoever plays it, the Papacy
    makes three counter-reformation attempts in which every zone counts as the target zone (HIS-V02)."""
    core.log(state, "Defender of the Faith: the Papacy makes 3 counter-reformation attempts")
    religious_actions.push_attempts(
        state, PAPACY, DEFENDER_ATTEMPTS, religion.Attempt(religion.COUNTER_REFORMATION, religion.ANY_ZONE)
    )


#: The five keys Master of Italy counts (card #12): Rome and Ravenna are not among them.
MASTER_OF_ITALY_KEYS = ("florence", "genoa", "milan", "naples", "venice")


def italian_keys(state: State, power: str) -> int:
    """How many of Master of Italy's five keys ``power`` controls."""
    return sum(1 for s in MASTER_OF_ITALY_KEYS if state["spaces"][s]["control"] == power)


@event(MASTER_OF_ITALY)
def master_of_italy(state: State, board: HisMap, power: str) -> None:
    """#12 Master of Italy (card text; bonus VP 23.3; stays in the deck, 6.1): of Genoa, Milan, Venice, Florence
    and Naples, a power controlling four or five gains 2 VP, three 1 VP, exactly two draws a card. In the
    two-player game only the Papacy and the Protestant keep VP and hands, so only they are counted (seed 3;
    HIS-V03)."""
    for player in (PAPACY, PROTESTANT):
        keys = italian_keys(state, player)
        if keys >= 4:
            state["bonus_vp"][player] += 2
            core.log(state, f"Master of Italy: {player} controls {keys} of the five keys, 2 VP")
        elif keys == 3:
            state["bonus_vp"][player] += 1
            core.log(state, f"Master of Italy: {player} controls 3 of the five keys, 1 VP")
        elif keys == 2:
            core.log(state, f"Master of Italy: {player} controls 2 of the five keys and draws a card")
            deck.draw_cards(state, player, 1)
    if not any(italian_keys(state, p) >= 2 for p in (PAPACY, PROTESTANT)):
        core.log(state, "Master of Italy: neither player controls two of the five keys; no effect")


def league_condition(state: State, board: HisMap, power: str) -> str | None:
    """When the Schmalkaldic League may be played (rule book 21.6): from turn 2, with 12 or more spaces under
    Protestant influence (unrest counted); the winter of turn 4 forces it regardless (19.8)."""
    if state["turn"] < LEAGUE_FIRST_TURN:
        return f"it may be played from turn {LEAGUE_FIRST_TURN}"
    spaces = religion.protestant_spaces(state, board)
    if spaces < LEAGUE_SPACES:
        return f"it needs {LEAGUE_SPACES} spaces under Protestant influence, there are {spaces}"
    return None


def nearest_protestant_stack(state: State, board: HisMap, home: str) -> str | None:
    """The space with Protestant land units fewest connections (passes included) from ``home``; ties go to the
    first by name. None if the Protestant has no land unit on the map."""
    hops = board.hops(home)
    found = [s for s in hops if b.land_unit_count(state, s, PROTESTANT)]
    return min(found, key=lambda s: (hops[s], s), default=None)


def _add_pair(pairs: list[list[str]], a: str, c: str) -> None:
    pair = sorted((a, c))
    if pair not in pairs:
        pairs.append(pair)
        pairs.sort()


@event(SCHMALKALDIC_LEAGUE, league_condition)
def schmalkaldic_league(state: State, board: HisMap, power: str) -> None:
    """#13 Schmalkaldic League (rule book 21.6; seed 9 and "Modified Cards"): the Papacy and the Hapsburgs go to war
    with the Protestant for good, the Papacy and the Hapsburgs become allies for the rest of the game (ending any
    war between them); Protestant home spaces under Protestant influence come under Protestant political control and
    their electorates' waiting regulars are placed; John Frederick and Philip of Hesse join the Protestant units
    nearest Wittenberg and Kassel; the Diplomatic cards 213-219 join their deck next turn (``deck``)."""
    state["events"]["schmalkaldic_league"] = state["turn"]
    diplomacy = state["diplomacy"]
    diplomacy["at_war"] = [p for p in diplomacy["at_war"] if sorted(p) != sorted((PAPACY, "hapsburg"))]
    _add_pair(diplomacy["at_war"], PAPACY, PROTESTANT)
    _add_pair(diplomacy["at_war"], "hapsburg", PROTESTANT)
    _add_pair(diplomacy["allied"], "hapsburg", PAPACY)
    core.log(state, "the Schmalkaldic League forms: the Papacy and the Hapsburgs at war with the Protestant, allied")

    peace.end_sieges(state, board, PAPACY, "hapsburg", leave=False)  # allies now: no siege between them
    for space in board.home_spaces(PROTESTANT):
        if b.religion(state, board, space) == b.PROTESTANT and state["spaces"][space]["control"] != PROTESTANT:
            state["spaces"][space]["control"] = PROTESTANT
            core.log(state, f"{board.spaces[space].name} comes under Protestant control")
    for space in board.electorates():
        religion.release_electorate_regulars(state, space)
    for leader, home in LEAGUE_LEADERS.items():
        where = nearest_protestant_stack(state, board, home)
        if where is None:
            stop(state, f"placing {leader} with no Protestant land unit on the map (21.6)")
            return
        state["leaders"][leader] = where
        core.log(state, f"the leader {leader.replace('_', ' ').title()} enters at {board.spaces[where].name}")
    league_leaves_catholic_electorates(state, board)


def league_leaves_catholic_electorates(state: State, board: HisMap) -> None:
    """Rule book 21.6, the Schmalkaldic League: Protestant regulars and army leaders standing in an electorate under
    Catholic religious influence (the Diet of Worms or a counter-reformation turned it back after its regulars were
    placed, ruling HIS-V20) move at once to the nearest electorate under Protestant religious influence (fewest
    connections, passes included; ties by name). With no such electorate they stay where they are."""
    leaders = load_people().army_leaders
    protestant = [e for e in board.electorates() if b.religion(state, board, e) == b.PROTESTANT]
    for space in board.electorates():
        if b.religion(state, board, space) == b.PROTESTANT:
            continue
        units = {kind: n for kind, n in b.units_of(state, space, PROTESTANT).items() if n and kind in b.LAND_UNITS}
        people = sorted(
            lid
            for lid, at in state["leaders"].items()
            if at == space and lid in leaders and leaders[lid].power == PROTESTANT
        )
        if not units and not people:
            continue
        hops = board.hops(space)
        reached = [e for e in protestant if e in hops]
        if not reached:
            core.log(state, f"{board.spaces[space].name}: no Protestant electorate to go to; they stay (21.6)")
            continue
        to = min(reached, key=lambda e: (hops[e], e))
        for kind, n in units.items():
            b.add_units(state, space, PROTESTANT, kind, -n)
            b.add_units(state, to, PROTESTANT, kind, n)
        for lid in people:
            state["leaders"][lid] = to
        what = ", ".join([f"{n} {kind}" for kind, n in units.items()] + [leaders[lid].name for lid in people])
        name, dest = board.spaces[space].name, board.spaces[to].name
        core.log(state, f"{name} is a Catholic electorate: {what} move to {dest}, the nearest Protestant one (21.6)")


def _jesuit_targets(state: State, board: HisMap) -> list[str]:
    return [s for s in sorted(board.spaces) if b.religion(state, board, s) == b.CATHOLIC and not b.has_jesuit(state, s)]


@event(SOCIETY_OF_JESUS)
def society_of_jesus(state: State, board: HisMap, power: str) -> None:
    """#15 Society of Jesus (rule book 21.5; due by the winter of turn 6): the Papacy places two Jesuit universities
    in Catholic spaces of its choice, and may found more with CP from now on."""
    state["events"]["society_of_jesus"] = True
    core.log(state, "the Society of Jesus is founded: the Papacy places 2 Jesuit universities")
    state["stack"].append({"kind": "jesuit", "role": PAPACY, "left": SOCIETY_UNIVERSITIES})


def _jesuit_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "jesuit_university", "space": s} for s in _jesuit_targets(state, board)]


def _on_jesuit(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["spaces"][action["space"]]["jesuit"] = True
    decision["left"] -= 1
    core.log(state, f"a Jesuit university is founded in {board.spaces[action['space']].name}")
    if decision["left"] <= 0 or not _jesuit_targets(state, board):
        state["stack"].pop()


core.decision_kind("jesuit", _jesuit_legal, _on_jesuit)


#: Council of Trent: how many uncommitted debaters each side may send (card #17).
TRENT_LIMITS = {PAPACY: 4, PROTESTANT: 2}


@event(COUNCIL_OF_TRENT)
def council_of_trent(state: State, board: HisMap, power: str) -> None:
    """#17 Council of Trent (card text; stays in the deck, 6.1): the Papacy sends up to four uncommitted debaters,
    then the Protestant up to two of any zone, one at a time; all are committed and each side rolls as many dice as
    its debaters' total value (Pole adds one for the Papacy, his card), hits on 5 and 6; the side with more hits
    flips as many spaces as the difference, each one a legal target of its attempts (HIS-V06)."""
    core.log(state, "the Council of Trent opens: the Papacy names up to 4 debaters, then the Protestant up to 2")
    state["stack"].append({"kind": "trent", "role": PAPACY, "sent": {PAPACY: [], PROTESTANT: []}})


def _trent_candidates(state: State, role: str, decision: dict[str, Any]) -> list[str]:
    side = "papal" if role == PAPACY else PROTESTANT
    sent = decision["sent"][role]
    if len(sent) >= TRENT_LIMITS[role]:
        return []
    people = load_people().debaters
    return [
        d
        for d in sorted(people)
        if people[d].side == side and state["debaters"].get(d) == "uncommitted" and d not in sent
    ]


def _trent_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    picks: list[Action] = [{"type": "send_debater", "debater": d} for d in _trent_candidates(state, role, decision)]
    return [*picks, {"type": "done"}]


def _on_trent(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "send_debater":
        decision["sent"][role].append(action["debater"])
        core.log(state, f"Council of Trent: the {role} sends {action['debater'].title()}")
        if _trent_candidates(state, role, decision):
            return
    if role == PAPACY:
        decision["role"] = PROTESTANT
        return
    state["stack"].pop()
    _trent_result(state, decision["sent"])


def _trent_result(state: State, sent: dict[str, list[str]]) -> None:
    """Commit the debaters, roll and hand the flips to the side with more hits (card #17)."""
    people = load_people().debaters
    hits: dict[str, int] = {}
    for side, debaters in sent.items():
        for d in debaters:
            state["debaters"][d] = "committed"
        dice = sum(people[d].value for d in debaters) + (1 if side == PAPACY and "pole" in debaters else 0)
        faces = rng.roll_many(state, f"Council of Trent: {side} {dice} dice", dice)
        hits[side] = religion.debate_hits(faces)
    core.log(state, f"Council of Trent: Papacy {hits[PAPACY]} hits, Protestant {hits[PROTESTANT]}")
    if hits[PAPACY] == hits[PROTESTANT]:
        core.log(state, "the Council of Trent ends without a result")
        return
    winner = PAPACY if hits[PAPACY] > hits[PROTESTANT] else PROTESTANT
    side = b.CATHOLIC if winner == PAPACY else b.PROTESTANT
    margin = abs(hits[PAPACY] - hits[PROTESTANT])
    flips = {"kind": "flips", "role": winner, "side": side, "left": margin, "rule": "trent", "zone": religion.ANY_ZONE}
    state["stack"].append(flips)


core.decision_kind("trent", _trent_legal, _on_trent)
