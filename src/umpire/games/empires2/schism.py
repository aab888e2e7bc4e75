"""The schism and the crusades (rewrite 23.0, optional rules), as far as the two scenarios reach (EMP-E07 to E09).

The rewrite's 23.0 text was not found in public; what is built here is authored from its title and history:
- the option ``schism`` (off by default, as an optional rule): until the schism, the Catholic and the Orthodox
  church are one church, so an area of the one is "the same" to an empire of the other wherever the religion term
  counts (ratings, rebellion values, conversion, the Event Cards that strike other churches) and an Orthodox empire
  is in communion with Rome (excommunication, 22.1). The churches part at the start of the round whose years hold
  the schism's year (1054, ``data/church.json``): Millennium's sixteenth round (1051-1055); Charlemagne ends first.
  Without the option the two churches differ from the start, as the map prints them (EMP-E07).
- the crusades: the first set out in 1096, after both scenarios' end (Charlemagne 815, Millennium 1075). The option
  ``crusades`` exists so that asking for it is answered: it is refused with that reason (EMP-E09).
"""

from __future__ import annotations

from typing import Any

from umpire.games.empires2.church import load_church
from umpire.games.empires2.mapdata import RELIGIONS, religion_modifier
from umpire.games.empires2.scenario import load_scenario
from umpire.games.empires2.sequence import round_years
from umpire.games.empires2.tables import RELIGION_RELATIONS

State = dict[str, Any]

#: The rules options (``rules.py``).
SCHISM = "schism"
CRUSADES = "crusades"
#: The two churches the schism parts.
CHURCHES = ("catholic", "orthodox")


def option(state: State, name: str) -> bool:
    """Whether a rules option is on in this game (an older game's record has none: off)."""
    return bool((state.get("options") or {}).get(name, False))


def current_years(state: State) -> tuple[int, int]:
    """The years of the round being played (the first round's before it starts)."""
    first, last = round_years(state["start_year"], max(1, state.get("round", 0)))
    return first, last


def case_23_1_united(state: State) -> bool:
    """Whether the Catholic and the Orthodox church are still one (EMP-E07): the option is on and the round being
    played ends before the schism's year."""
    return option(state, SCHISM) and current_years(state)[1] < load_church().schism_year


def relation(state: State, empire_religion: str, area_religion: str) -> str:
    """Rewrite 9.0's religion term between an empire's church and an area's, the schism counted: same, different
    church or different religion."""
    step = religion_modifier(empire_religion, area_religion)
    if step == 1 and {empire_religion, area_religion} == set(CHURCHES) and case_23_1_united(state):
        step = 0
    return RELIGION_RELATIONS[step]


def in_communion(state: State, religion: str) -> bool:
    """Whether a church is in communion with Rome (22.1, EMP-E02): the Catholic; the Orthodox too before the schism
    when the option is on."""
    if religion not in RELIGIONS:
        raise ValueError(f"unknown religion {religion!r}; expected one of {', '.join(RELIGIONS)}")
    return relation(state, "catholic", religion) == "same"


def case_23_1_round_start(state: State, say: Any) -> None:
    """At the start of a round: the schism happens in the round whose years hold its year (EMP-E07); ``say`` logs."""
    if not option(state, SCHISM):
        return
    year = load_church().schism_year
    first, last = current_years(state)
    if first <= year <= last:
        say(
            state,
            f"The schism ({year}): the Catholic and the Orthodox church part; from this round their areas are of "
            "different churches to each other's empires, and the Orthodox are no longer in communion with Rome "
            "(rewrite 23.0, EMP-E07)",
        )


def case_23_2_crusades_refusal() -> str:
    """Why the crusades option is refused (EMP-E09): the first crusade falls after every scenario's end."""
    year = load_church().crusade_year
    ends = []
    for name in ("charlemagne", "millennium"):
        sc = load_scenario(name)
        ends.append(f"{sc.name} ends {sc.end_year}")
    return (
        f"the crusades (rewrite 23.0) are not played: the first crusade set out in {year}, after every scenario here "
        f"ends ({'; '.join(ends)}); no scenario here reaches it (docs/status.md)"
    )
