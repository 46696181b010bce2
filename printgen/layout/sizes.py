"""Named card and paper sizes (DESIGN.md section 7), all in millimetres."""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches

from printgen.layout.units import parse_length


@dataclass(frozen=True)
class Size:
    width: float
    height: float
    name: str = ""

    @property
    def turned(self) -> Size:
        """The same paper (or card) turned a quarter: landscape for portrait."""
        return Size(self.height, self.width, self.name)

    def __str__(self) -> str:
        label = f"{self.name} " if self.name else ""
        return f"{label}{self.width:g} x {self.height:g} mm"


CARD_SIZES: dict[str, Size] = {
    "poker": Size(63.5, 88.9, "poker"),
    "bridge": Size(57.15, 88.9, "bridge"),
    "tarot": Size(69.85, 120.65, "tarot"),
    "mini": Size(44.45, 63.5, "mini"),
    "square": Size(80.0, 80.0, "square"),
}

PAPER_SIZES: dict[str, Size] = {
    "a4": Size(210.0, 297.0, "a4"),
    "letter": Size(215.9, 279.4, "letter"),
    "a3": Size(297.0, 420.0, "a3"),
    "a5": Size(148.0, 210.0, "a5"),
}

LARGE_PAPERS: dict[str, Size] = {
    "a3": PAPER_SIZES["a3"],
    "a2": Size(420.0, 594.0, "a2"),
    "a1": Size(594.0, 841.0, "a1"),
    "a0": Size(841.0, 1189.0, "a0"),
}
"""The sheets a part too large for home paper is printed whole on, smallest first (ISO 216)."""

MIN_CARD_MM, MAX_CARD_MM = 20.0, 420.0
"""The sides a card may have: smaller leaves no room inside the safe zone (and would put tens of
thousands of cards on a sheet); larger is a board."""

BLEED_MM = 3.0
SAFE_MM = 3.0
MIN_MARGIN_MM = 5.0


def card_size(value: object) -> Size:
    """A card size from data: a name (`poker`), `[63mm, 88mm]` (the list a deck's `size:`
    takes) or `{width: 63.5mm, height: 3.5in}`."""
    if isinstance(value, str):
        if value in CARD_SIZES:
            return CARD_SIZES[value]
        close = get_close_matches(value.strip().lower(), CARD_SIZES, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(
            f"unknown card size {value!r}{hint} (expected one of {', '.join(CARD_SIZES)},"
            " [width, height] or {width: ..., height: ...})"
        )
    width, height = (parse_length(_length(side)) for side in _sides(value))
    size = Size(width, height)
    for side in (size.width, size.height):
        if not MIN_CARD_MM <= side <= MAX_CARD_MM:
            raise ValueError(
                f"a card side of {side:g} mm is outside {MIN_CARD_MM:g} to "
                f"{MAX_CARD_MM:g} mm (a card needs room for its 3 mm safe zone and text; "
                "larger than A3 is a board, not a card)"
            )
    return size


def _length(value: object) -> str | float | int:
    if isinstance(value, (str, float, int)):
        return value
    raise ValueError(f"expected a length such as 63mm or 2.5in, got {value!r}")


def _sides(value: object) -> tuple[object, object]:
    """A card's width and height as written: `[W, H]` or `{width: W, height: H}`."""
    if isinstance(value, list):
        if len(value) != 2:
            raise ValueError(f"expected [width, height], got a list of {len(value)}")
        return value[0], value[1]
    if isinstance(value, dict):
        if set(value) == {"width", "height"}:
            return value["width"], value["height"]
        odd = sorted(str(k) for k in value if k not in ("width", "height"))
        close = [
            f"{k!r}: did you mean {c[0]!r}?"
            for k in odd
            if (c := get_close_matches(k, ("width", "height"), n=1))
        ]
        hint = f" ({'; '.join(close)})" if close else ""
        keys = ", ".join(str(k) for k in value) or "none"
        raise ValueError(f"expected the keys width and height, got {keys}{hint}")
    raise ValueError(
        f"expected a card size name, [width, height] or {{width: ..., height: ...}}, got {value!r}"
    )
