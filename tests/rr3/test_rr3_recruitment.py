"""RR3 permission to recruit (handbook, *Raising an army*: "No troops may be recruited in the home areas of other
played countries without their permission"; *Armies*: a new army "in any home area or area in which you have
permission to raise one"). Issue 19, point 6: the permission had no procedure; it is now asked and granted
(RR3-H02)."""

from __future__ import annotations

import pytest
from tests.rr3.test_rr3_politics_desk import make, req

from umpire.games.rr3 import desk
from umpire.games.rr3.desks.armies import raising_areas
from umpire.kernel.errors import IllegalAction


def homes() -> dict[str, object]:
    s = make()
    for sid, areas in {"france": ["ile_de_france"], "spain": ["castile"], "england": ["wessex"],
                       "hesse": ["hesse"], "wurttemberg": ["swabia"]}.items():  # fmt: skip
        s["states"][sid]["home"] = areas
    return s


def test_campaigns_a_played_owner_grants_permission_and_the_area_can_raise() -> None:
    s = homes()
    assert "wessex" not in raising_areas(s, "france")
    asked = req(s, "france", "ask_recruitment", state="france", area="wessex", note="for the Scots war")
    assert asked["desk"] == desk.POLITICAL and asked["params"]["answer_by"] == "england"
    assert asked["id"] in [i["id"] for i in desk.pending(s)] and desk.awaiting(s, "england", ("recruit_permission",))
    with pytest.raises(IllegalAction, match="already asked to recruit in wessex"):
        req(s, "france", "ask_recruitment", state="france", area="wessex")
    desk.do_direct(s, "england", {"type": "answer", "item": asked["id"], "accept": True}, team="england")
    assert "wessex" in raising_areas(s, "france")
    assert s["items"][asked["id"]]["outcome"] == "england grants france permission to recruit in wessex"
    # the owner withdraws it
    form = next(f for f in desk.request_forms(s, "england", "england") if f["type"] == "withdraw_recruitment")
    assert form["fields"][0]["choices"] == ["france:wessex"]
    desk.do_direct(s, "england", {"type": "withdraw_recruitment", "permit": "france:wessex"}, team="england")
    assert "wessex" not in raising_areas(s, "france")


def test_campaigns_a_refusal_changes_nothing_and_only_the_owner_answers() -> None:
    s = homes()
    asked = req(s, "france", "ask_recruitment", state="france", area="hesse")
    with pytest.raises(IllegalAction, match="not possible for england"):
        desk.do_direct(s, "england", {"type": "answer", "item": asked["id"], "accept": True}, team="england")
    desk.do_direct(s, "lutherans", {"type": "answer", "item": asked["id"], "accept": False}, team="lutherans")
    assert "hesse" not in raising_areas(s, "france")


def test_campaigns_a_non_played_states_permission_is_non_played_states_controls() -> None:
    s = homes()
    asked = req(s, "france", "ask_recruitment", state="france", area="swabia")
    assert asked["desk"] == desk.NONPLAYED and asked["params"]["answer_by"] is None
    desk.settle_item(s, desk.NONPLAYED, {"item": asked["id"], "accept": True, "who": "NP"})
    assert "swabia" in raising_areas(s, "france")


def test_campaigns_no_permission_is_asked_of_oneself() -> None:
    s = homes()
    with pytest.raises(IllegalAction, match=r"'area' .* cannot be 'castile'; expected one of: hesse, ile_de_fr"):
        req(s, "habsburgs", "ask_recruitment", state="austria", area="castile")
