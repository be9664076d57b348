"""A chat bot that keeps each table as JSON between messages, and lets bots play the rest.

An app that waits on people (a chat bot, a web app behind a queue) keeps no match in
memory. ``new_table(game, seats, seed)`` seats people (``"person"``) and bots (any name
``partyrules.bots.make_bot`` knows); ``handle(table_json, seat, message)`` restores the
match from the stored JSON, applies a person's message, lets the bots play until a
person may act again, and returns the JSON to store and the replies: for each person,
what happened since as that seat may know it, then its view and its choices. A message
is a number (one of the listed actions), ``wait`` (let the others of a race go first),
or free text: ``guess moon``, ``clue night``, ``recount moon, swan`` (When I Dream),
``propose <story>`` (Dinner), or the text alone when only one such action is open.
Run: python examples/chat_bot.py
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, TypedDict

import attrs

import partyrules
from partyrules.bots import make_bot
from partyrules.core.game import free_text_fields
from partyrules.core.match import turn_of

PERSON = "person"
Replies = dict[int, list[str]]
AnyGame = partyrules.Game[Any, Any, Any, Any]


class Table(TypedDict):
    """What the app stores for one table (the value of ``table_json``)."""

    seats: list[str]
    """Each seat's player: ``"person"`` or a bot's name (``"random"``, ``"ismcts:200"``)."""
    time_limit: int | None
    """When I Dream's clock: time is called after this many clues and guesses a round."""
    match: str
    """``partyrules.dumps(match.position())``: the state, the seed, the actions, the waits."""


def new_table(game: AnyGame, seats: list[str], seed: int,
              time_limit: int | None = None) -> tuple[str, Replies]:
    """A new table of ``game`` and the opening replies (the bots play until a person may
    act)."""
    state = game.setup(game.Config(players=len(seats)), seed)
    position = partyrules.Match(game, state, {}, seed=seed).position()
    return _play({"seats": list(seats), "time_limit": time_limit,
                  "match": partyrules.dumps(position)}, None, "")


def handle(table_json: str, seat: int, message: str) -> tuple[str, Replies]:
    """Seat ``seat``'s message to the table stored as ``table_json``: the table after it
    (unchanged when the message is refused) and the replies to every person."""
    return _play(json.loads(table_json), seat, message)


def command(action_type: type) -> str:
    """The word that names an action with free text: the last word of its class name
    (``GiveClue``: ``clue``)."""
    return str(re.findall("[A-Z][a-z]*", action_type.__name__)[-1]).lower()


def choices(game: AnyGame, state: Any, seat: int) -> tuple[list[Any], dict[str, Any]]:
    """The seat's legal actions without free text, numbered from 1 in chat, and one
    listed action per command that takes free text (to fill in)."""
    numbered: list[Any] = []
    texts: dict[str, Any] = {}
    for action in game.legal_actions(state, seat):
        if free_text_fields(type(action)):
            texts.setdefault(command(type(action)), action)
        else:
            numbered.append(action)
    return numbered, texts


def parse(game: AnyGame, state: Any, seat: int, message: str) -> Any:
    """The action a message names, or a ``str`` saying why it names none."""
    numbered, texts = choices(game, state, seat)
    word, _, rest = message.partition(" ")
    if message.isdigit() and 1 <= int(message) <= len(numbered):
        return numbered[int(message) - 1]
    if word.lower() in texts:
        template, text = texts[word.lower()], rest
    elif len(texts) == 1 and not message.isdigit() and word.lower() not in {
            command(kind) for kind in game.action_types if free_text_fields(kind)}:
        # The one action with free text open now, and no other command: this is its text.
        (template,) = texts.values()
        text = message
    else:
        ways = [f"a number from 1 to {len(numbered)}"] if numbered else []
        ways += [f"{word} <{free_text_fields(type(action))[0]}>" for word, action in texts.items()]
        return "reply with " + " or ".join(ways)
    field = free_text_fields(type(template))[0]
    value: str | tuple[str, ...] = text.strip()
    if isinstance(getattr(template, field), tuple):  # a list of words: comma-separated
        value = tuple(part.strip() for part in text.split(",") if part.strip())
    return attrs.evolve(template, **{field: value})


def prompt(game: AnyGame, match: partyrules.Match, seat: int) -> str:
    """The last reply to a person: its view and its choices, what it waits for, or how
    the game ended."""
    if match.finished:
        outcome = game.outcome(match.state)
        return (f"Game over ({outcome.reason}): winners {sorted(outcome.winners)}, "
                f"scores {outcome.scores}")
    turn = match.turn()
    if seat not in match.waiting:
        return f"Waiting: {turn.if_nobody_acts}."
    numbered, texts = choices(game, match.state, seat)
    lines = [game.render_view(game.view(match.state, seat)), f"Seat {seat}, reply with:"]
    lines += [f"  {number}. {game.describe_action(match.state, action, seat)}"
              for number, action in enumerate(numbered, 1)]
    lines += [f"  {word} <{free_text_fields(type(action))[0]}>" for word, action in texts.items()]
    if turn.seats[seat] == "may_wait":
        lines.append("  wait: let the others go first")
    return "\n".join(lines)


def _play(table: Table, seat: int | None, message: str) -> tuple[str, Replies]:
    """Restore the match, apply the message, run the bots, save: the heart of the app."""
    position = partyrules.loads(table["match"])
    game = partyrules.get_game(position.game)
    people = [s for s, player in enumerate(table["seats"]) if player == PERSON]
    bots = {s: make_bot(player, game) for s, player in enumerate(table["seats"])
            if player != PERSON}
    heard: Replies = {person: [] for person in people}

    def narrate(state: Any, action: Any) -> None:  # each person hears it as it may know it
        for person in people:
            heard[person].append(game.describe_action(state, action, person))

    match = partyrules.Match.from_position(game, position, bots, on_action=narrate,
                                           time_limit=table["time_limit"])
    match.run()  # the saved match stopped where a person is to act: this finds who
    if seat is not None:
        refused = _obey(game, match, seat, message.strip(), heard)
        if refused is not None:
            return json.dumps(table), {seat: [f"Refused: {refused}.", prompt(game, match, seat)]}
        match.run()  # the bots play until a person may act, or the game ends
    table["match"] = partyrules.dumps(match.position())
    return json.dumps(table), {p: [*heard[p], prompt(game, match, p)] for p in people}


def _obey(game: AnyGame, match: partyrules.Match, seat: int, message: str,
          heard: Replies) -> str | None:
    """Apply a person's message to the match; None, or why it was refused (the match is
    then unchanged)."""
    if seat not in match.waiting:
        return "the game is over" if match.finished else "it is not your turn"
    try:
        if message.lower() == "wait":
            match.wait(seat)
            for lines in heard.values():
                lines.append(f"Seat {seat} waits")
            return None
        action = parse(game, match.state, seat, message)
        if isinstance(action, str):
            return action
        match.submit(action)
    except partyrules.IllegalAction as error:
        return str(error)
    return None


def scripted(table_json: str, seat: int, rng: random.Random) -> str:
    """A person's next message, for the demo: ``wait`` half the time the seat may wait,
    else one of its choices at random, as the person would type it."""
    position = partyrules.loads(json.loads(table_json)["match"])
    game, state = partyrules.get_game(position.game), position.state
    if turn_of(game, state, position.waited).seats[seat] == "may_wait" and rng.random() < 0.5:
        return "wait"
    numbered, _ = choices(game, state, seat)
    texted = [action for action in game.legal_actions(state, seat)
              if free_text_fields(type(action))]
    pick = rng.randrange(len(numbered) + (1 if texted else 0))
    if pick < len(numbered):
        return str(pick + 1)
    action = rng.choice(texted)  # a word the game lists; a person types their own
    text = getattr(action, free_text_fields(type(action))[0])
    said = ", ".join(text) if isinstance(text, tuple) else text or "they met at a gala"
    return f"{command(type(action))} {said}".strip()


def demo(name: str, seed: int, time_limit: int | None = None, shown: int = 4) -> None:
    """A whole game with a person at seat 0 (scripted) and random bots elsewhere: what
    the person sees first, what it hears after its first messages, how the game ended."""
    game = partyrules.get_game(name)
    table_json, replies = new_table(game, [PERSON, "random", "random", "random"], seed,
                                    time_limit)
    print(f"== {game.title}: seat 0 is a person, seats 1 to 3 random bots")
    print(*(f"  {line}" for line in replies[0][-1].splitlines()), sep="\n")  # what 0 sees
    rng, messages = random.Random(seed), 0
    while not replies[0][-1].startswith("Game over"):
        message = scripted(table_json, 0, rng)
        table_json, replies = handle(table_json, 0, message)
        messages += 1
        if messages <= shown:  # the narration; the last reply (view, choices) is long
            print(f"> {message}", *(f"  {line}" for line in replies[0][:-1]), sep="\n")
    actions = partyrules.loads(json.loads(table_json)["match"]).actions
    bot_actions = sum(1 for action in actions if action.seat != 0)
    print(f"... {messages} messages from seat 0, {len(actions)} actions "
          f"({bot_actions} by the bots and the table)")
    print(replies[0][-1])


if __name__ == "__main__":
    demo("when_i_dream", seed=3, time_limit=6)
    demo("dinner", seed=5, shown=5)
