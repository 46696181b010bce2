"""What a content stream's readers (`content`, `grammar`) hand their operators to, and how
they refuse an operator whose operands it cannot take, naming the page."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, cast

from printgen.preflight.budget import Refused

MAX_OPERANDS = 10_000  # before one operator; a dash array or a TJ's array is one operand
COUNTED = 100_000  # tokens counted against the budget at a time

if TYPE_CHECKING:
    from decimal import Decimal
    from typing import TypeAlias

    import pikepdf

    Operand: TypeAlias = str | int | Decimal | pikepdf.Object | None
    """A content operand as a reader hands it on: None (PDF's null), a bool, an int, a
    Decimal or a pikepdf.Object (a name, string, array, dictionary) from QPDF's parse, or a
    number's or name's text from `grammar`."""


to_float = cast("Callable[[Operand], float]", float)
"""float() as the scan's readers of numbers (`state.numbers`, `inks.ink_of`) call it on
operands: they catch the TypeError or ValueError it raises for None, a name or a string, and
that is the narrowing (an isinstance on each of the 130,000 operands of a file would cost
more; so would a cast at each call: this one is made once)."""


class Malformed(Exception):
    """An operator whose operands are not what it takes: `expected` says what it does."""

    def __init__(self, expected: str) -> None:
        super().__init__(expected)
        self.expected = expected


class Handler(Protocol):
    operators: frozenset[str]
    """The operators `operator` reads; the others (path construction ...) do nothing to it."""
    unread: frozenset[str]
    """Of `operators`, those it reads without their operands (`q`, `f`, `TJ` ...): a reader
    may hand them on with none."""

    def operator(self, name: str, operands: Sequence[Operand]) -> None: ...

    def inline_image(self, entries: Sequence[Operand]) -> None: ...


def malformed(page: int, name: str, operands: Sequence[Operand], exc: Malformed) -> Refused:
    """The refusal of an operator `name` with `operands` that it cannot take."""
    shown = [_shown(o) for o in operands[:8]] + (["..."] if len(operands) > 8 else [])
    written = " ".join([*shown, name])
    return Refused(page, f"a malformed operator '{written}': {exc.expected}")


def _shown(operand: Operand) -> str:
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    text = str(operand) if not isinstance(operand, (pikepdf.Array, pikepdf.Dictionary)) else "[...]"
    return text if len(text) <= 40 else text[:37] + "..."
