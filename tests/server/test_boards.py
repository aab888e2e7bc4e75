"""The drawn board: map data per map (points from the provinces' ``pos``) and the drawing data of each view."""

from __future__ import annotations

import math
from typing import Any

from tests.server.conftest import Api, started_game
from umpire.diplomacy.map import load_map
from umpire.server.boards import board
from umpire.server.scene import scene


def units_in_1615_view(view: dict[str, Any]) -> set[tuple[str, str, str, bool]]:
    out = {(u["nation"], u["kind"], u["loc"], False) for u in view["units"].values()}
    out |= {(d["unit"]["nation"], d["unit"]["kind"], d["unit"]["loc"], True) for d in view["dislodged"].values()}
    return out


def drawn(board_data: dict[str, Any]) -> set[tuple[str, str, str, bool]]:
    return {(u["owner"], u["type"], u["loc"], u["dislodged"]) for u in board_data["units"]}


def test_every_standard_province_has_a_point_from_its_pos() -> None:
    game_map = load_map("standard")
    data = board("standard")
    assert set(data["provinces"]) == set(game_map.provinces)
    for pid, province in game_map.provinces.items():
        assert province.pos is not None, pid
        lon, lat = province.pos
        assert -30 <= lon <= 50 and 30 <= lat <= 75, pid  # in Europe
        x, y = data["provinces"][pid]["xy"]
        assert 0 <= x <= data["width"] and 0 <= y <= data["height"], pid
        for coast in province.coasts:
            assert coast in province.coast_pos, coast
    # Geography, not a schematic: west is left, north is up.
    xy = {pid: data["provinces"][pid]["xy"] for pid in data["provinces"]}
    assert xy["BRE"][0] < xy["PAR"][0] < xy["MUN"][0] < xy["VIE"][0] < xy["MOS"][0]
    assert xy["NWY"][1] < xy["DEN"][1] < xy["KIE"][1] < xy["MUN"][1] < xy["ROM"][1] < xy["NAP"][1]
    assert math.dist(xy["LON"], xy["WAL"]) < math.dist(xy["LON"], xy["MOS"])


def test_the_standard_view_is_drawn_with_its_units_and_centres(api: Api) -> None:
    made = started_game(api)
    shown = api.ok("GET", f"/api/games/{made['id']}", made["seat_tokens"]["FRANCE"])
    view, data = shown["view"], shown["board"]
    assert data["map"] == "standard"
    expected = {(p, u[0], u[2:], False) for p, us in view["units"].items() for u in us}
    assert drawn(data) == expected and len(expected) == 22
    assert data["centres"] == {c: p for p, cs in view["centers"].items() for c in cs}
    assert data["minors"] == {}


def test_a_1615_game_is_drawn_with_every_province_unit_owner_and_minor_state(api: Api) -> None:
    made = started_game(api, ("FRANCE", "SPAIN"), ruleset="europe1615", seed=3)
    game = made["id"]
    shown = api.ok("GET", f"/api/games/{game}", made["seat_tokens"]["FRANCE"])
    view, data = shown["view"], shown["board"]
    assert data is not None and data["map"] == "europe1615"
    map_data = api.ok("GET", "/api/boards/europe1615")
    game_map = load_map_1615()
    assert set(map_data["provinces"]) == set(game_map.provinces)
    assert all(p["xy"] for p in map_data["provinces"].values())
    # Every unit of every nation (powers, minor states, the Ottoman Empire), and nothing else.
    assert drawn(data) == units_in_1615_view(view)
    nations = {u["owner"] for u in data["units"]}
    assert {"FRANCE", "SPAIN", "OTTOMAN"} <= nations and nations - set(game_map.powers)
    assert all(owner in map_data["nations"] for owner in nations)
    # Owners: every owned province, and the centres among them.
    assert data["owners"] == {p: o for p, o in view["owner"].items() if o}
    assert data["centres"] == {p: o for p, o in data["owners"].items() if game_map.provinces[p].center}
    # Minor states: each status as the view says, with its seat on the board.
    for mid, status in view["status"].items():
        assert data["minors"][mid]["status"] == status["kind"].lower()
        assert map_data["nations"][mid]["seat"] in map_data["provinces"]

    # After a turn: units moved, a minor state aligned and its religious markers drawn as crosses.
    api.ok("POST", f"/api/games/{game}/orders", made["seat_tokens"]["FRANCE"], {"text": "9: WUR\n5: LOR\nPAR-CHA"})
    api.ok("POST", f"/api/games/{game}/gm/resolve", made["gm_token"])
    shown = api.ok("GET", f"/api/games/{game}")
    view, data = shown["view"], shown["board"]
    assert drawn(data) == units_in_1615_view(view)
    assert ("FRANCE", "A", "CHA", False) in drawn(data)
    for mid, marks in view["markers"].items():
        crosses = data["minors"].get(mid, {}).get("markers", [])
        if marks["confession"] in ("protestant", "catholic") and not marks["grey"]:
            assert marks["confession"] in crosses
        assert ("white" in crosses) == bool(marks["white"])
    past = api.ok("GET", f"/api/games/{game}/phases/0")
    assert past["board"]["map"] == "europe1615" and drawn(past["board"]) == units_in_1615_view(past["view"])


def test_the_drawing_data_hold_no_more_than_the_view() -> None:
    view = {
        "ruleset": "europe1615",
        "units": {"PAR": {"nation": "FRANCE", "kind": "A", "loc": "PAR", "mark": False}},
        "owner": {"PAR": "FRANCE", "CHA": None},
        "status": {"BAV": {"kind": "ALIGNED", "power": "FRANCE"}},
        "markers": {"BAV": {"confession": "catholic", "grey": False, "white": True}},
        "dislodged": {"BUR": {"unit": {"nation": "SPAIN", "kind": "F", "loc": "BUR", "mark": False}, "options": []}},
    }
    data = scene(view)
    assert data == {
        "map": "europe1615",
        "units": [
            {"owner": "FRANCE", "type": "A", "loc": "PAR", "unit": "A PAR", "dislodged": False},
            {"owner": "SPAIN", "type": "F", "loc": "BUR", "unit": "F BUR", "dislodged": True},
        ],
        "centres": {"PAR": "FRANCE"},
        "owners": {"PAR": "FRANCE"},
        "minors": {"BAV": {"status": "aligned", "aligned_with": "FRANCE", "markers": ["white", "catholic"]}},
        "nations": {},
    }
    assert scene({"ruleset": "no-such-game", "units": {}}) is None
    assert scene({"map": "../../etc/passwd"}) is None


def test_states_created_during_play_get_their_status_markers_and_colours() -> None:
    """An abandoned power's centres become new minor states (``new_minors``): the drawing data name them as
    nations (name, colour, provinces, seat) and give their status and crosses as for the map's minor states."""
    from umpire.games.europe1615 import rules
    from umpire.kernel.game import new_game

    g = new_game(rules.RULESET, options={"sanctions": False}, seed=7)
    g.act("gm", {"type": "abandon", "power": "AUSTRIA"})
    g.state["phase"] = "F1615M"
    while g.state["phase"][0] != "W":
        g.act("gm", {"type": "resolve"})
    view = g.view("FRANCE")
    assert sorted(view["new_minors"]) == ["BOH", "HUN", "SLO", "VIE"]
    data = scene(view)
    assert data is not None
    map_nations = board("europe1615")["nations"]
    assert sorted(data["nations"]) == ["BOH", "HUN", "SLO", "VIE"]
    for mid, nation in data["nations"].items():
        assert mid not in map_nations
        assert nation["name"] == view["new_minors"][mid]["name"] and nation["kind"] == "minor"
        assert nation["provinces"] == [mid] and nation["seat"] == mid
        assert nation["colour"].startswith("#") and len(nation["colour"]) == 7
        assert nation["colour"] != map_nations["AUSTRIA"]["colour"]
        status = view["status"][mid]
        assert data["minors"][mid]["status"] == status["kind"].lower()
        assert data["minors"][mid]["aligned_with"] == (status["power"] if status["kind"] == "ALIGNED" else None)
        marks = view["markers"][mid]
        if marks["confession"] in ("protestant", "catholic") and not marks["grey"]:
            assert marks["confession"] in data["minors"][mid]["markers"]
        # its unit and its centre are drawn as the new state's
        assert {
            "owner": mid,
            "type": view["units"][mid]["kind"],
            "loc": mid,
            "unit": f"{view['units'][mid]['kind']} {mid}",
            "dislodged": False,
        } in data["units"]
        assert data["centres"][mid] == mid
    # the colour depends on the state only, not on which others exist
    one = {**view, "new_minors": {"VIE": view["new_minors"]["VIE"]}}
    again = scene(one)
    assert again is not None and again["nations"]["VIE"]["colour"] == data["nations"]["VIE"]["colour"]
    # a name already on the map, or a malformed entry, is not a new nation
    odd = scene({**view, "new_minors": {"FRANCE": {"provinces": ["PAR"]}, "X": "nonsense"}})
    assert odd is not None and odd["nations"] == {}


def load_map_1615() -> Any:
    from umpire.games.europe1615.mapdata import europe1615_map

    return europe1615_map()


def test_the_map_svg_is_drawn_from_the_callers_view_only(api: Api) -> None:
    made = started_game(api, ("FRANCE", "SPAIN"), ruleset="europe1615", seed=3)
    game, france, spain = made["id"], made["seat_tokens"]["FRANCE"], made["seat_tokens"]["SPAIN"]
    api.ok("POST", f"/api/games/{game}/orders", france, {"text": "9: LOR\nPAR-CHA"})
    api.ok("POST", f"/api/games/{game}/gm/resolve", made["gm_token"])

    def svg(token: str | None) -> str:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = api.client.get(f"/api/games/{game}/map.svg", headers=headers)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("image/svg+xml")
        return str(response.text)

    public = svg(None)
    assert 'id="unit-CHA"' in public and 'id="prov-LOR"' in public and 'id="minor-LOR"' in public
    mine = api.ok("GET", f"/api/games/{game}", france)["view"]["my_inf"]
    assert mine.get("LOR")
    assert 'id="inf-LOR-FRANCE"' in svg(france)  # France's own INF, in its table
    assert 'id="inf-LOR-FRANCE"' not in svg(spain) and 'id="inf-LOR-FRANCE"' not in public
    status, _ = api.call("GET", "/api/games/nosuchgame/map.svg")
    assert status == 404


def test_a_game_without_a_board_shows_its_view_and_has_no_map_svg(api: Api) -> None:
    import tests.kernel.toy  # noqa: F401  (registers the "toy-hands" ruleset)

    made = api.create(ruleset="toy-hands", options={"hand": 3}, seed=5)
    assert api.ok("GET", f"/api/games/{made['id']}")["board"] is None
    assert api.client.get(f"/api/games/{made['id']}/map.svg").status_code == 404
    standard = started_game(api)
    assert api.client.get(f"/api/games/{standard['id']}/map.svg").status_code == 200
