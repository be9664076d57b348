"""The web table's pieces on their own: message parsing and the rate limit (the stores
have tests/server/test_store.py)."""

from __future__ import annotations

import json

import pytest

from partyrules.server.app import TokenBucket
from partyrules.server.protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    Join,
    Ping,
    ProtocolError,
    parse_client_message,
)


def test_the_three_client_messages_are_read() -> None:
    assert parse_client_message('{"type": "join", "token": "abc"}') == Join("abc")
    assert parse_client_message('{"type": "ping"}') == Ping()
    action = {"type": "Keep", "seat": 1}
    assert parse_client_message(json.dumps({"type": "act", "action": action})) == Act(action)


def test_a_join_message_never_shows_its_token() -> None:
    assert "secret" not in repr(Join("secret"))


@pytest.mark.parametrize(("text", "why"), [
    ("not json", "not a JSON message"),
    ("[1, 2]", "a JSON object"),
    ('{"token": "x"}', "unknown message type None"),
    ('{"type": "shout"}', "unknown message type 'shout'"),
    ('{"type": "ping", "extra": 1}', "the ping message has the keys type"),
    ('{"type": "join"}', "the join message has the keys token, type"),
    ('{"type": "join", "token": 5}', "token is a string"),
    ('{"type": "join", "token": ""}', "token is a string"),
    ('{"type": "act", "action": [1]}', "action is a JSON object"),
    ('{"type": "ping", "type": "ping"}', "appears twice"),
    ('{"type": "act", "action": ' + "[" * 40 + "]" * 40 + "}", "nesting deeper"),
    ('{"type": "act", "action": {"seat": NaN}}', "NaN is not a JSON number"),
])
def test_malformed_messages_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(text)
    assert refused.value.code == "malformed"
    assert why in refused.value.text


def test_a_message_over_the_limit_is_too_large() -> None:
    padding = "x" * MAX_MESSAGE_BYTES
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(json.dumps({"type": "join", "token": padding}))
    assert refused.value.code == "too_large"
    # The limit counts bytes of UTF-8, not characters.
    wide = "\u00e9" * (MAX_MESSAGE_BYTES // 2)
    with pytest.raises(ProtocolError) as refused:
        parse_client_message(json.dumps({"type": "join", "token": wide}, ensure_ascii=False))
    assert refused.value.code == "too_large"


def test_the_token_bucket_allows_a_burst_then_the_rate() -> None:
    bucket = TokenBucket(rate=20.0, burst=10, now=0.0)
    assert [bucket.allow(0.0) for _ in range(12)] == [True] * 10 + [False] * 2
    assert bucket.allow(0.05)  # one token back after 1/20 s
    assert not bucket.allow(0.05)
    assert sum(bucket.allow(10.0) for _ in range(30)) == 10  # never more than the burst
