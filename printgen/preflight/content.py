"""A content stream read token by token (QPDF's tokenizer through pikepdf.StreamParser): the
operands are gathered and each operator is handed to a handler with them, so nothing but the
current operands is held, whatever the stream's length (pikepdf.parse_content_stream builds
every instruction first: 10 million `q Q` cost it over 3 GB). Tokens count against the file's
budget; an operator with operands it cannot take is refused, naming the page. pikepdf is
imported when a stream is read, not with this module (kit.shops imports preflight's checks).

A stream of at most `WHOLE_BYTES` (every stream printgen writes) is parsed whole instead, by
pikepdf.parse_content_stream in C++ (48 MB at worst): the same operators handed on, in the
same order, with the same operands, and the same tokens counted; the operands of an operator
the handler does not read (`Handler.operators`: path construction, most of a drawing) are not
even made into Python objects. A stream it would read differently (an inline image, which the
token reader hands on as its entries; a parse error or an unterminated object, which the token
reader meets only after handing on the operators before it) is read token by token.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from printgen.preflight.budget import Budget, Refused
from printgen.preflight.grammar import read_plain
from printgen.preflight.handler import (
    COUNTED,
    MAX_OPERANDS,
    Handler,
    Malformed,
    malformed,
)

if TYPE_CHECKING:
    import pikepdf

    from printgen.preflight.handler import Operand

WHOLE_BYTES = 256_000  # a stream parsed whole (256 KB of `q Q ` makes 131,072 instructions, 48 MB)


@cache
def _tokens_class() -> Callable[[Handler, int, Budget], pikepdf.StreamParser]:
    """The StreamParser that hands operators on (a class of pikepdf's, made when needed)."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    class _Tokens(pikepdf.StreamParser):
        def __init__(self, handler: Handler, page: int, budget: Budget) -> None:
            super().__init__()
            self.handler, self.page, self.budget = handler, page, budget
            self.operands: list[Operand] = []
            self.inline: list[Operand] | None = None  # an inline image's entries, from BI to ID
            self.tokens = 0

        def handle_object(self, obj: Operand, offset: int, length: int) -> None:
            self.tokens += 1
            if self.tokens >= COUNTED:
                self.budget.spend_operators(self.tokens, self.page)
                self.tokens = 0
            if not isinstance(obj, pikepdf.Operator):
                if len(self.operands) >= MAX_OPERANDS:
                    raise Refused(self.page, f"an operator with over {MAX_OPERANDS} operands")
                self.operands.append(obj)
                return
            name = str(obj)
            operands, self.operands = self.operands, []
            if name == "BI":
                self.inline = []
            elif name == "ID" and self.inline is not None:
                self.inline = operands
            elif name == "EI" and self.inline is not None:
                entries, self.inline = self.inline, None
                self._handled(name, entries, lambda: self.handler.inline_image(entries))
            elif name in self.handler.operators:
                self._handled(name, operands, lambda: self.handler.operator(name, operands))

        def _handled(
            self, name: str, operands: Sequence[Operand], handle: Callable[[], None]
        ) -> None:
            try:
                handle()
            except Malformed as exc:
                raise malformed(self.page, name, operands, exc) from None

        def handle_eof(self) -> None:
            self.budget.spend_operators(self.tokens, self.page)
            self.tokens = 0

    return _Tokens


def read_content(data: bytes, handler: Handler, page: int, budget: Budget) -> None:
    """Hand each operator of the content `data` to `handler`, in order."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    if len(data) <= WHOLE_BYTES and read_plain(data, handler, page, budget):
        return
    scratch = pikepdf.new()  # the bytes parsed as a page's content of a document of their own
    if len(data) <= WHOLE_BYTES and _read_whole(scratch, data, handler, page, budget):
        return
    holder = scratch.add_blank_page()
    holder.obj.Contents = scratch.make_stream(data)
    tokens = _tokens_class()(handler, page, budget)
    try:
        holder.parse_contents(tokens)
    except pikepdf.PdfError as exc:
        raise Refused(page, f"its content cannot be read ({exc})") from None


INLINE_NAMES = {"BI", "ID", "EI", "INLINE IMAGE"}


def _read_whole(
    scratch: pikepdf.Pdf, data: bytes, handler: Handler, page: int, budget: Budget
) -> bool:
    """`data` parsed whole and handed on as `read_content` does; False, having handed nothing
    on, when the token reader must read it (an inline image, a parse error or warning). Only
    operands left after the last operator go uncounted (the token reader counts them)."""
    import pikepdf  # only here: start-up time (kit.shops imports preflight's checks)

    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        try:
            instructions = pikepdf.parse_content_stream(scratch.make_stream(data))
        except pikepdf.PdfError:
            return False
    if warned:  # it stopped short (an unterminated string, array, dictionary)
        return False
    if b"BI" in data and any(str(i.operator) in INLINE_NAMES for i in instructions):
        return False  # (an inline image's tokens hold "BI": most streams need not be looked at)
    tokens = 0
    wanted = handler.operators
    for instruction in instructions:
        operands = instruction.operands
        count = len(operands)
        tokens += count + 1
        if tokens >= COUNTED:
            budget.spend_operators(tokens, page)
            tokens = 0
        if count > MAX_OPERANDS:
            raise Refused(page, f"an operator with over {MAX_OPERANDS} operands")
        name = str(instruction.operator)
        if name not in wanted:
            continue  # its operands are not even made into Python objects
        listed: list[Operand] = list(operands)
        try:
            handler.operator(name, listed)
        except Malformed as exc:
            raise malformed(page, name, listed, exc) from None
    budget.spend_operators(tokens, page)
    return True
