"""partyrules: complete, typed, replayable rules engines for tabletop party games.

>>> import partyrules
>>> sorted(partyrules.GAMES)
['dany', 'dinner', 'dylan_dog', 'hollywood', 'when_i_dream']
>>> game = partyrules.get_game("dinner")
>>> players = [partyrules.RandomBot(game)] * 4
>>> record = partyrules.play_match(game, game.Config(players=4), players, seed=7)
>>> record.outcome.reason in {"hand_emptied", "pile_exhausted"}
True
>>> partyrules.loads(partyrules.dumps(record.final)) == record.final
True
"""

from __future__ import annotations

from partyrules import games as _games  # noqa: F401 - registers every game
from partyrules.bots.random_bot import RandomBot
from partyrules.core.errors import (
    CorruptState,
    IllegalAction,
    InvalidConfig,
    PartyRulesError,
    UnknownGame,
)
from partyrules.core.game import GAMES, TABLE, Game, Outcome, get_game
from partyrules.core.match import (
    WAIT,
    Match,
    MatchPosition,
    MatchRecord,
    NoObjection,
    Player,
    Turn,
    match_rng,
    play_match,
)
from partyrules.core.replay import Replay, ReplayReport
from partyrules.core.rng import Rng
from partyrules.core.serialize import dumps, json_schema, loads
from partyrules.core.version import __version__ as __version__

__all__ = [
    "GAMES",
    "TABLE",
    "WAIT",
    "CorruptState",
    "Game",
    "IllegalAction",
    "InvalidConfig",
    "Match",
    "MatchPosition",
    "MatchRecord",
    "NoObjection",
    "Outcome",
    "PartyRulesError",
    "Player",
    "RandomBot",
    "Replay",
    "ReplayReport",
    "Rng",
    "Turn",
    "UnknownGame",
    "dumps",
    "get_game",
    "json_schema",
    "loads",
    "match_rng",
    "play_match",
]
