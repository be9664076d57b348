"""Dany goes to Hollywood (Phil Vizcarro), 3 to 8 players; 4 to 9 with Dany's Reason.

The players are personalities in Dany's head: the active one lays out Memory cards to
make the others guess a word of the Idea card, while Dany, hidden among them, leads them
astray. Six successes free the secondaries; otherwise the Final Twist unmasks Dany.

>>> from partyrules.games.dany import GAME
>>> GAME.name, GAME.min_players, GAME.max_players
('dany', 3, 8)
"""

from __future__ import annotations

from partyrules.core.game import Game
from partyrules.games.dany import rules, views
from partyrules.games.dany.actions import ACTION_TYPES, Action
from partyrules.games.dany.state import Config, State, View, places, validate

__all__ = ["GAME", "Action", "Config", "State", "View"]

GAME: Game[Config, State, Action, View] = Game(
    name="dany",
    title="Dany goes to Hollywood",
    min_players=3,
    max_players=8,
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
