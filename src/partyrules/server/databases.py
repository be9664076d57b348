"""Which store a server opens for its ``--db``: the SQLite file of :mod:`.store`, or the
PostgreSQL database of :mod:`.pgstore` for a ``postgresql://`` URL.

A module of its own so that neither store imports the other: the PostgreSQL store builds
on the SQLite store's records and errors, and this chooser knows both.
"""

from __future__ import annotations

from partyrules.server.store import Store, TableStore

__all__ = ["is_database_url", "open_store"]


def is_database_url(url_or_path: str) -> bool:
    """Whether a ``--db`` argument names a PostgreSQL database rather than a file.

    >>> is_database_url("postgresql://party@db/party"), is_database_url("tables.sqlite3")
    (True, False)
    """
    return url_or_path.startswith(("postgresql://", "postgres://"))


def open_store(url_or_path: str) -> TableStore:
    """The store of a ``--db`` argument: PostgreSQL for a ``postgresql://`` or
    ``postgres://`` URL, else the SQLite file at that path (not started yet).

    A URL where psycopg is not installed is a ``ModuleNotFoundError`` whose message
    names the extra to install.
    """
    if not is_database_url(url_or_path):
        return Store(url_or_path)
    # Imported here, not at the top: psycopg is an optional extra that SQLite users do not
    # install (pgstore imports it at its top). This is not an import cycle dodged.
    try:
        from partyrules.server.pgstore import PostgresStore
    except ModuleNotFoundError as missing:
        raise ModuleNotFoundError(
            f"a PostgreSQL database needs psycopg ({missing.name} is not installed): "
            "pip install 'partyrules[postgres]'", name=missing.name) from None
    return PostgresStore(url_or_path)


