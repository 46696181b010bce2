"""The sizes of a worked example's picture and of the mini cards in it, and where a mini
card's title breaks. The rulebook stage draws them (`printgen.render.rulebook.worked.minicard`)
from the values the engines give (`printgen.rules.pictures.MiniCard`)."""

from __future__ import annotations

W, H = 13.0, 18.5  # a mini card, in diagram units

EXAMPLE_MM = 53.0
"""The printed width of a worked example's picture, two examples a row on the A5 page: half of
the 120 mm text width less the 3 mm gap, less each box's 2.5 mm padding either side
(templates/common/rulebook/rulebook.css.j2). A picture declared wider would be shrunk to fit,
and its labels with it."""
WIDE_EXAMPLE_MM = 114.0
"""The same for an example alone on its row."""


def title_lines(title: str, width: float, size: float) -> list[str]:
    """A card's title on one line, or on two split at a space when one line would overrun
    `width` (a bold Lato letter is taken as 0.56 of the size wide)."""
    words = title.split()
    if len(title) * size * 0.56 <= width or len(words) < 2:
        return [title]
    best = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(title) / 2))
    return [" ".join(words[:best]), " ".join(words[best:])]
