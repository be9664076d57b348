"""The library's version, read from the installed distribution's metadata (written
once, in ``pyproject.toml``); ``partyrules.__version__`` is this one.

>>> __version__[0].isdigit()
True
"""

from __future__ import annotations

from importlib import metadata

__all__ = ["__version__"]

try:
    __version__ = metadata.version("partyrules")
except metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
"""The installed distribution's version: written once, in ``pyproject.toml``."""
