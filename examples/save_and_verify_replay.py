"""Play a game, save it as a replay file, load the file back and verify it.

A replay (game, config, seed, actions) reproduces every state of a game: it is the bug
report format of partyrules. Run: python examples/save_and_verify_replay.py
"""

import random
import tempfile
from pathlib import Path

import partyrules

game = partyrules.get_game("dinner")
config, seed, rng = game.Config(players=5), 11, random.Random(11)
state, actions = game.setup(config, seed), []
while not game.is_terminal(state):
    action = game.random_action(state, min(game.to_act(state)), rng)
    state = game.apply(state, action)
    actions.append(action)

replay = partyrules.Replay(game.name, config, seed, tuple(actions))
with tempfile.TemporaryDirectory() as folder:
    path = Path(folder) / "game.json"
    path.write_text(partyrules.dumps(replay, indent=2), encoding="utf-8")
    print(f"saved {len(actions)} actions to a {path.stat().st_size}-byte file")
    loaded = partyrules.loads(path.read_text(encoding="utf-8"))

assert loaded == replay
report = loaded.verify()
print(f"verified: ok={report.ok}, applied={report.applied}, terminal={report.terminal}")
print("same final state:", loaded.final_state() == state)
print("outcome:", game.outcome(loaded.final_state()))
