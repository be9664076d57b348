"""Search bots against random play, and how fast they decide; prints Markdown tables.

Usage::

    python benchmarks/bots.py [--games N] [--iterations I] [--workers W] [--game NAME]

For each game, ``N`` games are played with one ISMCTS seat (``I`` iterations per
decision) and random seats (the ``random`` bot, which draws from what its seat sees);
the ISMCTS seat moves round the table from game to game (game ``g`` puts it at seat
``g % players``), so no seat advantage favours it. A win shared by ``k`` seats counts
``1/k``. The table reports the ISMCTS seat's win rate with a 95% Wilson interval; the
baseline, the share the same seat wins when it is a random bot too (the same ``N``
seeds, every seat random, seat ``g % players`` counted), with its interval; the ISMCTS
seat's mean score where the game keeps one; the game's heuristic standing at the end
(``Game.heuristic``, 0 to 1: a share of the leader's) of the ISMCTS seat and of the
random seats with 95% intervals, which is what tells the bots apart when a turn limit
ends games without a winner (Dylan Dog: mystery cards of one's story found); and the
bot's decisions per second (decisions with one legal action are not searched and not
counted). The table's rulings are drawn at random as in the test kit.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from dataclasses import dataclass
from typing import Any

import partyrules
from partyrules.bots import ISMCTSBot, RandomBot
from partyrules.core.game import TABLE_RATE
from partyrules.core.match import PeekingRandomPlayer
from partyrules.simulation import wilson_interval

MATCHES: dict[str, dict[str, Any]] = {
    "dinner": {"players": 3},
    "hollywood": {"players": 2},
    "dylan_dog": {"players": 3, "turn_limit": 150},
    "dany": {"players": 4},
    "when_i_dream": {"players": 4},
}
"""The config of each game's match (Dylan Dog on a turn limit: 50 rounds of 3 seats)."""


@dataclass(frozen=True)
class GameResult:
    """One game: the share of the win of the seat under test (the ISMCTS seat, or the
    random seat in its place), its score, and its search time."""

    share: float
    score: float | None
    standing: float | None
    """The game's heuristic standing of the ISMCTS seat at the end (0 to 1)."""
    others: float | None
    """The mean standing of the random seats at the end."""
    decisions: int
    seconds: float


class TimedBot:
    """The ISMCTS bot, timing the decisions it searches (those with a choice)."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        game = self.bot.game
        searched = sum(1 for _ in game.legal_actions(state, seat)) > 1
        start = time.perf_counter()
        action = self.bot.choose(state, seat, rng)
        if searched:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return action


def play_one(job: tuple[str, int, int]) -> GameResult:
    """Game ``index`` of ``name`` with an ISMCTS bot of ``iterations`` at seat
    ``index % players`` (0 iterations: a random bot there too, the baseline) and random
    bots elsewhere, through the match runner (the table's rulings drawn at random, as in
    the test kit); deterministic in its arguments."""
    name, index, iterations = job
    game = partyrules.get_game(name)
    config = game.Config(**MATCHES[name])
    seat = index % config.players
    players: list[partyrules.Player] = [RandomBot(game)] * config.players
    bot = TimedBot(ISMCTSBot(game, iterations)) if iterations else None
    if bot is not None:
        players[seat] = bot
    record = partyrules.play_match(game, config, players, index,
                                   table=PeekingRandomPlayer(game), table_rate=TABLE_RATE)
    outcome = record.outcome
    assert outcome is not None  # no step cap
    share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
    score = float(outcome.scores[seat]) if outcome.scores is not None else None
    standing = others = None
    if game.search.heuristic is not None:
        values = game.search.heuristic(record.final)
        standing = values[seat]
        rest = [v for s, v in enumerate(values) if s != seat]
        others = sum(rest) / len(rest)
    if bot is None:
        return GameResult(share, score, standing, others, 0, 0.0)
    return GameResult(share, score, standing, others, bot.decisions, bot.seconds)


def mean_interval(values: list[float]) -> str:
    """``mean ± 1.96 standard errors``."""
    if not values:
        return "-"
    mean = sum(values) / len(values)
    if len(values) < 2:
        return f"{mean:.2f}"
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return f"{mean:.2f} ± {1.96 * math.sqrt(variance / len(values)):.2f}"


def main() -> None:
    """Run the matches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    names = args.game or ["dinner", "hollywood", "dylan_dog"]
    print(f"### ISMCTS ({args.iterations} iterations) against random seats, "
          f"{args.games} games per game\n")
    print("| game | config | games | ISMCTS win rate | 95% interval | a random seat's share "
          "(95% interval) | mean ISMCTS score | ISMCTS standing | random seats' standing | "
          "decisions/s |")
    print("|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with multiprocessing.Pool(args.workers) as pool:
        for name in names:
            jobs = [(name, index, args.iterations) for index in range(args.games)]
            results = pool.map(play_one, jobs)
            wins = sum(r.share for r in results)
            low, high = wilson_interval(wins, len(results))
            baseline = pool.map(play_one, [(name, index, 0) for index in range(args.games)])
            random_wins = sum(r.share for r in baseline)
            random_low, random_high = wilson_interval(random_wins, len(baseline))
            scores = [r.score for r in results if r.score is not None]
            mean = f"{sum(scores) / len(scores):.1f}" if scores else "-"
            decisions = sum(r.decisions for r in results)
            seconds = sum(r.seconds for r in results)
            speed = decisions / seconds if seconds else 0.0
            config = ", ".join(f"{k}={v}" for k, v in MATCHES[name].items())
            standing = mean_interval([r.standing for r in results if r.standing is not None])
            others = mean_interval([r.others for r in results if r.others is not None])
            print(f"| {name} | {config} | {len(results)} | {wins / len(results):.1%} | "
                  f"{low:.1%}-{high:.1%} | {random_wins / len(baseline):.1%} "
                  f"({random_low:.1%}-{random_high:.1%}) | {mean} | {standing} | "
                  f"{others} | {speed:.1f} |", flush=True)


if __name__ == "__main__":
    main()
