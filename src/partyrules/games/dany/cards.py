"""The components of Dany goes to Hollywood: Memory, Idea, Personality and Choice cards.

Memory cards carry no text the engine needs (ids ``0..n-1``); what people see on each is
a picture, which the narration and the web board name by :data:`MEMORY_IMAGES`. Idea cards
carry 5 words numbered 1 to 5; the default set (``data/ideas.json``, package data) is 20
cards of 5 film titles. Personality cards are ids: :data:`DANY`, :data:`REASON` and the
secondaries ``2..8``.

>>> len(DEFAULT_IDEAS), {len(card) for card in DEFAULT_IDEAS}
(20, {5})
>>> personality_name(DANY), personality_name(REASON), personality_name(4)
('Dany', "Dany's Reason", 'secondary personality 3')
>>> memory_image(7), memory_image(67)
(('A paper boat', 1), ('A paper boat', 2))
"""

from __future__ import annotations

import json
from importlib import resources

from partyrules.core.i18n import N_

__all__ = [
    "CHOICES",
    "DANY",
    "DEFAULT_IDEAS",
    "HAND",
    "MEMORY_IMAGES",
    "REASON",
    "SECONDARIES",
    "is_secondary",
    "memory_image",
    "personality_name",
]

DANY = 0
"""The Dany personality card."""
REASON = 1
"""The Dany's Reason personality card (the variant)."""
SECONDARIES: tuple[int, ...] = tuple(range(2, 9))
"""The 7 secondary personality cards."""
CHOICES: tuple[int, ...] = (1, 2, 3, 4, 5)
"""The 5 Choice cards: the number of the word to make the others guess."""
HAND = 7
"""1. The active personality draws 7 Memory cards."""


def is_secondary(personality: int) -> bool:
    """True for a secondary personality (neither Dany nor Dany's Reason)."""
    return personality >= SECONDARIES[0]


def personality_name(personality: int) -> str:
    """A readable name for a personality card."""
    if personality == DANY:
        return "Dany"
    if personality == REASON:
        return "Dany's Reason"
    return f"secondary personality {personality - SECONDARIES[0] + 1}"


def _load_ideas() -> tuple[tuple[str, ...], ...]:
    text = resources.files(__package__).joinpath("data").joinpath("ideas.json").read_text(
        encoding="utf-8")
    return tuple(tuple(card) for card in json.loads(text))


DEFAULT_IDEAS: tuple[tuple[str, ...], ...] = _load_ideas()
"""The default Idea cards: 20 cards of 5 film titles (words numbered 1 to 5)."""


MEMORY_IMAGES: tuple[str, ...] = (
    N_("A melting clock"), N_("A key in the sand"), N_("A lighthouse at night"),
    N_("An empty swing"), N_("A red balloon"), N_("A door in the sky"),
    N_("A whale in the clouds"), N_("A paper boat"), N_("A broken mirror"),
    N_("A staircase to nowhere"), N_("A glowing jellyfish"), N_("A mask on a chair"),
    N_("An open bird cage"), N_("A train in the fog"), N_("A giant eye"),
    N_("A burning letter"), N_("A crown in the mud"), N_("A spider's web with dew"),
    N_("An hourglass full of stars"), N_("A hand made of roots"), N_("A floating island"),
    N_("A tiger in the snow"), N_("An old telephone"), N_("A ladder to the moon"),
    N_("A house on stilts"), N_("A wolf's shadow"), N_("A rain of feathers"),
    N_("A diver in a bathtub"), N_("A carousel at dawn"), N_("An apple with a keyhole"),
    N_("A snake biting its tail"), N_("A ship in a bottle"), N_("A man with a bird's head"),
    N_("A frozen wave"), N_("A tree growing indoors"), N_("A torn map"),
    N_("An umbrella in the desert"), N_("A mountain of chairs"),
    N_("A candle under water"), N_("A golden cage"), N_("Twins holding hands"),
    N_("A lonely astronaut"), N_("A storm in a teacup"), N_("A street lamp in the forest"),
    N_("A crying clown"), N_("A pair of red shoes"), N_("A library on fire"),
    N_("A fish on a bicycle"), N_("A moon with a face"), N_("A violin in the rain"),
    N_("A dinosaur skeleton"), N_("A crowd of hats"), N_("A hedge maze"),
    N_("A glass heart"), N_("A typewriter without keys"), N_("A giant strawberry"),
    N_("A bridge into the fog"), N_("A sleeping lion"), N_("A falling piano"),
    N_("A blue rose"),
)
"""What each Memory card shows, in English (translated through the game's catalogue):
the rulebook's Memory cards are wordless pictures, so the screen and the narration name
each by a picture of their own. The box holds 30 Memory cards and two boxes mixed 60
(the Variant); a larger deck repeats the pictures (:func:`memory_image`). The web board
(``web/board.js``) lists the same pictures in the same order."""


def memory_image(card: int) -> tuple[str, int]:
    """The picture on Memory card ``card`` (English) and which copy of it the card is,
    from 1 (a deck larger than :data:`MEMORY_IMAGES` holds a second copy and more)."""
    return MEMORY_IMAGES[card % len(MEMORY_IMAGES)], card // len(MEMORY_IMAGES) + 1
