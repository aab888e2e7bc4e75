"""The card data of his2p (data/cards.json) and the variant's deck constants (variant.py)."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from umpire.games.his2p.cards import CardData, load_cards, parse_cards
from umpire.games.his2p.datafile import read
from umpire.games.his2p.variant import (
    CRANMER_ENTRY_TURN,
    LEAGUE_ADDED_CARDS,
    LEAGUE_ADDED_CARDS_ENGLISH_TEXT,
    REMOVED_CARDS,
    SEED_REMOVED_NAMES,
    WINTER_SUCCESSION_REQUIRED,
    WINTER_SUCCESSION_TURNS,
    two_player_main_deck,
)


@pytest.fixture(scope="module")
def cards() -> CardData:
    return load_cards()


def raw() -> dict[str, Any]:
    return copy.deepcopy(read("cards.json"))


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.casefold())


# --- published counts --------------------------------------------------------------------------------------------


def test_main_deck_is_110_base_cards_and_6_of_the_anniversary_edition(cards: CardData) -> None:
    assert sorted(cards.main) == list(range(1, 117))
    assert sum(c.edition == "base" for c in cards.main.values()) == 110
    assert [n for n, c in cards.main.items() if c.edition == "anniversary"] == [111, 112, 113, 114, 115, 116]


def test_diplomatic_deck_is_19_cards_12_initial_and_7_after_the_league(cards: CardData) -> None:
    assert sorted(cards.diplomatic) == list(range(201, 220))
    assert [n for n, c in cards.diplomatic.items() if c.initial] == list(range(201, 213))
    assert [n for n, c in cards.diplomatic.items() if not c.initial] == list(range(213, 220))


def test_home_cards_one_per_power_and_two_for_the_papacy(cards: CardData) -> None:
    homes = {n: c.power for n, c in cards.main.items() if c.type == "home"}
    assert homes == {
        1: "ottoman",
        2: "hapsburg",
        3: "england",
        4: "france",
        5: "papacy",
        6: "papacy",
        7: "protestant",
    }
    assert all(c.power is None for c in cards.main.values() if c.type != "home")


def test_card_types_of_the_base_deck(cards: CardData) -> None:
    base = [c for c in cards.main.values() if c.edition == "base"]
    by_type = {t: sorted(c.number for c in base if c.type == t) for t in ("mandatory", "combat", "response")}
    assert by_type["mandatory"] == [*range(8, 24), 97]
    assert by_type["combat"] == list(range(24, 31))
    assert by_type["response"] == list(range(31, 39))
    assert sum(c.type == "event" for c in base) == 110 - 7 - 17 - 7 - 8


def test_mandatory_events_leave_the_game_except_master_of_italy_and_council_of_trent(cards: CardData) -> None:
    # ruling HIS-C07
    # Rule book 6.1: every mandatory event is removed once it has happened, but for cards 12 and 17.
    kept = [c.number for c in cards.main.values() if c.type == "mandatory" and not c.remove]
    assert kept == [12, 17]


def test_cards_entering_by_turn(cards: CardData) -> None:
    # ruling HIS-C05
    base = {n for n, c in cards.main.items() if c.edition == "base"}
    assert [n for n in cards.entering(3) if n in base] == [14, 38, 39, 40, 41, 42, 43, 97]
    assert [n for n in cards.entering(4) if n in base] == [44, 45, 46, 48, 49, 50, 51, 52, 53, 54]
    assert [n for n in cards.entering(5) if n in base] == [15, 47, 55, 56, 57, 58, 62, 63, 64]
    assert [n for n in cards.entering(6) if n in base] == [16, 17, 18, 19, 20, 59, 60]
    assert [n for n in cards.entering(7) if n in base] == [22, 61]
    assert [n for n, c in cards.main.items() if c.turn is None] == [8, 21, 23]
    assert cards.entering(2) == () and cards.entering(8) == ()


def test_rule_book_count_of_cards_with_a_turn_number_or_variable(cards: CardData) -> None:
    # Rule book 6.2: 37 cards carry a turn number or "Variable": 31 a bare turn number, 2 a turn with a condition
    # (Edward VI, Mary I), 4 "Variable" (Elizabeth I and the three Boleyn cards). Scots Raid (97) is the one the
    # card lists give a turn and the count does not (ruling HIS-C06).
    base = [c for c in cards.main.values() if c.edition == "base"]
    bare = [c.number for c in base if c.turn not in (None, 1) and c.entry is None]
    assert len(bare) == 31 + 1 and 97 in bare
    assert {19, 21} | {23, 62, 63, 64} == {c.number for c in base if c.entry is not None} - {8}


def test_copernicus_enters_on_turn_5(cards: CardData) -> None:
    # ruling HIS-C05
    assert cards.main[47].name == "Copernicus" and cards.main[47].turn == 5


# --- the variant (seed 6.2, 19, 21.3, Setup) -----------------------------------------------------------------------


def test_seed_removal_list_names_match_the_card_data(cards: CardData) -> None:
    """Seed "Setup": each of the 43 removed cards, by number, carries the seed's name in the card data."""
    aliases = {40: 'Machiavelli: "The Prince"', 110: "War in Persia"}  # ruling HIS-C12
    assert len(SEED_REMOVED_NAMES) == 43 and frozenset(SEED_REMOVED_NAMES) == REMOVED_CARDS
    for number, seed_name in SEED_REMOVED_NAMES.items():
        expected = aliases.get(number, seed_name)
        assert _norm(cards.main[number].name) == _norm(expected), (number, seed_name, cards.main[number].name)
        assert cards.main[number].edition == "base"


def test_two_player_deck_by_printing() -> None:
    base = two_player_main_deck("base")
    assert len(base) == 110 - 43 == 67
    assert base == tuple(n for n in range(1, 111) if n not in REMOVED_CARDS)
    assert two_player_main_deck("anniversary") == base
    assert not set(base) & set(range(111, 117))


def test_two_player_deck_rejects_an_unknown_printing() -> None:
    with pytest.raises(ValueError, match=re.escape("unknown edition 'deluxe': expected 'base' or 'anniversary'")):
        two_player_main_deck("deluxe")  # type: ignore[arg-type]


def test_seed_modified_cards_stay_in_the_deck(cards: CardData) -> None:
    # Seed "Modified Cards": Papal Bull, Schmalkaldic League, Dissolution of the Monasteries, Charles Bourbon,
    # City State Rebels, Sack of Rome.
    deck = set(two_player_main_deck("base"))
    for number, name in {
        5: "Papal Bull",
        13: "Schmalkaldic League",
        63: "Dissolution of the Monasteries",
        70: "Charles Bourbon",
        71: "City State Rebels",
        95: "Sack of Rome",
    }.items():
        assert number in deck and cards.main[number].name == name


def test_barbary_pirates_not_in_the_deck() -> None:
    # ruling HIS-S08
    # Seed 19: "the Barbary Pirates event is not in the deck".
    assert 9 not in two_player_main_deck("base")


def test_english_succession_cards(cards: CardData) -> None:
    # Seed 21.3: Edward VI enters on turn 6; Mary I and Elizabeth I follow a change of ruler.
    assert cards.main[19].turn == 6 and cards.main[19].name == "Edward VI"
    assert cards.main[21].turn is None and cards.main[21].entry is not None and "Edward VI" in cards.main[21].entry
    assert cards.main[23].turn is None and cards.main[23].entry is not None and "Mary I" in cards.main[23].entry
    assert WINTER_SUCCESSION_TURNS == {19: 7, 21: 8}
    assert WINTER_SUCCESSION_REQUIRED == {"english": True, "italian": False}


def test_boleyn_cards_enter_the_turn_after_the_turn_4_marriage(cards: CardData) -> None:
    # Seed 21.3: Henry and Anne Boleyn are married on turn 4; the English Reformation cards follow next turn.
    assert [cards.main[n].turn for n in (62, 63, 64)] == [5, 5, 5]
    assert CRANMER_ENTRY_TURN == {"english": 5, "italian": 3}


def test_league_adds_the_seven_later_diplomatic_cards(cards: CardData) -> None:
    # Seed 6.2: the English text says nine, the Italian and every card list seven (ruling HIS-C01).
    later = tuple(n for n, c in cards.diplomatic.items() if not c.initial)
    assert LEAGUE_ADDED_CARDS == later == tuple(range(213, 220))
    assert LEAGUE_ADDED_CARDS_ENGLISH_TEXT == 9 != len(LEAGUE_ADDED_CARDS)


def test_diplomatic_cards_named_in_the_issue(cards: CardData) -> None:
    names = [c.name for c in cards.diplomatic.values()]
    assert names == [
        "Andrea Doria",
        "French Constable Invades",
        "Corsair Raid",
        "Diplomatic Marriage",
        "Diplomatic Pressure",
        "French Invasion",
        "Henry Petitions for Divorce",
        "Knights of St. John",
        "Plague",
        "Shipbuilding",
        "Spanish Invasion",
        "Venetian Alliance",
        "Austrian Invasion",
        "Imperial Invasion",
        "Machiavelli",
        "Ottoman Invasion",
        "Secret Protestant Circle",
        "Siege of Vienna",
        "Spanish Inquisition",
    ]
    invasions = {n: c.invasion for n, c in cards.diplomatic.items() if c.invasion}
    assert invasions == {
        202: "france",
        206: "france",
        211: "hapsburg",
        213: "hapsburg",
        214: "hapsburg",
        216: "ottoman",
    }
    assert [n for n, c in cards.diplomatic.items() if c.remove] == [207]


# --- validation ---------------------------------------------------------------------------------------------------


def test_missing_card_is_named() -> None:
    data = raw()
    del data["main"]["57"]
    with pytest.raises(ValueError, match=r"cards.json: main: expected cards 1-116 .*missing \[57\]"):
        parse_cards(data)


def test_unknown_type_is_named() -> None:
    data = raw()
    data["main"]["24"]["type"] = "battle"
    with pytest.raises(ValueError, match=re.escape("cards.json: main card 24: 'type' must be one of home, mandatory")):
        parse_cards(data)


def test_home_card_without_power_is_named() -> None:
    data = raw()
    data["main"]["6"]["power"] = None
    with pytest.raises(ValueError, match=re.escape("cards.json: main card 6: a home card needs 'power'")):
        parse_cards(data)


def test_turn_null_needs_an_entry() -> None:
    data = raw()
    data["main"]["30"]["turn"] = None
    with pytest.raises(ValueError, match=re.escape("cards.json: main card 30: 'turn' is null, so 'entry' must say")):
        parse_cards(data)


def test_turn_2_is_refused() -> None:
    data = raw()
    data["main"]["30"]["turn"] = 2
    with pytest.raises(ValueError, match=r"cards.json: main card 30: 'turn' must be one of \(1, 3, 4, 5, 6, 7\)"):
        parse_cards(data)


def test_initial_flag_must_match_the_number() -> None:
    data = raw()
    data["diplomatic"]["215"]["initial"] = True
    with pytest.raises(ValueError, match=re.escape("cards.json: diplomatic card 215: 'initial' must be False")):
        parse_cards(data)


def test_duplicate_name_is_named() -> None:
    data = raw()
    data["main"]["25"]["name"] = "Arquebusiers"
    with pytest.raises(ValueError, match=re.escape("cards.json: main card 25: name 'Arquebusiers' repeats card 24")):
        parse_cards(data)
