"""Line breaking and fitting for card text (SVG has no text wrapping; cairosvg draws each line).

Widths come from a `Measure`: on the build path the one cairo draws with (`vector.CairoMeasure`),
so a line measured here is the line drawn; `ApproxMeasure` where only the characters matter
(the font-coverage check).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Font:
    """A font as the templates name it (family, bold, italic) and the OpenType features
    it is shaped with (`(("smcp", 1),)`: small capitals; `(("liga", 0),)`: no ligatures)."""

    family: str
    bold: bool = False
    italic: bool = False
    features: tuple[tuple[str, int], ...] = ()


BODY = Font("Lato")
BOLD = Font("Lato", bold=True)
BLACK = Font("Lato Black")
FONTS: dict[str, Font] = {"body": BODY, "bold": BOLD, "black": BLACK}


class Measure(Protocol):
    def advance(self, text: str, font: Font) -> float:
        """The width of `text` in ems (font size 1)."""
        ...

    def extents(self, font: Font) -> tuple[float, float]:
        """The font's ascent and descent (both positive) in ems."""
        ...


class ApproxMeasure:
    """Half an em a character: good enough where the breaks do not matter."""

    def advance(self, text: str, font: Font) -> float:
        return 0.55 * len(text)

    def extents(self, font: Font) -> tuple[float, float]:
        return 0.8, 0.2


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.lines)


def wrap(text: str, width: float, size: float, font: Font, measure: Measure) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` at font `size` (same unit).

    A word wider than a line on its own is split between characters.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if measure.advance(candidate, font) * size <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            current = ""
            for piece in _split_long(word, width, size, font, measure):
                if current:
                    lines.append(current)
                current = piece
        lines.append(current)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def fit(
    text: str,
    width: float,
    max_lines: int,
    size: float,
    min_size: float,
    font: Font,
    measure: Measure,
    step: float = 0.05,
) -> Fitted:
    """The largest size from `size` down to `min_size` at which `text` takes at most
    `max_lines` lines of `width`; at `min_size` the lines are kept however many they are."""
    current = size
    while True:
        lines = wrap(text, width, current, font, measure)
        if len(lines) <= max_lines or current <= min_size:
            return Fitted(round(current, 3), tuple(balance(text, width, current, font, measure)))
        current = max(min_size, current * (1 - step))


def balance(text: str, width: float, size: float, font: Font, measure: Measure) -> list[str]:
    """Lines of even length: the narrowest measure that still takes as few lines as `width`,
    so that no last line is left with one short word."""
    best = wrap(text, width, size, font, measure)
    if len(best) < 2:
        return best
    low, high = width * 0.5, width
    for _ in range(12):
        middle = (low + high) / 2
        trial = wrap(text, middle, size, font, measure)
        if len(trial) <= len(best):
            high, best = middle, trial
        else:
            low = middle
    return best


def shrink_to_width(text: str, width: float, size: float, font: Font, measure: Measure) -> float:
    """The font size (at most `size`) at which `text` fits on one line of `width`."""
    natural = measure.advance(text, font) * size
    return round(size if natural <= width else size * width / natural, 3)


def _split_long(word: str, width: float, size: float, font: Font, measure: Measure) -> list[str]:
    if measure.advance(word, font) * size <= width:
        return [word]
    pieces, current = [], ""
    for char in word:
        if current and measure.advance(current + char, font) * size > width:
            pieces.append(current)
            current = ""
        current += char
    return [*pieces, current] if current else pieces
