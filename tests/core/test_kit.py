"""The shared invariant kit catches broken games.

Each test builds a broken variant of Guess Who's Coming to Dinner by swapping one member
of its ``Game`` record (``attrs.evolve``) and asserts that the matching ``check_*`` raises
``InvariantViolation``, while the healthy game passes the same check on the same kind of
playthrough. Where the breakage is in ``setup`` or ``apply``, the playthrough is played by
the broken game itself.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

import partyrules
from partyrules.core import testing
from partyrules.games.dinner import rules, views
from partyrules.games.dinner.actions import Ballot, Pass, StartTable
from partyrules.games.dinner.cards import Guest
from partyrules.games.dinner.integrity import places
from partyrules.games.dinner.state import Config, Drawing, State, View, Voting

DINNER = partyrules.get_game("dinner")

# (seed, players): small and large tables
SEEDS = [(0, 3), (1, 5), (2, 7), (3, 4)]
SEED_IDS = [f"seed{seed}-p{players}" for seed, players in SEEDS]

CUSTOM_CONFIG = Config(players=3, guests=tuple(
    Guest(f"Guest {i}", f"Suit {i % 3}", i % 6 == 0) for i in range(36)))


def _healthy(seed: int, players: int) -> testing.Playthrough:
    return testing.play_random(DINNER, seed=seed, players=players)


def _violation(check: Callable[..., None], game: Any, pt: testing.Playthrough,
               **options: Any) -> str:
    """The message of the ``InvariantViolation`` that ``check`` raises."""
    with pytest.raises(testing.InvariantViolation) as info:
        check(game, pt, **options)
    message = str(info.value)
    assert message.startswith("dinner")
    assert "reproduce: pt = play_random(get_game('dinner')" in message
    assert f"seed={pt.seed}, bot_seed={pt.bot_seed}" in message
    return message


def test_invariant_violation_is_an_assertion_error() -> None:
    assert issubclass(testing.InvariantViolation, AssertionError)


# -- (a) and (b): legal_actions against apply --------------------------------------------------


def _with_illegal_pass(state: State, seat: int) -> Iterator[Any]:
    """Every legal action, plus a ``Pass`` for the seat to act when passing is illegal."""
    yield from rules.legal_actions(state, seat)
    if seat in rules.to_act(state) and rules.why_illegal(state, Pass(seat)) is not None:
        yield Pass(seat)


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_legal_actions_with_an_illegal_action_is_caught(seed: int, players: int) -> None:
    pt = _healthy(seed, players)
    testing.check_legal_matches_apply(DINNER, pt)
    broken = attrs.evolve(DINNER, legal_actions=_with_illegal_pass)
    message = _violation(testing.check_legal_matches_apply, broken, pt)
    assert "Pass(seat=" in message


def _without_accept_all(state: State, seat: int) -> Iterator[Any]:
    """Every legal action but the ballot that accepts every proposed guest."""
    for action in rules.legal_actions(state, seat):
        if action != Ballot(seat, frozenset()):
            yield action


def _without_start_table(state: State, seat: int) -> Iterator[Any]:
    for action in rules.legal_actions(state, seat):
        if not isinstance(action, StartTable):
            yield action


def _without_last(state: State, seat: int) -> Iterator[Any]:
    """Every legal action but the last one enumerated (when there is more than one)."""
    options = list(rules.legal_actions(state, seat))
    yield from options[:-1] if len(options) > 1 else options


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_legal_actions_dropping_the_accept_all_ballot_is_caught(seed: int,
                                                                players: int) -> None:
    # A mutant reveals it: a one-card ballot with its card removed is the empty ballot.
    pt = _healthy(seed, players)
    broken = attrs.evolve(DINNER, legal_actions=_without_accept_all)
    message = _violation(testing.check_legal_matches_apply, broken, pt)
    assert "rejected=frozenset())" in message


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_legal_actions_dropping_start_table_is_caught(seed: int, players: int) -> None:
    # No enumerated action can be mutated into a StartTable: the kit's constructed
    # candidates of every action kind (and the independent random_action) reveal it.
    pt = _healthy(seed, players)
    broken = attrs.evolve(DINNER, legal_actions=_without_start_table)
    message = _violation(testing.check_legal_matches_apply, broken, pt, samples=None)
    assert "StartTable" in message


def test_legal_actions_dropping_start_table_is_caught_with_default_sampling() -> None:
    # Constructed candidates are tried on every sampled state, so default sampling finds it.
    pt = _healthy(1, 3)
    broken = attrs.evolve(DINNER, legal_actions=_without_start_table)
    message = _violation(testing.check_legal_matches_apply, broken, pt)
    assert "StartTable" in message


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_legal_actions_dropping_its_last_action_is_caught(seed: int, players: int) -> None:
    pt = _healthy(seed, players)
    broken = attrs.evolve(DINNER, legal_actions=_without_last)
    _violation(testing.check_legal_matches_apply, broken, pt)


def _drawn_from(legal: Callable[[State, int], Iterator[Any]]) -> Callable[..., Any]:
    def random_action(state: State, seat: int, rng: random.Random) -> Any:
        options = list(legal(state, seat))
        return options[rng.randrange(len(options))]

    return random_action


def test_dropped_action_kind_with_a_consistent_random_action_is_caught() -> None:
    broken = attrs.evolve(DINNER, legal_actions=_without_start_table,
                          random_action=_drawn_from(_without_start_table))
    pt = testing.play_random(broken, seed=0, players=3)
    _violation(testing.check_legal_matches_apply, broken, pt, samples=None)


def test_dropped_ballot_with_a_consistent_random_action_is_still_caught() -> None:
    # With random_action no longer an independent oracle, the mutants alone find it.
    broken = attrs.evolve(DINNER, legal_actions=_without_accept_all,
                          random_action=_drawn_from(_without_accept_all))
    pt = testing.play_random(broken, seed=1, players=5)
    message = _violation(testing.check_legal_matches_apply, broken, pt)
    assert "was accepted but is not enumerated" in message


# -- (c): views that leak ------------------------------------------------------------------


def _leaks_neighbour_as_known(state: State, seat: int | None) -> View:
    """Seat ``s`` is told the whole hand of seat ``s + 1``, as if it had been revealed."""
    seen = views.view(state, seat)
    if seat is None:
        return seen
    neighbour = (seat + 1) % state.config.players
    known = tuple(frozenset(state.hands[neighbour]) if other == neighbour else cards
                  for other, cards in enumerate(seen.known_in_hands))
    return attrs.evolve(seen, known_in_hands=known)


def _leaks_neighbour_as_own(state: State, seat: int | None) -> View:
    """Seat ``s`` sees seat ``s + 1``'s hand after its own."""
    seen = views.view(state, seat)
    if seat is None:
        return seen
    neighbour = (seat + 1) % state.config.players
    return attrs.evolve(seen, hand=seen.hand + state.hands[neighbour])


def _leaks_drawn_card(state: State, seat: int | None) -> View:
    """Every seat sees the card the active player just drew."""
    seen = views.view(state, seat)
    if isinstance(state.phase, Drawing):
        return attrs.evolve(seen, phase=state.phase)
    return seen


@pytest.mark.parametrize("leaky", [_leaks_neighbour_as_known, _leaks_neighbour_as_own,
                                   _leaks_drawn_card],
                         ids=["known_in_hands", "hand", "drawn-card"])
@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_view_that_leaks_is_caught(leaky: Callable[[State, int | None], View], seed: int,
                                   players: int) -> None:
    pt = _healthy(seed, players)
    testing.check_no_leak(DINNER, pt)
    broken = attrs.evolve(DINNER, view=leaky)
    message = _violation(testing.check_no_leak, broken, pt)
    assert "changed its view" in message


def _leaks_to_spectators(state: State, seat: int | None) -> View:
    seen = views.view(state, seat)
    return attrs.evolve(seen, hand=state.hands[0]) if seat is None else seen


def test_spectator_view_that_leaks_is_caught() -> None:
    broken = attrs.evolve(DINNER, view=_leaks_to_spectators)
    _violation(testing.check_no_leak, broken, _healthy(0, 3), samples=None)


# -- (d): setup that ignores its seed -------------------------------------------------------


def _setup_with_global_random(config: Config, seed: int) -> State:
    """The seeded deal, then every card relabelled by a permutation drawn from Python's
    global ``random`` (a valid deal, but not a function of the seed)."""
    state = rules.setup(config, seed)
    permutation = list(range(len(config.deck().guests)))
    random.shuffle(permutation)

    def move(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(permutation[card] for card in cards)

    phase = state.phase
    assert isinstance(phase, Drawing)
    drawn = None if phase.drawn is None else permutation[phase.drawn]
    return attrs.evolve(state, pile=move(state.pile),
                        hands=tuple(move(hand) for hand in state.hands),
                        phase=Drawing(phase.active, drawn))


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_setup_ignoring_its_seed_is_caught(seed: int, players: int) -> None:
    testing.check_determinism(DINNER, _healthy(seed, players))
    broken = attrs.evolve(DINNER, setup=_setup_with_global_random)
    pt = testing.play_random(broken, seed=seed, players=players)
    DINNER.validate(pt.states[0])  # the broken deal is a valid one
    message = _violation(testing.check_determinism, broken, pt)
    assert "replaying the same actions gave a different state" in message


def test_setup_ignoring_its_seed_is_caught_on_a_custom_deck() -> None:
    broken = attrs.evolve(DINNER, setup=_setup_with_global_random)
    pt = testing.play_random(broken, CUSTOM_CONFIG, seed=4)
    _violation(testing.check_determinism, broken, pt)


# -- (e): a vote that depends on ballot order --------------------------------------------------


def _apply_rewarding_the_last_voter(state: State, action: Any) -> State:
    """The rules, plus 1 point to whichever seat cast the ballot that closed a vote."""
    after = rules.apply(state, action)
    if isinstance(action, Ballot) and not isinstance(after.phase, Voting):
        scores = list(after.scores)
        scores[action.seat] += 1
        after = attrs.evolve(after, scores=tuple(scores))
    return after


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_vote_depending_on_ballot_order_is_caught(seed: int, players: int) -> None:
    testing.check_simultaneous_commute(DINNER, _healthy(seed, players))
    broken = attrs.evolve(DINNER, apply=_apply_rewarding_the_last_voter)
    pt = testing.play_random(broken, seed=seed, players=players)
    assert any(broken.is_simultaneous(state) for state in pt.states)
    message = _violation(testing.check_simultaneous_commute, broken, pt)
    assert "do not commute" in message


# -- (f): places that lose a pile ----------------------------------------------------------------


def _places_without_discard(state: State) -> Mapping[str, tuple[int, ...]]:
    return {place: cards for place, cards in places(state).items() if place != "discard"}


@pytest.mark.parametrize(("seed", "players"), SEEDS, ids=SEED_IDS)
def test_places_dropping_the_discard_is_caught(seed: int, players: int) -> None:
    pt = _healthy(seed, players)
    assert pt.states[-1].discard, "the playthrough must discard a card"
    testing.check_conservation(DINNER, pt)
    broken = attrs.evolve(DINNER, places=_places_without_discard)
    message = _violation(testing.check_conservation, broken, pt)
    assert "components not conserved" in message
    assert "lost {" in message


def _places_listing_a_card_twice(state: State) -> Mapping[str, tuple[int, ...]]:
    found = dict(places(state))
    found["box"] = (0,)  # card 0 also lies in the box, at every step
    return found


def test_places_listing_a_card_in_two_places_throughout_is_caught() -> None:
    broken = attrs.evolve(DINNER, places=_places_listing_a_card_twice)
    _violation(testing.check_conservation, broken, _healthy(0, 3))


# -- (g): the healthy game --------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "players"), [*SEEDS, (5, 6), (6, 3)],
                         ids=[*SEED_IDS, "seed5-p6", "seed6-p3"])
def test_healthy_dinner_passes_every_invariant(seed: int, players: int) -> None:
    testing.check_all(DINNER, _healthy(seed, players))


def test_healthy_dinner_passes_every_invariant_on_every_state() -> None:
    # 241 actions of every kind (seed 9 played 941: the same checks, four times the time).
    pt = testing.play_random(DINNER, seed=12, players=4, bot_seed=99)
    assert len({type(action).__name__ for action in pt.actions}) == 8
    for _, check in testing.INVARIANTS:
        if check is testing.check_playthrough_ends:
            check(DINNER, pt)
        else:
            check(DINNER, pt, samples=None)  # type: ignore[call-arg]


def test_healthy_dinner_with_options_passes_every_invariant() -> None:
    config = Config(players=5, first_player=3, no_screen_tables=True)
    testing.check_all(DINNER, testing.play_random(DINNER, config, seed=12))
    testing.check_all(DINNER, testing.play_random(DINNER, CUSTOM_CONFIG, seed=13))


def test_play_random_is_deterministic() -> None:
    one = testing.play_random(DINNER, seed=5, players=4, bot_seed=8)
    other = testing.play_random(DINNER, seed=5, players=4, bot_seed=8)
    assert one.actions == other.actions
    assert one.states == other.states
    assert testing.play_random(DINNER, seed=5, players=4, bot_seed=9).actions != one.actions


# -- (h): the hypothesis strategies ----------------------------------------------------------


@settings(max_examples=30)
@given(testing.configs(DINNER))
def test_configs_are_valid(config: Config) -> None:
    assert type(config) is Config
    assert DINNER.min_players <= config.players <= DINNER.max_players
    assert type(config.no_screen_tables) is bool
    assert 0 <= config.first_player < config.players
    assert config.guests is None
    DINNER.validate(DINNER.setup(config, 0))
    assert partyrules.loads(partyrules.dumps(config)) == config


@pytest.mark.parametrize("players", range(DINNER.min_players, DINNER.max_players + 1))
def test_configs_reach_every_player_count(players: int) -> None:
    found = find(testing.configs(DINNER), lambda config: config.players == players,
                 settings=settings(max_examples=200, database=None))
    assert found.players == players


@pytest.mark.parametrize("option", [True, False])
def test_configs_draw_the_variant_both_ways(option: bool) -> None:
    found = find(testing.configs(DINNER), lambda config: config.no_screen_tables is option,
                 settings=settings(max_examples=200, database=None))
    assert found.no_screen_tables is option


@settings(max_examples=10)
@given(testing.configs(DINNER, players=6, first_player=5))
def test_configs_keep_fixed_options(config: Config) -> None:
    assert config.players == 6
    assert config.first_player == 5


@settings(max_examples=10)
@given(testing.playthroughs(DINNER))
def test_playthroughs_are_terminal(pt: testing.Playthrough) -> None:
    assert pt.game == "dinner"
    assert DINNER.min_players <= pt.config.players <= DINNER.max_players
    assert len(pt.states) == len(pt.actions) + 1
    assert pt.states[0] == DINNER.setup(pt.config, pt.seed)
    last = pt.states[-1]
    assert DINNER.is_terminal(last)
    assert not DINNER.to_act(last)
    assert all(not DINNER.is_terminal(state) for state in pt.states[:-1])
    assert DINNER.outcome(last).reason in {"hand_emptied", "pile_exhausted"}
    testing.check_playthrough_ends(DINNER, pt)
    assert pt.replay().final_state() == last


@settings(max_examples=10)
@given(testing.playthroughs(DINNER, config=st.just(CUSTOM_CONFIG)))
def test_playthroughs_of_a_given_config(pt: testing.Playthrough) -> None:
    assert pt.config == CUSTOM_CONFIG
    assert DINNER.is_terminal(pt.states[-1])
    assert pt.replay().verify().ok


def test_apply_all_and_assert_refused_check_scripted_play() -> None:
    game = partyrules.get_game("dany")
    state = game.setup(game.Config(players=4), 1)
    first = next(game.legal_actions(state, 0))
    after = testing.apply_all(game, state, first)
    assert after == game.apply(state, first)
    testing.assert_refused(game, after, first)  # the card is no longer in the hand
    with pytest.raises(testing.InvariantViolation, match="was accepted"):
        testing.assert_refused(game, state, first)
    with pytest.raises(testing.InvariantViolation, match="does not say"):
        testing.assert_refused(game, after, first, "a word the refusal does not use")


def test_the_kit_without_hypothesis_names_the_extra_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "partyrules.core.testing")
    with pytest.raises(ImportError, match=r"needs hypothesis.*pip install 'partyrules\[kit\]'"):
        importlib.import_module("partyrules.core.testing")


# -- the honest draw ----------------------------------------------------------------------------


def test_a_random_action_declared_honest_that_peeks_is_caught() -> None:
    # When I Dream's random_action names the word in play one time in four: declared as a
    # draw from the view, the kit finds the Dreamer's guess following the hidden card.
    dream = partyrules.get_game("when_i_dream")
    peeking = attrs.evolve(dream, random_action_from_view=True, honest_random_action=None)
    pt = testing.play_random(dream, seed=1, players=4)
    with pytest.raises(testing.InvariantViolation, match="follows what it cannot see"):
        testing.check_honest_draw(peeking, pt)
    testing.check_honest_draw(dream, pt)  # its own honest draw passes on the same game


def test_a_draw_whose_use_of_the_rng_follows_hidden_cards_is_caught() -> None:
    # The same action but one more number taken when the pile's top card is even: the next
    # draws would follow the hidden pile.
    def uneven(state: State, seat: int, rng: random.Random) -> Any:
        if state.pile and state.pile[0] % 2 == 0:
            rng.random()
        return rules.random_action(state, seat, rng)

    broken = attrs.evolve(DINNER, random_action_from_view=False, honest_random_action=uneven)
    message = _violation(testing.check_honest_draw, broken, _healthy(0, 3), samples=None)
    assert "more or less randomness" in message


def test_a_game_declares_one_honest_draw_at_most() -> None:
    with pytest.raises(ValueError, match="a second draw"):
        attrs.evolve(DINNER, honest_random_action=rules.random_action)
