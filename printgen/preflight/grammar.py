"""A content stream read by a compiled grammar of PDF's tokens, in C (`re`), not object by
object: the operators the handler reads come out with the text of their operands, and the
rest of the stream (path construction, most of a drawing: about two thirds of its
operators) is stepped over inside the regular expression, never made into Python objects.

The grammar is a strict subset of what QPDF reads, the content printgen writes and most
files: numbers (an integer of at most 18 digits), names without `#` escapes, literal strings
(nesting one level deep), hex strings, flat arrays, flat dictionaries of key and value pairs,
and operators of letters, digits, `'`, `"` and `*`. A stream with anything else (a comment,
`true`, `false` or `null`, an inline image, a nested array, an unterminated object, operands
after the last operator, over `MAX_OPERANDS` operands on one operator) or with `COUNTED`
tokens or more is not read here: `read_plain` returns False having handed nothing on, and
`content.read_content` reads it as before. What it hands on is what QPDF would hand on: the
same operators in the same order, each read operand the same number or name, and the same
count of tokens spent (`tests/shop/test_preflight_grammar.py` compares them).

Operands come as text: a number's as written (`float` reads it as it reads pikepdf's Decimal
or int), a name's with its slash. An operator whose operands hold a string, array or
dictionary is handed pikepdf's objects for them (QPDF's own parse of that one instruction);
so is a malformed operator's message, written as the other readers write it.
"""

from __future__ import annotations

import re
from functools import cache, partial
from operator import itemgetter
from typing import TYPE_CHECKING

from printgen.preflight.budget import Budget
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

_WS = rb"[\x00\t\n\x0c\r ]"
_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"  # what a number, name or operator is made of
_END = rb"(?!" + _REGULAR + rb")"
_NUMBER = rb"[+-]?(?:\d{1,18}(?:\.\d*)?|\.\d+)" + _END
_NAME = rb"/[!\"$&'*+,\-.0-;=?-Z\\^-z|~]*+" + _END  # printable ASCII but delimiters and '#'
_STRING = rb"\((?:[^()\\]++|\\[\s\S]|\((?:[^()\\]++|\\[\s\S])*+\))*+\)"
_HEX = rb"<[0-9A-Fa-f\x00\t\n\x0c\r ]*+>"
_ATOM = b"(?:" + b"|".join([_NUMBER, _NAME, _STRING, _HEX]) + b")"
_ARRAY = rb"\[(?:" + _WS + b"++|" + _ATOM + rb")*+\]"
_VALUE = b"(?:" + _ATOM + b"|" + _ARRAY + b")"
_DICT = rb"<<" + _WS + b"*+(?:" + _NAME + _WS + b"*+" + _VALUE + _WS + rb"*+)*+>>"
_OPERAND = _WS + b"*+(?:" + _ATOM + b"|" + _ARRAY + b"|" + _DICT + b")"
_NOT_OPERATORS = frozenset({"true", "false", "null", "BI", "ID", "EI"})
"""Words the grammar leaves to QPDF: three objects, and an inline image's binary data."""
_WORDS = b"|".join(w.encode() for w in sorted(_NOT_OPERATORS))
_OPERATOR = rb"(?!(?:" + _WORDS + b")" + _END + rb")[A-Za-z'\"*][A-Za-z0-9'\"*]*+" + _END
_COUNTED = re.compile(
    _STRING
    + rb"|<<(?:[^>(]++|>(?!>)|" + _STRING + rb")*+>>|\[(?:[^\]()]++|" + _STRING + rb")*+\]"
    + rb"|<[^>]*+>|/?[^\x00\t\n\x0c\r ()<>\[\]{}/%]++|/"
)  # fmt: skip
"""A token of a stream in the grammar, told apart by its first bytes alone (what the grammar
has checked need not be again): a third faster than matching `_OPERAND` and `_OPERATOR`."""
_UNSPLIT = re.compile(rb"[(<\[\x00]|[^\t\n\x0c\r ]/")
"""What `bytes.split` does not split as QPDF does: a string, array or dictionary, NUL (white
space in PDF, not to Python), a name run on from the operand before it (`/P0/P1`, `1/A`)."""


def _instructions(wanted: frozenset[str]) -> re.Pattern[bytes]:
    """Each read operator with its operands, the others before it stepped over; the stream's
    end (`tail`); or, from the first place the grammar does not take, the rest (`bad`: a
    stream outside the grammar costs one pass, not one a character)."""
    operators = sorted(wanted - _NOT_OPERATORS, key=len, reverse=True)  # `Tm` before `T`
    names = b"|".join(re.escape(n.encode()) for n in operators)
    read = b"(?:" + names + b")" + _END
    operands = b"(?:" + _OPERAND + b"){0,%d}+" % MAX_OPERANDS
    other = b"(?:" + operands + _WS + b"*+(?!" + read + b")" + _OPERATOR + b")"
    return re.compile(
        b"(?:" + other + b"*+(" + operands + b")" + _WS + b"*+(" + read + b"))"
        b"|(" + other + b"*+" + _WS + rb"*+\Z)|([\s\S]+)"
    )


_PATTERNS: dict[frozenset[str], re.Pattern[bytes]] = {}
_NAMES: dict[bytes, str] = {}


def read_plain(data: bytes, handler: Handler, page: int, budget: Budget) -> bool:
    """Hand each operator `handler` reads to it, with its operands, as `content.read_content`
    does; False, having handed nothing on, when the stream is not in the grammar."""
    wanted = handler.operators
    pattern = _PATTERNS.get(wanted)
    if pattern is None:
        pattern = _PATTERNS[wanted] = _instructions(wanted)
    found = pattern.findall(data)
    if any(map(itemgetter(3), found)):
        return False  # a character outside the grammar: content's readers read the stream
    if len(data) < COUNTED:  # under COUNTED tokens (each is a byte at least): counted later
        _hand_on(found, handler, page)
        budget.spend_tokens(len(data), partial(_tokens, data), page)
        return True
    tokens = _tokens(data)
    if tokens >= COUNTED:
        return False
    _hand_on(found, handler, page)
    budget.spend_operators(tokens, page)
    return True


def _tokens(data: bytes) -> int:
    """How many tokens `data` (a stream in the grammar) holds, as QPDF counts them."""
    return len(_COUNTED.findall(data))


def _name(raw: bytes) -> str:
    name = _NAMES[raw] = raw.decode("ascii")
    return name


def _hand_on(found: list[tuple[bytes, bytes, bytes, bytes]], handler: Handler, page: int) -> None:
    """Each operator found handed on with the operands written before it (none when the
    handler reads none). The hot loop of the scan: one Python step an operator read."""
    unread, names, operate = handler.unread, _NAMES, handler.operator
    name, raw = "", b""
    try:
        for raw, written, _tail, _bad in found:
            if not written:
                continue  # the stream's end
            name = names.get(written) or _name(written)
            if name in unread:
                operate(name, [])
            elif _UNSPLIT.search(raw):
                operate(name, _objects(raw, name))
            else:
                operate(name, raw.decode("ascii").split())
    except Malformed as exc:
        raise malformed(page, name, _objects(raw, name), exc) from None


def _objects(raw: bytes, name: str) -> list[Operand]:
    """The operands QPDF reads in `raw` (one instruction's), as the other readers hand them."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    _scratch_pdf, stream = _scratch()
    stream.write(raw + b" " + name.encode())
    (instruction,) = pikepdf.parse_content_stream(stream)
    return list(instruction.operands)


@cache
def _scratch() -> tuple[pikepdf.Pdf, pikepdf.Stream]:
    """A stream to parse instructions in, and the document that owns it: kept for as long as
    the objects parsed from it are (they are QPDF's, freed with their document)."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    pdf = pikepdf.new()
    return pdf, pdf.make_stream(b"")
