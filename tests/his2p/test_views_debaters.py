"""The debaters as the page lists them (views.debater_rows): every one with his value, bonus and status, public to
every role, and the two of a debate marked while it is open."""

from __future__ import annotations

import pytest

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p.people import load_people


def test_debater_rows_list_every_debater_with_value_bonus_and_status_for_every_role() -> None:
    game = cp_decision("papacy", 3)
    people = load_people().debaters
    for role in ("papacy", "protestant", "observer"):
        rows = game.view(role)["debater_rows"]
        assert {r["id"] for r in rows} == set(people)
        luther = next(r for r in rows if r["id"] == "luther")
        assert luther["value"] == 4 and luther["zone"] == "german" and luther["side"] == "protestant"
        assert luther["bonus"] and luther["status"] == game.state["debaters"]["luther"]
        assert not any(r["debating"] for r in rows)
    assert [r["side"] for r in rows] == sorted((r["side"] for r in rows), key=lambda s: s != "papal")


@pytest.mark.responses
def test_debater_rows_mark_the_debaters_of_an_open_debate() -> None:
    game = cp_decision("papacy", 3)
    game.act("papacy", {"type": "call_debate", "zone": "german"})
    decision = game.view("papacy")["decision"]
    assert decision["kind"] == "defender"
    for role in ("papacy", "protestant"):
        marked = [r["id"] for r in game.view(role)["debater_rows"] if r["debating"]]
        assert marked == [decision["attacker"]]
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    window = game.view("protestant")["decision"]  # the Protestant's Here I Stand window before the round's dice
    assert window["kind"] == "response_window" and window["debate"]["attacker"] == decision["attacker"]
    marked = {r["id"] for r in game.view("observer")["debater_rows"] if r["debating"]}
    assert marked == {decision["attacker"], window["debate"]["defender"]}
