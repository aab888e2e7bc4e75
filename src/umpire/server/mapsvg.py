"""The current phase's map as the renderer draws it (``umpire.render.draw_svg``), from one caller's view only.

:func:`map_svg` turns a view (already redacted for its role) into a :class:`umpire.render.MapState` through the
board's drawing data (:func:`umpire.server.scene.scene`) and draws it on the real coastlines; a seat's own INF
(Europe 1615's ``my_inf``) is its side panel's table. :func:`map_routes` serves it at
``GET /api/games/{game}/map.svg`` (the caller's token decides the view, as for every game answer) and a past
phase's at ``GET /api/games/{game}/phases/{idx}/map.svg`` (the public view it opened with, as the history shows);
``?panel=false`` draws the map without its side panel, as the game page shows it.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi import Path as PathParam
from fastapi.responses import Response

from umpire.diplomacy.map import MAPS_DIR
from umpire.kernel.canonical import canonical_json
from umpire.render import InfView, MapState, MinorState, Unit, draw_svg
from umpire.server.boards import board
from umpire.server.scene import scene
from umpire.server.store import NotFound


def _map_path(map_id: str) -> Path:
    if map_id == "europe1615":
        from umpire.games.europe1615.mapdata import MAP_PATH

        return MAP_PATH
    return MAPS_DIR / f"{map_id}.json"


@lru_cache(maxsize=8)
def map_file(map_id: str) -> dict[str, Any]:
    """A board's map file as data (what the renderer draws on); ``map_id`` is a known board's id."""
    data: dict[str, Any] = json.loads(_map_path(map_id).read_text(encoding="utf-8"))
    return data


def map_state(view: dict[str, Any], drawing: dict[str, Any]) -> MapState:
    """What the renderer draws for a view, from its drawing data (nothing the view does not hold)."""
    data = board(drawing["map"])
    nations = {**data["nations"], **(drawing.get("nations") or {})}  # with the states created during play
    minors: dict[str, MinorState] = {}
    for mid, m in drawing["minors"].items():
        info = nations.get(mid, {})
        provinces = tuple(info.get("provinces") or ())
        if m["status"] is None or not provinces or (m["status"] == "aligned" and not m["aligned_with"]):
            continue
        minors[mid] = MinorState(
            str(info.get("name", mid)),
            provinces,
            m["status"],
            m["aligned_with"],
            tuple(m["markers"]),
            colour=info.get("colour"),
            seat=info.get("seat"),
        )
    owners = {u["owner"] for u in drawing["units"]} | set(drawing["centres"].values()) | set(drawing["owners"].values())
    others = {o: nations[o] for o in owners if o in nations and nations[o]["kind"] != "power"}
    phase = view.get("phase")
    return MapState(
        title=f"{data['name']}: {phase}" if isinstance(phase, str) else data["name"],
        units=[Unit(u["type"], u["loc"], u["owner"], u["dislodged"]) for u in drawing["units"]],
        centre_owners=dict(drawing["centres"]),
        province_owners=dict(drawing["owners"] or drawing["centres"]),
        minors=minors,
        colours={o: str(n["colour"]) for o, n in others.items()},
        names={o: str(n["name"]) for o, n in others.items()},
    )


def inf_of(view: dict[str, Any]) -> InfView | None:
    """The INF the view's own role may see (Europe 1615's ``my_inf``), as the renderer's table."""
    mine, role = view.get("my_inf"), view.get("role")
    if not isinstance(mine, dict) or not isinstance(role, str):
        return None
    return InfView(role, {m: {role: int(n)} for m, n in mine.items() if isinstance(n, (int, float))})


class SvgCache:
    """Drawn maps by what they are drawn from (the drawing data and the INF table of one view): the same phase seen
    by the same role is drawn once, and threads asking for the same drawing wait for the first (single flight)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._drawn: OrderedDict[str, str] = OrderedDict()
        self._guard = threading.Lock()
        self._pending: dict[str, threading.Lock] = {}

    def get(self, key: str, draw: Callable[[], str]) -> str:
        with self._guard:
            if key in self._drawn:
                self._drawn.move_to_end(key)
                return self._drawn[key]
            lock = self._pending.setdefault(key, threading.Lock())
        with lock:
            with self._guard:
                if key in self._drawn:
                    return self._drawn[key]
            svg = draw()
            with self._guard:
                self._drawn[key] = svg
                self._pending.pop(key, None)
                while len(self._drawn) > self.size:
                    self._drawn.popitem(last=False)
            return svg


_SVGS = SvgCache()

#: The boards the renderer draws (their geometry takes seconds to compute, once per process).
DRAWN_MAPS = ("standard", "europe1615")

#: The width of the map as the game page shows it (``panel=False``), narrower than the renderer's own choice so that
#: labels and units stay readable when a laptop's column shows the whole map; Europe 1615's crowded Germany and
#: Italy need more room than the standard board.
PAGE_WIDTH_PX = {"standard": 1100.0, "europe1615": 1500.0}


def warm_maps() -> None:
    """Compute the drawn boards' geometry now (a server starts this in a thread, so that the first map asked
    for does not wait seconds for it)."""
    from umpire.games.rr3.drawing import shapes
    from umpire.render.geometry import map_geometry

    for map_id in DRAWN_MAPS:
        map_geometry(map_file(map_id))
    shapes()  # the megagame's areas


def _his2p_svg(view: dict[str, Any], panel: bool) -> str:
    from umpire.games.his2p.drawing import DRAWN_KEYS, draw

    key = canonical_json(["his2p", {k: view.get(k) for k in DRAWN_KEYS}, panel])
    return _SVGS.get(key, lambda: draw(view, key=panel))


def _rr3_svg(view: dict[str, Any], panel: bool) -> str:
    from umpire.games.rr3.drawing import DRAWN_KEYS, draw

    key = canonical_json(["rr3", {k: view.get(k) for k in DRAWN_KEYS}, view.get("turn")])
    return _SVGS.get(key, lambda: draw(view))


def _empires2_svg(view: dict[str, Any], panel: bool) -> str:
    from umpire.games.empires2.drawing import DRAWN_KEYS, draw_view

    key = canonical_json(["empires2", {k: view.get(k) for k in DRAWN_KEYS}, panel])
    return _SVGS.get(key, lambda: draw_view(view, panel))


#: Rulesets that draw their own board from a view (``draw(view, panel)``), by the view's ``ruleset``.
OWN_DRAWINGS: dict[str, Callable[[dict[str, Any], bool], str]] = {
    "his2p": _his2p_svg,
    "rr3": _rr3_svg,
    "empires2": _empires2_svg,
}


def map_svg(view: dict[str, Any], *, panel: bool = True) -> str | None:
    """The SVG map of a view, or None when its ruleset has no drawn board (cached per phase and view).

    ``panel=False`` draws the map alone, as the game page shows it (the page draws its own key). A ruleset of
    :data:`OWN_DRAWINGS` draws its board itself, from the same view; ``panel`` then says whether its key is drawn."""
    own = OWN_DRAWINGS.get(str(view.get("ruleset")))
    if own is not None:
        return own(view, panel)
    drawing = scene(view)
    if drawing is None:
        return None
    inf = inf_of(view) if panel else None
    key = canonical_json([drawing, view.get("phase"), None if inf is None else [inf.viewer, inf.totals], panel])
    width = None if panel else PAGE_WIDTH_PX.get(drawing["map"])
    return _SVGS.get(
        key, lambda: draw_svg(map_file(drawing["map"]), map_state(view, drawing), inf, panel=panel, width_px=width)
    )


def _svg_answer(svg: str | None, game_id: str) -> Response:
    if svg is None:
        raise NotFound(f"game {game_id} has no drawn map")
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


GameId = Annotated[str, PathParam(..., min_length=1, max_length=32, pattern=r"^[A-Za-z0-9]+$")]
Panel = Annotated[bool, Query(description="false: the map alone, without the side panel (key, INF table)")]


def map_routes(
    shown_view: Callable[[str, str | None], dict[str, Any]],
    phase_view: Callable[[str, int, str | None], dict[str, Any]],
) -> APIRouter:
    """The map's routes; ``shown_view(game, authorization)`` is the caller's view of the game, ``phase_view(game,
    idx, authorization)`` the public view phase ``idx`` opened with (what the history shows)."""
    router = APIRouter()

    @router.get(
        "/api/games/{game_id}/map.svg",
        summary="The current phase's map as SVG, drawn from the caller's view (no token: the observer's)",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}},
    )
    def get_map_svg(
        game_id: GameId,
        panel: Panel = True,
        authorization: Annotated[str | None, Header(alias="Authorization")] = None,
    ) -> Response:
        return _svg_answer(map_svg(shown_view(game_id, authorization), panel=panel), game_id)

    @router.get(
        "/api/games/{game_id}/phases/{idx}/map.svg",
        summary="A past phase's map as SVG, as the phase opened (the public view)",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}},
    )
    def get_phase_map_svg(
        game_id: GameId,
        idx: Annotated[int, PathParam(..., ge=0, le=100000)],
        panel: Panel = True,
        authorization: Annotated[str | None, Header(alias="Authorization")] = None,
    ) -> Response:
        return _svg_answer(map_svg(phase_view(game_id, idx, authorization), panel=panel), game_id)

    return router
