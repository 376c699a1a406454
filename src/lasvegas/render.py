"""Pictures of a view: a text board (:func:`text_board`, also ``str(view)``) and an SVG
(:func:`svg`, also the view's ``_repr_svg_``, which Jupyter shows).

Both are drawn from a :class:`~lasvegas.PlayerView` alone, never from a state: they show
exactly what the view's seat may see. The SVG is one self-contained ``<svg>`` element
(no script, no external font or image) that a page can inline or an ``<img>`` can load.

>>> import lasvegas as lv
>>> view = lv.observe(lv.new_game(lv.classic(2)), 0)
>>> print(text_board(view).splitlines()[0])
Round 1 of 4 - Chance: deal the notes
>>> svg(view).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

from html import escape
from typing import Final

from .text import _note_label as _note
from .text import money
from .types import GROUPS
from .view import PlayerView

__all__ = ["hand_labels", "svg", "text_board"]


def hand_labels(view: PlayerView) -> tuple[str, ...]:
    """The viewer's hand in words (the card game), from a module's declared ``hand_labels``
    (:attr:`~lasvegas.Capabilities.hand_labels`) given the view's slice; empty for a
    spectator or an edition without hands.

    >>> import lasvegas as lv
    >>> hand_labels(lv.observe(lv.new_game(lv.classic(2)), 0))
    ()
    """
    declared = view.config.ruleset.capabilities
    for capabilities, part in zip(declared, view.modules, strict=False):
        hook = capabilities.hand_labels
        if hook is not None:
            labels = hook(part, view.seat)
            if labels:
                return tuple(str(label) for label in labels)
    return ()


def _owner(view: PlayerView, owner: int) -> str:
    """A seat as texts name it (``Seat 1 (Ann)``, so that no name passes for another seat),
    or an imaginary owner's name."""
    if owner >= len(view.owners):
        return f"Seat {owner}" if owner < view.players else f"Owner {owner}"
    name = view.owners[owner].name
    if owner < view.players and name != f"Seat {owner}":
        return f"Seat {owner} ({name})"
    return name


def _dice_left(view: PlayerView, seat: int) -> str:
    supply = view.supply[seat]
    parts = [str(supply[0])] + [
        f"{n} {group}" for group, n in zip(GROUPS[1:], supply[1:], strict=False) if n
    ]
    return " + ".join(parts)


def _owner_faces(view: PlayerView, c: int, owner: int) -> list[int] | None:
    """The faces of *owner*'s dice at casino index *c*, one per die weight (a big die is two),
    where the view gives them (the slot machine, B-7); ``None``: they show the casino's
    number."""
    shown = view.casino_faces[c] if c < len(view.casino_faces) else None
    if shown is None:
        return None
    return [f.face for f in shown if f.owner == owner for _ in range(f.dice)]


def _split_big(faces: list[int], big: int) -> tuple[list[int], list[int]]:
    """*faces* (one per die weight) as *big* big dice (a face shown twice) and small ones."""
    rest = sorted(faces)
    bigs: list[int] = []
    for _ in range(big):
        pair = next((f for f in rest if rest.count(f) >= 2), None)
        if pair is None:
            break
        rest.remove(pair)
        rest.remove(pair)
        bigs.append(pair)
    return bigs, rest


def _standings_lines(view: PlayerView) -> list[str]:
    """The final standings, one line a seat, then the tie-break explained (C-16)."""
    final = view.final
    if final is None:
        return []
    lines = [
        f"{final.places[s]}. {_owner(view, s)}: {money(final.money[s])} "
        f"(tie-break {final.tiebreak[s]})"
        for s in final.order
    ]
    return [*lines, final.text]


def _pile(view: PlayerView) -> str:
    """``Notes in the pile: 48`` (``Cards`` in the editions whose notes are money cards)."""
    declared = view.config.ruleset.capabilities
    noun = next((c.notes_name for c in declared if c.notes_name is not None), "notes")
    return f"{noun.capitalize()} in the pile: {view.pile_size}"


def _money_text(view: PlayerView, seat: int) -> str:
    amount = view.money[seat]
    parts = view.money_parts[seat] if seat < len(view.money_parts) else None
    if amount is None:
        return "hidden"
    text = money(amount)
    if parts is not None and len(parts) > 1:
        text += " (" + " + ".join(f"{p.name} {money(p.amount)}" for p in parts) + ")"
    return text


def text_board(view: PlayerView) -> str:
    """The table of *view* as plain text, one line per casino, for terminals and logs.

    >>> import lasvegas as lv
    >>> from lasvegas.testing import deal
    >>> state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    >>> state = lv.apply(state, lv.Roll((1, 1, 3, 3, 3, 5, 6, 6)))
    >>> state = lv.apply(state, lv.Place(3))
    >>> print(text_board(lv.observe(state, 1)))  # doctest: +NORMALIZE_WHITESPACE
    Round 1 of 4 - Chance: roll the dice
    Casino 1  $50,000  -
    Casino 2  $50,000  -
    Casino 3  $50,000  Seat 0: 3
    Casino 4  $50,000  -
    Casino 5  $50,000  -
    Casino 6  $50,000  -
    Dice left: Seat 0 5, Seat 1 8
    Money: Seat 0 $0, Seat 1 $0
    Notes in the pile: 48
    """
    names = view.casino_names or tuple(f"Casino {i + 1}" for i in range(len(view.casinos)))
    tiles = view.casino_tiles or (None,) * len(view.casinos)
    lines = [f"Round {view.round} of {view.rounds} - {view.prompt}".rstrip(" -")]
    if view.final is not None:  # the game is over: its standings, not the last dice
        lines += _standings_lines(view)
        return "\n".join(lines)
    for c, (name, tile, casino) in enumerate(zip(names, tiles, view.casinos, strict=False)):
        notes = " ".join(_note(n) for n in casino.notes) or "no notes"
        dice = ", ".join(
            f"{_owner(view, o)}: "
            + (str(w) if (faces := _owner_faces(view, c, o)) is None else " ".join(map(str, faces)))
            for o, w in enumerate(casino.weights())
            if w
        )
        where = f"{name} [{tile}]" if tile else name
        lines.append(f"{where}  {notes}  {dice or '-'}")
    if any(view.rolled):
        rolled = " | ".join(
            ("" if g == "regular" else f"{g} ") + " ".join(map(str, faces))
            for g, faces in zip(GROUPS, view.rolled, strict=False)
            if faces
        )
        lines.append(f"Rolled by {_owner(view, view.active)}: {rolled}")
    if any(any(s) for s in view.supply):
        lines.append(
            "Dice left: "
            + ", ".join(f"{_owner(view, s)} {_dice_left(view, s)}" for s in range(view.players))
        )
    lines.append(
        "Money: "
        + ", ".join(f"{_owner(view, s)} {_money_text(view, s)}" for s in range(view.players))
    )
    lines.append(_pile(view))
    hand = hand_labels(view)
    if hand:
        lines.append("Your hand: " + ", ".join(hand))
    for number, label in enumerate(view.labels, start=1):
        lines.append(f"  {number}. {label}")
    return "\n".join(lines)


# -- SVG -------------------------------------------------------------------------------------

_W: Final = 760
_COLUMN: Final = 120
_MARGIN: Final = 20
_DIE: Final = 22


def _ink(colour: str) -> str:
    """Black or white text, whichever reads better on *colour* (``#rrggbb``)."""
    try:
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return "#000"
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _die(x: float, y: float, face: int | str, colour: str, *, big: bool = False) -> str:
    size = _DIE + 6 if big else _DIE
    return (
        f'<g class="die"><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" '
        f'fill="{escape(colour)}" stroke="#333" stroke-width="1"/>'
        f'<text x="{x + size / 2}" y="{y + size / 2 + 5}" text-anchor="middle" '
        f'font-size="{14 if big else 13}" font-weight="bold" fill="{_ink(colour)}">'
        f"{escape(str(face))}</text></g>"
    )


def _text(
    x: float, y: float, text: str, *, size: int = 13, anchor: str = "start", **extra: str
) -> str:
    attributes = "".join(  # class_ -> class, font_weight -> font-weight
        f' {k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in extra.items()
    )
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}"{attributes}>'
        f"{escape(text)}</text>"
    )


def svg(view: PlayerView) -> str:
    """The table of *view* as one SVG element: casinos with their tiles, notes and dice (by
    owner colour), the rolled dice, each seat's dice left and money, and the prompt.

    >>> import lasvegas as lv
    >>> picture = svg(lv.observe(lv.new_game(lv.royale(3, deal=("jackpot",))), 0))
    >>> "Casino 6" in picture and "</svg>" in picture
    True
    """
    out: list[str] = []
    names = view.casino_names or tuple(f"Casino {i + 1}" for i in range(len(view.casinos)))
    tiles = view.casino_tiles or (None,) * len(view.casinos)
    y = 30
    out.append(
        _text(_MARGIN, y, f"Round {view.round} of {view.rounds}", size=16, font_weight="bold")
    )
    out.append(_text(_MARGIN + 140, y, view.prompt, size=15, class_="prompt"))
    y += 20
    top = y
    tallest = 0
    for c, (name, tile, casino) in enumerate(zip(names, tiles, view.casinos, strict=False)):
        x = _MARGIN + c * _COLUMN
        parts = [
            _text(x + (_COLUMN - 8) / 2, top + 20, name, anchor="middle", font_weight="bold"),
        ]
        yy = top + 30
        if tile:
            parts.append(
                f'<rect x="{x + 6}" y="{yy}" width="{_COLUMN - 20}" height="20" rx="10" '
                f'fill="#6a3d9a"/>'
            )
            parts.append(
                _text(x + (_COLUMN - 8) / 2, yy + 14, tile, size=11, anchor="middle", fill="#fff")
            )
            yy += 26
        for note in casino.notes:
            parts.append(
                f'<rect x="{x + 6}" y="{yy}" width="{_COLUMN - 20}" height="20" rx="2" '
                f'fill="#cfe8c4" stroke="#5a8f4a"/>'
            )
            parts.append(
                _text(x + (_COLUMN - 8) / 2, yy + 15, _note(note), size=12, anchor="middle")
            )
            yy += 24
        yy += 4
        for owner, (small, big) in enumerate(zip(casino.dice, casino.big, strict=False)):
            if (not small and not big) or view.final is not None:  # over: no last-round dice
                continue
            colour = view.owners[owner].colour if owner < len(view.owners) else "#999999"
            dx = x + 6
            shown = _owner_faces(view, c, owner)
            bigs, smalls = (
                ([c + 1] * big, [c + 1] * small) if shown is None else _split_big(shown, big)
            )
            for face in bigs:
                parts.append(_die(dx, yy, face, colour, big=True))
                dx += _DIE + 10
            for face in smalls:
                if dx + _DIE > x + _COLUMN - 10:
                    dx = x + 6
                    yy += _DIE + 4
                parts.append(_die(dx, yy, face, colour))
                dx += _DIE + 4
            yy += _DIE + (10 if big else 4) + 2
        height = max(yy - top + 6, 150)
        tallest = max(tallest, height)
        out.append(f'<g class="casino" data-casino="{c + 1}">' + "".join(parts) + "</g>")
    # the casinos' frames, now that the tallest is known
    frames = "".join(
        f'<rect x="{_MARGIN + c * _COLUMN}" y="{top}" width="{_COLUMN - 8}" height="{tallest}" '
        f'rx="8" fill="#fdf6e3" stroke="#b58900"/>'
        for c in range(len(view.casinos))
    )
    y = top + tallest + 30
    for n, line in enumerate(_standings_lines(view)):
        out.append(
            _text(
                _MARGIN,
                y,
                line,
                size=15,
                class_="standings",
                font_weight="bold" if n == 0 else "normal",
            )
        )
        y += 24
    if any(view.rolled) and view.final is None:
        colour = view.owners[view.active].colour if view.owners else "#999999"
        out.append(_text(_MARGIN, y, f"Rolled by {_owner(view, view.active)}:", font_weight="bold"))
        x = _MARGIN + 150
        for group, faces in zip(GROUPS, view.rolled, strict=False):
            for face in faces:
                group_colour = colour
                if group == "neutral":
                    group_colour = next(
                        (o.colour for o in view.owners if o.name == "Neutral dice"), "#f5f5f5"
                    )
                out.append(_die(x, y - 17, face, group_colour, big=group == "big"))
                x += _DIE + (10 if group == "big" else 6)
        y += 30
    for s in range(view.players):
        colour = view.owners[s].colour if s < len(view.owners) else "#999999"
        out.append(
            f'<rect x="{_MARGIN}" y="{y - 12}" width="14" height="14" rx="3" fill="{colour}" stroke="#333"/>'
        )
        me = " (you)" if s == view.seat else ""
        dice = (  # no dice to show in the card game, whose dice are cards
            f"dice left {_dice_left(view, s) if any(view.supply[s]) else '0'}, "
            if any(map(any, view.supply))
            else ""
        )
        out.append(
            _text(
                _MARGIN + 22,
                y,
                f"{_owner(view, s)}{me}: {dice}money {_money_text(view, s)}",
            )
        )
        y += 22
    hand = hand_labels(view)
    if hand:
        out.append(_text(_MARGIN, y, "Your hand: " + ", ".join(hand)))
        y += 22
    out.append(_text(_MARGIN, y, _pile(view), size=12, fill="#555"))
    y += 16
    width = max(_W, 2 * _MARGIN + len(view.casinos) * _COLUMN)  # the slot machine: 7 (B-7)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {y}" width="{width}" '
        f'height="{y}" font-family="sans-serif" role="img">'
        f'<rect width="{width}" height="{y}" fill="#ffffff"/>'
        f"{frames}{''.join(out)}</svg>"
    )
