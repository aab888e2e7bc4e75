"""RR3 Political Control's desk (handbook, *Politics, Diplomacy and Domestic Support*, *The Diet*, *Election*,
*The Imperial Ban*, *Prestige*): treaties, grievances and wars, the Diet and the Imperial Penny, elections and the
bribes of Cologne and Trier, the Ban and prestige awards."""

from __future__ import annotations

from typing import Any

import pytest

import umpire.games.rr3.desks  # noqa: F401  (registers the desks)
from umpire.games.rr3 import desk
from umpire.games.rr3.desks import finance as fdesk
from umpire.games.rr3.desks import politics as pdesk
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]


def make(seed: int = 1, *, turn: int = 1, phase: int = 2) -> State:
    def st(team: str | None, ruler: str | None, *, empire: bool = False, treasury: int = 10) -> dict[str, Any]:
        return {
            "played": team is not None,
            "team": team,
            "ruler": ruler,
            "treasury": treasury,
            "debt": 0,
            "unrest": 0,
            "at_war_with": [],
            "in_empire": empire,
            "banned": False,
            "home": [],
        }

    def ch(sex: str, team: str | None, state: str | None) -> dict[str, Any]:
        return {"name": "", "sex": sex, "team": team, "state": state, "alive": True, "offices": []}

    out: State = {
        "rng": rng.init_rng(seed),
        "rolls": [],
        "turn": turn,
        "phase": phase,
        "step": None,
        "items": {},
        "next_item": 1,
        "journal": [],
        "teams": {
            t: {"states": [], "prestige": 0}
            for t in ("habsburgs", "france", "electors", "lutherans", "princes", "england")
        },
        "states": {
            "spain": st("habsburgs", "charles"),
            "austria": st("habsburgs", "ferdinand", empire=True),
            "france": st("france", "francis"),
            "england": st("england", "henry"),
            "saxony": st("electors", "frederick", empire=True),
            "brandenburg": st("electors", "joachim", empire=True),
            "palatinate": st("electors", "louis_p", empire=True),
            "bohemia": st("electors", "louis", empire=True),
            "mainz": st("electors", "albert", empire=True),
            "hesse": st("lutherans", "philip", empire=True),
            "bavaria": st("princes", "william", empire=True),
            "cologne": st(None, "hermann", empire=True),
            "trier": st(None, "richard", empire=True),
            "free_augsburg": st(None, None, empire=True),
            "wurttemberg": st(None, "ulrich", empire=True),
        },
        "characters": {
            "charles": ch("M", "habsburgs", "spain"),
            "ferdinand": ch("M", "habsburgs", "austria"),
            "francis": ch("M", "france", "france"),
            "henry": ch("M", "england", "england"),
            "margaret": ch("F", "habsburgs", None),
            "philip": ch("M", "lutherans", "hesse"),
            "ulrich": ch("M", None, "wurttemberg"),
        },
        "emperor": "charles",
        "king_of_romans": None,
    }
    for sid, rec in out["states"].items():
        if rec["team"]:
            out["teams"][rec["team"]]["states"].append(sid)
    return out


def settle(state: State, item: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return desk.settle_item(state, desk.POLITICAL, {"type": "settle", "item": item["id"], "who": "Pol", **fields})


def req(game: State, role: str, kind: str, **fields: Any) -> dict[str, Any]:
    team = role if role in game["teams"] else None
    return desk.make_request(game, role, {"type": kind, **fields}, team=team)


def war(state: State, team: str, a: str, b: str) -> None:
    desk.do_direct(state, team, {"type": "declare_war", "state": a, "against": b}, team=team)


# --- treaties, grievances, war ---


def test_politics_desk_war_with_and_without_grievance() -> None:
    s = make()
    war(s, "france", "france", "spain")
    assert "spain" in s["states"]["france"]["at_war_with"] and "france" in s["states"]["spain"]["at_war_with"]
    assert s["states"]["france"]["unjust_wars"] == ["spain"]
    assert pdesk.unjust_war_modifier(s, "france") == 1
    with pytest.raises(IllegalAction, match="already at war"):
        war(s, "france", "france", "spain")
    g = req(s, "habsburgs", "grievance", state="austria", against="france", text="French aid to the Turk")
    settle(s, g, valid=True)
    war(s, "habsburgs", "austria", "france")
    assert pdesk.unjust_war_modifier(s, "austria") == 0
    bad = req(s, "england", "grievance", state="england", against="france", text="the weather")
    with pytest.raises(IllegalAction, match="true or false"):
        settle(s, bad)
    settle(s, bad, valid=False)
    war(s, "england", "england", "france")
    assert pdesk.unjust_war_modifier(s, "england") == 1
    with pytest.raises(IllegalAction, match="cannot be 'spain'"):
        war(s, "france", "spain", "england")  # not France's state


# --- the Diet and the Imperial Penny ---


def test_politics_desk_diet_only_by_the_emperor_at_war_in_a_free_city() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="not possible"):
        req(s, "electors", "summon_diet", city="free_augsburg", penny=True)
    with pytest.raises(IllegalAction, match="only ask for the Imperial Penny when at war"):
        req(s, "habsburgs", "summon_diet", city="free_augsburg", penny=True)
    war(s, "france", "france", "spain")
    with pytest.raises(IllegalAction, match="cannot be 'saxony'"):
        req(s, "habsburgs", "summon_diet", city="saxony", penny=True)
    req(s, "habsburgs", "summon_diet", city="free_augsburg", penny=True)
    with pytest.raises(IllegalAction, match="already been asked"):
        req(s, "habsburgs", "summon_diet", city="free_augsburg", penny=True)


def test_politics_desk_penny_granted_and_collected_next_turn() -> None:
    s = make(3)
    war(s, "france", "france", "spain")
    item = req(s, "habsburgs", "summon_diet", city="free_augsburg", penny=True)
    members = pdesk.diet_members(s)
    assert "austria" in members and "spain" not in members and "cologne" not in members
    settle(s, item, present=["saxony", "bavaria", "hesse", "austria"], ayes=["saxony", "bavaria", "austria"])
    die = item["dice"][0]["result"]
    assert s["penny_due"] == {"spain": die + 6}
    before = s["states"]["spain"]["treasury"]
    s["turn"], s["phase"] = 2, 1
    fdesk.phase_one(s)
    assert s["states"]["spain"]["treasury"] == before + die + 6


def test_politics_desk_penny_refused_by_a_tie() -> None:
    s = make()
    war(s, "france", "france", "spain")
    item = req(s, "habsburgs", "summon_diet", city="free_augsburg", penny=True)
    settle(s, item, present=["saxony", "bavaria"], ayes=["saxony"])
    assert item["dice"] == [] and s.get("penny_due", {}) == {}
    assert "refused" in item["outcome"]
    item2 = req(s, "habsburgs", "summon_diet", city="free_augsburg", motion="ban Wurttemberg")
    with pytest.raises(IllegalAction, match="must be a list drawn from"):
        settle(s, item2, present=["saxony", "cologne"])


# --- elections and bribes ---


def test_politics_desk_election_with_bribed_prince_bishops() -> None:
    s = make()
    s["characters"]["charles"]["alive"] = False
    item = req(s, "france", "election", office="emperor")
    with pytest.raises(IllegalAction, match="already pending"):
        req(s, "england", "election", office="emperor")
    bribe = req(s, "france", "bribe", elector="cologne", candidate="francis", florins=4, state="france")
    settle(s, bribe, accepted=True)
    refused = req(s, "france", "bribe", elector="trier", candidate="francis", florins=3, state="france")
    settle(s, refused, accepted=False)
    assert s["states"]["france"]["treasury"] == 6
    settle(
        s,
        item,
        vote_mainz="ferdinand",
        vote_saxony="francis",
        vote_palatinate="francis",
        vote_brandenburg="francis",
        vote_bohemia="ferdinand",
    )
    assert item["params"]["votes"]["cologne"] == "francis" and "trier" not in item["params"]["votes"]
    assert s["emperor"] == "francis" and "emperor" in s["characters"]["francis"]["offices"]


def test_politics_desk_election_without_majority_opens_a_ballot() -> None:
    s = make()
    item = req(s, desk.POLITICAL, "election", office="king_of_the_romans")
    with pytest.raises(IllegalAction, match="cannot be 'margaret'"):  # any male may stand
        settle(s, item, vote_mainz="margaret")
    settle(s, item, vote_mainz="ferdinand", vote_saxony="francis")
    assert s["king_of_romans"] is None
    again = [i for i in desk.pending(s, desk.POLITICAL) if i["kind"] == "election"]
    assert len(again) == 1 and "new ballot" in again[0]["title"]
    settle(
        s,
        again[0],
        vote_mainz="ferdinand",
        vote_saxony="ferdinand",
        vote_bohemia="ferdinand",
        vote_brandenburg="ferdinand",
    )
    assert s["king_of_romans"] == "ferdinand"
    with pytest.raises(IllegalAction, match="living king of the romans"):
        req(s, "france", "election", office="king_of_the_romans")


def test_politics_the_election_form_fits_the_election() -> None:
    """Handbook, *Election of an emperor*: "Each elector has one vote. The votes of the two non-played prince
    bishops (of Cologne and Trier) may be obtained by suitable financial bribery via the Political Control ... Any
    male may stand" (RR3-L02): the count asks the played electors' votes only, among the males (of age with the
    option ``candidates: of_age``, RR3-M05); the bribes are offered for the non-played electors while an election
    is open."""
    s = make()
    s["options"] = {"candidates": "of_age"}
    s["characters"]["boy"] = {"name": "", "sex": "M", "alive": True, "born": 1520, "offices": []}
    s["characters"]["old"] = {"name": "", "sex": "M", "alive": True, "born": 1470, "offices": []}
    assert "bribe" not in {f["type"] for f in desk.request_forms(s, "france", "france")}  # no election open
    with pytest.raises(IllegalAction, match="Bribe an elector is not possible for france now"):
        req(s, "france", "bribe", elector="cologne", candidate="francis", florins=4, state="france")
    item = req(s, "france", "election", office="king_of_the_romans")
    form = {f["name"]: f for f in desk.settle_forms(s, item)[0]["fields"]}
    assert list(form) == ["vote_mainz", "vote_bohemia", "vote_palatinate", "vote_saxony", "vote_brandenburg"]
    assert "old" in form["vote_mainz"]["choices"] and "boy" not in form["vote_mainz"]["choices"]
    assert "margaret" not in form["vote_mainz"]["choices"]
    bribe = next(f for f in desk.request_forms(s, "france", "france") if f["type"] == "bribe")
    assert {f["name"]: f.get("choices") for f in bribe["fields"]}["elector"] == ["cologne", "trier"]
    with pytest.raises(IllegalAction, match=r"'vote_mainz' .* cannot be 'boy'"):
        settle(s, item, vote_mainz="boy")
    with pytest.raises(IllegalAction, match="cologne is not played: its vote is the bribe it took this turn"):
        settle(s, item, vote_cologne="francis")
    s["states"]["mainz"]["played"] = False  # Mainz passes to no player: its vote is bought, not cast
    form = {f["name"] for f in desk.settle_forms(s, item)[0]["fields"]}
    assert "vote_mainz" not in form and "vote_saxony" in form
    taken = req(s, "france", "bribe", elector="mainz", candidate="francis", florins=2, state="france")
    settle(s, taken, accepted=True)
    settle(s, item, vote_saxony="francis", vote_bohemia="francis", vote_palatinate="francis")
    assert item["params"]["votes"]["mainz"] == "francis" and s["king_of_romans"] == "francis"


# --- the ban and prestige ---


def test_politics_desk_imperial_ban() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="not possible"):
        req(s, "france", "imperial_ban", state="hesse", reason="heresy")
    item = req(s, "habsburgs", "imperial_ban", state="wurttemberg", reason="the murder of Hutten")
    settle(s, item, with_diet=True, ruling="his lands are forfeit to whoever takes them")
    assert s["states"]["wurttemberg"]["banned"] and s["characters"]["ulrich"]["outlaw"]
    assert s["bans"][0]["with_diet"] and s["banned"] == ["ulrich"]
    war(s, "princes", "bavaria", "wurttemberg")  # the ban stands for a grievance (RR3-DK15)
    assert pdesk.unjust_war_modifier(s, "bavaria") == 0


def test_politics_desk_prestige_awards() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="only the control team"):
        req(s, "france", "award_prestige", team="france", points=1, cause="military_victory", reason="Pavia")
    with pytest.raises(IllegalAction, match="exceeds the cap"):
        req(s, desk.POLITICAL, "award_prestige", team="habsburgs", points=5, cause="military_victory", reason="Pavia")
    item = req(
        s, desk.POLITICAL, "award_prestige", team="habsburgs", points=3, cause="military_victory", reason="Pavia"
    )
    settle(s, item)
    loss = req(
        s,
        desk.POLITICAL,
        "award_prestige",
        team="france",
        points=-5,
        cause="military_victory",
        reason="the King captured",
        exceptional=True,
    )
    settle(s, loss)
    assert s["teams"]["habsburgs"]["prestige"] == 3 and s["teams"]["france"]["prestige"] == -5
    assert [p["reason"] for p in s["prestige_log"]] == ["Pavia", "the King captured"]


def test_politics_the_election_form_names_each_elector_and_his_state_in_words() -> None:
    """Handbook, *Election of an emperor*: "Each elector has one vote": the count's fields say whose vote in words --
    the elector's name and his state's ("Vote of saxony" told the umpire nothing)."""
    s = make()
    s["characters"]["frederick"] = {
        **s["characters"]["charles"],
        "state": "saxony",
        "name": "Frederick the Wise",
        "offices": ["elector"],
    }
    s["states"]["saxony"]["name"] = "Electorate of Saxony"
    s["characters"]["joachim"] = {
        **s["characters"]["charles"],
        "state": "brandenburg",
        "name": "Joachim I Nestor",
    }  # ruler only
    item = req(s, "france", "election", office="king_of_the_romans")
    labels = {f["name"]: f["label"] for f in desk.settle_forms(s, item)[0]["fields"]}
    assert labels["vote_saxony"] == "Vote of Frederick the Wise, Electorate of Saxony"
    assert labels["vote_brandenburg"] == "Vote of Joachim I Nestor, the Elector of Brandenburg"
    assert labels["vote_mainz"] == "Vote of the Elector of Mainz"  # no character on record for its ruler
