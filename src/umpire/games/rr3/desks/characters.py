"""Character Control's desk (handbook, *Death, Marriage, Birth and Family*).

The death rolls and successions are :mod:`umpire.games.rr3.desks.succession`. Marriages and betrothals are proposed
by the teams (:func:`dynasties.match_error`) and settled in phase 4 (competing suitors for a non-played character
dice with the prestige bonus, :func:`dynasties.roll_suitors`); each wedding of a played family opens its births item
(:func:`dynasties.roll_births`). :func:`family_tree` gives a family's tree for the views.
Rulings: ``docs/rulings/rr3.md`` (DK numbers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from umpire.games.rr3 import desk, dynasties
from umpire.games.rr3.desk import Field, Item, journal
from umpire.games.rr3.desks.politics import need_character, prestige_chart
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
Action = dict[str, Any]

# --- the state's characters as dynasties records ----------------------------------------------------------------


def people(state: State) -> dict[str, dynasties.Character]:
    """Every character as a :class:`dynasties.Character` keyed by character id (``death_number`` if Control set
    one on the record)."""
    out = {}
    for cid, rec in state.get("characters", {}).items():
        out[cid] = dynasties.Character(
            name=cid,
            sex=rec.get("sex", dynasties.MALE),
            born=int(rec.get("born", dynasties.FIRST_YEAR)),
            family=rec.get("family", ""),
            played=bool(rec.get("played")),
            alive=bool(rec.get("alive", True)),
            spouse=rec.get("spouse"),
            parents=tuple(rec.get("parents", ())),
            cleric=bool(rec.get("cleric")),
            death_number=rec.get("death_number"),
        )
    return out


def year(state: State) -> int:
    """The year ages are counted at: the first year of the turn (:func:`dynasties.turn_start_year`)."""
    return dynasties.turn_start_year(int(state.get("turn") or 1))


def _write_back(state: State, folk: Mapping[str, dynasties.Character]) -> None:
    chars = state["characters"]
    for cid, c in folk.items():
        rec = chars[cid]
        rec["alive"], rec["spouse"], rec["played"], rec["family"] = c.alive, c.spouse, c.played, c.family


# --- marriages and betrothals -----------------------------------------------------------------------------------


def betrothed_to(state: State, character: str) -> str | None:
    """Whom ``character`` is betrothed to, if anyone (RR3-D04)."""
    for pair in state.get("betrothals", []):
        if character in (pair["a"], pair["b"]):
            return str(pair["b"] if pair["a"] == character else pair["a"])
    return None


def marriageable(state: State, team: str | None = None) -> list[str]:
    """Living, unmarried characters with a card (not clerics); of ``team`` when given."""
    return [
        c
        for c, rec in state.get("characters", {}).items()
        if rec.get("alive", True)
        and not rec.get("spouse")
        and not rec.get("cleric")
        and (team is None or rec.get("team") == team)
    ]


@desk.request(
    "propose_marriage",
    desk=desk.CHARACTER,
    label="Propose a marriage or betrothal",
    fields=(
        Field("suitor", "Your character", "choice"),
        Field("match", "To marry", "choice"),
        Field("betrothal", "Betrothal only", "bool", required=False),
    ),
    chooser=lambda state, role: {"suitor": marriageable(state, role), "match": marriageable(state)},
)
def _open_marriage(state: State, role: str, action: Action) -> dict[str, Any]:
    """Handbook, *Marriage*: matches are registered with Character Control to be valid (:func:`dynasties.
    match_error`); another team's character must consent (``accept_marriage``, RR3-DK11); matches with non-played
    characters are resolved in phase 4."""
    a, b = action["suitor"], action["match"]
    betrothal = bool(action.get("betrothal"))
    folk = people(state)
    error = dynasties.match_error(folk[a], folk[b], year(state), betrothal=betrothal)
    if error:
        raise IllegalAction(error)
    for who in (a, b):
        promised = betrothed_to(state, who)
        if promised is not None and promised != ({a, b} - {who}).pop():
            raise IllegalAction(f"{who} is betrothed to {promised}; a betrothal must be broken (dismissed) first")
    other = state["characters"][b].get("team")
    played_match = bool(state["characters"][b].get("played")) or bool(other)
    return {
        "title": f"{'Betrothal' if betrothal else 'Marriage'}: {a} and {b}",
        "params": {
            "a": a,
            "b": b,
            "betrothal": betrothal,
            "other_team": other if other != role else None,
            "consent": other is None or other == role,
            "nonplayed": not played_match,
        },
    }


@desk.direct(
    "accept_marriage",
    label="Accept a proposed marriage",
    fields=(Field("item", "Proposal", "choice"),),
    chooser=lambda state, role: {
        "item": [
            i["id"]
            for i in desk.pending(state, desk.CHARACTER)
            if i["kind"] == "propose_marriage" and i["params"]["other_team"] == role and not i["params"]["consent"]
        ]
    },
)
def _accept_marriage(state: State, role: str, action: Action) -> None:
    """RR3-DK11: a match with another team's character needs that team's consent."""
    item = state["items"][action["item"]]
    item["params"]["consent"] = True
    journal(state, "Marriage accepted", f"{role} accepts {item['title']}", team=item.get("team"))


def _rival_items(state: State, item: Item) -> list[Item]:
    """The pending proposals for the same non-played character (competing suitors)."""
    return [
        i
        for i in desk.pending(state, desk.CHARACTER)
        if i["kind"] == "propose_marriage"
        and i["params"]["b"] == item["params"]["b"]
        and i["params"]["nonplayed"]
        and not i["params"]["betrothal"]
    ]


def wed(state: State, a: str, b: str) -> tuple[str, str]:
    """Marry ``a`` and ``b`` (:func:`dynasties.marry`: the wife joins the husband's family) and record the wedding
    for the births of this turn; returns ``(husband, wife)``."""
    try:
        after = dynasties.marry(people(state), a, b, year(state))
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    _write_back(state, after)
    husband, wife = (a, b) if after[a].sex == dynasties.MALE else (b, a)
    _card_to_husband(state, husband, wife)
    state.setdefault("weddings", []).append({"husband": husband, "wife": wife, "turn": state.get("turn")})
    state["betrothals"] = [x for x in state.get("betrothals", []) if not {x["a"], x["b"]} & {a, b}]
    for c in (a, b):
        state["characters"][c].pop("betrothed", None)
    _open_births(state, husband, wife)
    return husband, wife


def _card_to_husband(state: State, husband: str, wife: str) -> None:
    """Handbook, *Marriage*: "The card for a married female family member is held by the family into which she is
    married" -- an unplayed wife's card passes to the husband's team (a played wife stays with her own team)."""
    chars, teams = state["characters"], state.get("teams", {})
    new, old = chars[husband].get("team"), chars[wife].get("team")
    if chars[wife].get("played") or new == old:
        return
    if old in teams and wife in teams[old].get("characters", []):
        teams[old]["characters"].remove(wife)
    if new in teams:
        teams[new].setdefault("characters", []).append(wife)
    chars[wife]["team"] = new


def _played_families(state: State) -> list[str]:
    return sorted({rec.get("family", "") for rec in state.get("characters", {}).values() if rec.get("played")} - {""})


def _open_births(state: State, husband: str, wife: str) -> None:
    """Handbook, *Births*: newly married couples dice that turn only (RR3-D13: a played spouse or played family)."""
    due = dynasties.births_due(
        people(state),
        [(husband, wife, int(state.get("turn") or 1))],
        int(state.get("turn") or 1),
        _played_families(state),
    )
    for h, w in due:
        team = state["characters"][h].get("team") or state["characters"][w].get("team")
        desk.open_item(
            state,
            desk=desk.CHARACTER,
            kind="births",
            title=f"Births: {h} and {w}",
            params={"husband": h, "wife": w},
            team=team,
            public=True,
        )


@desk.settle("propose_marriage", label="Register")
def _settle_marriage(state: State, item: Item, action: Action) -> str:
    """Marriages take effect in phase 4 (RR3-DK11, *Announcement of marriages and births*); betrothals at once
    (RR3-D04). Competing suitors for a non-played character roll with the prestige bonus (RR3-D05); the losers'
    proposals close."""
    p = item["params"]
    if not p["consent"]:
        raise IllegalAction(f"{p['other_team']} has not accepted this match yet (accept_marriage)")
    folk = people(state)
    error = dynasties.match_error(folk[p["a"]], folk[p["b"]], year(state), betrothal=p["betrothal"])
    if error:
        raise IllegalAction(error)
    for who, other in ((p["a"], p["b"]), (p["b"], p["a"])):
        promised = betrothed_to(state, who)
        if promised is not None and promised != other:
            raise IllegalAction(f"{who} is betrothed to {promised}; dismiss this match or break that betrothal first")
    if p["betrothal"]:
        state.setdefault("betrothals", []).append({"a": p["a"], "b": p["b"], "turn": state.get("turn")})
        state["characters"][p["a"]]["betrothed"] = p["b"]
        state["characters"][p["b"]]["betrothed"] = p["a"]
        text = f"{p['a']} and {p['b']} are betrothed"
        journal(state, "Betrothal", text, public=True)
        return text
    if state.get("phase") != 4:
        raise IllegalAction(f"marriages are settled in phase 4; this is phase {state.get('phase')}")
    rivals = _rival_items(state, item)
    winner_item = item
    text = ""
    if len(rivals) > 1:
        chart = prestige_chart(state)
        suitors = {i["params"]["a"]: chart.get(i.get("team") or "", 0) for i in rivals}
        contest = dynasties.roll_suitors(state, p["b"], suitors)
        winner_item = next(i for i in rivals if i["params"]["a"] == contest.winner)
        rounds = "; ".join(", ".join(f"{s} {v}" for s, v in r.items()) for r in contest.rounds)
        text = f"suitors for {p['b']} ({rounds}): {contest.winner} wins; "
        for i in rivals:
            if i is not winner_item and i is not item:
                desk.dismiss_item(
                    state,
                    desk.CHARACTER,
                    {"item": i["id"], "why": f"{contest.winner} won the hand of {p['b']}", "who": "engine"},
                )
    husband, wife = wed(state, winner_item["params"]["a"], p["b"])
    text += f"{husband} marries {wife}"
    if winner_item is not item:
        winner_item["status"] = desk.SETTLED
        winner_item["outcome"] = f"{husband} marries {wife} (won the contest settled on {item['id']})"
        winner_item["closed_by"] = {"role": desk.CHARACTER, "who": "engine"}
        text += f" (the suitor of {item['team']} lost)"
    journal(state, "Marriage", text, public=True)
    return text


@desk.on_phase_start
def betrothals_come_of_age(state: State) -> None:
    """RR3-D04: in phase 4 a betrothal whose parties are both sixteen and free becomes a marriage."""
    if state.get("phase") != 4:
        return
    for pair in list(state.get("betrothals", [])):
        a, b = pair["a"], pair["b"]
        # Each wedding is checked against the families as the weddings before it left them.
        if dynasties.due_weddings(people(state), [(a, b)], year(state)):
            husband, wife = wed(state, a, b)
            journal(state, "Marriage", f"{husband} marries {wife}, betrothed before", public=True)


# --- births -----------------------------------------------------------------------------------------------------


def child_deck(state: State, husband: str) -> list[tuple[str, str]]:
    """RR3-DK12: the child cards of the father's family (``state["child_names"][family]``: ``[name, sex]``), else a
    default deck of three sons and three daughters named after the father."""
    rec = state["characters"][husband]
    listed = state.get("child_names", {}).get(rec.get("family", ""))
    if listed:
        return [(str(n), str(s)) for n, s in listed]
    name = rec.get("name", husband)
    return [(f"Son of {name} ({k})", dynasties.MALE) for k in (1, 2, 3)] + [
        (f"Daughter of {name} ({k})", dynasties.FEMALE) for k in (1, 2, 3)
    ]


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text.lower()).strip("_") or "child"


@desk.settle("births", label="Roll")
def _settle_births(state: State, item: Item, action: Action) -> str:
    """Handbook, *Births*: d6-2 children; the cards drawn give name and sex, the order drawn is age order."""
    h, w = item["params"]["husband"], item["params"]["wife"]
    deck = child_deck(state, h)
    ids: dict[str, tuple[str, str]] = {}
    for name, sex in deck:
        base = f"{_slug(name)}"
        cid, k = base, 2
        while cid in state["characters"] or cid in ids:
            cid, k = f"{base}_{k}", k + 1
        ids[cid] = (name, sex)
    folk = people(state)
    try:
        _, kids, rest = dynasties.roll_births(
            state, folk, h, [(cid, s) for cid, (_, s) in ids.items()], int(state.get("turn") or 1)
        )
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    father = state["characters"][h]
    team = father.get("team") or state["characters"][w].get("team")
    for kid in kids:
        state["characters"][kid.name] = {
            "name": ids[kid.name][0],
            "team": team,
            "state": None,
            "role": "child",
            "born": kid.born,
            "sex": kid.sex,
            "religion": father.get("religion", "catholic"),
            "family": kid.family,
            "spouse": None,
            "parents": [h, w],
            "cleric": False,
            "alive": True,
            "played": False,
            "offices": [],
        }
        if team in state.get("teams", {}):
            state["teams"][team].setdefault("characters", []).append(kid.name)
    family = father.get("family", "")
    if family in state.get("child_names", {}):
        state["child_names"][family] = [[ids[c][0], s] for c, s in rest]
    names = ", ".join(f"{ids[k.name][0]} ({k.sex})" for k in kids)
    text = f"{len(kids)} child{'ren' if len(kids) != 1 else ''}" + (f": {names}" if kids else "")
    journal(state, "Births", f"{h} and {w}: {text}", public=True, team=team)
    return text


# --- claims and family trees ------------------------------------------------------------------------------------


def claims(state: State, deceased: str) -> list[tuple[str, int]]:
    """Handbook, *Claims*: the claimants on ``deceased``'s death, nearest first (RR3-D07)."""
    need_character(state, deceased)
    return dynasties.claimants(people(state), deceased)


def family_tree(state: State, family: str, children: Mapping[str, Sequence[str]] | None = None) -> list[dict[str, Any]]:
    """The family tree of ``family`` for the views: its founders (members with no parent of the family on record;
    wives shown with their husbands), each ``{"id", "name", "sex", "born", "alive", "spouse", "children": [...]}``,
    founders and children eldest first (by birth, then id), through sons and daughters alike. ``children`` (from
    :func:`children_index`) saves recomputing who is whose child when all the trees are drawn at once."""
    chars = state.get("characters", {})
    kids_of = children if children is not None else children_index(state)
    members = [c for c, rec in chars.items() if rec.get("family") == family]
    spouses = {chars[c].get("spouse") for c in members if chars[c].get("sex") == dynasties.MALE}

    def node(cid: str, seen: frozenset[str]) -> dict[str, Any]:
        rec = chars[cid]
        return {
            "id": cid,
            "name": rec.get("name", cid),
            "sex": rec.get("sex"),
            "born": rec.get("born"),
            "alive": rec.get("alive", True),
            "spouse": rec.get("spouse"),
            "family": rec.get("family"),
            "children": [node(k, seen | {cid}) for k in kids_of.get(cid, ()) if k not in seen],
        }

    # A founder has no parent of this family on record (a mother of another house does not count: Charles V heads
    # the Habsburg tree though his mother Joanna is a Trastamara); a wife who married in is shown with her husband.
    in_family = set(members)
    founders = [c for c in members if not any(p in in_family for p in chars[c].get("parents", ())) and c not in spouses]
    fathers = {c for c in founders if chars[c].get("sex") == dynasties.MALE}

    def shown_with_husband(cid: str) -> bool:
        """A widow (or a wife whose husband's record is gone) whose children all appear under their father."""
        kids = kids_of.get(cid, ())
        return bool(kids) and all(any(p in fathers for p in chars[k].get("parents", ())) for k in kids)

    founders = [c for c in founders if c in fathers or not shown_with_husband(c)]
    founders.sort(key=lambda c: (int(chars[c].get("born", 0)), c))  # eldest first, as on a family chart
    return [node(c, frozenset()) for c in founders]


def children_index(state: State) -> dict[str, list[str]]:
    """Each character's children on record, eldest first (by birth year, then id: the state's key order)."""
    chars = state.get("characters", {})
    index: dict[str, list[str]] = {}
    for kid, rec in chars.items():
        for parent in rec.get("parents", ()):
            if parent in chars:
                index.setdefault(parent, []).append(kid)
    for kids in index.values():
        kids.sort(key=lambda k: (int(chars[k].get("born", 0)), k))
    return index


def families(state: State) -> list[str]:
    return sorted({rec.get("family", "") for rec in state.get("characters", {}).values()} - {""})
