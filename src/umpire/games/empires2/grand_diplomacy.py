"""Grand diplomacy (rewrite 20.0): agreements between the two players, carried out by umpire at once (EMP-G01 to G07).

Rewrite 20.0 leaves relations between emperors to the players and says that their agreements are bound by
restrictions that may not be broken; the public text stops there, so what an agreement may carry is authored. A
player proposes one in his own empire's player-turn, at most once in it (EMP-G02), naming what each side gives:
``{"type": "propose", "gives": {"gold": 2, "claims": ["saxony"]}, "gets": {"areas": ["lorraine"]}}``, each side any
of ``gold`` (whole units from the treasury), ``areas`` (possessed, never the Court) and ``claims`` (held, and not
held by the side receiving them) (EMP-G03). The other player answers ``{"type": "agreement", "accept": true}``; an
accepted agreement is carried out at once, each transfer in words in the log; an area changes hands in unrest and
the new owner's tie to it makes a claim (EMP-G04, rewrite 18.0). Only the two players' own empires are parties
(EMP-G05). Promises about the future (a payment next round, a vote, peace) are the players' own business in press:
umpire carries out transfers and enforces nothing else (EMP-G01). The open proposal is ``state["agreement"]``, in
both seats' views.
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2 import board, demise
from umpire.games.empires2.alliances import players
from umpire.games.empires2.diplomacy import case_18_claim
from umpire.games.empires2.mapdata import load_map

State = dict[str, Any]

PROPOSE = "propose"
ANSWER = "agreement"
#: EMP-G03: what a side may give; anything else is refused with its reason.
KINDS = ("gold", "areas", "claims")
#: EMP-G03: the most areas, and the most claims, one side gives in one agreement.
MAX_ITEMS = 5
#: EMP-G06: the most proposals listed as buttons for a seat (any legal proposal is accepted when sent).
MAX_LISTED = 6
NOT_GIVEN = {
    "ties": "a tie is the leader's own liaison with an area and is gained by a diplomatic endeavour, not given "
    "(EMP-G03)",
    "year_cards": "Year Cards are the round's own and are not given (EMP-G03)",
    "event_cards": "Event Cards are not given (EMP-G03)",
}


def pending(state: State) -> dict[str, Any] | None:
    """The open proposal, if any."""
    open_one: dict[str, Any] | None = state.get("agreement")
    return open_one


def waiting_for(state: State) -> list[str]:
    """The player whose answer is wanted."""
    p = pending(state)
    return [p["to"]] if p else []


def other_player(state: State, role: str) -> str | None:
    """The other seat's empire, when it is in play (EMP-G05)."""
    others = [p for p in players(state) if p != role and demise.in_play(state, p)]
    return others[0] if others else None


def _turn_key(state: State) -> list[int]:
    return [int(state.get("round", 0)), int(state.get("turn_index", 0))]


def may_propose(state: State, role: str) -> bool:
    """EMP-G02: in his own empire's player-turn, once in it, with no question open and the other player in play."""
    return (
        state.get("phase") == "turn"
        and state.get("current") == role
        and not pending(state)
        and state.get("agreement_turn") != _turn_key(state)
        and other_player(state, role) is not None
    )


def _side(state: State, giver: str, receiver: str, raw: Any, label: str) -> dict[str, Any]:
    """EMP-G03: one side's terms checked and normalised to ``{"gold", "areas", "claims"}``; ValueError names the
    fault."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ValueError(f"'{label}' must map gold, areas and claims to what is given, not {raw!r}")
    for key in raw:
        if key in NOT_GIVEN:
            raise ValueError(f"'{label}' names {key}: {NOT_GIVEN[key]}")
        if key not in KINDS:
            raise ValueError(f"'{label}' may give {', '.join(KINDS)} (EMP-G03), not {key!r}")
    g = state["empires"][giver]
    who = board.name(state, giver)
    gold = raw.get("gold", 0)
    if not isinstance(gold, int) or isinstance(gold, bool) or gold < 0:
        raise ValueError(f"{who} gives a whole number of gold from 0, not {gold!r}")
    if gold > g["gold"]:
        raise ValueError(f"{who} holds {g['gold']} gold and cannot give {gold}")
    m = load_map()
    out: dict[str, Any] = {"gold": gold, "areas": [], "claims": []}
    for kind in ("areas", "claims"):
        items = raw.get(kind, [])
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise ValueError(f"{who}'s {kind} must be a list of at most {MAX_ITEMS} land areas, not {items!r}")
        if len(set(map(str, items))) != len(items):
            raise ValueError(f"{who}'s {kind} name an area twice: {items!r}")
        for aid in items:
            if not isinstance(aid, str) or aid not in m.areas:
                raise ValueError(f"{aid!r} is not a land area of the map")
            name = m.area(aid).name
            if kind == "areas":
                if state["areas"][aid]["owner"] != giver:
                    raise ValueError(f"{who} does not possess {name} and cannot give it")
                if g["court"] == aid:
                    raise ValueError(f"{name} is {who}'s Court Area and is never given (EMP-G03)")
            else:
                if aid not in g["claims"]:
                    raise ValueError(f"{who} holds no claim to {name} to give")
                if aid in state["empires"][receiver]["claims"]:
                    raise ValueError(f"{board.name(state, receiver)} already holds a claim to {name}")
            out[kind].append(aid)
    return out


def empty(side: dict[str, Any]) -> bool:
    return not side["gold"] and not side["areas"] and not side["claims"]


def terms(state: State, proposer: str, gives: Any, gets: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """EMP-G03: both sides' terms checked and normalised (``gives`` from the proposer, ``gets`` from the other
    player). Raises ValueError naming the fault."""
    other = other_player(state, proposer)
    if other is None:
        raise ValueError("there is no other player in play to agree with (EMP-G05)")
    out = _side(state, proposer, other, gives, "gives"), _side(state, other, proposer, gets, "gets")
    if empty(out[0]) and empty(out[1]):
        raise ValueError("an agreement gives something: both sides are empty (EMP-G03)")
    return out


def words(state: State, giver: str, side: dict[str, Any]) -> str:
    """One side's terms in words."""
    parts = [f"{side['gold']} gold"] if side["gold"] else []
    parts += [board.area_name(a) for a in side["areas"]]
    parts += [f"its claim to {board.area_name(a)}" for a in side["claims"]]
    return f"{board.name(state, giver)} gives " + (", ".join(parts) if parts else "nothing")


def case_20_propose(state: State, role: str, gives: Any, gets: Any) -> None:
    """EMP-G02, G03: ``role`` proposes an agreement to the other player; it waits for his answer."""
    if not may_propose(state, role):
        if pending(state):
            raise ValueError("a proposal is already open: wait for its answer")
        if state.get("current") != role or state.get("phase") != "turn":
            raise ValueError("an agreement is proposed in your own empire's player-turn (EMP-G02)")
        if other_player(state, role) is None:
            raise ValueError("there is no other player in play to agree with (EMP-G05)")
        raise ValueError("one proposal a player-turn (EMP-G02); yours this turn is made")
    mine, theirs = terms(state, role, gives, gets)
    other = other_player(state, role)
    assert other is not None
    state["agreement_turn"] = _turn_key(state)
    state["agreement"] = {"proposer": role, "to": other, "gives": mine, "gets": theirs}
    board.log(
        state,
        f"{board.name(state, role)} proposes an agreement (rewrite 20.0) to {board.name(state, other)}: "
        f"{words(state, role, mine)}; {words(state, other, theirs)}",
    )


def actions(state: State, role: str) -> list[dict[str, Any]]:
    """The answer wanted of ``role``: accept or decline."""
    if role not in waiting_for(state):
        return []
    return [{"type": ANSWER, "accept": True}, {"type": ANSWER, "accept": False}]


def propose_actions(state: State, role: str) -> list[dict[str, Any]]:
    """EMP-G06: a few proposals listed for ``role`` (at most :data:`MAX_LISTED`): up to 2 gold offered for a claim
    the other player holds (first those to areas ``role`` possesses, worth victory points to him), and his own
    claims offered for up to 2 of the other's gold. Any other legal proposal is accepted when sent."""
    if not may_propose(state, role):
        return []
    other = other_player(state, role)
    assert other is not None
    me, them = state["empires"][role], state["empires"][other]
    out: list[dict[str, Any]] = []
    offer, price = min(me["gold"], 2), min(them["gold"], 2)
    if offer:
        wanted = sorted((state["areas"][a]["owner"] != role, a) for a in them["claims"] if a not in me["claims"])
        out += [{"type": PROPOSE, "gives": {"gold": offer}, "gets": {"claims": [a]}} for _, a in wanted]
    if price:
        spare = sorted((state["areas"][a]["owner"] != other, a) for a in me["claims"] if a not in them["claims"])
        out += [{"type": PROPOSE, "gives": {"claims": [a]}, "gets": {"gold": price}} for _, a in spare]
    return out[:MAX_LISTED]


def view(state: State) -> dict[str, Any] | None:
    """The open proposal, in the open for both seats: nothing in it is secret (treasuries are public)."""
    p = pending(state)
    if not p:
        return None
    return {
        "proposer": p["proposer"],
        "to": p["to"],
        "gives": p["gives"],
        "gets": p["gets"],
        "text": f"{words(state, p['proposer'], p['gives'])}; {words(state, p['to'], p['gets'])}",
    }


def case_20_answer(state: State, role: str, accept: Any) -> None:
    """The other player's answer; an accepted agreement is carried out at once (EMP-G04)."""
    if role not in waiting_for(state):
        raise ValueError(f"{role} has no proposal to answer")
    if not isinstance(accept, bool):
        raise ValueError(f"'accept' must be true or false, not {accept!r}")
    p = state.pop("agreement")
    if not accept:
        board.log(state, f"{board.name(state, role)} declines the agreement")
        return
    board.log(state, f"{board.name(state, role)} accepts the agreement (rewrite 20.0)")
    carry_out(state, p["proposer"], p["to"], p["gives"], p["gets"])


def carry_out(state: State, a: str, b: str, a_gives: dict[str, Any], b_gives: dict[str, Any]) -> None:
    """EMP-G04: the transfers, checked once more, then made, each in words in the log: gold, claims (the giver's
    claim passes), areas (in unrest for the new owner, a claim where he holds a tie)."""
    a_gives = _side(state, a, b, a_gives, "gives")
    b_gives = _side(state, b, a, b_gives, "gets")
    for giver, taker, side in ((a, b, a_gives), (b, a, b_gives)):
        g, t = state["empires"][giver], state["empires"][taker]
        if side["gold"]:
            g["gold"] -= side["gold"]
            t["gold"] += side["gold"]
            board.log(state, f"{g['name']} pays {side['gold']} gold to {t['name']} (EMP-G04)")
        for aid in side["claims"]:
            g["claims"].remove(aid)
            t["claims"].append(aid)
            board.log(state, f"{g['name']} cedes its claim to {board.area_name(aid)} to {t['name']} (EMP-G04)")
    for giver, taker, side in ((a, b, a_gives), (b, a, b_gives)):
        for aid in side["areas"]:
            area = state["areas"][aid]
            area["owner"] = taker
            state["empires"][taker]["partial"].pop(aid, None)  # no conquest of its own area goes on
            was = area["unrest"]
            area["unrest"] = True
            board.log(
                state,
                f"{board.name(state, giver)} cedes {board.area_name(aid)} to {board.name(state, taker)}"
                + (", still in unrest" if was else ", which falls into unrest under its new lord")
                + " (EMP-G04)",
            )
            case_18_claim(state, taker, aid)
