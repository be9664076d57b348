"""The web table: ``partyrules serve`` runs a server where people and bots play any game
in the browser (the ``[server]`` extra: Starlette on uvicorn).

:func:`create_app` builds the ASGI application over a SQLite file or a PostgreSQL
database; :func:`serve` runs it. docs/server.md describes the HTTP API and the
WebSocket protocol for other clients.
The server names no game: what it needs comes from each game's
:class:`~partyrules.core.game.Game` record, and the page picks its per-game renderer by
the game's name.

>>> from partyrules.server import create_app
>>> app = create_app(":memory:")
>>> for route in app.routes:
...     print(route.path)
/
/table/{table_id}
/favicon.ico
/games/{game}/{file}
/api/messages/{language}
/api/games
/api/games/{game}/components
/api/tables
/api/tables/{table_id}/replay
/api/tables/{table_id}/close
/ws/{table_id}
/static
"""

from __future__ import annotations

from partyrules.server.app import create_app, serve

__all__ = ["create_app", "serve"]
