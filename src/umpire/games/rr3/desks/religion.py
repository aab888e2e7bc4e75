"""Religious Control's desk (handbook, *Religion*): the debate of phase 2, Lutheran conversion in phase 3, purges
of religious minorities in the military phases, the minority revolt checks of phase 5 and the Heavenly Status
Chart.

Every roll goes through :mod:`umpire.games.rr3.religion` (``resolve_debate``, ``attempt_conversion``,
``attempt_purge``, ``roll_minority_revolt``); this module reads and writes the state (the debating hands in
``teams[t]["debating"]``, the Lutherans' ``conversion_counters``, the areas' religion, minority, revolt and purge
attempts). Rulings: ``docs/rulings/rr3.md`` (DK numbers).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.games.rr3 import desk, readings, religion
from umpire.games.rr3.desk import Field, Item, journal
from umpire.games.rr3.desks.politics import control_role, need_state, pay, team_states
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

LUTHERANS = "lutherans"
PAPACY = "papacy"
SIDE_TEAM = {religion.CATHOLIC: PAPACY, religion.LUTHERAN: LUTHERANS}
ISSUE_CODES: dict[str, str] = {
    "faith": religion.FAITH_ALONE,
    "transubstantiation": religion.TRANSUBSTANTIATION,
    "communion": religion.COMMUNION_BOTH_KINDS,
    "pope": religion.PAPAL_SUPREMACY,
}
"""Short names of the four issues for the debate's settle form (a card is written ``issue:value``)."""


# --- religious debate (phase 2) ---------------------------------------------------------------------------------


def _debaters(state: State, role: str) -> bool:
    return role in (LUTHERANS, PAPACY)


@desk.request(
    "propose_debate",
    desk=desk.RELIGIOUS,
    label="Call a religious debate",
    phases=(2,),
    fields=(Field("note", "Who debates, and where", required=False),),
    available=_debaters,
)
def _open_debate(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Religious debate*: resolved in the second phase, initiated by a Lutheran or Papal player; one
    debate a turn (RR3-DK06)."""
    held = [
        i["id"]
        for i in desk.all_items(state)
        if i["kind"] == "propose_debate"
        and i.get("turn") == state.get("turn")
        and i["status"] in (desk.PENDING, desk.SETTLED)
    ]
    if held:
        raise IllegalAction(f"there is already a religious debate this turn ({held[0]})")
    return {
        "title": f"Religious debate (called by {role})",
        "params": {"called_by": role, "note": (action.get("note") or "").strip()},
        "public": True,
    }


DEBATE_FIELDS = (
    Field("opening_catholic", "Catholic opening card", "choice", required=False),
    Field("opening_lutheran", "Lutheran opening card", "choice", required=False),
    Field(
        "opening",
        "Or, when the opening cards tie: every round 'issue:value / issue:value; ...' (Catholic / Lutheran)",
        required=False,
    ),
    Field("issue1", "First issue", "choice", choices=religion.ISSUES),
    Field("rounds1", "First issue's cards: 'c / l; c / l' ('-' for no card)"),
    Field("issue2", "Second issue", "choice", choices=religion.ISSUES),
    Field("rounds2", "Second issue's cards"),
    Field("issue3", "Third issue", "choice", choices=religion.ISSUES),
    Field("rounds3", "Third issue's cards"),
)


def _value(token: str, where: str) -> int | None:
    token = token.strip()
    if token in ("-", ""):
        return None
    try:
        return int(token)
    except ValueError:
        raise IllegalAction(f"{where}: {token!r} is not a card value (a whole number, or '-' for no card)") from None


def _pairs(text: str, where: str) -> list[tuple[str, str]]:
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(f"{where}: expected rounds written 'catholic / lutheran; ...'")
    out = []
    for part in text.split(";"):
        sides = part.split("/")
        if len(sides) != 2:
            raise IllegalAction(f"{where}: round {part.strip()!r} must be 'catholic card / lutheran card'")
        out.append((sides[0].strip(), sides[1].strip()))
    return out


def _opening_card(token: str, where: str) -> tuple[str, int] | None:
    if token in ("-", ""):
        return None
    issue, sep, value = token.rpartition(":")
    code = issue.strip().lower()
    if not sep or code not in ISSUE_CODES:
        raise IllegalAction(f"{where}: {token!r} must be 'issue:value' with issue one of {', '.join(ISSUE_CODES)}")
    number = _value(value, where)
    if number is None:
        raise IllegalAction(f"{where}: {token!r} has no value")
    return ISSUE_CODES[code], number


def _spend(hands: dict[str, religion.Hand], side: str, issue: str | None, value: int | None, where: str) -> None:
    """Spend a card from ``side``'s hand (RR3-RL02); '-' (None) only when the side has no card for it (RR3-RL11)."""
    hand = hands[side]
    if value is None:
        if religion.has_cards(hand, issue):
            raise IllegalAction(f"{where}: the {side} side still holds a card for {issue or 'some issue'}")
        return
    assert issue is not None
    try:
        hands[side] = religion.play_card(hand, issue, value)
    except ValueError as exc:
        raise IllegalAction(f"{where}: {side} side: {exc}") from None


def _held(state: State, side: str) -> list[str]:
    """The debating cards ``side`` holds, as ``issue:value`` (the issue by its short name), for the opening."""
    hand = state["teams"][SIDE_TEAM[side]].get("debating", {})
    return [f"{code}:{value}" for code, issue in ISSUE_CODES.items() for value in sorted(set(hand.get(issue, [])))]


def _debate_choices(state: State, item: Item) -> dict[str, list[str]]:
    """RR3-J04: the opening cards are chosen from the two sides' hands."""
    return {"opening_catholic": _held(state, religion.CATHOLIC), "opening_lutheran": _held(state, religion.LUTHERAN)}


def _opening_text(state: State, item: Item, action: Action) -> str:
    """The opening rounds as text: the typed rounds (tied openings), else the two cards chosen from the lists."""
    typed = action.get("opening")
    if isinstance(typed, str) and typed.strip():
        return typed
    cards = (action.get("opening_catholic"), action.get("opening_lutheran"))
    if not all(isinstance(c, str) and c for c in cards):
        raise IllegalAction(
            "the debate's opening needs both opening cards ('opening_catholic' and 'opening_lutheran'), or every "
            "round typed in 'opening' when they tie"
        )
    return f"{cards[0]} / {cards[1]}"


# --- the debate round by round (RR3-L01) ---

NO_CARD = "-"
"""The choice of a side that holds no card it may play (RR3-RL11)."""


def _progress(item: Item) -> dict[str, Any]:
    """The rounds recorded so far: ``opening`` (``[catholic, lutheran]`` cards as ``issue:value`` or None) and
    ``issues`` (each ``{"issue", "rounds": [[catholic, lutheran], ...]}`` with values or None)."""
    recorded: dict[str, Any] = item.get("debate") or {"opening": [], "issues": []}
    return recorded


def _hands_now(state: State, item: Item) -> dict[str, religion.Hand]:
    """The two sides' debating hands less the cards already played in the rounds recorded."""
    teams = state["teams"]
    hands: dict[str, religion.Hand] = {
        side: {k: tuple(v) for k, v in teams[team].get("debating", {}).items()} for side, team in SIDE_TEAM.items()
    }
    done = _progress(item)
    for pair in done["opening"]:
        for side, token in zip(religion.SIDES, pair, strict=True):
            card = _opening_card(token, "opening") if token else None
            if card is not None:
                hands[side] = religion.play_card(hands[side], *card)
    for argued in done["issues"]:
        for pair in argued["rounds"]:
            for side, value in zip(religion.SIDES, pair, strict=True):
                if value is not None:
                    hands[side] = religion.play_card(hands[side], argued["issue"], value)
    return hands


def _undecided(rounds: list[list[Any]]) -> bool:
    """Whether a contest needs another round: none played yet, or the last a draw with a card on the table."""
    if not rounds:
        return True
    c, lu = rounds[-1]
    values = [None if v is None else (int(str(v).rpartition(":")[2])) for v in (c, lu)]
    return religion.round_winner(values[0], values[1]) is None and values != [None, None]


def _opening_winner(done: dict[str, Any]) -> str | None:
    c, lu = done["opening"][-1]
    values = [None if v is None else int(str(v).rpartition(":")[2]) for v in (c, lu)]
    return religion.round_winner(values[0], values[1])


def _card_choices(hand: religion.Hand, issue: str | None) -> list[str]:
    """What a side may play: for the opening any card it holds (``issue:value``), for an issue that issue's values;
    ``-`` only when it holds none (RR3-RL11)."""
    if issue is None:
        held = [f"{code}:{v}" for code, full in ISSUE_CODES.items() for v in sorted(set(hand.get(full, ())))]
    else:
        held = [str(v) for v in sorted(set(hand.get(issue, ())))]
    return held or [NO_CARD]


def _debate_step(state: State, item: Item) -> desk.StepForm | None:
    """The next round of the debate (handbook, *Religious debate*), with only the cards each side holds and may
    play in it; None once three issues are decided (or nobody has a card to open with)."""
    done = _progress(item)
    hands = _hands_now(state, item)
    if _undecided(done["opening"]):
        n = len(done["opening"]) + 1
        return desk.StepForm(
            f"Opening cards (round {n}): the higher chooses the first issue",
            (Field("catholic", "Catholic card", "choice"), Field("lutheran", "Lutheran card", "choice")),
            {side: _card_choices(hands[side], None) for side in religion.SIDES},
        )
    first = _opening_winner(done)
    if first is None:
        return None
    argued = done["issues"]
    for k, chooser in enumerate(religion.choosers(first)):
        if k == len(argued):
            left = [i for i in religion.ISSUES if i not in {a["issue"] for a in argued}]
            return desk.StepForm(
                f"Issue {k + 1}, chosen by the {chooser} side",
                (Field("issue", "Issue", "choice"),),
                {"issue": left},
            )
        if _undecided(argued[k]["rounds"]):
            issue = argued[k]["issue"]
            return desk.StepForm(
                f"Issue {k + 1} ({issue}), round {len(argued[k]['rounds']) + 1}",
                (Field("catholic", "Catholic card", "choice"), Field("lutheran", "Lutheran card", "choice")),
                {side: _card_choices(hands[side], issue) for side in religion.SIDES},
            )
    return None


def _record_round(state: State, item: Item, action: Action) -> str:
    """Record the step the form asked for: an opening round, the choice of an issue or a round of an issue."""
    done = _progress(item)
    item["debate"] = done
    if "issue" in action:
        done["issues"].append({"issue": action["issue"], "rounds": []})
        return f"issue {len(done['issues'])}: {action['issue']}"
    pair = [None if action[side] == NO_CARD else action[side] for side in religion.SIDES]
    if _undecided(done["opening"]):
        done["opening"].append(pair)
        where = "opening"
    else:
        argued = done["issues"][-1]
        argued["rounds"].append([None if v is None else int(v) for v in pair])
        where = argued["issue"]
    return f"{where}: catholic {pair[0] or 'no card'} / lutheran {pair[1] or 'no card'}"


def _rounds_text(rounds: list[list[Any]]) -> str:
    return "; ".join(" / ".join(NO_CARD if v is None else str(v) for v in pair) for pair in rounds)


def _recorded_action(item: Item) -> Action | None:
    """The debate's recorded rounds as the settle action's written form (None when no round was recorded)."""
    done = _progress(item)
    if not done["opening"]:
        return None
    out: Action = {"opening": _rounds_text(done["opening"])}
    for k, argued in enumerate(done["issues"], 1):
        out[f"issue{k}"], out[f"rounds{k}"] = argued["issue"], _rounds_text(argued["rounds"])
    return out


@desk.settle(
    "propose_debate",
    label="Resolve the debate",
    fields=DEBATE_FIELDS,
    chooser=_debate_choices,
    needs=lambda state, item: [],
    step=desk.StepSpec(_debate_step, _record_round),
)
def _settle_debate(state: State, item: Item, action: Action) -> str:
    """Handbook, *Religious debate*: the opening card picks the first chooser, the choice then alternates
    (:func:`religion.choosers`); three issues are argued; the cards are spent from the debating hands; the result
    changes the Lutherans' conversion counters this turn (RR3-RL04). The rounds are those recorded step by step
    (RR3-L01); a script may instead give the whole debate written out (the ``DEBATE_FIELDS``)."""
    recorded = _recorded_action(item)
    written = any(action.get(f.name) for f in DEBATE_FIELDS)
    if recorded is not None or not written:
        following = _debate_step(state, item)
        if following is not None:
            raise IllegalAction(f"the debate is not over; record its next step first: {following.label}")
        action = {**action, **(recorded or {})}
    desk.check_fields(DEBATE_FIELDS, action, _debate_choices(state, item))
    action = {**action, "opening": _opening_text(state, item, action)}
    teams = state["teams"]
    hands: dict[str, religion.Hand] = {
        side: {k: tuple(v) for k, v in teams[team].get("debating", {}).items()} for side, team in SIDE_TEAM.items()
    }
    opening: list[religion.Round] = []
    for n, (c_tok, l_tok) in enumerate(_pairs(action["opening"], "opening"), 1):
        where = f"opening round {n}"
        rnd: list[int | None] = []
        for side, token in ((religion.CATHOLIC, c_tok), (religion.LUTHERAN, l_tok)):
            card = _opening_card(token, where)
            _spend(hands, side, card[0] if card else None, card[1] if card else None, where)
            rnd.append(card[1] if card else None)
        opening.append((rnd[0], rnd[1]))
    issues = [action[f"issue{k}"] for k in (1, 2, 3)]
    issue_rounds: list[list[religion.Round]] = []
    for k, issue in enumerate(issues, 1):
        rounds: list[religion.Round] = []
        for n, (c_tok, l_tok) in enumerate(_pairs(action[f"rounds{k}"], f"issue {k}"), 1):
            where = f"issue {k} ({issue}) round {n}"
            values = (_value(c_tok, where), _value(l_tok, where))
            _spend(hands, religion.CATHOLIC, issue, values[0], where)
            _spend(hands, religion.LUTHERAN, issue, values[1], where)
            rounds.append(values)
        issue_rounds.append(rounds)
    try:
        result = religion.resolve_debate(opening, issues, issue_rounds)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    for side, team in SIDE_TEAM.items():
        teams[team]["debating"] = {k: list(v) for k, v in hands[side].items()}
    luth = teams[LUTHERANS]
    before = int(luth.get("conversion_counters", 0))
    luth["conversion_counters"] = religion.counters_after_debate(before, result.counter_change)
    record = {
        "id": item["id"],
        "turn": state.get("turn"),
        "first_choice": result.first_choice,
        "issues": [{"issue": r.issue, "chosen_by": r.chosen_by, "winner": r.winner} for r in result.issues],
        "winner": result.winner,
        "convincing": result.convincing,
        "counter_change": result.counter_change,
    }
    state.setdefault("debates", []).append(record)
    won = "; ".join(f"{r.issue}: {r.winner or 'undecided'}" for r in result.issues)
    if result.winner is None:
        verdict = "no victory"
    else:
        verdict = f"{'convincing ' if result.convincing else ''}{result.winner} victory"
    text = f"{won}. {verdict}: Lutheran conversion counters this turn {before} -> {luth['conversion_counters']}"
    journal(state, "Religious debate", text, public=True)
    return text


# --- Lutheran conversion (phase 3) ------------------------------------------------------------------------------


def state_areas(state: State, sid: str | None) -> list[str]:
    """The areas a state owns now (``areas[a]["owner"]``)."""
    return [a for a, rec in state.get("areas", {}).items() if rec.get("owner") == sid]


def lutheran_already(rec: Mapping[str, Any]) -> bool:
    return rec.get("religion") == religion.LUTHERAN or rec.get("minority") == religion.LUTHERAN


def reserved_counters(state: State) -> int:
    """Counters asked for in pending conversion requests (spent when settled)."""
    return sum(i["params"]["counters"] for i in desk.pending(state, desk.RELIGIOUS) if i["kind"] == "place_counters")


def conversion_targets(state: State) -> list[str]:
    """Areas the Lutherans may still try this turn: not Lutheran already, not a player's one-area state, not
    already tried this turn (RR3-DK07)."""
    out = []
    asked = {i["params"]["area"] for i in desk.pending(state, desk.RELIGIOUS) if i["kind"] == "place_counters"}
    for aid, rec in state.get("areas", {}).items():
        owner = rec.get("owner")
        if owner is None or lutheran_already(rec) or rec.get("counters") or aid in asked:
            continue
        if state.get("states", {}).get(owner, {}).get("played") and len(state_areas(state, owner)) == 1:
            continue
        out.append(aid)
    return out


def _is_lutherans(state: State, role: str) -> bool:
    return role == LUTHERANS


@desk.request(
    "place_counters",
    desk=desk.RELIGIOUS,
    label="Place conversion counters",
    phases=(3,),
    fields=(Field("area", "Area", "choice"), Field("counters", "Counters", "int", minimum=1, maximum=3)),
    chooser=lambda state, role: {"area": conversion_targets(state)},
    available=_is_lutherans,
)
def _open_conversion(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Lutheran conversion*: counters played in one place, resolved in phase 3
    (:func:`religion.conversion_error`)."""
    aid, counters = action["area"], action["counters"]
    rec = state["areas"][aid]
    owner = rec["owner"]
    available = int(state["teams"][LUTHERANS].get("conversion_counters", 0)) - reserved_counters(state)
    played = bool(state.get("states", {}).get(owner, {}).get("played"))
    error = religion.conversion_error(
        counters, available, len(state_areas(state, owner)), played, lutheran_already(rec)
    )
    if error:
        raise IllegalAction(f"{aid}: {error}")
    return {
        "title": f"Conversion attempt in {aid} ({counters} counters)",
        "params": {"area": aid, "counters": counters, "state": owner},
        "public": True,
    }


def area_region(state: State, aid: str) -> str | None:
    rec = state.get("areas", {}).get(aid, {})
    if rec.get("region"):
        return str(rec["region"])
    try:
        return desk.geography(state).areas[aid].region
    except (KeyError, OSError):
        return None


@desk.settle(
    "place_counters",
    label="Roll",
    fields=(
        Field(
            "column",
            "Conversion column (regions not in the table, RL5)",
            "choice",
            required=False,
            choices=religion.COLUMNS,
        ),
    ),
)
def _settle_conversion(state: State, item: Item, action: Action) -> str:
    """Handbook, *The result of a successful conversion*: a one-area state turns Lutheran with its ruler; in a
    multi-area state Lutheranism is established in the area as a minority (RR3-DK08). The counters are spent either
    way (RR3-RL06)."""
    p = item["params"]
    aid, counters = p["area"], p["counters"]
    rec = state["areas"][aid]
    owner = rec.get("owner")
    region = action.get("column") or area_region(state, aid)
    if region is None or (region.lower() not in religion.REGION_COLUMN and region not in religion.COLUMNS):
        raise IllegalAction(f"{aid} lies in region {region!r}, outside the conversion table: choose its 'column' (RL5)")
    luth = state["teams"][LUTHERANS]
    available = int(luth.get("conversion_counters", 0))
    played = bool(state.get("states", {}).get(owner, {}).get("played"))
    n_areas = len(state_areas(state, owner))
    error = religion.conversion_error(counters, available, n_areas, played, lutheran_already(rec))
    if error:
        raise IllegalAction(f"{aid}: {error}")
    result = religion.attempt_conversion(
        state, aid, counters, region, n_areas, available=available, player_controlled=played
    )
    luth["conversion_counters"] = available - counters
    rec["counters"] = int(rec.get("counters", 0)) + counters
    die = f"d6 {result.die}" if result.die is not None else "no roll"
    if result.state_converted:
        srec = need_state(state, owner)
        old = rec.get("religion")
        rec["religion"] = religion.LUTHERAN
        rec["minority"] = None
        srec["religion"] = religion.LUTHERAN
        ruler = srec.get("ruler")
        if ruler in state.get("characters", {}):
            state["characters"][ruler]["religion"] = religion.LUTHERAN
        text = f"{die}: {owner} and its ruler turn Lutheran (was {old})"
    elif result.area_established:
        rec["minority"] = religion.LUTHERAN
        text = f"{die}: Lutheranism established in {aid} as a religious minority; {owner}'s religion unchanged"
    else:
        text = f"{die}: no conversion in {aid}"
    journal(state, "Lutheran conversion", f"{aid}: {text}", public=True)
    return text


# --- purges (military phases) -----------------------------------------------------------------------------------

MILITARY_PHASES = (2, 3, 5)


def purge_targets(state: State, team: str) -> list[str]:
    mine = set(team_states(state, team))
    return [a for a, rec in state.get("areas", {}).items() if rec.get("owner") in mine and rec.get("minority")]


def _purgers_this_phase(state: State, exclude: str | None = None) -> list[str]:
    return [
        i["params"]["ruler"]
        for i in desk.all_items(state)
        if i["kind"] == "purge"
        and i.get("turn") == state.get("turn")
        and i.get("phase") == state.get("phase")
        and i["status"] in (desk.PENDING, desk.SETTLED)
        and i["id"] != exclude
    ]


def troops_in(state: State, aid: str, team: str | None) -> int:
    """Men of the team's armies in the area (for the +1 at 5,000 troops present)."""
    return sum(
        int(a.get("men", 0))
        for a in state.get("armies", {}).values()
        if a.get("area") == aid and (team is None or a.get("team") == team)
    )


@desk.request(
    "purge",
    desk=desk.RELIGIOUS,
    label="Purge a religious minority",
    phases=MILITARY_PHASES,
    fields=(
        Field("area", "Area", "choice"),
        Field("florins", "Florins spent", "int", required=False, minimum=0, maximum=desk.MAX_MONEY),
    ),
    chooser=lambda state, role: {"area": purge_targets(state, role)},
)
def _open_purge(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Purging Religious dissidents*: a ruler may only attempt to purge one area per military phase
    (:func:`religion.purge_error`)."""
    aid = action["area"]
    rec = state["areas"][aid]
    owner = rec["owner"]
    ruler = need_state(state, owner).get("ruler") or owner
    error = religion.purge_error(ruler, _purgers_this_phase(state), bool(rec.get("minority")))
    if error:
        raise IllegalAction(error)
    florins = action.get("florins") or 0
    have = int(state["states"][owner].get("treasury", 0))
    if florins > have:
        raise IllegalAction(f"{owner} has {have} florins; the purge would spend {florins}")
    return {
        "title": f"Purge of the {rec['minority']} minority in {aid}",
        "params": {"area": aid, "state": owner, "ruler": ruler, "florins": florins, "minority": rec["minority"]},
        "public": True,
    }


def adjacent_in_revolt(state: State, aid: str, minority: str) -> tuple[int, list[str]]:
    """Adjacent areas in revolt by the minority's religion (RR3-RL07): a revolt's religion is ``revolt_by`` (a subsidy
    revolt is "unrest"), else the area's minority, else its religion. With the option ``minority_revolts:
    every_phase5`` every adjacent area in revolt counts, whatever the cause (RR3-M06: "+1 each adjacent area in
    revolt")."""
    areas = state.get("areas", {})
    found = []
    for n in desk.geography(state).neighbours(aid, "army"):
        rec = areas.get(n, {})
        if rec.get("revolt"):
            found.append((n, rec.get("revolt_by") or rec.get("minority") or rec.get("religion")))
    if _every_phase5(state):
        return len(found), [n for n, _ in found]
    count = religion.adjacent_revolts(minority, [r for _, r in found])
    return count, [n for n, r in found if r == minority]


def _every_phase5(state: State) -> bool:
    return bool(readings.reading(state, readings.MINORITY_REVOLTS) == "every_phase5")


def minority_revolt(state: State, aid: str) -> tuple[bool, str]:
    """Roll for a minority revolt in ``aid`` (handbook, *Possible revolt by a religious minority*); a revolt marks
    the area (``revolt``, ``revolt_by`` = the minority's religion)."""
    rec = state["areas"][aid]
    minority = rec.get("minority")
    if not minority:
        return False, f"{aid} has no religious minority: no roll"
    if rec.get("revolt"):
        return False, f"{aid} is already in revolt: no roll"
    count, which = adjacent_in_revolt(state, aid, minority)
    attempts = int(rec.get("purge_attempts", 0))
    revolts = religion.roll_minority_revolt(state, aid, count, attempts)
    mods = f"+{count} adjacent revolt(s) {', '.join(which) or ''}".rstrip() + f", +{attempts} purge attempt(s)"
    if revolts:
        rec["revolt"] = True
        rec["revolt_by"] = minority
        journal(state, "Revolt", f"the {minority} minority of {aid} rises in revolt", public=True)
    return revolts, f"minority revolt roll ({mods}): {'REVOLT' if revolts else 'no revolt'}"


@desk.settle(
    "purge",
    label="Roll",
    fields=(
        Field(
            "troops",
            "Troops present (if not the team's armies in the area)",
            "int",
            required=False,
            minimum=0,
            maximum=desk.MAX_MEN,
        ),
    ),
)
def _settle_purge(state: State, item: Item, action: Action) -> str:
    """Roll the purge (:func:`religion.attempt_purge`): florins are spent either way; success removes the minority;
    a failure is followed at once by the minority revolt roll (RR3-RL08, the Upper Austria example)."""
    p = item["params"]
    aid = p["area"]
    rec = state["areas"][aid]
    error = religion.purge_error(p["ruler"], _purgers_this_phase(state, item["id"]), bool(rec.get("minority")))
    if error:
        raise IllegalAction(error)
    troops = action.get("troops")
    if troops is None:
        troops = troops_in(state, aid, item.get("team"))
    if not isinstance(troops, int) or isinstance(troops, bool) or troops < 0:
        raise IllegalAction(f"'troops' must be a whole number of men, not {troops!r}")
    pay(state, p["state"], p["florins"], f"the purge of {aid}")
    result = religion.attempt_purge(state, p["ruler"], aid, troops, p["florins"], int(rec.get("purge_attempts", 0)))
    rec["purge_attempts"] = result.attempts_after
    text = f"d6 {result.die} + {result.modifier} = {result.total}: "
    if result.success:
        rec["minority"] = None
        rec["purge_attempts"] = 0
        text += f"success, {aid} no longer has a religious minority"
    else:
        _, revolt_text = minority_revolt(state, aid)
        text += f"failure; {revolt_text}"
    journal(state, "Purge", f"{aid}: {text}", public=True)
    return text


# --- minority revolt checks (phase 5) ---------------------------------------------------------------------------


@desk.on_phase_start
def open_revolt_checks(state: State) -> None:
    """Phase 5, *Check for revolts by religious minorities*: an item per area with a minority that has an adjacent
    revolt of its religion or purge attempts (:func:`religion.minority_revolt_check_due`, RR3-RL08); with the option
    ``minority_revolts: every_phase5``, an item per area with a minority not already in revolt (RR3-M06)."""
    if state.get("phase") != 5:
        return
    for aid, rec in state.get("areas", {}).items():
        minority = rec.get("minority")
        if not minority or rec.get("revolt"):
            continue
        count, _ = adjacent_in_revolt(state, aid, minority)
        attempts = int(rec.get("purge_attempts", 0))
        if _every_phase5(state) or religion.minority_revolt_check_due(count, attempts):
            desk.open_item(
                state,
                desk=desk.RELIGIOUS,
                kind="minority_revolt",
                title=f"Minority revolt check: {aid}",
                params={"area": aid, "minority": minority},
                team=state.get("states", {}).get(rec.get("owner"), {}).get("team"),
                public=True,
            )


@desk.settle("minority_revolt", label="Roll")
def _settle_minority_revolt(state: State, item: Item, action: Action) -> str:
    return minority_revolt(state, item["params"]["area"])[1]


# --- turn bookkeeping -------------------------------------------------------------------------------------------


@desk.on_phase_start
def conversion_turn(state: State) -> None:
    """RR3-DK05: the Lutherans' counters "must be played that turn or lost": each turn's phase 1 (turns 2+) restores
    ``counters_per_turn`` (first recorded from the scenario's count) and clears the areas' counters placed."""
    luth = state.get("teams", {}).get(LUTHERANS)
    if luth is None:
        return
    luth.setdefault("counters_per_turn", int(luth.get("conversion_counters", 0)))
    if state.get("phase") != 1 or int(state.get("turn") or 1) < 2:
        return
    luth["conversion_counters"] = int(luth["counters_per_turn"])
    for rec in state.get("areas", {}).values():
        if rec.get("counters"):
            rec["counters"] = 0


# --- the Heavenly Status Chart ----------------------------------------------------------------------------------


HEAVENLY_TEAMS = desk.TEAMS


@desk.request(
    "heavenly_judgement",
    desk=desk.RELIGIOUS,
    label="Heavenly judgement",
    who=desk.CONTROL,
    fields=(
        *(
            Field(t, f"Change for {t}", "int", required=False, minimum=-desk.MAX_POINTS, maximum=desk.MAX_POINTS)
            for t in HEAVENLY_TEAMS
        ),
        Field("reason", "Reason"),
    ),
    available=control_role(desk.RELIGIOUS),
)
def _open_judgement(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *The Heavenly Status Chart*: updated each turn by Religious Control (RR3-RL10)."""
    changes = {t: action[t] for t in HEAVENLY_TEAMS if action.get(t)}
    if not changes:
        raise IllegalAction("a judgement needs at least one team's change")
    unknown = sorted(set(changes) - set(state.get("teams", {})))
    if unknown:
        raise IllegalAction(f"not teams of this game: {', '.join(unknown)}")
    return {
        "title": "Heavenly judgement",
        "params": {"changes": changes, "reason": action["reason"].strip()},
        "public": True,
    }


@desk.settle("heavenly_judgement", label="Pronounce")
def _settle_judgement(state: State, item: Item, action: Action) -> str:
    teams = state["teams"]
    chart = {t: int(rec.get("heavenly", 0)) for t, rec in teams.items()}
    try:
        new = religion.update_heavenly_chart(chart, item["params"]["changes"])
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    for t, v in new.items():
        teams[t]["heavenly"] = v
    state.setdefault("heavenly_log", []).append(
        {
            "id": item["id"],
            "turn": state.get("turn"),
            "changes": item["params"]["changes"],
            "reason": item["params"]["reason"],
        }
    )
    moves = ", ".join(f"{t} {d:+d}" for t, d in item["params"]["changes"].items())
    top = religion.highest_ranked(new)
    text = f"{moves} ({item['params']['reason']}); highest: {', '.join(top)}"
    journal(state, "Heavenly judgement", text, public=True)
    return text


def heavenly_chart(state: State) -> list[tuple[int, str, int]]:
    """The chart in rank order for the views."""
    return religion.heavenly_ranking({t: int(r.get("heavenly", 0)) for t, r in state.get("teams", {}).items()})


# --- cards the chart earns ---------------------------------------------------------------------------------------


def _grant_choices(state: State, role: str) -> Mapping[str, list[str]]:
    return {"team": list(desk.TEAMS), "issue": list(religion.ISSUES), "kind": ["persuasion", "debating"]}


@desk.direct(
    "grant_card",
    label="Grant a card earned by prestige or heavenly status",
    who=desk.CONTROL,
    fields=(
        Field("team", "Team", "choice"),
        Field("kind", "Card", "choice"),
        Field("issue", "Debating issue (debating card)", "choice", required=False),
        Field("value", "Debating value (debating card)", "int", required=False, minimum=1, maximum=9),
        Field("why", "Why (the prestige or heavenly standing that earns it)"),
    ),
    chooser=_grant_choices,
    available=control_role(desk.POLITICAL, desk.RELIGIOUS),
)
def grant_card(state: State, role: str, action: Action) -> None:
    """Handbook, *Persuasion cards*: they "may be gained during the course of play via the players Prestige or
    Heavenly status rating"; *Religious debate*: "it is possible to obtain more [debating-point cards] should a
    team be highest ranked on the heavenly status chart". A Persuasion card goes to the team's ruler (its holder);
    a debating card only to a team first on the heavenly chart (:func:`religion.highest_ranked`). How many and
    when is the umpires' judgment (RR3-DK24); each grant is in the journal with who and why."""
    team, kind, why = action["team"], action["kind"], str(action["why"]).strip()
    if not why:
        raise IllegalAction("a card is granted for a reason: 'why' (the standing that earns it)")
    record = state["teams"][team]
    who = str(action.get("who") or role)
    if kind == "debating":
        chart = {t: int(state["teams"][t].get("heavenly", 0)) for t in desk.TEAMS if t in state["teams"]}
        top = religion.highest_ranked(chart)
        if team not in top:
            raise IllegalAction(
                f"only the team first on the heavenly status chart earns debating cards: {', '.join(top)}"
            )
        issue, value = action.get("issue"), action.get("value")
        if issue is None or value is None:
            raise IllegalAction("a debating card needs its 'issue' and its 'value'")
        record.setdefault("debating", {}).setdefault(issue, []).append(value)
        text = f"{team} receives a debating card ({issue}, {value}): {why}"
    else:
        states = [s for s in record.get("states", []) if s in state.get("states", {})]
        holder = next((state["states"][s].get("ruler") for s in states if state["states"][s].get("ruler")), None)
        number = sum(1 for c in state.get("cards", {}).values() if c.get("team") == team) + 1
        card_id = f"{team}_persuasion_granted_{number}"
        while card_id in state.get("cards", {}):
            number += 1
            card_id = f"{team}_persuasion_granted_{number}"
        state.setdefault("cards", {})[card_id] = {
            "id": card_id,
            "kind": "persuasion",
            "team": team,
            "holder": holder,
            "state": states[0] if states else None,
            "played": None,
        }
        record.setdefault("cards", []).append(card_id)
        text = f"{team} receives a Persuasion card ({card_id}): {why}"
    journal(state, "Card granted", f"{text} — {desk.DESK_TITLES.get(role, role)}, {who}", team=team)


# --- funds to the rebels of a religious revolt ----------------------------------------------------------------------

RELIGIOUS_REVOLTS = (religion.CATHOLIC, religion.LUTHERAN)


def rebel_areas(state: State, team: str | None) -> list[str]:
    """Areas in a religious revolt (``revolt_by`` a religion, not a subsidy's unrest) not owned by ``team``."""
    mine = set(team_states(state, team)) if team else set()
    return sorted(
        a
        for a, rec in state.get("areas", {}).items()
        if rec.get("revolt") and rec.get("revolt_by") in RELIGIOUS_REVOLTS and rec.get("owner") not in mine
    )


@desk.request(
    "fund_rebels",
    desk=desk.RELIGIOUS,
    label="Fund the rebels of a religious revolt",
    fields=(
        Field("state", "Paid by your state", "choice"),
        Field("area", "Area in revolt", "choice"),
        Field("florins", "Florins", "int", minimum=1, maximum=desk.MAX_MONEY),
    ),
    chooser=lambda state, role: {"state": team_states(state, role), "area": rebel_areas(state, role)},
)
def _open_funds(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Revolts*: "In the case of a religious revolt, players may support the revolt by providing funds
    to the rebels. This should be actioned via Religious Control." Not public: who pays the rebels is the
    payer's secret (RR3-H05)."""
    have = int(need_state(state, action["state"]).get("treasury", 0))
    if action["florins"] > have:
        raise IllegalAction(f"{action['state']} has {have} florins; the rebels would be given {action['florins']}")
    rec = state["areas"][action["area"]]
    return {
        "title": f"{action['state']} funds the {rec['revolt_by']} rebels of {action['area']}",
        "params": {"state": action["state"], "area": action["area"], "florins": action["florins"]},
    }


@desk.settle("fund_rebels", label="Hand the funds to the rebels")
def _settle_funds(state: State, item: Item, action: Action) -> str:
    """The florins leave the payer's treasury and add 1 each to the roll of every attempt to suppress the revolt
    (:func:`battles.suppresses_revolt`) until it is put down (RR3-H05)."""
    p = item["params"]
    rec = state.get("areas", {}).get(p["area"], {})
    if not rec.get("revolt"):
        raise IllegalAction(f"{p['area']} is no longer in revolt; dismiss this item")
    pay(state, p["state"], p["florins"], f"the funds for the rebels of {p['area']}")
    rec["rebel_funds"] = int(rec.get("rebel_funds", 0)) + p["florins"]
    return (
        f"{p['state']} gives {p['florins']} florins to the rebels of {p['area']}: +{rec['rebel_funds']} to every"
        " attempt to suppress the revolt"
    )
