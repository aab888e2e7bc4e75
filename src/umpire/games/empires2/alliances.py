"""Gaining and losing Allied Empires (seed 33.4) and their victory points (33.5), each case a function named by its
number.

A player courts an Independent (or another player's Allied) Empire by diplomatic endeavours against its Court
Area (33.41); the ties are held against the Court, not the area (``empire["court_ties"]``: player -> ties), so they
move with it. Enough ties ally an Independent Empire at once; against another player's ally they give the
second player a -2 on the ally's endeavours (33.43) and a place in the contests of 33.44. Contests are queued in
``state["contests"]`` when a stature check (33.44, 33.47), a Leader Dies Heirless card (33.45, 33.48) calls them,
and resolved once every player in them has sealed his gold bid (33.46); the engine stops meanwhile. An alliance
notes the empire's victory points when it begins and credits the change to its player when it ends (33.5).
Decisions: docs/rulings/empires2.md, EMP-A.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, excommunication, victory
from umpire.games.empires2.board import INDEPENDENT, PLAYER
from umpire.games.empires2.endeavours import Circumstances, diplomacy_er, endeavour_cost
from umpire.games.empires2.leaders import Leader
from umpire.games.empires2.mapdata import EmpiresMap, load_map
from umpire.games.empires2.sequence import Attempt, read_year_card, turn_over
from umpire.kernel import rng

State = dict[str, Any]

ALLIED = "allied"
#: 33.43: what a second player with enough ties takes off each endeavour of another player's ally.
RIVAL_PENALTY = 2
#: 33.45: subtracted from each player's roll plus stature plus ties.
HEIRLESS_OFFSET = 12
CONTEST = "33.44"
HEIRLESS = "33.45"


def players(state: State) -> list[str]:
    """The player empires (the seats), in scenario order."""
    return [eid for eid, e in board.empires(state) if e["status"] == PLAYER]


def is_non_player(state: State, eid: str) -> bool:
    return state["empires"][eid]["status"] in (INDEPENDENT, ALLIED)


def case_33_31_controller(state: State, eid: str) -> str | None:
    """33.31: who runs an empire's turn: a player's own empire its player, an Allied Empire the player it is allied
    to (with its own leader's statures), an Independent nobody (the engine)."""
    e = state["empires"][eid]
    if e["status"] == PLAYER:
        return eid
    if e["status"] == ALLIED:
        ally: str = e["ally_of"]
        return ally
    return None


def allies_of(state: State, player: str) -> list[str]:
    return [eid for eid, e in board.empires(state) if e["status"] == ALLIED and e["ally_of"] == player]


def family(state: State, player: str) -> list[str]:
    """33.32: the empires a player runs: his own and his allies."""
    return [player, *allies_of(state, player)]


# --- 33.41: ties against the Court ------------------------------------------------------------------------------


def case_33_41_ties_required(state: State, eid: str, game_map: EmpiresMap | None = None) -> int:
    """33.41: the Court Area's maximum social state plus its population, a population below one counted as one."""
    court = (game_map or load_map()).area(state["empires"][eid]["court"])
    return court.max_social_state + max(1, court.population)


def ties(state: State, player: str, eid: str) -> int:
    return int(state["empires"][eid]["court_ties"].get(player, 0))


def qualifies(state: State, player: str, eid: str, game_map: EmpiresMap | None = None) -> bool:
    """Whether a player holds the ties an alliance with ``eid`` needs now."""
    return ties(state, player, eid) >= case_33_41_ties_required(state, eid, game_map)


def _set_ties(state: State, player: str, eid: str, n: int) -> None:
    held = state["empires"][eid]["court_ties"]
    if n > 0:
        held[player] = n
    else:
        held.pop(player, None)


def courtable(state: State, player: str) -> list[str]:
    """The empires whose Court a player may court (33.41): every non-player empire not already his ally."""
    return [eid for eid, e in board.empires(state) if is_non_player(state, eid) and e.get("ally_of") != player]


def diplomacy_rating(state: State, player: str, eid: str, gold: int) -> int:
    """33.41 with the chart's diplomacy terms (rewrite 12.0): the player's diplomatic stature plus his Court's social
    state (12.11: the base is his Court), less the target Court's social state and the empire's own diplomatic
    stature, less language and religion, and an excommunication's penalty (22.1, EMP-E04); plus gold (EMP-A02)."""
    target = state["empires"][eid]["court"]
    base = state["empires"][player]["court"]
    c = Circumstances(
        language=board.language_relation(state, player, target),
        religion=board.religion_relation(state, player, target),
        gold=gold,
        other=-excommunication.case_22_1_er_penalty(state, player, "diplomacy", target),
    )
    return diplomacy_er(
        board.leader(state, player).diplomatic,
        state["areas"][base]["social_state"],
        state["areas"][target]["social_state"],
        target,
        c,
        owner_diplomatic=board.leader(state, eid).diplomatic,
    )


def case_33_41_diplomatic_endeavour(
    state: State, player: str, eid: str, gold: int, game_map: EmpiresMap | None = None
) -> Attempt:
    """33.41: a player's diplomatic endeavour against the Court Area of a non-player empire: pay, turn over a Year
    Card, read the result. ``T``: one tie more; ``C``: every tie the alliance needs; ``-1``: the player's Court
    (the base, 12.11) loses a social state. Enough ties ally an Independent at once; against another player's
    ally they open 33.43. Returns the attempt; the caller runs any stature check its card calls."""
    m = game_map or load_map()
    if eid not in courtable(state, player):
        raise ValueError(f"{player} may not court {eid}: only Independent Empires and other players' allies")
    e, p = state["empires"][eid], state["empires"][player]
    cost = endeavour_cost("diplomacy")
    if cost + gold > p["gold"]:
        raise ValueError(f"diplomacy costs {cost} gold and {gold} more; {p['name']} holds {p['gold']}")
    er = diplomacy_rating(state, player, eid, gold)
    p["gold"] -= cost + gold
    card, rest = turn_over(board.year_cards(state, player))
    p["year_cards"] = [board.card_json(c) for c in rest]
    read = read_year_card("diplomacy", er, card)
    need = case_33_41_ties_required(state, eid, m)
    held = ties(state, player, eid)
    if read.result == "T":
        held = min(need, held + 1)
        what = f"a tie, {held} of {need}"
    elif read.result == "C":
        held = max(held, need)
        what = f"every tie: {held} of {need}"
    elif read.result == "-1":
        state["areas"][p["court"]]["social_state"] -= 1
        what = f"{m.area(p['court']).name} loses a social state level"
    else:
        what = f"nothing; {held} of {need} ties"
    _set_ties(state, player, eid, held)
    board.log(
        state,
        f"{p['name']} courts {e['name']}: diplomatic endeavour against {m.area(e['court']).name}, "
        f"{er:+d} after {gold} gold ({cost} cost); {read.words()}: {what}",
    )
    if held >= need:
        if e["status"] == INDEPENDENT:
            case_33_41_alliance(state, player, eid, "enough ties (33.41)")
        elif e["ally_of"] != player:
            board.log(
                state,
                f"{p['name']} holds the ties for an alliance with {e['name']}, allied to "
                f"{board.name(state, e['ally_of'])}: it may take {RIVAL_PENALTY} off each of its endeavours (33.43)",
            )
    if read.result == "-1":
        from umpire.games.empires2 import unrest  # unrest reaches independent, which imports this module

        unrest.case_17_failed_endeavour(state, player, p["court"], None, m)  # the base lost a level (17.0)
    return read


def case_33_41_court_moved(state: State, eid: str) -> None:
    """33.41: the ties are held against the Court, so they follow it to its new area unchanged (they are kept on the
    empire); the number needed may change. Logged for the record."""
    held = state["empires"][eid]["court_ties"]
    if held:
        board.log(
            state,
            f"the ties against {board.name(state, eid)}'s Court move with it: "
            + ", ".join(f"{board.name(state, p)} {n}" for p, n in sorted(held.items()))
            + f"; an alliance now needs {case_33_41_ties_required(state, eid)}",
        )


# --- Alliances begin and end (33.41, 33.49, 33.5) ---------------------------------------------------------------


def victory_points(state: State, eid: str, game_map: EmpiresMap | None = None) -> int:
    """33.5: an empire's victory points now, as the game counts them at its end (rewrite 26.0, ``victory.py``)."""
    return victory.empire_points(state, eid, game_map)


def case_33_41_alliance(state: State, player: str, eid: str, why: str) -> None:
    """An alliance takes effect: the empire is run by ``player`` (33.31) and its victory points are noted (33.5)."""
    e = state["empires"][eid]
    if e["status"] == ALLIED:
        case_33_5_end(state, eid, f"{board.name(state, player)} takes the alliance")
    vp = victory_points(state, eid)
    e.update(status=ALLIED, ally_of=player, alliance_vp=vp)
    state.setdefault("control", {})[eid] = player
    board.log(
        state,
        f"{e['name']} is now allied to {board.name(state, player)} ({why}); its victory points noted: {vp} (33.5)",
    )


def case_33_5_end(state: State, eid: str, why: str) -> int:
    """33.5: an alliance ends; the change in the empire's victory points since it began is added to its player's
    total (``empire["alliance_points"]``). The empire is Independent again unless the caller allies it anew.
    Returns the change."""
    e = state["empires"][eid]
    if e["status"] != ALLIED:
        raise ValueError(f"{eid} is not an Allied Empire")
    player = e["ally_of"]
    now = victory_points(state, eid)
    change = now - int(e["alliance_vp"])
    p = state["empires"][player]
    p["alliance_points"] = int(p.get("alliance_points", 0)) + change
    e.update(status=INDEPENDENT, ally_of=None, alliance_vp=None)
    state.setdefault("control", {})[eid] = "engine"
    board.log(
        state,
        f"the alliance of {e['name']} with {p['name']} ends ({why}): victory points {now}, {change:+d} since it "
        f"began, credited to {p['name']} (33.5; alliance total {p['alliance_points']:+d})",
    )
    return change


def case_33_49_terminate(state: State, player: str, eid: str) -> None:
    """33.49: a player ends one of his alliances at any time; the empire is Independent again."""
    if eid not in allies_of(state, player):
        mine = ", ".join(allies_of(state, player)) or "none"
        raise ValueError(f"{eid!r} is not allied to {player}; its allies: {mine}")
    case_33_5_end(state, eid, "ended by its player (33.49)")


def credit_at_end(state: State) -> None:
    """EMP-A10: at the scenario's end every alliance still running is credited as though it ended (33.5)."""
    for eid, e in board.empires(state):
        if e["status"] == ALLIED:
            case_33_5_end(state, eid, "the scenario ends")


# --- 33.42, 33.43 -------------------------------------------------------------------------------------------------

DIPLOMATIC_COUP = "diplomatic_coup"


def case_33_42_diplomatic_coup(state: State, player: str, eid: str) -> int:
    """33.42: a player plays a Diplomatic Coup card his own empire drew and holds to remove the other players' ties
    against the Court of one of his allies (an Independent never plays it, 33.24 A). Returns the ties removed."""
    if eid not in allies_of(state, player):
        raise ValueError(
            f"Diplomatic Coup removes ties against the Court of one of your Allied Empires; {eid!r} is not one"
        )
    held = state["empires"][player]["held"]
    if DIPLOMATIC_COUP not in held:
        raise ValueError(
            f"{board.name(state, player)} holds no Diplomatic Coup card (33.42: it must be drawn by your own empire)"
        )
    held.remove(DIPLOMATIC_COUP)
    state["event_discard"].append(DIPLOMATIC_COUP)
    court_ties = state["empires"][eid]["court_ties"]
    gone = {p: n for p, n in court_ties.items() if p != player}
    for p in gone:
        del court_ties[p]
    board.log(
        state,
        f"{board.name(state, player)} plays Diplomatic Coup for {board.name(state, eid)}: "
        + (", ".join(f"{board.name(state, p)} loses {n} ties" for p, n in sorted(gone.items())) or "no other ties")
        + " against its Court (33.42)",
    )
    return sum(gone.values())


def case_33_43_rivals(state: State, eid: str) -> list[str]:
    """33.43: the players other than its own who hold the ties an alliance with this Allied Empire needs."""
    e = state["empires"][eid]
    if e["status"] != ALLIED:
        return []
    return [p for p in players(state) if p != e["ally_of"] and qualifies(state, p, eid)]


def case_33_43_penalty(state: State, eid: str) -> tuple[int, list[str]]:
    """33.43: what the rivals take off an endeavour of this Allied Empire: 2 each, unless a rival has waived it
    (``hinder`` action, EMP-A05). Returns the penalty and who imposes it."""
    waived = state["empires"][eid].get("waived", [])
    who = [p for p in case_33_43_rivals(state, eid) if p not in waived]
    return RIVAL_PENALTY * len(who), who


def case_33_43_hinder(state: State, player: str, eid: str, on: bool) -> None:
    """33.43, "at his whim": a rival turns his -2 on this ally's endeavours on or off (on unless waived)."""
    if player not in case_33_43_rivals(state, eid):
        raise ValueError(
            f"{board.name(state, player)} does not hold the ties to hinder {eid!r}: only a player with enough ties "
            "against another player's ally may (33.43)"
        )
    waived = state["empires"][eid].setdefault("waived", [])
    if on and player in waived:
        waived.remove(player)
    elif not on and player not in waived:
        waived.append(player)
    board.log(
        state,
        f"{board.name(state, player)} {'takes' if on else 'waives'} the -{RIVAL_PENALTY} on "
        f"{board.name(state, eid)}'s endeavours (33.43)",
    )


# --- 33.44-33.48: contests, with sealed bids (33.46) --------------------------------------------------------------


def call_contest(state: State, eid: str, kind: str, why: str, entrants: list[str]) -> None:
    """Queue a contest (33.44, or the tie roll of 33.45) for ``eid``; each entrant whose own empire has gold seals a
    bid first (33.46), the others bid nothing."""
    bids: dict[str, int | None] = {p: (None if state["empires"][p]["gold"] > 0 else 0) for p in entrants}
    state.setdefault("contests", []).append({"empire": eid, "kind": kind, "why": why, "bids": bids})
    board.log(
        state,
        f"{board.name(state, eid)}: {why}: {'contest for the alliance' if kind == CONTEST else 'heirless roll'} "
        f"({kind}) among {', '.join(board.name(state, p) for p in entrants) or 'no player'}",
    )


def bidders(state: State) -> list[str]:
    """The players whose sealed bid the first queued contest still waits for (33.46)."""
    contests = state.get("contests") or []
    if not contests:
        return []
    return [p for p, bid in contests[0]["bids"].items() if bid is None]


def case_33_46_bid(state: State, player: str, gold: int) -> None:
    """33.46: a player seals the gold he spends on his roll in the contest now open, before any die is rolled. Other
    seats see only that he has bid (the view redacts the amount) until every bid is in."""
    if player not in bidders(state):
        raise ValueError(f"no bid is asked of {player} now")
    most = state["empires"][player]["gold"]
    if not isinstance(gold, int) or isinstance(gold, bool) or not 0 <= gold <= most:
        raise ValueError(f"'gold' must be a whole number 0..{most} (your treasury), not {gold!r}")
    state["contests"][0]["bids"][player] = gold
    board.log(state, f"{board.name(state, player)} seals a bid (33.46)")


def resolve_ready(state: State) -> None:
    """Resolve queued contests in order while none waits for a bid."""
    while state.get("contests") and not bidders(state):
        contest = state["contests"].pop(0)
        if not state["contests"]:
            del state["contests"]
        bids = {p: int(b) for p, b in contest["bids"].items()}
        if contest["kind"] == HEIRLESS:
            case_33_45_heirless_roll(state, contest["empire"], bids)
        else:
            case_33_44_contest(state, contest["empire"], bids, contest["why"])


def _pay_bids(state: State, bids: dict[str, int]) -> None:
    for p, gold in bids.items():
        gold = min(gold, state["empires"][p]["gold"])
        bids[p] = gold
        state["empires"][p]["gold"] -= gold
    if bids:
        board.log(
            state,
            "bids revealed: "
            + ", ".join(f"{board.name(state, p)} {g} gold" for p, g in bids.items())
            + " (33.46, paid whatever the outcome)",
        )


def case_33_44_contest(state: State, eid: str, bids: dict[str, int], why: str = "stature check") -> str:
    """33.44: each player holding the ties for an alliance rolls two dice plus his diplomatic stature (plus his
    sealed gold, 33.46); the empire rolls two dice plus its own diplomatic stature (EMP-A03). The highest total
    keeps or takes the empire: a player as his ally, the empire itself as Independent. A tie for the highest goes
    to whoever holds the empire now if among them, else those tied roll again (EMP-A04). Returns the winner
    (a player id, or ``eid`` for independence)."""
    e = state["empires"][eid]
    entrants = [p for p in players(state) if qualifies(state, p, eid)]
    bids = {p: bids.get(p, 0) for p in entrants}
    _pay_bids(state, bids)
    holder = e["ally_of"] if e["status"] == ALLIED else eid
    if not entrants:
        winner = eid
        board.log(state, f"{e['name']}: no player holds the ties for an alliance; the empire wins uncontested")
    else:
        stature = {p: board.leader(state, p).diplomatic + bids[p] for p in entrants}
        stature[eid] = board.leader(state, eid).diplomatic
        field = [*entrants, eid]
        while True:
            totals, words = {}, []
            for who in field:
                faces = rng.roll_many(state, f"{e['name']}: alliance contest (33.44), roll for {who}", 2)
                totals[who] = sum(faces) + stature[who]
                gold = f" and {bids[who]} gold" if bids.get(who) else ""
                words.append(
                    f"{board.name(state, who)} {faces[0]}+{faces[1]} with stature {board.leader(state, who).diplomatic}"
                    f"{gold} = {totals[who]}"
                )
            board.log(state, f"{e['name']} alliance contest (33.44, {why}): " + ", ".join(words))
            best = max(totals.values())
            top = [w for w in field if totals[w] == best]
            if len(top) == 1:
                winner = top[0]
                break
            if holder in top:
                winner = holder
                board.log(state, f"a tie at {best}: {board.name(state, holder)}, who holds it now, keeps it (EMP-A04)")
                break
            field = top
    if winner == eid:
        if e["status"] == ALLIED:
            case_33_5_end(state, eid, "it wins its own contest (33.44)")
        else:
            board.log(state, f"{e['name']} stays Independent (33.44)")
    elif e["status"] == ALLIED and e["ally_of"] == winner:
        board.log(state, f"{e['name']} stays allied to {board.name(state, winner)} (33.44)")
    else:
        case_33_41_alliance(state, winner, eid, "won the contest (33.44)")
    return winner


def case_33_33_stature_check(state: State, eid: str, before: Leader, after: Leader) -> None:
    """33.33: the contests a stature check calls: on a non-player empire, 33.44 among the players holding enough ties
    (an Independent nobody qualifies for is left alone); on a player whose diplomatic stature fell, 33.47 for each of
    his alliances."""
    e = state["empires"][eid]
    if e["status"] == INDEPENDENT:
        entrants = [p for p in players(state) if qualifies(state, p, eid)]
        if entrants:
            call_contest(state, eid, CONTEST, "stature check", entrants)
    elif e["status"] == ALLIED:
        call_contest(state, eid, CONTEST, "stature check", [p for p in players(state) if qualifies(state, p, eid)])
    elif after.diplomatic < before.diplomatic:
        case_33_47_stature_fell(state, eid)


def case_33_47_stature_fell(state: State, player: str) -> None:
    """33.47: a player's diplomatic stature fell at a stature check: each of his alliances is contested (33.44)."""
    for eid in allies_of(state, player):
        entrants = [p for p in players(state) if qualifies(state, p, eid)]
        call_contest(state, eid, CONTEST, f"{board.name(state, player)}'s diplomatic stature fell (33.47)", entrants)


def case_33_45_leader_dies_heirless(state: State, eid: str) -> None:
    """33.45: Leader Dies Heirless: on a non-player empire the tie roll among the players with any ties; on a
    player, 33.48."""
    e = state["empires"][eid]
    if e["status"] == PLAYER:
        case_33_48_player_heirless(state, eid)
        return
    entrants = [p for p in players(state) if ties(state, p, eid) > 0]
    if entrants:
        call_contest(state, eid, HEIRLESS, "Leader Dies Heirless", entrants)
    elif e["status"] == ALLIED:
        case_33_5_end(state, eid, "its leader died heirless and no player has ties to its Court (33.45)")


def case_33_45_heirless_roll(state: State, eid: str, bids: dict[str, int]) -> None:
    """33.45: each player with ties to the Court rolls two dice, adds his diplomatic stature, his ties and his
    sealed gold (33.46), less twelve: his new ties, none below zero, at most those an alliance needs. Any who then
    qualify contest by 33.44; if none does, the empire is Independent (EMP-A06)."""
    e = state["empires"][eid]
    need = case_33_41_ties_required(state, eid)
    entrants = [p for p in players(state) if ties(state, p, eid) > 0]
    bids = {p: bids.get(p, 0) for p in entrants}
    _pay_bids(state, bids)
    for p in entrants:
        faces = rng.roll_many(state, f"{e['name']}: Leader Dies Heirless ties roll (33.45) for {p}", 2)
        before = ties(state, p, eid)
        total = sum(faces) + board.leader(state, p).diplomatic + before + bids[p] - HEIRLESS_OFFSET
        now = max(0, min(need, total))
        _set_ties(state, p, eid, now)
        board.log(
            state,
            f"{board.name(state, p)} rolls {faces[0]}+{faces[1]} with diplomatic stature "
            f"{board.leader(state, p).diplomatic}, {before} ties and {bids[p]} gold, less {HEIRLESS_OFFSET}: "
            f"{now} ties of {need} to {e['name']}'s Court (33.45)",
        )
    qualified = [p for p in players(state) if qualifies(state, p, eid)]
    if qualified:
        call_contest(state, eid, CONTEST, "Leader Dies Heirless", qualified)
    elif e["status"] == ALLIED:
        case_33_5_end(state, eid, "no player holds the ties for it after Leader Dies Heirless (33.45, EMP-A06)")
    else:
        board.log(state, f"no player holds the ties for an alliance with {e['name']}: it stays Independent (33.45)")


def case_33_48_player_heirless(state: State, player: str) -> None:
    """33.48: a player's leader dies heirless: he loses every tie, so every alliance; any other player with enough
    ties to a former ally may then contest it (33.44)."""
    for e in state["empires"].values():
        if player in e.get("court_ties", {}):
            del e["court_ties"][player]
    for eid in allies_of(state, player):
        case_33_5_end(state, eid, f"{board.name(state, player)}'s leader died heirless (33.48)")
        entrants = [p for p in players(state) if qualifies(state, p, eid)]
        if entrants:
            call_contest(state, eid, CONTEST, f"{board.name(state, player)}'s leader died heirless (33.48)", entrants)
