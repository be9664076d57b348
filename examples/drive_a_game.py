"""Drive one game of Guess Who's Coming to Dinner through the registry.

Every seat plays a random legal action; the game's own rng (inside the state) deals the
cards, so the same seeds always give the same game. Run: python examples/drive_a_game.py
"""

import random

import partyrules

game = partyrules.get_game("dinner")
state = game.setup(game.Config(players=4), seed=2026)
rng = random.Random(2026)  # the players' choices
steps = 0
while not game.is_terminal(state):
    seat = min(game.to_act(state))  # during a vote, several seats may act
    action = game.random_action(state, seat, rng)
    state = game.apply(state, action)  # a new state: the old one is untouched
    steps += 1

outcome = game.outcome(state)
print(f"{game.title}: {steps} actions, ended by {outcome.reason}")
print("scores:", ", ".join(f"seat {seat} {score}" for seat, score in enumerate(outcome.scores)))
print("winners:", sorted(outcome.winners))
