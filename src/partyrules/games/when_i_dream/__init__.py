"""When I Dream (Chris Darsaklis), 4 to 10 players.

A Dreamer, eyes covered, names dreams from one-word clues; Fairies help, Boogeymen
mislead, Sandmen want the two piles even. Each player dreams once.

>>> from partyrules.games.when_i_dream import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('when_i_dream', 4, 10)
"""

from __future__ import annotations

from partyrules.core.game import Game
from partyrules.games.when_i_dream import rules, views
from partyrules.games.when_i_dream.actions import ACTION_TYPES, Action
from partyrules.games.when_i_dream.state import Config, State, View, places, validate

__all__ = ["GAME", "Action", "Config", "State", "View"]

GAME: Game[Config, State, Action, View] = Game(
    name="when_i_dream",
    title="When I Dream",
    min_players=4,
    max_players=10,
    Config=Config,
    State=State,
    View=View,
    action_types=ACTION_TYPES,
    setup=rules.setup,
    to_act=rules.to_act,
    is_simultaneous=rules.is_simultaneous,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    is_terminal=rules.is_terminal,
    outcome=rules.outcome,
    view=views.view,
    determinize=views.determinize,
    random_action=rules.random_action,
    validate=validate,
    places=places,
    describe_action=views.describe_action,
    render_view=views.render_view,
)
