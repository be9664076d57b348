"""What a server open to strangers refuses: the limits a host sets with ``partyrules
serve`` flags, and the checks that apply them.

A stranger may create tables and type text that every seat reads; each limit here keeps
one visitor from taking the server (its cores, its disk, its other tables) or from
sending the other seats what they cannot see. docs/server.md, "Limits", lists them with
their flags and defaults.

>>> check_text("a dream of the sea", "Clue.word", 280)
>>> check_text("sea\\u202e", "Clue.word", 280)
Traceback (most recent call last):
...
partyrules.server.limits.LimitExceeded: Clue.word holds an invisible or control \
character (U+202E): type plain text
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from typing import Any, Final

import attrs

from partyrules.core.errors import PartyRulesError

__all__ = [
    "BOT_SPEC",
    "LimitExceeded",
    "ServerLimits",
    "TextTooLong",
    "TooMany",
    "check_text",
    "client_digest",
    "strings_in",
]

BOT_SPEC: Final = re.compile(r"[a-z][a-z_]{0,31}(?::[0-9]{1,9})?", re.ASCII)
"""The shape of a seat's bot spec: a lowercase ASCII name, then at most ``:N`` with N
in ASCII digits (``ismcts:200``). Anything else is refused before a bot is looked up."""

# Characters nobody types on purpose and that change what the other seats see: control
# characters (newlines, NUL, escapes), format characters (bidirectional overrides,
# zero-width spaces and joiners, the byte-order mark), lone surrogates and private use.
_HIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co"})


class LimitExceeded(PartyRulesError):
    """A request or an action over one of the server's limits: the message says which
    limit and how to stay within it. Nothing changed."""


class TextTooLong(LimitExceeded):
    """Text longer than the server takes (the web table answers ``too_large``)."""


class TooMany(LimitExceeded):
    """Too many tables from one address, or on the server: try again later
    (``retry_after`` seconds, when waiting helps)."""

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Seconds after which the same request may succeed, or None (it will not,
        until some table ends or is closed)."""


@attrs.frozen(slots=True, kw_only=True)
class ServerLimits:
    """The limits of one server; every field is a ``partyrules serve`` flag.

    >>> ServerLimits().max_text
    280
    """

    max_game_length: int = 40_000
    """The most decisions a table's config may allow (the game's own bound,
    ``Game.max_decisions``): a config with no bound, or a larger one (Dylan Dog's
    ``turn_limit=10**18``), is refused. The default admits every game's default config
    at its most seats (the longest, Dylan Dog's 600 turns at 6 seats, is 36,010)."""
    max_actions: int = 200_000
    """The most actions stored for one table: a table that reaches it is closed. A
    safety stop behind :attr:`max_game_length` (each seat's hidden ballot is an action
    of its own, so a game's actions can outnumber its decisions)."""
    tables_per_minute: int = 10
    """Tables one client address may create in a minute."""
    open_tables_per_client: int = 20
    """Tables of one client address that may be open (not over, not closed) at once."""
    open_tables: int = 1_000
    """Open tables on the whole server (every process of it)."""
    bot_seats: int | None = None
    """The most bot seats of a table; None: all but one (a person plays every table)."""
    bot_budget: int = 1_000
    """The largest search budget a bot seat may ask (``ismcts:N``)."""
    max_text: int = 280
    """The longest text a person may type (a clue, a story, a guess), in characters;
    also the longest string in a table's config."""
    idle_seconds: float = 6 * 3600.0
    """An open table with no action for this long is closed (0: never)."""
    allowed_origins: frozenset[str] = frozenset()
    """Web origins besides the server's own (``https://example.com``) whose pages may
    create tables and open tables' WebSockets; ``*`` allows any."""

    def __attrs_post_init__(self) -> None:
        for name in ("max_game_length", "max_actions", "tables_per_minute",
                     "open_tables_per_client", "open_tables", "bot_budget", "max_text"):
            if getattr(self, name) < 1:
                raise LimitExceeded(f"ServerLimits.{name} is at least 1")
        if self.bot_seats is not None and self.bot_seats < 0:
            raise LimitExceeded("ServerLimits.bot_seats is at least 0")
        if self.idle_seconds < 0:
            raise LimitExceeded("ServerLimits.idle_seconds is at least 0")

    def allows_origin(self, origin: str | None, host: str | None) -> bool:
        """Whether a request that says it comes from ``origin`` (its ``Origin`` header)
        may use this server, whose address it reached as ``host`` (its ``Host``
        header). No ``Origin``: not a browser's cross-site request, allowed (a script,
        ``curl``); a browser always sends one with a POST and a WebSocket.

        >>> limits = ServerLimits(allowed_origins=frozenset({"https://front.example"}))
        >>> [limits.allows_origin(o, "table.example:8000") for o in
        ...  (None, "http://table.example:8000", "https://front.example", "http://evil.example")]
        [True, True, True, False]
        """
        if origin is None:
            return True
        if "*" in self.allowed_origins or origin in self.allowed_origins:
            return True
        _, separator, rest = origin.partition("://")
        return bool(separator) and host is not None and rest.lower() == host.lower()

    def check_bot_seats(self, bots: int, players: int) -> None:
        """Refuse more bot seats than the limit (:class:`LimitExceeded`)."""
        most = players - 1 if self.bot_seats is None else self.bot_seats
        if bots > most:
            raise LimitExceeded(f"{bots} bot seats: this server seats at most {most} bots "
                                f"at a table of {players}" +
                                (" (a person plays every table)" if self.bot_seats is None
                                 else ""))

    def check_game_length(self, bound: int | None) -> None:
        """Refuse a config whose game may last longer than :attr:`max_game_length`
        decisions, or for ever (``bound`` is ``Game.max_decisions(config)``)."""
        if bound is None:
            raise LimitExceeded("this config has no end (no turn limit): this server plays "
                                f"games of at most {self.max_game_length} decisions")
        if bound > self.max_game_length:
            raise LimitExceeded(f"this config allows games of up to {bound} decisions; this "
                                f"server plays games of at most {self.max_game_length} "
                                "(a smaller turn limit keeps within it)")

    def check_bot_budget(self, spec: str, budget: int | None) -> None:
        """Refuse a bot spec that is not :data:`BOT_SPEC`'s shape or asks for a search
        budget over :attr:`bot_budget`."""
        if not BOT_SPEC.fullmatch(spec):
            raise LimitExceeded(f"{spec!r} is no bot spec: a name such as 'random', or "
                                "'ismcts:N' with N in digits 0-9")
        if budget is not None and budget > self.bot_budget:
            raise LimitExceeded(f"{spec} thinks too long for a shared server; at most "
                                f"{self.bot_budget}")


def check_text(text: str, where: str, longest: int) -> None:
    """Refuse text a person typed (or a config carries) that is longer than ``longest``
    characters or holds a character nobody types on purpose: a control character
    (newline, NUL), a bidirectional override, a zero-width character, a lone surrogate
    or a private-use one. ``where`` names the field in the message."""
    if len(text) > longest:
        raise TextTooLong(f"{where} is {len(text)} characters long; at most {longest}")
    for character in text:
        if unicodedata.category(character) in _HIDDEN_CATEGORIES:
            raise LimitExceeded(f"{where} holds an invisible or control character "
                                f"(U+{ord(character):04X}): type plain text")


def strings_in(document: Any, where: str) -> Iterable[tuple[str, str]]:
    """Every string of a parsed JSON document with its path (keys included), for
    :func:`check_text` over a whole config.

    >>> list(strings_in({"side": "top", "cards": [["a", "b"]]}, "config"))
    [('config', 'side'), ('config.side', 'top'), ('config', 'cards'), \
('config.cards[0][0]', 'a'), ('config.cards[0][1]', 'b')]
    """
    if isinstance(document, str):
        yield where, document
    elif isinstance(document, dict):
        for key, value in document.items():
            yield where, str(key)
            yield from strings_in(value, f"{where}.{key}")
    elif isinstance(document, list):
        for index, value in enumerate(document):
            yield from strings_in(value, f"{where}[{index}]")


def client_digest(address: str | None) -> str:
    """How the store knows a client address for the per-address limits: a short
    digest, so the database holds no visitor's address.

    >>> len(client_digest("203.0.113.7")), client_digest(None)
    (16, '')
    """
    if not address:
        return ""
    return hashlib.sha256(address.encode("utf-8", "surrogatepass")).hexdigest()[:16]
