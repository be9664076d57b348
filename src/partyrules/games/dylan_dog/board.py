"""Board geometry, computed once per :class:`~partyrules.games.dylan_dog.cards.Board`:
which sector holds what, how pawns step along the rings and the mystery paths, and
which plane changes a square allows under the current rotation.

>>> from partyrules.games.dylan_dog.cards import DEFAULT_BOARD
>>> geo = geometry(DEFAULT_BOARD)
>>> geo.sector(2, rotation=4), geo.gate_at[6]     # passage square 2 over gate 1
(6, 1)
>>> geo.path_square(0, 5), geo.path_square(0, 2)  # a branch square, the shared shadow
('plain', 'shadow')
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from partyrules.games.dylan_dog.cards import Board

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["CLOCKWISE", "COUNTERCLOCKWISE", "OPPOSITE", "Geometry", "geometry"]

CLOCKWISE: Final = "clockwise"
COUNTERCLOCKWISE: Final = "counterclockwise"
OPPOSITE: Mapping[str, str] = MappingProxyType({
    CLOCKWISE: COUNTERCLOCKWISE, COUNTERCLOCKWISE: CLOCKWISE, "in": "out", "out": "in"})
"""The reverse of each heading (rings: the two directions; paths: in and out)."""


@attrs.frozen(slots=True)
class Geometry:
    """Lookup tables of one board."""

    board: Board
    white: frozenset[int]
    crypt_at: Mapping[int, int]
    """Sector -> the crypt facing it."""
    gate_at: Mapping[int, int]
    """Sector -> the gate there."""
    exchange: frozenset[int]
    faces: frozenset[int]
    gate_crypts: tuple[tuple[int, ...], ...]
    """Per gate, the crypts (indices) its path leads to."""
    crypt_gates: tuple[tuple[int, ...], ...]
    """Per crypt, the gates whose paths lead to it."""

    def sector(self, square: int, rotation: int) -> int:
        """The sector where nightmare ``square`` lies under ``rotation``."""
        return (square + rotation) % self.board.sectors

    def square_at(self, sector: int, rotation: int) -> int:
        """The nightmare square lying at ``sector`` under ``rotation``."""
        return (sector - rotation) % self.board.sectors

    def path_square(self, gate: int, square: int) -> str:
        """``"gate"``, ``"plain"`` or ``"shadow"``: square ``square`` of ``gate``'s path."""
        if square == 0:
            return "gate"
        path = self.board.gates[gate]
        shared = len(path.shared)
        if square <= shared:
            return path.shared[square - 1]
        return path.branch[square - shared - 1]


@lru_cache(maxsize=32)
def geometry(board: Board) -> Geometry:
    """The lookup tables of ``board`` (built once per board)."""
    names = [crypt.name for crypt in board.crypts]
    gate_crypts = tuple(tuple(names.index(name) for name in gate.crypts)
                        for gate in board.gates)
    return Geometry(
        board=board,
        white=frozenset(board.white_squares),
        crypt_at=MappingProxyType({c.sector: i for i, c in enumerate(board.crypts)}),
        gate_at=MappingProxyType({g.sector: i for i, g in enumerate(board.gates)}),
        exchange=frozenset(board.exchange_sectors),
        faces=frozenset(board.dylan_faces),
        gate_crypts=gate_crypts,
        crypt_gates=tuple(tuple(g for g, crypts in enumerate(gate_crypts) if c in crypts)
                          for c in range(len(names))),
    )
