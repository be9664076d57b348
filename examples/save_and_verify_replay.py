"""Play a game, save it as a replay file, load the file back and verify it.

A replay (game, config, seed, actions) reproduces every state of a game: it is the bug
report format of partyrules. Run: python examples/save_and_verify_replay.py
"""

import tempfile
from pathlib import Path

import partyrules

game = partyrules.get_game("dinner")
config, seed = game.Config(players=5), 11
record = partyrules.play_match(game, config, [partyrules.RandomBot(game)] * 5, seed)
state, actions = record.final, record.actions

replay = record.replay()  # the game, config, seed and actions
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
