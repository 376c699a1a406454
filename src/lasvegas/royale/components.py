"""Component data of Las Vegas Royale, kept as data so owners of the printed game can swap it.

Each constant is one fact of the rules reference (R-1, R-2, R-5, X-7 to X-9); the ones marked *ruling*
are decisions of this library where no official list was found.
"""

from __future__ import annotations

from typing import Final

from ..types import Money

__all__ = [
    "CARDS_PER_ROUND",
    "CHIPS_PER_ROUND",
    "CHIP_VALUE",
    "FACES",
    "MAX_TILES",
    "MONEY_CARDS",
    "NO_REPEAT_MAX",
    "ROUNDS",
    "SMALL_DICE",
    "face_code",
    "face_name",
]

MONEY_CARDS: Final[tuple[Money, ...]] = tuple(
    sorted(
        [30_000] * 11
        + [40_000] * 11
        + [50_000] * 13
        + [60_000] * 15
        + [70_000] * 13
        + [80_000] * 11
        + [90_000] * 9
        + [100_000] * 7
    )
)
"""The 90 money cards, sorted (X-7, *ruling*: one open-source edition's table, unverified)."""

ROUNDS: Final = 3
"""Rounds in a game (R-1)."""

SMALL_DICE: Final = 7
"""Small dice per player; each player also has 1 Biggy (R-2)."""

CARDS_PER_ROUND: Final = 12
"""Money cards dealt each round: 6 pairs, one pair per casino (R-4)."""

CHIPS_PER_ROUND: Final = 2
"""Chips each player gets at the start of every round (R-5)."""

CHIP_VALUE: Final[Money] = 10_000
"""What a chip is worth at the end (R-8) and in payments (T-1, T-1b, X-8)."""

MAX_TILES: Final = 6
"""The most tiles a round may use (T-2 variant: one per casino)."""

NO_REPEAT_MAX: Final = 4
"""The most tiles per round with ``no_repeat`` (T-2: 16 faces on 8 physical tiles)."""

FACES: Final[tuple[tuple[str, str, str], ...]] = (
    ("A1", "lucky-punch", "Lucky Punch"),
    ("A2", "jackpot", "Jackpot"),
    ("B1", "prime-time", "Prime Time"),
    ("B2", "fifty-fifty", "Fifty Fifty"),
    ("C1", "high-five", "High Five"),
    ("C2", "bad-luck", "Bad Luck"),
    ("D1", "pay-day", "Pay Day"),
    ("D2", "power-play", "Power Play"),
    ("E1", "no-entry", "No Entry!"),
    ("E2", "knockout", "Knockout?"),
    ("F1", "block-it", "Block It!"),
    ("F2", "handicap", "Handicap"),
    ("G1", "black-box", "Black Box"),
    ("G2", "double-down", "Double Down"),
    ("H1", "nice-dice", "Nice Dice"),
    ("H2", "my-choice", "My Choice"),
)
"""The 16 tile faces (X-9): ``(code, module id, printed name)``.

A code is the physical tile's letter (``A`` .. ``H``) and the face (``1`` or ``2``); the two
faces of one physical tile are never out together.
"""

_BY_ID: Final = {module_id: code for code, module_id, _ in FACES}
_NAMES: Final = {code: name for code, _, name in FACES}


def face_code(name: str) -> str:
    """The face code of a tile given by its code or its module id.

    >>> face_code("jackpot"), face_code("D1")
    ('A2', 'D1')
    >>> face_code("Z9")
    Traceback (most recent call last):
    ...
    ValueError: unknown tile 'Z9' (give a face code A1..H2 or a tile id such as 'jackpot')
    """
    if name in _NAMES:
        return name
    code = _BY_ID.get(name)
    if code is None:
        raise ValueError(
            f"unknown tile {name!r} (give a face code A1..H2 or a tile id such as 'jackpot')"
        )
    return code


def face_name(code: str) -> str:
    """The printed name of the face *code*.

    >>> face_name("C2")
    'Bad Luck'
    """
    return _NAMES[code]
