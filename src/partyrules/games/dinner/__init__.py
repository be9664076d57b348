"""Guess Who's Coming to Dinner (Bruno Faidutti), 3 to 7 players.

Players seat famous guests at dinner tables and tell why they dine together; the others
vote guests down; a table scores one point per guest and one per suit.

>>> from partyrules.games.dinner import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('dinner', 3, 7)
"""

from __future__ import annotations

from partyrules.core.game import Game
from partyrules.games.dinner import rules, views
from partyrules.games.dinner.actions import ACTION_TYPES, Action
from partyrules.games.dinner.cards import DEFAULT_GUESTS, Guest
from partyrules.games.dinner.state import Config, State, View, places, validate

__all__ = ["DEFAULT_GUESTS", "GAME", "Action", "Config", "Guest", "State", "View"]

GAME: Game[Config, State, Action, View] = Game(
    name="dinner",
    title="Guess Who's Coming to Dinner",
    min_players=3,
    max_players=7,
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
