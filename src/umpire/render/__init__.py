"""The map drawing: an SVG (and PNG) of any game state on a map file's real geography.

    from umpire.render import MapState, draw_svg, render_png
    svg = draw_svg(game_map_json, MapState.start(game_map_json))
    png = render_png(svg)

Coastlines are Natural Earth's (public domain), shipped in ``umpire/render/data/europe_land.json``; nothing is
fetched at run time.
"""

from umpire.render.geometry import MapGeometry, MapGeometryError, compute_geometry, land_data, map_geometry
from umpire.render.state import MINOR_STATUSES, RELIGIONS, InfView, MapState, MinorState, MinorStatus, Religion, Unit
from umpire.render.svg import draw_png, draw_svg, render_png

__all__ = [
    "MINOR_STATUSES",
    "RELIGIONS",
    "InfView",
    "MapGeometry",
    "MapGeometryError",
    "MapState",
    "MinorState",
    "MinorStatus",
    "Religion",
    "Unit",
    "compute_geometry",
    "draw_png",
    "draw_svg",
    "land_data",
    "map_geometry",
    "render_png",
]
