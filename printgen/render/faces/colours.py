"""Colours of a design: the shared palette's named colours and element tones, the design's own
suits, and for any other suit or category a colour from a colour-blind-safe cycle (Okabe and
Ito's set), so a designer's new suit never breaks the build and never looks like another."""

from __future__ import annotations

import re
from typing import TypedDict

from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.render.faces.palette import Palette, contrast

CYCLE = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442")
DARK_INK, LIGHT_INK = "#1f1b16", "#ffffff"
TONES = ("fill", "dark", "light", "ink")
MARK_CONTRAST = 3.0
"""What `suit.mark` keeps the fill for: WCAG 2.1's figure for graphics against the paper."""
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def rgb(colour: str) -> tuple[float, float, float]:
    """A `#rrggbb` colour as cairo's (r, g, b), each 0 to 1."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def mix(colour: str, other: str, share: float) -> str:
    """`colour` moved `share` (0..1) of the way towards `other`."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b, strict=True))


def tones_from(fill: str, given: dict[str, str] | None = None) -> dict[str, str]:
    """All four tones from a fill; `given` ones are kept."""
    given = dict(given or {})
    ink = max((DARK_INK, LIGHT_INK), key=lambda c: contrast(c, fill))
    return {
        "fill": fill,
        "dark": given.get("dark") or mix(fill, "#000000", 0.55),
        "light": given.get("light") or mix(fill, "#ffffff", 0.82),
        "ink": given.get("ink") or ink,
    }


def is_colour(value: object) -> bool:
    return isinstance(value, str) and bool(_HEX.match(value))


class DesignPalette(TypedDict):
    """A design's own colours (`palette: colours:`, name -> colour) and suits (`suits:` or
    `elements:`, suit -> a colour or its tones), as design.yaml and palette.yaml give them."""

    colours: YamlMapping
    suits: YamlMapping


def _tones_given(spec: YamlValue) -> YamlMapping:
    if not isinstance(spec, dict):
        raise TypeError(f"a suit's colours: expected a colour or its tones, got {spec!r}")
    return spec


class Colours:
    """Named colours and per-suit tones for one game."""

    def __init__(self, palette: Palette, design: DesignPalette, suits: list[str]) -> None:
        self.named = {  # a design's colour may be a shared one's name (`night`)
            **palette.colours,
            **{
                str(k): palette.colours.get(str(v), str(v))
                for k, v in (design.get("colours") or {}).items()
            },
        }
        self.suits: dict[str, dict[str, str]] = {}
        own = design.get("suits") or {}
        spare = iter(CYCLE * (len(suits) // len(CYCLE) + 1))
        for name in suits:
            if name in own:
                self.suits[name] = self._own_tones(own[name])
            elif name in palette.elements:
                self.suits[name] = dict(vars(palette.elements[name]))
            else:
                self.suits[name] = tones_from(next(spare))
        for key, spec in own.items():  # suits named in the design but on no card
            if key not in self.suits:
                self.suits[str(key)] = self._own_tones(spec)
        for name, tones in palette.elements.items():
            self.suits.setdefault(name, dict(vars(tones)))

    def _own_tones(self, spec: YamlValue) -> dict[str, str]:
        """A design's suit: one colour or its tones, each #rrggbb or a named colour (spec.py
        checked it is one or the other)."""
        given: YamlMapping = {"fill": spec} if isinstance(spec, str) else _tones_given(spec)
        tones = {str(t): self.named.get(str(c), str(c)) for t, c in given.items()}
        return tones_from(tones["fill"], tones)

    def neutral(self) -> dict[str, str]:
        return tones_from(self.named.get("accent", "#b8892f"))

    def tones(self, suit: str | None) -> dict[str, str]:
        if suit and suit in self.suits:
            return self.suits[suit]
        return self.neutral()

    def mark(self, tones: dict[str, str]) -> str:
        """A suit's colour for a mark on the paper: its fill, or its dark tone where the fill
        is too pale to be told from the paper (under 3:1, WCAG's figure for graphics: the
        orange and yellow of the colour-blind-safe cycle)."""
        fill = tones["fill"]
        paper = self.named.get("paper", "#ffffff")
        return fill if contrast(fill, paper) >= MARK_CONTRAST else tones["dark"]

    def resolve(self, value: object, tones: dict[str, str]) -> str | None:
        """`#rrggbb`, a palette name (`ink`), `suit.fill` (the card's suit's tone),
        `suit.mark` (its fill, or its dark tone if the fill is pale on paper) or
        `SUIT.TONE` (another suit's); None when the name is unknown."""
        if value is None or value == "none":
            return "none"
        text = str(value).strip()
        if is_colour(text):
            return text.lower()
        if text in self.named:
            return self.named[text]
        head, _, tone = text.partition(".")
        if tone == "mark":
            source = tones if head == "suit" else self.suits.get(head)
            return None if source is None else self.mark(source)
        if tone in TONES:
            if head == "suit":
                return tones[tone]
            if head in self.suits:
                return self.suits[head][tone]
        return None
