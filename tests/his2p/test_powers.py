"""The power cards, victory tracks and turn track of his2p (data/powers.json)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from umpire.games.his2p.datafile import read
from umpire.games.his2p.powers import Powers, load_powers, parse_powers, turn_track
from umpire.games.his2p.variant import two_player_main_deck


@pytest.fixture(scope="module")
def powers() -> Powers:
    return load_powers()


def raw() -> dict[str, Any]:
    return copy.deepcopy(read("powers.json"))


def test_rulers_in_order_with_ratings(powers: Powers) -> None:
    # ruling HIS-C10
    rulers = {p: [(r.id, r.admin, r.card_bonus, r.card) for r in c.rulers] for p, c in powers.powers.items()}
    assert rulers == {
        "ottoman": [("suleiman", 2, 0, None)],
        "hapsburg": [("charles_v", 2, 0, None)],
        "england": [
            ("henry_viii", 1, 1, None),
            ("edward_vi", 1, 0, 19),
            ("mary_i", 1, 0, 21),
            ("elizabeth_i", 2, 1, 23),
        ],
        "france": [("francis_i", 1, 1, None), ("henry_ii", 1, 0, 20)],
        "papacy": [("leo_x", 0, 0, None), ("clement_vii", 1, 0, 10), ("paul_iii", 1, 1, 14), ("julius_iii", 0, 1, 22)],
        "protestant": [("luther", 2, 0, None), ("calvin", 1, 0, 16)],
    }


def test_papal_card_draw_by_keys(powers: Powers) -> None:
    papacy = powers.powers["papacy"]
    assert [papacy.base_cards(k) for k in range(0, 8)] == [1, 2, 3, 3, 4, 4, 4, 4]
    assert papacy.auto_win_keys == 7


def test_protestant_card_draw_by_electorates(powers: Powers) -> None:
    # ruling HIS-C15
    # Rule book 8.2: 5 cards with 4 or more electorates under Protestant political control, else 4.
    draw = powers.powers["protestant"].electorate_draw
    assert draw is not None and (draw.base, draw.threshold, draw.at_threshold) == (4, 4, 5)
    assert powers.powers["protestant"].vp_per_electorate == 2
    with pytest.raises(ValueError, match=re.escape("Protestants do not draw by keys")):
        powers.powers["protestant"].base_cards(3)


@pytest.mark.parametrize(
    ("power", "keys", "vp"),
    [("ottoman", 4, 8), ("hapsburg", 8, 9), ("england", 4, 9), ("france", 6, 12), ("papacy", 2, 4)],
)
def test_1517_key_vp(powers: Powers, power: str, keys: int, vp: int) -> None:
    # 1517 scenario: Ottoman 8 VP (4 keys), Hapsburg 9 (8), England 9 (4), France 12 (6); Papacy 19 = 2 keys + 15.
    assert powers.powers[power].key_vp(keys) == vp


def test_1517_papal_and_protestant_vp(powers: Powers) -> None:
    protestant_vp, papal_vp = powers.spaces_vp(0)
    assert powers.powers["papacy"].key_vp(2) + papal_vp == 19
    assert protestant_vp == 0


def test_protestant_spaces_track(powers: Powers) -> None:
    # ruling HIS-C09
    assert len(powers.protestant_spaces) == 50 and powers.religious_victory == 50
    assert all(p + q == 15 for p, q in powers.protestant_spaces)
    steps = [s for s in range(1, 50) if powers.spaces_vp(s)[0] > powers.spaces_vp(s - 1)[0]]
    assert steps == [4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47]
    assert powers.spaces_vp(49) == (14, 1)
    with pytest.raises(ValueError, match=r"from 0 to 49 \(50 is a religious victory\), got 50"):
        powers.spaces_vp(50)


def test_st_peters_and_translations(powers: Powers) -> None:
    assert (powers.st_peters_cp_per_vp, powers.st_peters_max_vp) == (5, 5)
    assert [powers.st_peters_vp(cp) for cp in (0, 4, 5, 24, 25, 40)] == [0, 0, 1, 4, 5, 5]
    assert powers.translation_zones == ("german", "french", "english")
    nt, fb = powers.new_testament, powers.full_bible
    assert (nt.cp, nt.attempts, nt.die_bonus, nt.vp) == (6, 6, 0, 0)
    assert (fb.cp, fb.attempts, fb.die_bonus, fb.vp) == (10, 6, 1, 1)
    assert (powers.burned_vp_to, powers.disgraced_vp_to, powers.war_winner_vp) == ("papacy", "protestant", 1)


def test_turn_years(powers: Powers) -> None:
    # ruling HIS-C13
    years = [(t.first_year, t.last_year) for t in powers.turns]
    assert years[0] == (1517, 1523) and years[-1] == (1552, 1555) and len(years) == 9
    assert all(b - a == 3 for a, b in years[1:])


def test_turn_track_of_the_two_player_deck() -> None:
    deck = set(two_player_main_deck("base"))
    track = turn_track()
    new_cards = {t.turn: [n for n in t.cards if n in deck] for t in track}
    # 67 cards: 39 from the start (home cards included), 25 by turn, and Luther's 95 Theses, Mary I, Elizabeth I.
    assert len(new_cards.pop(1)) == 67 - 25 - 3 == 39
    assert new_cards == {
        2: [],
        3: [14, 38, 39, 41, 43],
        4: [44, 45, 46, 51, 52],
        5: [15, 47, 55, 56, 57, 62, 63, 64],
        6: [16, 17, 19, 20, 60],
        7: [22, 61],
        8: [],
        9: [],
    }
    assert track[0].reformers == () and track[1].reformers == ("zwingli",)
    assert track[4].reformers == ("cranmer",) and turn_track("italian")[2].reformers == ("cranmer",)
    assert track[5].army_leaders == ("maurice_of_saxony",)


# --- validation ---------------------------------------------------------------------------------------------------


def test_missing_power_is_named() -> None:
    data = raw()
    del data["powers"]["france"]
    with pytest.raises(ValueError, match=re.escape("powers.json: powers: expected exactly the six major powers")):
        parse_powers(data)


def test_first_ruler_cannot_come_from_a_card() -> None:
    data = raw()
    data["powers"]["papacy"]["rulers"][0]["from"] = "main:10"
    message = "powers.json: power 'papacy' ruler 1: the first ruler reigns from the start"
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_powers(data)


def test_ruler_crowned_by_a_non_mandatory_card_is_named() -> None:
    data = raw()
    data["powers"]["papacy"]["rulers"][1]["from"] = "main:24"
    with pytest.raises(ValueError, match=re.escape("'from' must be a mandatory event, card 24 is combat")):
        parse_powers(data)


def test_army_leader_ruler_missing_from_the_power_card_is_named() -> None:
    data = raw()
    data["powers"]["france"]["rulers"].pop()
    message = "army leader 'henry_ii' is marked a ruler of france but is not in 'rulers'"
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_powers(data)


def test_key_table_with_a_gap_is_named() -> None:
    data = raw()
    del data["powers"]["england"]["cards_by_keys"]["3"]
    with pytest.raises(ValueError, match=re.escape("powers.json: power 'england': 'cards_by_keys' must be keyed 1, 2")):
        parse_powers(data)


def test_track_running_backwards_is_named() -> None:
    data = raw()
    data["protestant_spaces"]["track"][20]["protestant_vp"] = 0
    with pytest.raises(ValueError, match=re.escape("powers.json: protestant_spaces: Protestant VP must rise")):
        parse_powers(data)


def test_turn_years_must_follow_on() -> None:
    data = raw()
    data["turns"][3]["first_year"] = 1533
    with pytest.raises(ValueError, match=re.escape("powers.json: turn 4: years must follow on from 1531, got 1533")):
        parse_powers(data)
