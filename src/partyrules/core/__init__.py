"""Game-independent machinery: the Game contract, rng, errors, serializer, replays."""
