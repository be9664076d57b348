"""Drive one game of Guess Who's Coming to Dinner through the registry.

Seat 0 is yours: you see its view and choose its actions (here a random legal one). The
match runner plays the three other seats and decides who acts when several may (a vote);
the game's own rng (inside the state) deals the cards, so the same seeds always give the
same game. Run: python examples/drive_a_game.py
"""

import random

import partyrules

game = partyrules.get_game("dinner")
state = game.setup(game.Config(players=4), seed=2026)
others = {seat: partyrules.RandomBot(game) for seat in (1, 2, 3)}
match = partyrules.Match(game, state, others, table=partyrules.NoObjection(game),
                         rng=random.Random(2026))  # the runner's draws, the bots' choices
rng = random.Random(7)  # your choices
while True:
    match.run()  # the other seats play until seat 0 is to act, or the game ends
    if match.finished:
        break
    # An app shows game.render_view(game.view(match.state, 0)): what seat 0 may know.
    action = game.random_action(match.state, 0, rng)
    match.submit(action)  # a new state: the old one is untouched

outcome = game.outcome(match.state)
print(f"{game.title}: {len(match.actions)} actions, ended by {outcome.reason}")
print("scores:", ", ".join(f"seat {seat} {score}" for seat, score in enumerate(outcome.scores)))
print("winners:", sorted(outcome.winners))
