"""The fast paths adapters take: a game's own listing of ids (``Encoding.numbered``) and
tensor view (``Encoding.tensor_view``), which the kit compares with the slow ones, and
the driver's settling of the table's rulings, which must do what the match runner does.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import partyrules
from partyrules.adapters import driver
from partyrules.core import testing
from partyrules.core.encoding import Numbered, in_id_order, number_listing, numbered
from partyrules.core.errors import IllegalAction
from partyrules.core.game import TABLE
from partyrules.core.match import Match, NoObjection
from partyrules.games.dinner.actions import Propose
from partyrules.games.dinner.state import Inviting

DINNER = partyrules.get_game("dinner")
WHEN_I_DREAM = partyrules.get_game("when_i_dream")


def _with_listing(game: Any, listing: Any) -> Any:
    return attrs.evolve(game, encoding=attrs.evolve(game.encoding, numbered=listing))


def _violation(check: Any, game: Any, playthrough: testing.Playthrough) -> str:
    with pytest.raises(testing.InvariantViolation) as info:
        check(game, playthrough)
    return str(info.value)


def test_every_game_declares_a_fast_listing_the_kit_accepts() -> None:
    for name, game in sorted(partyrules.GAMES.items()):
        assert game.encoding.numbered is not None, name
        testing.check_numbered(game, testing.play_random(game, seed=3))


def test_a_fast_listing_that_drops_an_action_is_caught() -> None:
    def short(state: Any, seat: int) -> Numbered[Any]:
        full = DINNER.encoding.numbered(state, seat)
        return Numbered(full.ids[:-1], full.actions[:-1]) if len(full) > 1 else full

    message = _violation(testing.check_numbered, _with_listing(DINNER, short),
                         testing.play_random(DINNER, seed=1, players=4))
    assert "fast listing has the ids" in message


def test_a_fast_listing_with_other_free_text_is_caught() -> None:
    # Free text is a wildcard for the other checks; a listing must hand out the rules'
    # own representative text.
    def retold(state: Any, seat: int) -> Numbered[Any]:
        full = DINNER.encoding.numbered(state, seat)
        return Numbered(full.ids, tuple(Propose(action.seat, "another story")
                                        if isinstance(action, Propose) else action
                                        for action in full.actions))

    playthrough = testing.play_random(DINNER, seed=1, players=4)
    assert any(isinstance(state.phase, Inviting) for state in playthrough.states)
    message = _violation(testing.check_numbered, _with_listing(DINNER, retold), playthrough)
    assert "fast listing has the actions" in message


def test_a_tensor_view_that_changes_a_tensor_is_caught() -> None:
    def blind(state: Any, seat: int) -> Any:
        return attrs.evolve(DINNER.view(state, seat), hand=())

    game = attrs.evolve(DINNER, encoding=attrs.evolve(DINNER.encoding, tensor_view=blind))
    message = _violation(testing.check_encoding, game,
                         testing.play_random(DINNER, seed=2, players=3))
    assert "tensor_view gave another tensor" in message


def test_the_listings_agree_at_every_state_of_a_game_of_each_size() -> None:
    for players in (4, 7):
        playthrough = testing.play_random(WHEN_I_DREAM, seed=players, players=players)
        testing.check_numbered(WHEN_I_DREAM, playthrough)
        for state in playthrough.states[::5]:
            for seat in range(TABLE, players):
                assert driver.numbered(WHEN_I_DREAM, state, seat) == number_listing(
                    WHEN_I_DREAM, state, seat)
                assert driver.numbered_actions(WHEN_I_DREAM, state, seat) == dict(zip(
                    *attrs.astuple(numbered(WHEN_I_DREAM, state, seat), recurse=False),
                    strict=True))


def test_numbered_looks_up_only_its_ids() -> None:
    listing = in_id_order(("c", "a", "b"), [30, 10, 20])
    assert listing == Numbered((10, 20, 30), ("a", "b", "c"))
    assert [listing.action(n) for n in (10, 20, 30, 15, 31, -1)] == [
        "a", "b", "c", None, None, None]
    assert 20 in listing and 25 not in listing and "20" not in listing
    assert list(listing) == [10, 20, 30] and len(listing) == 3
    with pytest.raises(IllegalAction, match="share an id"):
        in_id_order(("a", "b"), [4, 4], "a seat")


@pytest.mark.parametrize(("name", "options"), [
    ("dany", {"players": 4}),
    ("when_i_dream", {"players": 5, "judge": "table"}),  # the table judges every guess
])
def test_settle_rules_as_the_match_runner_does(name: str, options: dict[str, Any]) -> None:
    # The driver applies the table's first listed ruling itself while only the table may
    # act, and must reach the state (and narrate the rulings) the runner's NoObjection
    # would.
    game = partyrules.get_game(name)
    rulings = 0
    for seed in range(4):
        playthrough = testing.play_random(game, game.Config(**options), seed=seed)
        for state in playthrough.states:
            if game.is_terminal(state):
                continue
            heard: list[Any] = []
            ours = driver.settle(game, state, lambda _, ruling, into=heard: into.append(ruling))
            told: list[Any] = []
            match = Match(game, state, {}, table=NoObjection(game), rng=random.Random(0),
                          on_action=lambda _, ruling, into=told: into.append(ruling))
            match.run()
            assert ours == match.state and heard == told
            rulings += len(heard)
    assert rulings > 10
