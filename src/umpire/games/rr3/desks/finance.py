"""Map Control's money desk (handbook, *The Financial System*: revenue cards, *Revolt*, *Persuasion cards*,
*Italian banks*, *Loan cards*, *Transfer of money*; *The Turn Sequence*: phase 1 reduces unrest).

A team plays a revenue card with the ``play_card`` request (phase 1; a loan also in phase 4, halved); Map Control
settles it with one click, rolling through :func:`finance.play_subsidy`, :func:`finance.play_exaction` and
:func:`finance.play_loan`. Money raised "to raise an army" (every exaction, and a subsidy so flagged) is earmarked
in the state's ``raise_fund``, which only the raising of troops may spend (RR3-DK02). An Italian state grants its bank
to one non-Italian team a turn (``grant_bank``); that team may then play an Italian Loan card. ``transfer`` moves
florins between states at once. At the start of phase 1 (turns 2+) the engine reduces every Unrest Index by 1,
charges 2 florins per area in revolt and pays the Imperial Penny voted the turn before.
Rulings: ``docs/rulings/rr3.md`` (DK numbers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import desk, finance, prestige, religion
from umpire.games.rr3.desk import Field, Item, journal
from umpire.games.rr3.desks.politics import (
    need_state,
    pay,
    prestige_chart,
    team_states,
    unjust_war_modifier,
)
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

REVENUE_KINDS = ("subsidy", "exaction", "loan", "italian_loan")
PERSUASION = "persuasion"
RAISE_FUND = "raise_fund"
"""RR3-DK02: ``states[s]["raise_fund"]``: florins earmarked for raising troops (spent by the armies desk first)."""
ITALIAN_BANKS = tuple(sorted(finance.ITALIAN_STATES))


# --- cards ------------------------------------------------------------------------------------------------------


def _cards(state: State) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = state.setdefault("cards", {})
    return cards


def held_cards(state: State, team: str, kinds: Sequence[str] = REVENUE_KINDS) -> list[str]:
    """The team's unplayed cards of ``kinds``, not already offered in a pending ``play_card`` request."""
    offered = set()
    for item in desk.pending(state, desk.MAP):
        if item["kind"] == "play_card":
            offered.add(item["params"]["card"])
            if item["params"].get("persuasion"):
                offered.add(item["params"]["persuasion"])
    return [
        cid
        for cid, card in _cards(state).items()
        if card.get("team") == team and card.get("kind") in kinds and not card.get("played") and cid not in offered
    ]


def granted_banks(state: State, team: str) -> list[str]:
    """The Italian banks granted to ``team`` this turn whose loan it has not yet taken (or asked for)."""
    turn = state.get("turn")
    used = {
        i["params"].get("bank")
        for i in desk.all_items(state)
        if i["kind"] == "play_card" and i.get("turn") == turn and i["status"] in (desk.PENDING, desk.SETTLED)
    }
    return [
        g["bank"]
        for g in state.get("bank_grants", [])
        if g["turn"] == turn and g["team"] == team and g["bank"] not in used
    ]


def _plays_this_turn(state: State, exclude: str | None = None) -> list[Item]:
    """The ``play_card`` items of this turn, pending or settled (``exclude``: one item's id)."""
    turn = state.get("turn")
    return [
        i
        for i in desk.all_items(state)
        if i["kind"] == "play_card"
        and i.get("turn") == turn
        and i["status"] in (desk.PENDING, desk.SETTLED)
        and i["id"] != exclude
    ]


def _card_play(params: Mapping[str, Any], phase: int) -> finance.CardPlay:
    """A card play as :func:`finance.card_play_error` sees it: an own card by its holder, the player (RR3-DK01), an
    Italian loan by the team (RR3-R07)."""
    if params["kind"] == "italian_loan":
        return finance.CardPlay(params["team"], finance.LOAN, phase, params["bank"], True)
    player = params.get("holder") or params["state"]
    return finance.CardPlay(player, params["kind"], phase, None, bool(params.get("raise_army")))


def play_error(state: State, params: Mapping[str, Any], phase: int, exclude: str | None = None) -> str | None:
    """Why the card in ``params`` may not be played now, given this turn's other plays (pending or settled)."""
    italian = params["kind"] == "italian_loan"
    earlier = [
        _card_play(i["params"], i["phase"])
        for i in _plays_this_turn(state, exclude)
        if (i["params"]["kind"] == "italian_loan") == italian
    ]
    return finance.card_play_error(earlier, _card_play(params, phase))


def _play_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    return {
        "card": held_cards(state, role),
        "persuasion": held_cards(state, role, (PERSUASION,)),
        "bank": granted_banks(state, role),
    }


@desk.request(
    "play_card",
    desk=desk.MAP,
    label="Play a revenue card",
    phases=(1, 4),
    fields=(
        Field("card", "Revenue card", "choice"),
        Field("persuasion", "With a Persuasion card (subsidy)", "choice", required=False),
        Field("raise_army", "To raise an army", "bool", required=False),
        Field("bank", "Italian bank (Italian loan)", "choice", required=False),
    ),
    chooser=_play_choices,
)
def _open_play(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *The Financial System*: a card is played by its owner; one of each type a turn (per player,
    RR3-DK01); subsidies and exactions in phase 1, loans in phase 1 or 4; an exaction only to raise an army; an
    Italian Loan needs a bank granted this turn."""
    card = _cards(state)[action["card"]]
    kind = card["kind"]
    raise_army = bool(action.get("raise_army"))
    persuasion = action.get("persuasion") or None
    if persuasion and kind != "subsidy":
        raise IllegalAction("a Persuasion card is played with a Subsidy card only")
    if persuasion and raise_army:
        raise IllegalAction("a subsidy to raise an army does not raise unrest; keep the Persuasion card")
    bank = action.get("bank") or None
    if kind == "italian_loan":
        banks = granted_banks(state, role)
        if bank is None and len(banks) == 1:
            bank = banks[0]
        if bank is None:
            granted = ", ".join(banks) if banks else "none"
            raise IllegalAction(f"an Italian Loan needs a bank granted to {role} this turn (granted: {granted})")
    elif bank is not None:
        raise IllegalAction("only an Italian Loan card names a bank")
    params = {
        "card": action["card"],
        "kind": kind,
        "team": role,
        "holder": card.get("holder"),
        "state": card.get("state"),
        "persuasion": persuasion,
        "raise_army": raise_army,
        "bank": bank,
    }
    error = play_error(state, params, int(state.get("phase") or 1))
    if error:
        raise IllegalAction(error)
    need_state(state, params["state"])
    label = kind.replace("_", " ")
    return {"title": f"{params['state']}: {label} card {action['card']}", "params": params}


def _revolt_area_choices(state: State, item: Item) -> Mapping[str, Sequence[str]]:
    return {"revolt_area": list(need_state(state, item["params"]["state"]).get("home", []))}


@desk.settle(
    "play_card",
    label="Roll",
    fields=(
        Field("revolt_area", "Home area that revolts (if a revolt)", "choice", required=False),
        Field(
            "modifier",
            "Other revolt modifier (Political Control)",
            "int",
            required=False,
            minimum=-desk.MAX_MODIFIER,
            maximum=desk.MAX_MODIFIER,
        ),
    ),
    chooser=_revolt_area_choices,
    needs=lambda state, item: ("revolt_area", "modifier") if item["params"]["kind"] == "subsidy" else (),
    shared=(1,),
)
def _settle_play(state: State, item: Item, action: Action) -> str:
    """Roll the card. A subsidy: Unrest +2 unless persuaded or to raise an army, then the revolt roll (RR3-R05) with
    the prestige (RR3-D10) and unjust-war (RR3-DK13) modifiers; a revolt halves it, zeroes the index and puts a home
    area in revolt (RR3-DK03). A loan adds to the national debt (RR3-R06). The team first on the prestige chart adds 1
    florin to every card (RR3-H03). The revenue goes to the treasury, or to the raise fund when it is to raise an army
    (RR3-DK02)."""
    p = item["params"]
    phase = int(item.get("phase") or state.get("phase") or 1)
    error = play_error(state, p, phase, exclude=item["id"])
    if error:
        raise IllegalAction(error)
    sid, team = p["state"], p["team"]
    rec = need_state(state, sid)
    who = f"{team} ({sid})"
    kind = p["kind"]
    bonus = prestige.revenue_bonus(prestige_chart(state), team)
    text: str
    if kind == "subsidy":
        extra = action.get("modifier") or 0
        if not isinstance(extra, int) or isinstance(extra, bool):
            raise IllegalAction(f"'modifier' must be a whole number, not {extra!r}")
        modifier = prestige.revolt_modifier(prestige_chart(state), team) + unjust_war_modifier(state, sid) + extra
        result = finance.play_subsidy(
            state,
            who,
            int(rec.get("unrest", 0)),
            persuasion=bool(p["persuasion"]),
            to_raise_army=p["raise_army"],
            revolt_modifier=modifier,
            revenue_bonus=bonus,
        )
        rec["unrest"] = result.unrest_after
        amount = result.amount
        shown = f"{result.unrest_index}" + (f" {modifier:+d}" if modifier else "")
        text = f"subsidy d6 {result.revenue_die}+4{_bonus(bonus)}; "
        text += f"revolt roll {result.revolt_die} against index {shown}: "
        if result.revolt:
            area = _revolt_area(state, item, action)
            text += f"REVOLT in {area}, subsidy halved to {amount}; unrest 0"
            journal(state, "Revolt", f"{sid}: revolt against the subsidy in {area}", public=True, team=team)
        else:
            text += f"no revolt; {amount} florins; unrest {result.unrest_after}"
        if p["persuasion"]:
            _cards(state)[p["persuasion"]]["played"] = {"turn": state.get("turn"), "phase": phase}
    elif kind == "exaction":
        amount = finance.play_exaction(state, who, to_raise_army=True, revenue_bonus=bonus)
        text = f"exaction{_bonus(bonus)}: {amount} florins"
    else:
        bank = p["bank"] if kind == "italian_loan" else None
        amount, debt = finance.play_loan(state, who, phase, int(rec.get("debt", 0)), bank, bonus)
        rec["debt"] = debt
        source = "loan from the " + bank + " bank" if bank else "loan"
        text = f"{source}{_bonus(bonus)}: {amount} florins; national debt {debt}"
    if p["raise_army"] or kind == "exaction":
        rec[RAISE_FUND] = int(rec.get(RAISE_FUND, 0)) + amount
        text += f" (earmarked to raise an army: raise fund {rec[RAISE_FUND]})"
    else:
        rec["treasury"] = int(rec.get("treasury", 0)) + amount
        text += f" (treasury {rec['treasury']})"
    _cards(state)[p["card"]]["played"] = {"turn": state.get("turn"), "phase": phase}
    return text


def _bonus(bonus: int) -> str:
    return f" (+{bonus} for the first place on the prestige chart)" if bonus else ""


def _revolt_area(state: State, item: Item, action: Action) -> str:
    """RR3-DK03: a subsidy revolt puts one home area of the state in revolt (Map Control's choice, else the first)."""
    homes = list(need_state(state, item["params"]["state"]).get("home", []))
    area = action.get("revolt_area") or (homes[0] if homes else None)
    if area is None:
        raise IllegalAction(f"{item['params']['state']} has no home area to mark in revolt")
    if area not in homes:
        raise IllegalAction(f"{area!r} is not a home area of {item['params']['state']} ({', '.join(homes)})")
    rec = state.setdefault("areas", {}).setdefault(area, {})
    rec["revolt"] = True
    rec["revolt_by"] = "unrest"
    return str(area)


# --- Italian banks and transfers --------------------------------------------------------------------------------


def _bank_available(state: State, role: str) -> bool:
    return role in finance.ITALIAN_STATES


@desk.direct(
    "grant_bank",
    label="Grant access to your bank",
    fields=(Field("team", "Non-Italian team", "choice"),),
    chooser=lambda state, role: {"team": [t for t in state.get("teams", {}) if t not in finance.ITALIAN_STATES]},
    available=_bank_available,
)
def _grant_bank(state: State, role: str, action: Action) -> None:
    """Handbook, *Italian banks*: an Italian state grants access to its bank to ONE non-Italian team per turn."""
    turn = state.get("turn")
    for g in state.get("bank_grants", []):
        if g["turn"] == turn and g["bank"] == role:
            raise IllegalAction(f"the {role} bank has already been granted to {g['team']} this turn")
    state.setdefault("bank_grants", []).append({"turn": turn, "bank": role, "team": action["team"]})
    journal(state, "Italian bank", f"the {role} bank grants a loan to {action['team']} this turn", team=role)
    journal(state, "Italian bank", f"the {role} bank grants you a loan this turn", team=action["team"])


def _transfer_choices(state: State, role: str) -> Mapping[str, Sequence[str]]:
    played = [s for s, rec in state.get("states", {}).items() if rec.get("team")]
    return {"from_state": team_states(state, role), "to_state": played}


@desk.direct(
    "transfer",
    label="Transfer florins",
    fields=(
        Field("from_state", "From your state", "choice"),
        Field("to_state", "To state", "choice"),
        Field("florins", "Florins", "int", minimum=1, maximum=desk.MAX_MONEY),
    ),
    chooser=_transfer_choices,
)
def _transfer(state: State, role: str, action: Action) -> None:
    """Handbook, *Transfer of money*: "monies ... can be transferred freely around the maps" -- between a team's
    states or to another team's state, at once (the raise fund stays where it is, RR3-DK02)."""
    src, dst, florins = action["from_state"], action["to_state"], action["florins"]
    if src == dst:
        raise IllegalAction("a transfer needs two different states")
    pay(state, src, florins, "the transfer")
    target = need_state(state, dst)
    target["treasury"] = int(target.get("treasury", 0)) + florins
    journal(state, "Transfer", f"{florins} florins from {src} to {dst}", team=role)
    other = target.get("team")
    if other and other != role:
        journal(state, "Transfer", f"{florins} florins from {src} to {dst}", team=other)


# --- phase 1 engine procedures ----------------------------------------------------------------------------------


def charge(state: State, sid: str, florins: int) -> int:
    """Take ``florins`` from a state's treasury; what it lacks is added to its national debt (RR3-DK04). Returns the
    shortfall."""
    rec = need_state(state, sid)
    have = int(rec.get("treasury", 0))
    short = max(0, florins - have)
    rec["treasury"] = have - (florins - short)
    if short:
        rec["debt"] = int(rec.get("debt", 0)) + short
    return short


@desk.on_phase_start
def phase_one(state: State) -> None:
    """Phase 1 of turns 2+ (*The Turn Sequence*; *Possible revolt*; *The Diet*): every Unrest Index falls by 1;
    each area in revolt costs its owner 2 florins (:func:`religion.revolt_cost`); the Imperial Penny voted last
    turn is collected."""
    if state.get("phase") != 1 or int(state.get("turn") or 1) < 2:
        return
    lowered = []
    for sid, rec in state.get("states", {}).items():
        if int(rec.get("unrest", 0)) > 0:
            rec["unrest"] = int(rec["unrest"]) - 1
            lowered.append(f"{sid} {rec['unrest']}")
    if lowered:
        journal(state, "Unrest reduced", "unrest reduced by 1: " + ", ".join(lowered))
    in_revolt: dict[str, list[str]] = {}
    for aid, rec in state.get("areas", {}).items():
        if rec.get("revolt") and rec.get("owner") in state.get("states", {}):
            in_revolt.setdefault(rec["owner"], []).append(aid)
    for sid, areas in in_revolt.items():
        cost = religion.revolt_cost(len(areas))
        short = charge(state, sid, cost)
        note = f" ({short} added to the debt)" if short else ""
        journal(
            state,
            "Revolt costs",
            f"{sid} pays {cost} florins for {', '.join(areas)} in revolt{note}",
            team=state["states"][sid].get("team"),
        )
    due = state.get("penny_due") or {}
    for sid, florins in due.items():
        rec = need_state(state, sid)
        rec["treasury"] = int(rec.get("treasury", 0)) + int(florins)
        journal(
            state,
            "Imperial Penny",
            f"{sid} collects the Imperial Penny: {florins} florins",
            public=True,
            team=rec.get("team"),
        )
    state["penny_due"] = {}
