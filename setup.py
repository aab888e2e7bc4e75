"""Build the optional native core of the movement adjudicator (umpire.diplomacy._cresolver).

Everything else is configured in pyproject.toml.  ``optional=True``: without a working C compiler the install
still succeeds and the adjudicator runs on its Python path (umpire.diplomacy.native).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "umpire.diplomacy._cresolver",
            sources=["src/umpire/diplomacy/_cresolver.c"],
            optional=True,
        )
    ]
)
