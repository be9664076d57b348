"""sb3-contrib's MaskablePPO (PyTorch) learns Guess Who's Coming to Dinner against random
seats, through the Gymnasium environment, and is measured against a random learner.

The learner holds one seat of a three-seat game (``seat="rotate"``: the seat follows the
seed, so it plays every seat in turn); random bots play the other two. Its observation is
the game's encoding tensor and its action space the encoding's fixed ids;
``action_masks()`` keeps MaskablePPO's policy (a small MLP, the library's defaults) to the
legal ids. After training, the policy (its most likely legal id) plays the evaluation
games, on seeds the training never drew; a random learner (uniform among the legal ids)
plays the same games. Both win rates are printed with their 95% Wilson intervals, and
the gain between them.

Needs the ``[learn]`` extra (PyTorch and sb3-contrib; PyTorch's CPU wheels are enough).
``PARTYRULES_TRAIN_STEPS`` and ``PARTYRULES_EVAL_GAMES`` set the budget (default 30,000
training steps, which MaskablePPO rounds up to whole rollouts of 2,048, and 200 games per
evaluation); docs/bots.md has the figures of a run. Run: python examples/learn_maskable_ppo.py
"""

from __future__ import annotations

import os
import time
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

from partyrules.adapters.gymnasium import Policy, env_id, evaluate
from partyrules.simulation import Tally

try:  # the `learn` extra
    import torch
    from sb3_contrib import MaskablePPO
except ImportError:  # without it the rest still imports: tests/test_examples.py uses it
    torch = MaskablePPO = None

GAME, PLAYERS = "dinner", 3
EVAL_SEEDS = 1_000_000
"""The first evaluation seed: training draws its seeds from the environment's rng."""
TRAIN_SEED = 0


def make_env() -> gymnasium.Env[Any, Any]:
    """The learner's environment: one rotating seat of Dinner, random bots elsewhere."""
    return gymnasium.make(env_id(GAME), players=PLAYERS, seat="rotate", opponents="random")


def random_learner(seed: int) -> Policy:
    """A learner that picks uniformly among the legal ids (the baseline)."""
    rng = np.random.default_rng(seed)

    def policy(observation: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return policy


def trained_learner(model: Any) -> Policy:
    """The trained policy's most likely legal id."""
    def policy(observation: NDArray[np.float32], mask: NDArray[np.int8]) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool),
                                  deterministic=True)
        return int(action)

    return policy


def train(steps: int) -> Any:
    """MaskablePPO with the library's defaults, trained for ``steps`` learner steps."""
    if MaskablePPO is None:
        raise SystemExit("this example needs the learn extra: pip install 'partyrules[learn]'")
    # A network this small gains nothing from threads; on a busy machine they cost.
    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", make_env(), seed=TRAIN_SEED, verbose=0)
    model.learn(total_timesteps=steps)
    return model


def report(trained: Tally, baseline: Tally) -> list[str]:
    """Both win rates with their 95% intervals, and the gain."""
    def rate(tally: Tally) -> str:
        low, high = tally.interval
        return (f"{tally.name}: {tally.wins} wins in {tally.games} games, "
                f"{tally.rate:.1%} (95% interval {low:.1%} to {high:.1%})")

    gain = trained.rate - baseline.rate
    above = trained.interval[0] > baseline.interval[1]
    return [rate(trained), rate(baseline),
            f"gain: {gain:+.1%} ({'intervals apart' if above else 'intervals overlap'})"]


def main() -> None:
    """Train, evaluate the policy and a random learner on the same games, print both."""
    steps = int(os.environ.get("PARTYRULES_TRAIN_STEPS", "30000"))
    games = int(os.environ.get("PARTYRULES_EVAL_GAMES", "200"))
    started = time.perf_counter()
    model = train(steps)
    trained_for = time.perf_counter() - started
    seeds = range(EVAL_SEEDS, EVAL_SEEDS + games)
    trained = evaluate(make_env(), trained_learner(model), seeds, name="MaskablePPO")
    baseline = evaluate(make_env(), random_learner(0), seeds, name="random learner")
    print(f"trained for {model.num_timesteps} steps in {trained_for:.0f} s "
          f"({GAME}, {PLAYERS} seats, random opponents)")
    for line in report(trained, baseline):
        print(line)


if __name__ == "__main__":
    main()
