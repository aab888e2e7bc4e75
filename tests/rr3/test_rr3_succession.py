"""RR3 death and succession (handbook, *Death*: "A player who dies will become their heir if one is available or
effectively the regent if the heir is under sixteen. If there is no heir they will be given another character";
*Death of leaders*). One function passes the crown, the cards and the player (RR3-G01); each path is tested here,
for deaths by the death roll and in battle."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.test_rr3_characters_desk import ALWAYS, ch, deaths, make, settle

from umpire.games.rr3 import desk
from umpire.games.rr3.desks import succession as sdesk
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game

State = dict[str, Any]


def pending(state: State, kind: str, where: str = desk.CHARACTER) -> list[dict[str, Any]]:
    return [i for i in desk.pending(state, where) if i["kind"] == kind]


def test_family_a_son_of_age_succeeds_and_takes_the_crown_cards_and_player() -> None:
    s = make()
    s["characters"]["edward"] = ch("Edward", "M", 1505, "tudor", "england", parents=("henry", "catherine"))
    s["characters"]["edward"]["played"] = False
    s["characters"]["henry"]["death_number"] = ALWAYS
    item = deaths(s)
    assert "heir edward" in item["outcome"]
    assert s["states"]["england"]["ruler"] == "edward" and not s["states"]["england"]["regency"]
    assert s["characters"]["edward"]["played"] and s["characters"]["edward"]["team"] == "england"
    assert s["cards"]["en_sub"]["holder"] == "edward"
    assert "henry" not in s["teams"]["england"]["characters"] and "edward" in s["teams"]["england"]["characters"]
    assert s["characters"]["edward"]["state"] == "england"
    assert not pending(s, "succession") and not pending(s, "new_character")


def test_family_a_son_under_sixteen_succeeds_under_a_regency_that_ends_at_sixteen() -> None:
    """Francis dies in 1525; Henri (born 1519) is six: the player plays on as the regent (RR3-G01, G02)."""
    s = make()
    s["characters"]["francis"]["death_number"] = ALWAYS
    item = deaths(s)
    assert "heir henri (regency: under sixteen)" in item["outcome"]
    assert s["states"]["france"]["ruler"] == "henri" and s["states"]["france"]["regency"]
    assert s["characters"]["henri"]["played"] and "henri" in s["teams"]["france"]["characters"]
    s["turn"] = 3  # 1533: fourteen
    sdesk.end_regencies(s)
    assert s["states"]["france"]["regency"]
    s["turn"] = 4  # 1537: eighteen
    sdesk.end_regencies(s)
    assert not s["states"]["france"]["regency"] and s["journal"][-1]["title"] == "Regency ends"


def test_family_a_dead_sons_son_comes_before_his_uncle() -> None:
    s = make()
    folk = s["characters"]
    folk["arthur"] = ch("Arthur", "M", 1505, "tudor", "england", parents=("henry", "catherine"))
    folk["arthur"].update(alive=False, played=False)
    folk["young"] = ch("Young Arthur", "M", 1522, "tudor", "england", parents=("arthur",))
    folk["young"]["played"] = False
    folk["edward"] = ch("Edward", "M", 1507, "tudor", "england", parents=("henry", "catherine"))
    folk["edward"]["played"] = False
    folk["henry"]["death_number"] = ALWAYS
    deaths(s)
    assert s["states"]["england"]["ruler"] == "young" and s["states"]["england"]["regency"]


def test_family_no_son_the_brother_is_chosen_and_the_player_gets_a_new_character() -> None:
    """Charles V dies without a son: Character Control hands Spain to Ferdinand, already played, so the crown and
    the cards go to him and Charles's player is given a new character."""
    s = make()
    for c in ("charles", "ferdinand", "eleanor"):
        s["characters"][c]["parents"] = ["joanna"]
    s["characters"]["joanna"] = ch("Joanna", "F", 1479, "habsburg", None)
    s["characters"]["joanna"]["alive"] = False
    s["cards"]["es_loan"] = {
        "id": "es_loan",
        "kind": "loan",
        "team": "habsburgs",
        "holder": "charles",
        "state": "spain",
        "played": None,
    }
    s["characters"]["charles"]["death_number"] = ALWAYS
    item = deaths(s)
    assert s["states"]["spain"]["ruler"] is None
    [choice] = pending(s, "succession")
    assert choice["params"]["candidates"] == ["eleanor", "ferdinand"]
    form = desk.settle_forms(s, choice)[0]
    assert form["fields"][0]["choices"] == ["eleanor", "ferdinand", sdesk.NEW]
    assert [f["name"] for f in form["fields"]] == ["heir"]  # both of age: no regent asked (RR3-G05)
    with pytest.raises(IllegalAction, match="'heir' \\(Successor\\) cannot be 'francis'"):
        settle(s, choice, heir="francis")
    with pytest.raises(IllegalAction, match="ferdinand is sixteen or over and needs no regent"):
        settle(s, choice, heir="ferdinand", regent="eleanor")
    settle(s, choice, heir="ferdinand")
    assert s["states"]["spain"]["ruler"] == "ferdinand" and s["states"]["austria"]["ruler"] == "ferdinand"
    assert s["cards"]["es_loan"]["holder"] == "ferdinand"
    assert "charles" not in s["teams"]["habsburgs"]["characters"]
    [new] = pending(s, "new_character")
    assert new["params"] == {"team": "habsburgs", "deceased": "charles", "states": []}
    assert "claims" in item and item["claims"]["charles"]


def test_family_no_son_control_may_give_a_new_character_instead() -> None:
    s = make()
    s["characters"]["henry"]["death_number"] = ALWAYS
    deaths(s)
    [choice] = pending(s, "succession")
    with pytest.raises(IllegalAction, match="not for a new character"):
        settle(s, choice, heir=sdesk.NEW, regent="catherine")
    settle(s, choice, heir=sdesk.NEW)
    [new] = pending(s, "new_character")
    assert new["params"]["states"] == ["england"]
    settle(s, new, id="edward_seymour", name="Edward Seymour", sex="M", born=1500)
    assert s["states"]["england"]["ruler"] == "edward_seymour"


def test_family_a_minor_daughter_chosen_with_a_regent() -> None:
    s = make()
    s["characters"]["henry"]["death_number"] = ALWAYS
    deaths(s)
    [choice] = pending(s, "succession")
    settle(s, choice, heir="mary", regent="catherine")
    england = s["states"]["england"]
    assert (england["ruler"], england["regency"], england["regent"]) == ("mary", True, "catherine")
    assert s["characters"]["mary"]["played"]


def test_family_a_non_played_ruler_without_a_son_is_chosen_by_non_played_states_control() -> None:
    s = make()
    s["characters"]["john"]["death_number"] = ALWAYS
    s["characters"]["beatrice"] = ch("Beatrice", "F", 1504, "aviz", None, parents=("john",))
    s["characters"]["beatrice"]["played"] = False
    deaths(s)
    assert not pending(s, "succession")
    [choice] = pending(s, "succession", desk.NONPLAYED)
    assert desk.settle_forms(s, choice)[0]["fields"][0]["choices"] == ["beatrice"]  # no new character: no player
    desk.settle_item(s, desk.NONPLAYED, {"type": "settle", "item": choice["id"], "who": "Nu", "heir": "beatrice"})
    assert s["states"]["portugal"]["ruler"] == "beatrice" and not s["characters"]["beatrice"]["played"]


def test_family_charles_v_in_the_1524_game_leaves_spain_to_ferdinand() -> None:
    """The scenario's Charles V has no son in 1524: his death opens the choice, and Ferdinand can be named."""
    game = new_game("rr3", "1524", {}, seed=3)
    state = game.state
    for c in state["characters"].values():
        c["death_number"] = 1  # nobody else dies (RR3-D01: 2d6 is never 1 or less)
    state["characters"]["charles_v"]["death_number"] = 12
    rolls = next(i for i in desk.pending(state, desk.CHARACTER) if i["kind"] == "death_rolls")
    game.act("character_control", {"type": "settle", "item": rolls["id"], "who": "Cy"})
    state = game.state
    choice = next(i for i in desk.pending(state, desk.CHARACTER) if i["kind"] == "succession")
    assert "ferdinand" in choice["params"]["candidates"]
    game.act("character_control", {"type": "settle", "item": choice["id"], "who": "Cy", "heir": "ferdinand"})
    state = game.state
    ruled = sorted(s for s, r in state["states"].items() if r["ruler"] == "ferdinand")
    assert {"spain", "naples", "netherlands", "austria"} <= set(ruled)
    held = [c for c, card in state["cards"].items() if card["holder"] == "charles_v"]
    assert held == []
    assert any(card["holder"] == "ferdinand" and card["state"] == "spain" for card in state["cards"].values())
    assert [i["kind"] for i in desk.pending(state, desk.CHARACTER)] == ["new_character"]


def test_family_one_death_roll_click_gives_a_short_summary_and_each_death_once_in_the_news() -> None:
    """Handbook, *The Turn Sequence*, phase 1: "Make death rolls"; RR3-J05: the settled item is the turn's one news
    entry of the deaths (it was also journaled, so every death was in the news twice)."""
    from umpire.games.rr3 import views

    game = new_game("rr3", "1524", {}, seed=3)
    state = game.state
    for c in state["characters"].values():
        c["death_number"] = 1
    state["characters"]["charles_v"]["death_number"] = 12
    rolls = next(i for i in desk.pending(state, desk.CHARACTER) if i["kind"] == "death_rolls")
    game.act("character_control", {"type": "settle", "item": rolls["id"], "who": "Cy"})
    done = game.state["items"][rolls["id"]]
    living = sum(1 for c in state["characters"].values() if c.get("alive", True))
    assert done["outcome"].startswith(f"{living} death rolls, 1 dead: Charles")
    news = views.news(game.state)
    assert sum("Charles" in (n.get("outcome") or n.get("text") or "") for n in news) == 1


def test_family_the_regent_list_offers_only_the_plausible_regents_of_a_minor() -> None:
    """Handbook, *Death*: "effectively the regent if the heir is under sixteen" (RR3-G05): Mary (nine) is offered her
    mother first, then the adults of Henry's state and team -- not Francis of France nor a child."""
    s = make()
    s["characters"]["henry"]["death_number"] = ALWAYS
    deaths(s)
    [choice] = pending(s, "succession")
    [_heir, regent] = desk.settle_forms(s, choice)[0]["fields"]
    assert regent["choices"] == ["catherine", "wolsey"]
    with pytest.raises(IllegalAction, match=r"'regent'.*cannot be 'francis'"):
        settle(s, choice, heir="mary", regent="francis")
