"""The legal actions every game lists, and their order, are pinned.

Search bots, the OpenSpiel and PettingZoo adapters and seeded simulations read a
listing's order (an action's number, a uniform draw among the listed actions), so a
faster listing must list the same. Each case plays seeded playouts through the match
runner with every seat and the table choosing uniformly among
``tuple(game.legal_actions(state, seat))`` (the table let in at ``TABLE_RATE``), and
digests every listing of every seat to act at every state, and each playout's last
state. The expected digests were recorded at revision 6d8dcbd, before the listings were
made faster (2026-12-07); ``benchmarks/enumerated.py --digest`` checks many more
playouts the same way against any revision.

After an intended change of a listing, record the cases again with ``python
tests/test_listings.py`` and say why in the CHANGELOG.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.core.game import TABLE_RATE, AnyGame

STEPS = 400
"""Actions after which a playout is cut (Hollywood's and Dylan Dog's games are long)."""

CASES: dict[str, tuple[str, dict[str, Any], tuple[int, ...], str]] = {
    # case -> (game, config fields, playout seeds, expected digest)
    "dinner_4p": ("dinner", {"players": 4}, (0, 1, 2),
                  "b2e2096f18bbd80293c755fe4193a7374e1a639db77d07b7af3f6459c62c8a7f"),
    "dany_5p": ("dany", {"players": 5}, (0, 1, 2, 3),
                "ad098b9db59c3d9b2c2878c2265f97623cd0eac190a7ca6c193d9333929a5ce8"),
    "when_i_dream_5p": ("when_i_dream", {"players": 5}, (0, 1),
                        "d356b953538a00ea7ed4af71ddd8b615d6857390c0ceca01e968623eb7606cdf"),
    "dylan_dog_3p": ("dylan_dog", {"players": 3}, (0, 1),
                     "1c2d7308859ed8c38ac56797f1662a2f405e1de811579d5dea9d6f90cf13b4da"),
    "hollywood_4p": ("hollywood", {"players": 4}, (0, 1),
                     "3a034e6b1d2913623619fb689de5d5d8f3da5f5d0b2d2a1d000b34a70d519e34"),
    "hollywood_all_3p": ("hollywood", {"players": 3, "awards": True, "scandals": True,
                                       "festivals": True, "distributor_auction": True},
                         (0, 1),
                         "728fbd15b7dd9db31641653158b90f2e24c1b7c69c0b7971764832c1f707b9a3"),
}


@attrs.frozen(slots=True)
class UniformListed:
    """Plays uniformly among the listed actions of its seat."""

    game: AnyGame
    name: str = attrs.field(default="uniform-listed", init=False)

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A uniform choice among ``tuple(game.legal_actions(state, seat))``."""
        actions = tuple(self.game.legal_actions(state, seat))
        return actions[rng.randrange(len(actions))]


def listings_digest(game: AnyGame, fields: dict[str, Any], seeds: tuple[int, ...]) -> str:
    """The SHA-256 of every listing met along the seeded uniform playouts (by ``repr``),
    and of each playout's last state (its JSON)."""
    hasher = hashlib.sha256()
    config = game.Config(**fields)
    player = UniformListed(game)
    for seed in seeds:
        match = partyrules.Match(game, game.setup(config, seed),
                                 dict.fromkeys(range(config.players), player), table=player,
                                 rng=random.Random(seed), table_rate=TABLE_RATE,
                                 max_steps=STEPS, trusted_players=True)
        while True:
            for seat in sorted(game.to_act(match.state)):
                listed = tuple(game.legal_actions(match.state, seat))
                hasher.update(f"{seat}:{len(listed)}:{listed!r}\n".encode())
            if not match.step():
                break
        hasher.update(f"end {len(match.actions)}\n".encode())
        hasher.update(partyrules.dumps(match.state).encode())
    return hasher.hexdigest()


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_listings_are_those_recorded(case: str) -> None:
    name, fields, seeds, expected = CASES[case]
    assert listings_digest(partyrules.get_game(name), fields, seeds) == expected


if __name__ == "__main__":
    for case, (name, fields, seeds, _) in CASES.items():
        print(case, listings_digest(partyrules.get_game(name), fields, seeds))
