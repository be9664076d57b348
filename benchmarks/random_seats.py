"""What honest random seats cost: games/s of all-random games played by the runner's
peeking player, by the random bot as it was (a redeal before every decision) and by the
random bot now (the game's honest draw); prints a Markdown table.

Usage::

    python benchmarks/random_seats.py [--seconds S] [--game NAME]

For every registered game (``Config(players=4)`` where the game seats 4, else its
fewest), games of seeds 0, 1, 2, ... are played through the match runner
(:func:`~partyrules.core.match.play_match`, the path of ``partyrules simulate``) with
every seat one of three players, the three taking turns game by game (in a rotating
order) so that the machine's load falls on all of them alike, until they have played
``S`` seconds together (default 6):

- ``peeking``: :class:`~partyrules.core.match.PeekingRandomPlayer`, ``random_action`` on
  the real state (the test kit's player, which may read hidden cards);
- ``redealing``: the random bot of revision 6d8dcbd, rebuilt below line for line:
  ``random_action`` on a state ``determinize`` redeals before every decision;
- ``random``: :class:`~partyrules.bots.RandomBot` now, the game's honest draw.

The random bot and the redealing one play the same seeds with the same player seed; where
the game's draw is ``random_action`` itself they must play the same games, move for
move, and the last column says whether they did (When I Dream's Dreamer draws its aimed
guess otherwise, so there the games differ). The peeking player's games are other games
of the same law where the draw is ``random_action`` itself (the bots take one more number
from the rng before each draw): "the same per action" divides actions/s instead of games/s,
which games of unequal length do not sway.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from typing import Any

import attrs

import partyrules
from partyrules.core.game import TABLE, AnyGame
from partyrules.core.match import PeekingRandomPlayer, Player, play_match


@attrs.frozen(slots=True)
class RedealingRandomBot:
    """The random bot of revision 6d8dcbd: ``random_action`` on a redeal."""

    game: AnyGame
    name: str = "redealing-random"

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A random action drawn on a state redealt for ``seat``."""
        game = self.game
        if seat == TABLE:
            return game.random_action(state, seat, rng)
        dealt = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
        return game.random_action(dealt, seat, rng)


def measure(game: AnyGame, seconds: float) -> dict[str, Any]:
    """Play rounds of one game per player until ``seconds`` have passed in all; the
    figures of each player and whether the random bot played the redealing bot's games."""
    players = 4 if game.min_players <= 4 <= game.max_players else game.min_players
    config = game.Config(players=players)
    lineup: dict[str, Player] = {"peeking": PeekingRandomPlayer(game),
                                 "redealing": RedealingRandomBot(game),
                                 "random": partyrules.RandomBot(game)}
    spent = dict.fromkeys(lineup, 0.0)
    actions = dict.fromkeys(lineup, 0)
    same = True
    seed = 0
    while seed < 3 or sum(spent.values()) < seconds:
        names = list(lineup)
        names = names[seed % 3:] + names[:seed % 3]
        played = {}
        for name in names:
            start = time.perf_counter()
            record = play_match(game, config, [lineup[name]] * players, seed,
                                player_seed=seed)
            spent[name] += time.perf_counter() - start
            actions[name] += len(record.actions)
            played[name] = record.actions
        same = same and played["random"] == played["redealing"]
        seed += 1
    return {"players": players, "games": seed, "spent": spent, "actions": actions,
            "same": same}


def main() -> None:
    """Measure every game (or one) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--game", choices=sorted(partyrules.GAMES))
    args = parser.parse_args()
    names = [args.game] if args.game else sorted(partyrules.GAMES)
    load = os.getloadavg()[0]
    rows = [(name, measure(partyrules.get_game(name), args.seconds)) for name in names]
    print(f"- python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} "
          f"CPUs; load average {load:.1f} before the run, {os.getloadavg()[0]:.1f} after")
    print()
    print("| game | players | games | actions/game: peeking / random | games/s: peeking | "
          "games/s: redealing | games/s: random | random ÷ peeking | the same per action | "
          "random ÷ redealing | same games as redealing |")
    print("|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|")
    for name, figures in rows:
        games, spent, actions = figures["games"], figures["spent"], figures["actions"]
        speed = {player: games / seconds for player, seconds in spent.items()}
        per_action = {player: actions[player] / seconds for player, seconds in spent.items()}
        print(f"| {name} | {figures['players']} | {games} | "
              f"{actions['peeking'] / games:.0f} / {actions['random'] / games:.0f} | "
              f"{speed['peeking']:,.1f} | {speed['redealing']:,.1f} | {speed['random']:,.1f} | "
              f"{speed['random'] / speed['peeking']:.2f} | "
              f"{per_action['random'] / per_action['peeking']:.2f} | "
              f"{speed['random'] / speed['redealing']:.1f} | "
              f"{'yes' if figures['same'] else 'no'} |")


if __name__ == "__main__":
    main()
