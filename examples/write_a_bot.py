"""A greedy bot for Guess Who's Coming to Dinner against three random bots.

It opens the largest table it can (a join scores the whole table), seats every guest
that fits and accepts every guest in a vote. Run: python examples/write_a_bot.py
"""

from collections import Counter
from dataclasses import dataclass

import partyrules
from partyrules.bots import make_bot
from partyrules.games.dinner.actions import Ballot, Invite, JoinTable, Pass, Propose, StartTable


@dataclass
class GreedyBot:
    """A ``partyrules.bots.Bot``: a ``name``, and ``choose`` returning a legal action."""

    game: object
    name: str = "greedy"

    def choose(self, state, seat, rng):
        view = self.game.view(state, seat)  # decide only on what the seat may know

        def size(action):  # how large a table the action leads to; max wins, ties: first
            if isinstance(action, JoinTable):
                return min(7, len(view.tables[action.table].cards) + len(view.hand))
            if isinstance(action, StartTable):
                return min(6, len(view.hand))
            if isinstance(action, Ballot):
                return -len(action.rejected)  # accept every guest
            return {Invite: 99, Propose: 0, Pass: 0}.get(type(action), -1)  # no Unknown/Exchange

        return max(self.game.legal_actions(state, seat), key=size)


game = partyrules.get_game("dinner")
bots = [GreedyBot(game)] + [make_bot("random", game) for _ in range(3)]
wins = Counter()
for seed in range(50):
    record = partyrules.play_match(game, game.Config(players=4), bots, seed)
    wins.update(record.outcome.winners)
for seat, bot in enumerate(bots):
    print(f"seat {seat} ({bot.name}): {wins[seat]} wins in 50 games")
