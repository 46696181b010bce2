"""A mirrored number that turned round reads as another: the mark that tells them apart.

Corner values are printed twice, the second copy turned 180 degrees (`mirror: true`), so a
card reads the same whichever way up it is held. A 6 turned round is a 9, 66 is 99, 68 is 89,
16 is 91: in a fanned hand the player cannot tell which way up the corner is. Playing cards,
billiard balls and bingo balls answer with a bar under such a number (6 and 9, not 8 or 69,
which turned read as themselves); printgen draws it on every copy of a mirrored text box whose
text is such a number, in the text's colour and sized to it. A design turns it off with
`turn_mark: false` in the box, and on with `turn_mark: true` in one that is not mirrored (the
default design's die faces: a die lands any way up).
"""

from __future__ import annotations

from printgen.render.draw.svg import number as n

TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
"""Digits that turned 180 degrees read as a digit (2 and 5 do in some typefaces only)."""

BAR_BELOW_EM = 0.11
"""The bar's top below the baseline, in font sizes (clear of the digit, inside its descent)."""
BAR_EM = 0.075
"""The bar's thickness, in font sizes (as heavy as a digit's thin strokes)."""


def reads_as_another(text: str) -> bool:
    """Whether `text`, turned 180 degrees, reads as a different number: every character is a
    digit that turns into a digit, and the turned text differs and does not start with 0 (which
    no one writes: 10 turned reads 01, not another number)."""
    text = text.strip()
    if not text or any(c not in TURNED for c in text):
        return False
    turned = "".join(TURNED[c] for c in reversed(text))
    return turned != text and not (len(turned) > 1 and turned.startswith("0"))


def bar(left: float, right: float, baseline: float, size: float, colour: str) -> str:
    """The bar under a line of text from `left` to `right` at `baseline` (the text's units)."""
    return (
        f'<rect x="{n(left)}" y="{n(baseline + BAR_BELOW_EM * size)}" width="{n(right - left)}" '
        f'height="{n(BAR_EM * size)}" fill="{colour}"/>'
    )
