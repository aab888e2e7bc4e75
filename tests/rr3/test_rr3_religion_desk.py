"""RR3 Religious Control's desk (handbook, *Religion*): the debate of phase 2 with the debating hands, conversions in
phase 3, purges and the Upper Austria examples, the phase-5 minority revolt checks and the heavenly status chart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import umpire.games.rr3.desks  # noqa: F401  (registers the desks)
from umpire.games.rr3 import battles, desk, religion
from umpire.games.rr3.desks import religion as rdesk
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction

State = dict[str, Any]
FAITH, TRANS, COMM, POPE = religion.ISSUES


def seed_where(n: int, ok: Callable[[list[int]], bool]) -> int:
    for seed in range(5000):
        s: State = {"rng": rng.init_rng(seed), "rolls": []}
        if ok([rng.roll(s, "probe") for _ in range(n)]):
            return seed
    raise AssertionError("no seed found")


def area(state: str, region: str | None, pos: list[float], **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": state, "kind": "land", "state": state, "table": "east", "pos": pos}
    if region:
        out["region"] = region
    out.update(more)
    return out


GEO = {
    "format": "umpire-rr3-map/1",
    "areas": {
        "upper_austria": area("austria", "germany", [14.0, 48.2]),
        "lower_austria": area("austria", "germany", [16.0, 48.2]),
        "tyrol": area("austria", None, [11.4, 47.2]),
        "bohemia": area("bohemia", "germany", [14.4, 50.0]),
        "nuremberg": area(
            "free_nuremberg",
            "germany",
            [11.0, 49.4],
            free_city=True,
            cities=[{"id": "nuremberg_c", "name": "Nuremberg", "fort": 3}],
        ),
        "normandy": area("france", "france", [0.5, 49.2]),
        "ile_de_france": area("france", "france", [2.3, 48.8]),
        "saxony": area("saxony", "germany", [12.9, 51.0]),
    },
    "borders": [
        {"between": ["upper_austria", "lower_austria"], "kind": "land"},
        {"between": ["upper_austria", "bohemia"], "kind": "land"},
        {"between": ["upper_austria", "tyrol"], "kind": "land"},
        {"between": ["bohemia", "nuremberg"], "kind": "land"},
        {"between": ["bohemia", "saxony"], "kind": "land"},
        {"between": ["normandy", "ile_de_france"], "kind": "land"},
    ],
}


def make(seed: int = 1, *, turn: int = 1, phase: int = 2) -> State:
    def st(team: str | None, ruler: str | None, treasury: int = 5) -> dict[str, Any]:
        return {
            "played": team is not None,
            "team": team,
            "ruler": ruler,
            "religion": "catholic",
            "treasury": treasury,
            "at_war_with": [],
        }

    def ar(owner: str, minority: str | None = None, religion_: str = "catholic") -> dict[str, Any]:
        return {
            "owner": owner,
            "religion": religion_,
            "minority": minority,
            "revolt": False,
            "purge_attempts": 0,
            "counters": 0,
        }

    team = {"prestige": 0, "heavenly": 0}
    return {
        "rng": rng.init_rng(seed),
        "rolls": [],
        "turn": turn,
        "phase": phase,
        "step": None,
        "items": {},
        "next_item": 1,
        "journal": [],
        "geography": GEO,
        "teams": {
            "papacy": {
                **team,
                "states": ["papacy"],
                "debating": {FAITH: [2, 4], TRANS: [3, 5], COMM: [1, 2], POPE: [6]},
            },
            "lutherans": {
                **team,
                "states": [],
                "conversion_counters": 4,
                "debating": {FAITH: [6, 5], TRANS: [2], COMM: [3, 4], POPE: [1, 2]},
            },
            "habsburgs": {**team, "states": ["austria"]},
            "france": {**team, "states": ["france"]},
            "electors": {**team, "states": ["bohemia", "saxony"]},
        },
        "states": {
            "papacy": st("papacy", "clement"),
            "austria": st("habsburgs", "ferdinand", treasury=6),
            "france": st("france", "francis"),
            "bohemia": st("electors", "louis"),
            "saxony": st("electors", "frederick"),
            "free_nuremberg": st(None, "nuremberg_council"),
        },
        "characters": {
            "nuremberg_council": {"name": "Council of Nuremberg", "religion": "catholic", "alive": True},
            "ferdinand": {"name": "Ferdinand", "religion": "catholic", "alive": True},
        },
        "areas": {
            "upper_austria": ar("austria", "lutheran"),
            "lower_austria": ar("austria"),
            "tyrol": ar("austria"),
            "bohemia": ar("bohemia"),
            "nuremberg": ar("free_nuremberg"),
            "normandy": ar("france"),
            "ile_de_france": ar("france"),
            "saxony": ar("saxony"),
        },
        "armies": {},
    }


def settle(state: State, item: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return desk.settle_item(state, desk.RELIGIOUS, {"type": "settle", "item": item["id"], "who": "Rev", **fields})


# --- debate ---


def debate(state: State, **fields: Any) -> dict[str, Any]:
    item = desk.make_request(state, "lutherans", {"type": "propose_debate"}, team="lutherans")
    return settle(state, item, **fields)


def test_religion_desk_debate_spends_cards_and_changes_counters() -> None:
    """The Lutherans win the opening (6 faith against 4 faith) and choose faith (5 v 2); the Papacy chooses the
    pope (6 v 2); the Lutherans choose communion (3 v 2): two Lutheran wins, +2 counters that turn."""
    s = make()
    item = debate(
        s,
        opening="faith:4 / faith:6",
        issue1=FAITH,
        rounds1="2 / 5",
        issue2=POPE,
        rounds2="6 / 2",
        issue3=COMM,
        rounds3="2 / 3",
    )
    assert "lutheran victory" in item["outcome"]
    assert s["teams"]["lutherans"]["conversion_counters"] == 6
    assert s["teams"]["papacy"]["debating"] == {FAITH: [], TRANS: [3, 5], COMM: [1], POPE: []}
    assert s["teams"]["lutherans"]["debating"] == {FAITH: [], TRANS: [2], COMM: [4], POPE: [1]}
    assert s["debates"][0]["first_choice"] == religion.LUTHERAN


def test_religion_desk_convincing_catholic_victory_and_drawn_rounds() -> None:
    s = make()
    s["teams"]["lutherans"]["conversion_counters"] = 2
    s["teams"]["papacy"]["debating"][COMM] = [2, 5]
    s["teams"]["lutherans"]["debating"][FAITH] = [4, 1]
    item = debate(
        s,
        opening="transubstantiation:3 / transubstantiation:2",
        issue1=POPE,
        rounds1="6 / 2",
        issue2=COMM,
        rounds2="5 / 4",
        issue3=FAITH,
        rounds3="4 / 4; 2 / 1",  # a draw is replayed with fresh cards (RR3-RL02)
    )
    assert s["debates"][0]["convincing"] and s["debates"][0]["winner"] == religion.CATHOLIC
    assert [i["chosen_by"] for i in s["debates"][0]["issues"]] == ["catholic", "lutheran", "catholic"]
    assert s["teams"]["lutherans"]["conversion_counters"] == 0  # 2 - 3, never below zero (RR3-RL04)
    assert s["teams"]["lutherans"]["debating"][FAITH] == []
    assert "convincing catholic victory" in item["outcome"]


def test_religion_desk_debate_rejects_cards_not_held() -> None:
    s = make()
    item = desk.make_request(s, "papacy", {"type": "propose_debate"}, team="papacy")
    with pytest.raises(IllegalAction, match="no 9-point card"):
        settle(
            s,
            item,
            opening="faith:9 / faith:6",
            issue1=FAITH,
            rounds1="2 / 5",
            issue2=POPE,
            rounds2="6 / 2",
            issue3=COMM,
            rounds3="2 / 3",
        )
    with pytest.raises(IllegalAction, match="still holds a card"):
        settle(
            s,
            item,
            opening="faith:4 / faith:6",
            issue1=FAITH,
            rounds1="- / 5",
            issue2=POPE,
            rounds2="6 / 2",
            issue3=COMM,
            rounds3="2 / 3",
        )
    with pytest.raises(IllegalAction, match="not a draw"):
        settle(
            s,
            item,
            opening="faith:4 / faith:6",
            issue1=FAITH,
            rounds1="2 / 5; - / -",
            issue2=POPE,
            rounds2="6 / 2",
            issue3=COMM,
            rounds3="2 / 3",
        )
    assert s["teams"]["papacy"]["debating"][FAITH] == [2, 4]  # nothing spent by a refused settlement
    assert item["status"] == desk.PENDING


def test_religion_desk_debate_who_and_when() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="not possible"):
        desk.make_request(s, "france", {"type": "propose_debate"}, team="france")
    desk.make_request(s, "papacy", {"type": "propose_debate"}, team="papacy")
    with pytest.raises(IllegalAction, match="already a religious debate"):
        desk.make_request(s, "lutherans", {"type": "propose_debate"}, team="lutherans")
    s3 = make(phase=3)
    with pytest.raises(IllegalAction, match="phase 2 only"):
        desk.make_request(s3, "lutherans", {"type": "propose_debate"}, team="lutherans")


# --- conversion ---


def convert(state: State, where: str, n: int, **fields: Any) -> dict[str, Any]:
    item = desk.make_request(
        state, "lutherans", {"type": "place_counters", "area": where, "counters": n}, team="lutherans"
    )
    return settle(state, item, **fields)


def test_religion_desk_one_area_state_converts_with_its_ruler() -> None:
    s = make(phase=3)
    item = convert(s, "nuremberg", 3)  # Germany, 3 counters: automatic, no die (RR3-RL06)
    assert item["dice"] == []
    assert s["states"]["free_nuremberg"]["religion"] == "lutheran"
    assert s["areas"]["nuremberg"]["religion"] == "lutheran"
    assert s["characters"]["nuremberg_council"]["religion"] == "lutheran"
    assert s["teams"]["lutherans"]["conversion_counters"] == 1


def test_religion_desk_multi_area_state_gets_a_minority() -> None:
    seed = seed_where(1, lambda d: d[0] >= 5)  # France, 2 counters: 5+
    s = make(seed, phase=3)
    item = convert(s, "normandy", 2)
    assert item["dice"][0]["result"] >= 5
    assert s["areas"]["normandy"]["minority"] == "lutheran"
    assert s["areas"]["normandy"]["religion"] == "catholic"
    assert s["states"]["france"]["religion"] == "catholic"
    fail = make(seed_where(1, lambda d: d[0] < 5), phase=3)
    convert(fail, "normandy", 2)
    assert fail["areas"]["normandy"]["minority"] is None
    assert fail["teams"]["lutherans"]["conversion_counters"] == 2  # spent either way


def test_religion_desk_conversion_limits() -> None:
    s = make(phase=3)
    choices = desk.REGISTRY.requests["place_counters"].chooser(s, "lutherans")  # type: ignore[misc]
    assert "saxony" not in choices["area"]  # a player's one-area state
    assert "upper_austria" not in choices["area"]  # Lutheran minority already there
    assert "bohemia" not in choices["area"]
    with pytest.raises(IllegalAction, match="cannot be 'saxony'"):
        desk.make_request(s, "lutherans", {"type": "place_counters", "area": "saxony", "counters": 1}, team="lutherans")
    desk.make_request(s, "lutherans", {"type": "place_counters", "area": "normandy", "counters": 3}, team="lutherans")
    with pytest.raises(IllegalAction, match="only 1 conversion counters"):
        desk.make_request(
            s, "lutherans", {"type": "place_counters", "area": "ile_de_france", "counters": 2}, team="lutherans"
        )


def test_religion_desk_region_outside_the_table_needs_a_column() -> None:
    s = make(phase=3)
    item = desk.make_request(
        s, "lutherans", {"type": "place_counters", "area": "tyrol", "counters": 3}, team="lutherans"
    )
    with pytest.raises(IllegalAction, match="choose its 'column'"):
        settle(s, item)
    settle(s, item, column=religion.NORTH)
    assert s["areas"]["tyrol"]["minority"] == "lutheran"


def test_religion_desk_counters_restored_each_turn() -> None:
    s = make(phase=2)
    rdesk.conversion_turn(s)  # records the scenario's 4 a turn
    s["teams"]["lutherans"]["conversion_counters"] = 1
    s["areas"]["normandy"]["counters"] = 3
    s["turn"], s["phase"] = 2, 1
    rdesk.conversion_turn(s)
    assert s["teams"]["lutherans"]["conversion_counters"] == 4
    assert s["areas"]["normandy"]["counters"] == 0


# --- purges and minority revolts ---


def test_religion_desk_upper_austria_examples() -> None:
    """Handbook: Ferdinand spends 3 florins to purge Upper Austria; the die is 1, +3 = 4, unsuccessful. Map Control
    then rolls for revolt, +1 for the revolt in Bohemia and +1 for the attempt: 3 + 2 = 5, the area revolts."""
    seed = seed_where(2, lambda d: d == [1, 3])
    s = make(seed, phase=3)
    s["areas"]["bohemia"].update(revolt=True, revolt_by="lutheran")
    item = desk.make_request(s, "habsburgs", {"type": "purge", "area": "upper_austria", "florins": 3}, team="habsburgs")
    settle(s, item)
    assert [d["result"] for d in item["dice"]] == [1, 3]
    assert "1 + 3 = 4" in item["outcome"]
    assert s["states"]["austria"]["treasury"] == 3
    assert s["areas"]["upper_austria"]["purge_attempts"] == 1
    assert s["areas"]["upper_austria"]["revolt"] and s["areas"]["upper_austria"]["revolt_by"] == "lutheran"
    assert s["areas"]["upper_austria"]["minority"] == "lutheran"


def test_religion_desk_purge_success_and_one_per_ruler_per_phase() -> None:
    # ruling RR3-DK20
    seed = seed_where(1, lambda d: d[0] >= 3)  # 5,000 troops (+1) and 1 florin (+1): 3+ succeeds
    s = make(seed, phase=5)
    s["areas"]["lower_austria"]["minority"] = "lutheran"
    s["armies"] = {"austria_1": {"team": "habsburgs", "men": 5000, "area": "upper_austria"}}
    item = desk.make_request(s, "habsburgs", {"type": "purge", "area": "upper_austria", "florins": 1}, team="habsburgs")
    with pytest.raises(IllegalAction, match="already attempted a purge"):
        desk.make_request(s, "habsburgs", {"type": "purge", "area": "lower_austria"}, team="habsburgs")
    settle(s, item)
    assert s["areas"]["upper_austria"]["minority"] is None
    assert len(item["dice"]) == 1  # no revolt roll after a success
    with pytest.raises(IllegalAction, match="phase 2, 3, 5"):
        desk.make_request(make(phase=4), "habsburgs", {"type": "purge", "area": "upper_austria"}, team="habsburgs")
    with pytest.raises(IllegalAction, match="has 6 florins"):
        desk.make_request(
            make(phase=2), "habsburgs", {"type": "purge", "area": "upper_austria", "florins": 7}, team="habsburgs"
        )


def test_religion_desk_phase_five_checks() -> None:
    # ruling RR3-DK23
    s = make(phase=5)
    s["areas"]["bohemia"].update(revolt=True, revolt_by="lutheran")
    s["areas"]["tyrol"].update(minority="lutheran")  # no adjacent revolt, no purge: no check (RR3-RL08)
    s["areas"]["saxony"].update(minority="lutheran")  # adjacent to Bohemia's Lutheran revolt
    s["areas"]["normandy"].update(minority="lutheran", purge_attempts=2)
    s["areas"]["ile_de_france"].update(revolt=True, revolt_by="unrest")
    s["areas"]["lower_austria"].update(minority="catholic")  # next to no Catholic revolt (RR3-RL07)
    rdesk.open_revolt_checks(s)
    checks = {i["params"]["area"]: i for i in desk.pending(s, desk.RELIGIOUS)}
    assert sorted(checks) == ["normandy", "saxony", "upper_austria"]
    seed = seed_where(1, lambda d: d[0] >= 3)
    s["rng"] = rng.init_rng(seed)
    settle(s, checks["normandy"])  # d6 + 2 attempts
    assert s["areas"]["normandy"]["revolt"] and s["areas"]["normandy"]["revolt_by"] == "lutheran"
    s2 = make(phase=4)
    s2["areas"]["bohemia"].update(revolt=True, revolt_by="lutheran")
    rdesk.open_revolt_checks(s2)
    assert desk.pending(s2) == []


# --- heavenly status chart ---


def test_religion_desk_heavenly_judgement() -> None:
    s = make()
    with pytest.raises(IllegalAction, match="not possible"):
        desk.make_request(s, desk.POLITICAL, {"type": "heavenly_judgement", "france": 1, "reason": "x"}, team=None)
    with pytest.raises(IllegalAction, match="only the control team"):
        desk.make_request(s, "france", {"type": "heavenly_judgement", "france": 1, "reason": "x"}, team="france")
    item = desk.make_request(
        s,
        desk.RELIGIOUS,
        {"type": "heavenly_judgement", "papacy": 2, "france": -1, "reason": "alliance with the Turk"},
        team=None,
    )
    settle(s, item)
    assert s["teams"]["papacy"]["heavenly"] == 2 and s["teams"]["france"]["heavenly"] == -1
    assert s["heavenly_log"][0]["reason"] == "alliance with the Turk"
    assert rdesk.heavenly_chart(s)[0] == (1, "papacy", 2)


# --- funds to the rebels ---


def test_religion_funds_to_religious_rebels_go_through_religious_control_and_harden_the_revolt() -> None:
    """Handbook, *Revolts*: "In the case of a religious revolt, players may support the revolt by providing funds to
    the rebels. This should be actioned via Religious Control." Issue 19, point 6: there was no such procedure. France
    pays 3 florins to the Lutheran rebels of Upper Austria; each florin adds 1 to the roll to suppress it (RR3-H05)."""
    s = make()
    s["areas"]["upper_austria"].update(revolt=True, revolt_by="lutheran")
    s["areas"]["normandy"].update(revolt=True, revolt_by="unrest")  # a subsidy's revolt is not religious
    form = next(f for f in desk.request_forms(s, "france", "france") if f["type"] == "fund_rebels")
    assert next(f for f in form["fields"] if f["name"] == "area")["choices"] == ["upper_austria"]
    with pytest.raises(IllegalAction, match="france has 5 florins; the rebels would be given 9"):
        desk.make_request(s, "france", {"type": "fund_rebels", "state": "france", "area": "upper_austria",
                                         "florins": 9}, team="france")  # fmt: skip
    item = desk.make_request(
        s, "france", {"type": "fund_rebels", "state": "france", "area": "upper_austria", "florins": 3}, team="france"
    )
    assert item["desk"] == desk.RELIGIOUS and not item["public"]
    settle(s, item)
    assert s["states"]["france"]["treasury"] == 2 and s["areas"]["upper_austria"]["rebel_funds"] == 3
    # Ferdinand's own revolt is not his to fund
    assert "upper_austria" not in rdesk.rebel_areas(s, "habsburgs")


def test_religion_rebel_funds_add_to_the_suppression_roll() -> None:
    """*Suppressing Revolts*: d6 + Unrest must score less than the army's thousands; 9,000 men against a 3 with
    unrest 2 put it down (5 < 9), not with 4 florins given to the rebels (9)."""
    assert battles.suppresses_revolt(3, 2, 9_000) and not battles.suppresses_revolt(3, 2, 9_000, rebel_funds=4)


def step(state: State, item: dict[str, Any], **fields: Any) -> str:
    return desk.step_item(state, desk.RELIGIOUS, {"type": "step", "item": item["id"], "who": "Rev", **fields})


def next_form(state: State, item: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    first = desk.settle_forms(state, item)[0]
    return first["type"], first["label"], {f["name"]: f.get("choices") for f in first["fields"]}


def test_religion_desk_debate_is_played_round_by_round_from_the_hands() -> None:
    """Handbook, *Religious debate*: "Choice of the first issue ... goes to the player who plays the highest value
    'debating point' card (which may be for any issue) ... For the second issue the other player picks the issue
    and for the third issue the choice returns to the first player ... In the event of a draw, further rounds will
    take place". RR3-L01: each round's cards are chosen from lists of the cards each side holds and may play in
    that round; the same debate as the typed test above, with a drawn round on communion."""
    s = make()
    s["teams"]["papacy"]["debating"][COMM] = [1, 2, 3]
    item = desk.make_request(s, "lutherans", {"type": "propose_debate"}, team="lutherans")
    kind, label, form = next_form(s, item)
    assert (kind, label) == ("step", "Opening cards (round 1): the higher chooses the first issue")
    assert form["catholic"] == [
        "faith:2",
        "faith:4",
        "transubstantiation:3",
        "transubstantiation:5",
        "communion:1",
        "communion:2",
        "communion:3",
        "pope:6",
    ]
    assert "faith:6" in form["lutheran"]
    with pytest.raises(IllegalAction, match=r"'catholic' \(Catholic card\) cannot be 'faith:9'"):
        step(s, item, catholic="faith:9", lutheran="faith:6")
    with pytest.raises(IllegalAction, match="the debate is not over; record its next step first: Opening cards"):
        settle(s, item)
    step(s, item, catholic="faith:4", lutheran="faith:6")
    assert next_form(s, item) == ("step", "Issue 1, chosen by the lutheran side", {"issue": list(religion.ISSUES)})
    step(s, item, issue=FAITH)
    kind, label, form = next_form(s, item)
    assert label == f"Issue 1 ({FAITH}), round 1" and form == {"catholic": ["2"], "lutheran": ["5"]}  # 4 and 6 spent
    step(s, item, catholic="2", lutheran="5")
    assert next_form(s, item)[1] == "Issue 2, chosen by the catholic side"
    assert FAITH not in next_form(s, item)[2]["issue"]  # no issue is argued twice (RR3-RL01)
    step(s, item, issue=POPE)
    assert next_form(s, item)[2] == {"catholic": ["6"], "lutheran": ["1", "2"]}
    step(s, item, catholic="6", lutheran="2")
    step(s, item, issue=COMM)
    assert next_form(s, item)[2] == {"catholic": ["1", "2", "3"], "lutheran": ["3", "4"]}
    step(s, item, catholic="3", lutheran="3")  # a draw: a further round with the cards left
    kind, label, form = next_form(s, item)
    assert label == f"Issue 3 ({COMM}), round 2" and form == {"catholic": ["1", "2"], "lutheran": ["4"]}
    step(s, item, catholic="2", lutheran="4")
    assert next_form(s, item) == ("settle", "Resolve the debate", {})  # one click once the rounds are in
    assert s["teams"]["papacy"]["debating"][FAITH] == [2, 4]  # spent only when the debate is resolved
    done = settle(s, item)
    assert "lutheran victory" in done["outcome"]
    assert s["teams"]["papacy"]["debating"] == {FAITH: [], TRANS: [3, 5], COMM: [1], POPE: []}
    assert s["teams"]["lutherans"]["debating"] == {FAITH: [], TRANS: [2], COMM: [], POPE: [1]}
    assert s["debates"][0]["first_choice"] == religion.LUTHERAN
    assert len(done["steps"]) == 8 and done["steps"][-1]["by"] == {"role": desk.RELIGIOUS, "who": "Rev"}


def test_religion_desk_debate_side_without_cards_plays_none() -> None:
    """RR3-RL11: a side with no card for the issue plays none (and loses the round); it is offered only '-'."""
    s = make()
    s["teams"]["lutherans"]["debating"][POPE] = []
    item = desk.make_request(s, "papacy", {"type": "propose_debate"}, team="papacy")
    step(s, item, catholic="faith:4", lutheran="communion:4")  # a draw at 4
    step(s, item, catholic="transubstantiation:5", lutheran="transubstantiation:2")
    step(s, item, issue=POPE)
    assert next_form(s, item)[2] == {"catholic": ["6"], "lutheran": ["-"]}
    with pytest.raises(IllegalAction, match=r"'catholic' \(Catholic card\) cannot be '-'"):
        step(s, item, catholic="-", lutheran="-")
    step(s, item, catholic="6", lutheran="-")
    assert item["debate"]["issues"][0]["rounds"] == [[6, None]]
