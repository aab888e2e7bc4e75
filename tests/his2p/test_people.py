"""The people of his2p (data/people.json): leaders, debaters and reformers."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from umpire.games.his2p.datafile import read
from umpire.games.his2p.people import People, load_people, parse_people


@pytest.fixture(scope="module")
def people() -> People:
    return load_people()


def raw() -> dict[str, Any]:
    return copy.deepcopy(read("people.json"))


def test_debaters_per_side_and_zone(people: People) -> None:
    sides = {s: sum(d.side == s for d in people.debaters.values()) for s in ("protestant", "papal")}
    assert sides == {"protestant": 17, "papal": 12}
    zones = {z: sum(d.zone == z for d in people.debaters.values()) for z in ("german", "french", "english")}
    assert zones == {"german": 7, "french": 4, "english": 6}
    assert all(d.zone is None for d in people.debaters.values() if d.side == "papal")


def test_debaters_at_the_start_of_1517(people: People) -> None:
    # 1517 scenario: German debaters Luther, Melanchthon, Bucer, Carlstadt; Papal Eck, Campeggio, Aleander, Tetzel,
    # Cajetan.
    start = {i for i, d in people.debaters.items() if d.at_start}
    assert start == {"luther", "melanchthon", "bucer", "carlstadt", "eck", "campeggio", "aleander", "tetzel", "cajetan"}


def test_debater_entry_turns(people: People) -> None:
    assert people.entering(2)["debaters"] == ("zwingli", "oekolampadius", "tyndale", "contarini")
    assert people.entering(3)["debaters"] == ("bullinger",)
    assert people.entering(4)["debaters"] == ("calvin", "farel", "cop", "olivetan")
    assert people.entering(5)["debaters"] == ("cranmer", "coverdale", "latimer", "pole", "caraffa")
    assert people.entering(6)["debaters"] == ("wishart", "knox", "loyola", "faber", "canisius")
    assert people.entering(7)["debaters"] == ("gardiner",)
    assert people.entering(8)["debaters"] == () and people.entering(9)["debaters"] == ()


def test_cranmer_group_enters_on_turn_5_or_on_turn_3_by_the_italian_text(people: People) -> None:
    # Seed 21.3: English "at the start of Turn 5"; Italian "all'inizio del turno 3".
    group = ("cranmer", "coverdale", "latimer")
    assert all(d in people.entering(5)["debaters"] for d in group)
    assert not any(d in people.entering(3)["debaters"] for d in group)
    italian = people.entering(3, "italian")
    assert italian["debaters"] == ("bullinger", "cranmer", "coverdale", "latimer")
    assert italian["reformers"] == ("cranmer",)
    assert people.entering(5, "italian")["debaters"] == ("pole", "caraffa")


def test_debater_values(people: People) -> None:
    values = {i: d.value for i, d in people.debaters.items()}
    assert values == {
        "luther": 4, "melanchthon": 3, "bucer": 2, "carlstadt": 1, "zwingli": 3, "oekolampadius": 2,
        "bullinger": 2, "calvin": 4, "farel": 2, "cop": 2, "olivetan": 1, "tyndale": 2, "cranmer": 3,
        "coverdale": 2, "latimer": 1, "wishart": 1, "knox": 3, "eck": 3, "campeggio": 2, "aleander": 2,
        "tetzel": 1, "cajetan": 1, "contarini": 2, "pole": 3, "caraffa": 2, "loyola": 4, "faber": 3,
        "canisius": 3, "gardiner": 3,
    }  # fmt: skip
    assert all(d.bonus for d in people.debaters.values())


def test_only_andrea_doria_is_on_the_map_at_the_start(people: People) -> None:
    # ruling HIS-M13
    # Seed "Setup": "The only leader placed on the map at the start of the game is Andrea Doria (in Genoa)."
    starters = [i for i, p in {**people.army_leaders, **people.naval_leaders}.items() if p.two_player_start]
    assert starters == ["andrea_doria"]
    assert people.naval_leaders["andrea_doria"].power == "genoa"


def test_army_leader_ratings(people: People) -> None:
    # ruling HIS-C14
    ratings = {i: (p.power, p.battle, p.command) for i, p in people.army_leaders.items()}
    assert ratings == {
        "suleiman": ("ottoman", 2, 12),
        "ibrahim_pasha": ("ottoman", 1, 6),
        "charles_v": ("hapsburg", 2, 10),
        "duke_of_alva": ("hapsburg", 1, 6),
        "ferdinand": ("hapsburg", 1, 6),
        "henry_viii": ("england", 1, 8),
        "charles_brandon": ("england", 1, 6),
        "dudley": ("england", 0, 6),
        "francis_i": ("france", 1, 8),
        "montmorency": ("france", 1, 6),
        "henry_ii": ("france", 0, 8),
        "john_frederick": ("protestant", 0, 6),
        "philip_of_hesse": ("protestant", 0, 6),
        "maurice_of_saxony": ("protestant", 1, 6),
        "charles_bourbon": (None, 1, 6),
    }
    rulers = {i for i, p in people.army_leaders.items() if p.ruler}
    assert rulers == {"suleiman", "charles_v", "henry_viii", "francis_i", "henry_ii"}


def test_naval_leader_ratings(people: People) -> None:
    # ruling HIS-C14
    ratings = {i: (p.power, p.battle, p.piracy) for i, p in people.naval_leaders.items()}
    assert ratings == {"andrea_doria": ("genoa", 2, None), "barbarossa": ("ottoman", 2, 1), "dragut": ("ottoman", 1, 2)}


def test_leaders_entering_by_events(people: People) -> None:
    by_card = {i: p.entry.card for i, p in {**people.army_leaders, **people.naval_leaders}.items() if p.entry.card}
    assert by_card == {
        "dudley": 19,
        "henry_ii": 20,
        "john_frederick": 13,
        "philip_of_hesse": 13,
        "charles_bourbon": 70,
        "barbarossa": 9,
        "dragut": 18,
    }
    # Rule book: Maurice of Saxony is the one army leader placed at the start of a turn (turn 6).
    assert people.entering(6)["army_leaders"] == ("maurice_of_saxony",)


def test_reformers(people: People) -> None:
    where = {i: (r.space, r.entry.turn, r.entry.card) for i, r in people.reformers.items()}
    assert where == {
        "luther": ("wittenberg", None, 8),
        "zwingli": ("zurich", 2, None),
        "calvin": ("geneva", 4, None),
        "cranmer": ("london", 5, None),
    }


def test_ids_are_ascii_snake_case(people: People) -> None:
    for section in (people.army_leaders, people.naval_leaders, people.debaters, people.reformers):
        for pid in section:
            assert re.fullmatch(r"[a-z][a-z0-9_]*", pid), pid


# --- validation ---------------------------------------------------------------------------------------------------


def test_unknown_card_reference_is_named() -> None:
    data = raw()
    data["army_leaders"]["dudley"]["entry"] = "main:999"
    message = "people.json: army leader 'dudley' 'entry': 'main:999' names no card"
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_people(data)


def test_papal_debater_with_a_zone_is_named() -> None:
    data = raw()
    data["debaters"]["eck"]["zone"] = "german"
    with pytest.raises(ValueError, match=re.escape("people.json: debater 'eck': a Papal debater has no 'zone'")):
        parse_people(data)


def test_at_start_must_agree_with_entry() -> None:
    data = raw()
    data["debaters"]["knox"]["at_start"] = True
    message = "people.json: debater 'knox': 'at_start' must be true exactly when"
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_people(data)


def test_debater_count_is_checked() -> None:
    data = raw()
    del data["debaters"]["gardiner"]
    with pytest.raises(ValueError, match=re.escape("people.json: debaters: expected 12 papal debaters, found 11")):
        parse_people(data)


def test_bad_id_is_named() -> None:
    data = raw()
    data["army_leaders"]["Charles-V"] = data["army_leaders"].pop("charles_v")
    message = "people.json: army_leaders 'Charles-V': ids must be lowercase ASCII"
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_people(data)


def test_entry_turn_1_is_refused() -> None:
    data = raw()
    data["debaters"]["knox"]["entry"] = 1
    with pytest.raises(ValueError, match=r"people.json: debater 'knox': an 'entry' turn must be from 2 to 9"):
        parse_people(data)
