"""The map the game page shows: the drawing without its panel, a past phase's drawing, and which boards are drawn
on real coastlines (the others keep the graph)."""

from __future__ import annotations

from tests.server.conftest import Api, started_game


def svg(api: Api, path: str, token: str | None = None) -> str:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = api.client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("image/svg+xml")
    return str(response.text)


def test_boards_say_whether_the_page_draws_them_on_real_coastlines(api: Api) -> None:
    assert api.ok("GET", "/api/boards/standard")["drawn"] is True
    assert api.ok("GET", "/api/boards/europe1615")["drawn"] is True
    assert api.ok("GET", "/api/boards/rr3")["drawn"] is True  # drawn by its own module (games/rr3/drawing.py)


def test_the_page_map_has_no_panel_and_no_inf_table_even_for_its_owner(api: Api) -> None:
    made = started_game(api, ("FRANCE", "SPAIN"), ruleset="europe1615", seed=3)
    game, france = made["id"], made["seat_tokens"]["FRANCE"]
    api.ok("POST", f"/api/games/{game}/orders", france, {"text": "9: LOR\nPAR-CHA"})
    api.ok("POST", f"/api/games/{game}/gm/resolve", made["gm_token"])
    page = svg(api, f"/api/games/{game}/map.svg?panel=false", france)
    assert 'id="panel"' not in page and 'id="inf-table"' not in page and 'id="inf-LOR-FRANCE"' not in page
    assert 'id="unit-CHA"' in page and 'id="at-CHA"' in page and 'id="minor-LOR"' in page
    assert 'id="inf-LOR-FRANCE"' in svg(api, f"/api/games/{game}/map.svg", france)  # the download keeps its panel


def test_a_past_phase_is_drawn_as_it_opened_from_its_public_view(api: Api) -> None:
    made = started_game(api)
    game, france = made["id"], made["seat_tokens"]["FRANCE"]
    api.ok("POST", f"/api/games/{game}/orders", france, {"text": "A PAR - BUR"})
    api.ok("POST", f"/api/games/{game}/gm/resolve", made["gm_token"])
    now = svg(api, f"/api/games/{game}/map.svg?panel=false", france)
    assert 'id="unit-BUR"' in now and 'id="unit-PAR"' not in now
    past = svg(api, f"/api/games/{game}/phases/0/map.svg?panel=false", france)
    assert 'id="unit-PAR"' in past and 'id="unit-BUR"' not in past
    assert past == svg(api, f"/api/games/{game}/phases/0/map.svg?panel=false")  # the same for everyone
    status, answer = api.call("GET", f"/api/games/{game}/phases/7/map.svg")
    assert status == 404 and "no phase 7" in answer["error"]
    assert api.call("GET", f"/api/games/{game}/phases/x/map.svg")[0] == 422


def test_a_state_created_during_play_is_drawn_with_the_name_and_colour_of_its_key(api: Api) -> None:
    from umpire.server.mapsvg import map_svg
    from umpire.server.scene import scene

    made = started_game(api, ("FRANCE", "SPAIN"), ruleset="europe1615", seed=3)
    view = api.ok("GET", f"/api/games/{made['id']}")["view"]
    units = {k: v for k, v in view["units"].items() if v["loc"] != "LOR"}
    units["LOR"] = {"nation": "FREELOR", "kind": "A", "loc": "LOR", "mark": False}
    view = {**view, "units": units, "new_minors": {"FREELOR": {"name": "Free Lorraine", "provinces": ["LOR"]}}}
    drawing = scene(view)
    assert drawing is not None and "FREELOR" in drawing["nations"]
    colour = drawing["nations"]["FREELOR"]["colour"]
    svg = map_svg(view, panel=False)
    assert svg is not None and "Free Lorraine A LOR" in svg  # the unit's caption: its state's name, not its id
    assert colour in svg
