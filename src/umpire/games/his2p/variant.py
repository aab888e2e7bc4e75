"""What the two-player variant changes in the decks and the English succession, and where its two texts differ.

The seeds are the variant's English text (``seeds/000``, the one that stands) and its Italian translation
(``seeds/001``). Where they differ, the English reading is the default and the Italian one an option; the decision
for each is in docs/rulings/his2p.md (HIS-C01 to HIS-C04).
"""

from __future__ import annotations

from typing import Literal

from umpire.games.his2p.cards import ANNIVERSARY_CARDS, BASE_CARDS, DIPLOMATIC_LATER

__all__ = [
    "CRANMER_ENTRY_TURN",
    "CRANMER_GROUP",
    "LEAGUE_ADDED_CARDS",
    "LEAGUE_ADDED_CARDS_ENGLISH_TEXT",
    "REMOVED_CARDS",
    "SEED_REMOVED_NAMES",
    "WINTER_SUCCESSION_REQUIRED",
    "WINTER_SUCCESSION_TURNS",
    "Edition",
    "Text",
    "two_player_main_deck",
]

Edition = Literal["base", "anniversary"]
Text = Literal["english", "italian"]

SEED_REMOVED_NAMES: dict[int, str] = {
    1: "Janissaries",
    2: "Holy Roman Emperor",
    3: "Six Wives of Henry VIII",
    4: "Patron of the Arts",
    9: "Barbary Pirates",
    18: "Dragut",
    30: "Tercios",
    34: "Professional Rowers",
    40: 'Machiavelli\'s "The Prince"',
    42: "Roxelana",
    48: "Galleons",
    49: "Huguenot Raiders",
    50: "Mercator's Map",
    53: "Plantations",
    54: "Potosi Silver Mines",
    58: "Spanish Inquisition",
    59: "Lady Jane Grey",
    66: "Akinji Raiders",
    68: "Andrea Doria",
    69: "Auld Alliance",
    72: "Cloth Prices Fluctuate",
    73: "Diplomatic Marriage",
    74: "Diplomatic Overture",
    77: "Fountain of Youth",
    80: "Gabelle Revolt",
    82: "Janissaries Rebel",
    83: "John Zapolya",
    84: "Julia Gonzaga",
    86: "Knights of St. John",
    87: "Mercenaries Demand Pay",
    89: "Pirate Haven",
    92: "Revolt in Egypt",
    93: "Revolt in Ireland",
    94: "Revolt of the Communeros",
    96: "Sale of Moluccas",
    97: "Scots Raid",
    98: "Search for Cibola",
    99: "Sebastian Cabot",
    100: "Shipbuilding",
    101: "Smallpox",
    103: "Threat To Power",
    108: "Venetian Alliance",
    110: "War with Persia",
}
"""The seed's list of main-deck cards removed for the two-player game (seed 6.2 "The Deck", list under "Setup"),
number to the name as the English seed prints it (OCR slips mended: "Six Wives of Henry VIII", "Fountain of
Youth", "Revolt in Ireland"). 43 cards, all of the base game's 1–110; the Italian seed lists the same numbers."""

REMOVED_CARDS: frozenset[int] = frozenset(SEED_REMOVED_NAMES)
"""The 43 card numbers the variant removes from the main deck (seed 6.2 and "Setup")."""

LEAGUE_ADDED_CARDS: tuple[int, ...] = tuple(DIPLOMATIC_LATER)
"""Diplomatic cards added the first turn after the Schmalkaldic League (seed 6.2 "Adding Cards"): 213–219, seven.
The Italian seed says seven ("Sette carte addizionali"), as does every card list; ruling HIS-C01."""

LEAGUE_ADDED_CARDS_ENGLISH_TEXT = 9
"""The English seed's count ("Nine additional cards", 6.2). No source lists more than seven such cards, so the
count cannot be played as printed; kept to document the difference (HIS-C01)."""

CRANMER_GROUP: tuple[str, ...] = ("cranmer", "latimer", "coverdale")
"""The English debaters whose entry the two texts place differently; Cranmer's reformer enters with them."""

CRANMER_ENTRY_TURN: dict[Text, int] = {"english": 5, "italian": 3}
"""Turn Cranmer, Latimer and Coverdale (and the Cranmer reformer) enter (seed 21.3 "Henry's Wives & Heirs"):
the English text turn 5, the Italian text turn 3 ("entrano in gioco all'inizio del turno 3"). HIS-C02."""

WINTER_SUCCESSION_TURNS: dict[int, int] = {19: 7, 21: 8}
"""Winter by whose end Edward VI (card 19) and Mary I (card 21) must have been played (seed 19 and 21.3)."""

WINTER_SUCCESSION_REQUIRED: dict[Text, bool] = {"english": True, "italian": False}
"""Whether those winter plays are required: the English text requires them ("is now required in the Winter Phase
of Turns 7 and 8"); the Italian says they are not necessary ("non è necessario"), though its winter table lists
them. HIS-C03."""


def two_player_main_deck(edition: Edition) -> tuple[int, ...]:
    """The main-deck cards of the two-player game for a printing, in number order (home cards and Luther's 95
    Theses included: the engine deals with who holds what).

    ``"base"``: cards 1–110 less the 43 of :data:`REMOVED_CARDS`. ``"anniversary"``: cards 1–116 less the 43 and
    less 111–116, which the 500th-anniversary edition's two-player rules also take out (HIS-C04) — the same 67
    cards. Any other edition is a ValueError naming the two accepted.
    """
    if edition == "base":
        cards = BASE_CARDS
    elif edition == "anniversary":
        cards = range(BASE_CARDS.start, ANNIVERSARY_CARDS.stop)
    else:
        raise ValueError(f"unknown edition {edition!r}: expected 'base' or 'anniversary'")
    return tuple(n for n in cards if n not in REMOVED_CARDS and n not in ANNIVERSARY_CARDS)
