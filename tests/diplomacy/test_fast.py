"""The fast path (``umpire.diplomacy.fast``) gives the contract's answers, on both backends.

The property test draws random positions (any province, any nation, armies and fleets on every coast) with orders
of every movement kind -- moves to neighbours and beyond, by convoy or not, supports of holds and of moves that
match or not, convoys along and off routes -- resolves them on a :class:`Board` and checks every fact against
``adjudicate`` on the same case: each order's result, the units after the phase and the dislodged units with
their retreat options.
"""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire import adjudicate
from umpire.diplomacy import fast, load_map, native, register_variant
from umpire.diplomacy.fast import MOVED, Board, BoardError
from umpire.diplomacy.map import GameMap
from umpire.diplomacy.orders import Hold, OrderError
from umpire.diplomacy.policy import Policy

ROOT = Path(__file__).resolve().parents[2]
MAP_1615 = ROOT / "src" / "umpire" / "games" / "europe1615" / "data" / "map.json"
STANDARD = load_map("standard")
BACKENDS = ["python", "native"] if native.available() else ["python"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> Any:
    previous = native.set_backend(request.param)
    yield request.param
    native.set_backend(previous)


@pytest.fixture
def whole(backend: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The backend, the native core taking every phase itself (no hand-back to the Python resolver)."""
    if backend == "native":

        def handed_back(*args: Any) -> None:
            raise AssertionError("the native core handed a phase back to the Python resolver")

        monkeypatch.setattr(Board, "_resolve_python", handed_back)
    return backend


def _near(gm: GameMap) -> dict[str, list[str]]:
    """Each province's neighbours, by land or by sea."""
    out: dict[str, set[str]] = {p: set(gm.army_adj.get(p, ())) for p in gm.provinces}
    for loc, reach in gm.fleet_reach.items():
        out[gm.province_of[loc]].update(reach)
    return {p: sorted(q) for p, q in out.items()}


@st.composite
def positions(draw: st.DrawFn, gm: GameMap) -> tuple[dict[str, list[str]], list[str]]:
    """Units by nation, crowded around one province, and one order text (or "") for each, in the units' order."""
    near = _near(gm)
    rng = draw(st.randoms(use_true_random=False))
    region = [draw(st.sampled_from(sorted(gm.provinces)))]
    for p in region:  # the provinces within a few steps, nearest first
        if len(region) >= 40:
            break
        region += [q for q in near[p] if q not in region]
    chosen = rng.sample(region, rng.randint(2, min(len(region), 34)))
    board: list[tuple[str, str, str]] = []  # (nation, kind, loc)
    for prov in chosen:
        info = gm.provinces[prov]
        nation = rng.choice(gm.powers[:4])  # few nations: attacks, and supports between friends
        if info.type == "land" or (info.type == "coast" and rng.random() < 0.5):
            board.append((nation, "A", prov))
        else:
            board.append((nation, "F", rng.choice(list(info.coasts)) if info.coasts else prov))
    board.sort(key=lambda u: u[0])  # grouped by nation: the case lists the orders in the same order
    occupied = {gm.province_of[loc] for _, _, loc in board}
    locations = sorted(gm.province_of)
    coasts = sorted(p for p, v in gm.provinces.items() if v.type == "coast")
    orders = [""] * len(board)
    moves: list[tuple[str, str, str]] = []
    later: list[int] = []
    for i, (_, kind, loc) in enumerate(board):
        unit = f"{kind} {loc}"
        reach = sorted(gm.army_adj[gm.province_of[loc]] if kind == "A" else gm.fleet_adj[loc])
        what = rng.choice(["none", "hold", "move", "move", "move", "move", "support", "support", "convoy", "far"])
        if what == "hold":
            orders[i] = f"{unit} H"
        elif what == "move" and reach:
            crowded = [q for q in reach if gm.province_of[q] in occupied]
            dest = rng.choice(crowded if crowded and rng.random() < 0.6 else reach)
            if kind == "F" and "/" in dest and rng.random() < 0.3:
                dest = dest.split("/")[0]  # the coast left out: the one it can reach, or ambiguous (void)
            orders[i] = f"{unit} - {dest}"
            moves.append((kind, loc, dest))
        elif what == "far":
            dest = rng.choice(coasts if kind == "A" else locations)
            orders[i] = f"{unit} - {dest}" + (" VIA" if kind == "A" and rng.random() < 0.5 else "")
            moves.append((kind, loc, dest))
        elif what in ("support", "convoy"):
            later.append(i)
    for i in later:  # supports and convoys, of the moves and holds chosen above
        _, kind, loc = board[i]
        unit = f"{kind} {loc}"
        armies = [m for m in moves if m[0] == "A"]
        if kind == "F" and rng.random() < 0.4:
            if armies and rng.random() < 0.8:
                _, tloc, dest = rng.choice(armies)
            else:
                tloc, dest = rng.choice(coasts), rng.choice(coasts)
            orders[i] = f"{unit} C A {tloc} - {dest.split('/')[0]}"
            continue
        prov = gm.province_of[loc]
        reach = gm.army_adj[prov] if kind == "A" else gm.fleet_reach[loc]
        helpful = [m for m in moves if gm.province_of[m[2].split("/")[0]] in reach and m[1] != loc]
        neighbours = [u for u in board if gm.province_of[u[2]] in reach]
        if moves and rng.random() < 0.75:
            tkind, tloc, dest = rng.choice(helpful if helpful and rng.random() < 0.85 else moves)
            orders[i] = f"{unit} S {tkind} {tloc} - {dest}"
        else:
            _, tkind, tloc = rng.choice(neighbours if neighbours and rng.random() < 0.85 else board)
            orders[i] = f"{unit} S {tkind} {tloc}"
    units: dict[str, list[str]] = {}
    for nation, kind, loc in board:
        units.setdefault(nation, []).append(f"{kind} {loc}")
    return units, orders


def _check(board: Board, texts: list[str], variant: str) -> None:
    codes = [board.order(t) for t in texts if t]
    res = board.resolve(codes)
    answer = adjudicate(board.case(codes, variant=variant))
    assert "error" not in answer, answer
    got = res.contract()
    assert got["units"] == answer["units"]
    assert got["dislodged"] == answer["dislodged"]
    seen: dict[str, int] = {}
    for code in codes:
        i = board.unit_of(code)
        nation = board.units[i].nation
        k = seen.get(nation, 0)
        seen[nation] = k + 1
        assert res.result(i) == answer["results"][nation][k]["result"], (texts, answer["results"][nation][k])
        assert res.succeeded(i) == (answer["results"][nation][k]["result"] == "succeeds")
    for i, unit in enumerate(board.units):
        if res.location(i) is None:
            assert res.dislodged_by(i) is not None and i in res.dislodged()
        else:
            assert res.dislodged_by(i) is None and res.retreats(i) == ()
            assert res.moved(i) == (res.location(i) != unit.loc)
    # Asked for at once, the retreat options are the same as asked for later.
    now = board.resolve(codes, retreats=True)
    assert [now.retreats(i) for i in res.dislodged()] == [res.retreats(i) for i in res.dislodged()]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=positions(STANDARD))
def test_fast_gives_the_contracts_answers(whole: str, position: tuple[dict[str, list[str]], list[str]]) -> None:
    units, texts = position
    board = Board(units)
    assert board.backend == whole
    _check(board, texts, "standard")


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fast_on_the_1615_map_under_standard_rules(whole: str, data: st.DataObject) -> None:
    register_variant("test-fast-1615", MAP_1615)
    gm = load_map(MAP_1615)
    units, texts = data.draw(positions(gm))
    board = Board(units, gm)
    assert board.backend == whole
    _check(board, texts, "test-fast-1615")


def test_a_phase_with_supports_convoys_and_a_dislodgement(backend: str) -> None:
    board = Board(
        {
            "england": ["F NTH", "A LON", "F ENG"],
            "FRANCE": ["A BEL", "F BRE"],
            "GERMANY": ["A HOL", "A RUH"],
        }
    )
    codes = [
        board.order("F NTH C A LON - BEL"),
        board.order("A LON - BEL"),
        board.order("F ENG S A LON - BEL"),
        board.order("A BEL H"),
        board.order("F BRE - ENG"),
        board.order("A HOL - BEL"),
        board.order("A RUH S A HOL - BEL"),
    ]
    res = board.resolve(codes)
    bel, hol = board.index("A BEL"), board.index("HOL")
    assert [u.nation for u in board.units[:3]] == ["ENGLAND"] * 3
    assert res.location(bel) is None and res.dislodged_by(bel) == hol
    assert res.location(hol) == "BEL" and res.moved(hol) and res.flags[hol] & MOVED
    assert res.result(board.index("A LON")) == "fails"
    assert res.retreats(bel) == ("BUR", "PIC")
    answer = adjudicate(board.case(codes))
    assert res.contract() == {"units": answer["units"], "dislodged": answer["dislodged"]}


def test_orders_are_read_once_and_normalised_to_the_board(backend: str) -> None:
    board = Board({"FRANCE": ["F SPA/NC", "A PAR"]})
    a = board.order("F SPA - MAO")  # the coast from the board
    assert board.order("f spa/nc -> mao") == a and board.order("F SPA/NC - MAO") == a
    assert str(board.order_of(a)) and board.unit_of(a) == 0
    b = board.order("PAR - BUR")  # compact notation: the type from the board
    assert board.order_of(b).unit == "A"  # type: ignore[union-attr]
    assert board.encode(Hold("A", "PAR")) == board.order("A PAR H")
    assert board.resolve([a, b]).locations == ("MAO", "BUR")
    assert board.resolve([]).result(0) is None


def test_bad_boards_and_orders_are_refused(backend: str) -> None:
    with pytest.raises(BoardError, match="already holds"):
        Board({"FRANCE": ["A BRE"], "GERMANY": ["F BRE"]})
    with pytest.raises(BoardError, match="bad unit"):
        Board({"FRANCE": ["A MAO"]})
    with pytest.raises(BoardError, match="list of units"):
        Board({"FRANCE": "A PAR"})
    board = Board({"FRANCE": ["A PAR", "A MAR"]})
    with pytest.raises(BoardError, match="no unit in BUR"):
        board.order("A BUR - PAR")
    with pytest.raises(BoardError, match="only holds"):
        board.order("A PAR D")
    with pytest.raises(OrderError):
        board.order("A PAR FLIES")
    with pytest.raises(BoardError, match="no unit 'A GAS'"):
        board.index("A GAS")
    hold, move = board.order("A PAR H"), board.order("A PAR - BUR")
    with pytest.raises(ValueError, match="two orders for the unit in PAR"):
        board.resolve([hold, move])
    with pytest.raises(IndexError):
        board.resolve([99])


def test_a_variant_policy_goes_to_the_python_resolver(backend: str) -> None:
    class Allies(Policy):
        def friendly(self, a: str, b: str) -> bool:
            return True

    units = {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]}
    allied = Board(units, policy=Allies())
    assert allied.backend == "python"
    codes = [allied.order("A MUN - BUR"), allied.order("A RUH S A MUN - BUR")]
    assert allied.resolve(codes).location(0) == "BUR"  # friends are not dislodged
    plain = Board(units)
    assert plain.resolve([plain.order("A MUN - BUR"), plain.order("A RUH S A MUN - BUR")]).location(0) is None


def test_the_modules_example(backend: str) -> None:
    got = doctest.testmod(fast)
    assert got.attempted >= 5 and got.failed == 0
