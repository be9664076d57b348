"""The web table's messages: what a client may send, what the server answers, the errors.

Clients speak JSON text frames over the WebSocket ``/ws/{table id}`` (docs/server.md has
the whole protocol). Everything a client sends is read here first, strictly: a message
that is not one of :class:`Join`, :class:`Act` or :class:`Ping`, exactly, is refused with
a :class:`ProtocolError` whose ``code`` the client can act on, and nothing changes.

>>> parse_client_message('{"type": "ping"}')
Ping()
>>> parse_client_message('{"type": "act"}')
Traceback (most recent call last):
...
partyrules.server.protocol.ProtocolError: malformed: the act message has the keys action, type
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

import attrs

from partyrules.core.errors import CorruptState, PartyRulesError
from partyrules.core.i18n import DEFAULT_LANGUAGE, check_language
from partyrules.core.serialize import LoadLimits, parse_json

__all__ = [
    "ERROR_CODES",
    "MAX_MESSAGE_BYTES",
    "Act",
    "ClientMessage",
    "ErrorCode",
    "Join",
    "Ping",
    "ProtocolError",
    "Role",
    "error_message",
    "parse_client_message",
]

MAX_MESSAGE_BYTES: Final = 16 * 1024
"""The largest message a client may send (a WebSocket text frame or an HTTP body), in
bytes of UTF-8: a typed story or a guess fits many times over."""

ErrorCode = Literal["malformed", "too_large", "rate_limited", "bad_token", "not_joined",
                    "forbidden", "illegal_action", "finished", "closed"]
"""Why a client's message was refused (the ``code`` of an ``error`` message)."""

ERROR_CODES: Final[tuple[ErrorCode, ...]] = (
    "malformed", "too_large", "rate_limited", "bad_token", "not_joined", "forbidden",
    "illegal_action", "finished", "closed")
"""Every :data:`ErrorCode`, in the order docs/server.md lists them."""

Role = Literal["seat", "host", "spectator"]
"""What a token opens: one seat, the host's table rulings, or the spectator's view."""

# Messages are small; anything nested deeper than an action's records is not one of ours.
_MESSAGE_LIMITS: Final = LoadLimits(max_bytes=MAX_MESSAGE_BYTES, max_depth=16,
                                    max_int_digits=20)


class ProtocolError(Exception):
    """A client's message refused: ``code`` says why in one word, the message in words.

    The table is unchanged by a refused message.
    """

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code: ErrorCode = code
        """The error code sent to the client."""
        self.text = message
        """The readable explanation sent to the client."""


@attrs.frozen(slots=True)
class Join:
    """``{"type": "join", "token": ...}``: the first message, which says who is here."""

    token: str = attrs.field(repr=False)  # a secret: never in a repr, a log or a traceback
    """The seat's, the host's or the spectator's token."""
    language: str = DEFAULT_LANGUAGE
    """The language the connection reads narration in (optional key ``language``:
    ``"en"`` or ``"it"``)."""


@attrs.frozen(slots=True)
class Act:
    """``{"type": "act", "action": ...}``: an action of the connection's seat, as the
    engine writes an action of the table's game (the table structures it)."""

    action: Mapping[str, Any]
    """The action's JSON object, ``{"type": "<class name>", "seat": n, ...}``."""


@attrs.frozen(slots=True)
class Ping:
    """``{"type": "ping"}``: answered with ``{"type": "pong"}`` (keeps a link alive)."""


ClientMessage = Join | Act | Ping
"""Every message a client may send."""

_KEYS: Final[dict[str, frozenset[str]]] = {
    "join": frozenset({"type", "token"}),
    "act": frozenset({"type", "action"}),
    "ping": frozenset({"type"}),
}


_OPTIONAL_KEYS: Final[dict[str, frozenset[str]]] = {"join": frozenset({"language"})}


def parse_client_message(text: str | bytes) -> ClientMessage:
    """The message a client sent, read strictly; :class:`ProtocolError` (``malformed``
    or ``too_large``) says what is wrong.

    >>> parse_client_message('{"type": "join", "token": "abc"}')
    Join(language='en')
    >>> parse_client_message('{"type": "shout"}')
    Traceback (most recent call last):
    ...
    partyrules.server.protocol.ProtocolError: malformed: unknown message type 'shout'; \
a client sends join, act or ping
    """
    if len(text) > MAX_MESSAGE_BYTES or (
            isinstance(text, str) and len(text.encode("utf-8", "surrogatepass"))
            > MAX_MESSAGE_BYTES):
        raise ProtocolError("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        document = parse_json(text, limits=_MESSAGE_LIMITS)
    except CorruptState as refused:
        raise ProtocolError("malformed", f"not a JSON message: {refused}") from None
    if not isinstance(document, dict):
        raise ProtocolError("malformed", "a message is a JSON object with a \"type\"")
    kind = document.get("type")
    keys = _KEYS.get(kind) if isinstance(kind, str) else None
    if keys is None:
        raise ProtocolError("malformed", f"unknown message type {kind!r}; a client sends "
                                         "join, act or ping")
    optional = _OPTIONAL_KEYS.get(str(kind), frozenset())
    if not keys <= set(document) <= keys | optional:
        raise ProtocolError("malformed", f"the {kind} message has the keys "
                                         f"{', '.join(sorted(keys))}")
    if kind == "join":
        token = document["token"]
        if not isinstance(token, str) or not token:
            raise ProtocolError("malformed", "a join message's token is a string")
        language = document.get("language", DEFAULT_LANGUAGE)
        try:
            check_language(language)
        except PartyRulesError as refused:
            raise ProtocolError("malformed", f"a join message's language: {refused}") from None
        return Join(token, language)
    if kind == "act":
        action = document["action"]
        if not isinstance(action, dict):
            raise ProtocolError("malformed", "an act message's action is a JSON object "
                                             "tagged with its \"type\"")
        return Act(action)
    return Ping()


def error_message(code: ErrorCode, message: str) -> dict[str, Any]:
    """The ``error`` message the server sends.

    >>> error_message("finished", "the game is over")
    {'type': 'error', 'code': 'finished', 'message': 'the game is over'}
    """
    return {"type": "error", "code": code, "message": message}
