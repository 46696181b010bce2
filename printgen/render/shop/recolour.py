"""Content streams recoloured on their bytes: every RGB or grey colour becomes the CMYK its
use asks for (`colour.Use`: an area, text of a size, a line of a width), for PDF/X-4.

A colour operator (`rg RG g G k K`) only says which colour comes next; what it becomes depends
on what is painted with it: black text under 12 pt goes on K alone, a black area is a rich
black. So the colour operators are taken out, and before each painting operator (a path's
fill or stroke, a text show, an XObject) the CMYK that paint needs is written, when it differs
from the one in force; before a path, so after the operator that precedes the path's
construction (PDF allows no colour operator inside a path). Overprint, for the inks that ask
for it, is switched by two ExtGStates of printgen's own (`OVERPRINT`).

Only the operators that matter are found, by a scan for their names (strings skipped), and
their numbers are read back from just before them: most of a stream (path coordinates) is
never looked at. A stream using what this does not follow (colour spaces set by name, inline
images, shadings, Type 3 glyph procedures) is left to the full parser (`rewriter`): `None`.

K 100 % text and lines overprint only where nothing dark can be under them: streams are
scanned in the order they are painted (a page, then each form where the page paints it),
and once a stream has painted a dark fill (more C + M + Y than the ink limit leaves for K
100 % on top), a picture, or a form that did, K 100 % knocks out for the rest of it and in
the forms it paints after. (The full parser knows where each dark fill lies: `rewriter`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pikepdf

from printgen.layout.matrix import IDENTITY, Matrix, multiply, scale_of
from printgen.render.shop.colour import Ink, Painter, Source, Use
from printgen.render.shop.tokens import LOOK_BACK, STRING, Unfollowed, number, numbers_before

OVERPRINT = {(f, s): f"/PgOverprint{int(f)}{int(s)}" for f in (False, True) for s in (False, True)}
"""The ExtGState names for (fill overprints, stroke overprints): OPM 1, so a CMYK colour's
zero inks leave what is under them."""

_NAMES = (
    r"q|Q|cm|w|rg|RG|g|G|k|K|BT|ET|Tf|Tm|Td|TD|T\*|TL|TJ|Tj|'|\"|f\*|f|F|"
    r"B\*|B|b\*|b|S|s|n|Do|cs|CS|sc|scn|SC|SCN|BI|sh|d0|d1"
)


def _scan(names: str) -> re.Pattern[bytes]:
    """`tokens.operator_scan(names)` written so that every alternative begins with its first
    character (a string's parenthesis or angle bracket, an operator's first letter): the
    regular expression engine then skips at once over what cannot start one (numbers and
    spaces, most of a stream), three times as fast on these files. The whole match is the
    string or the operator. An operator's test of the character before it comes after its
    name, as a look-behind over both: "not a regular character, then this name", which
    holds exactly where "not after a regular character" held before it."""
    operators = [name + r"(?<![^\s\]\)>]" + name + r")(?![^\s\[\(/<])" for name in names.split("|")]
    return re.compile(STRING + b"|" + "|".join(operators).encode())


_TOKEN = _scan(_NAMES)
"""A string (skipped whole: an operator's name inside one is text) or an operator."""
_STRING_STARTS = (ord("("), ord("<"))
_UNFOLLOWED = {b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN", b"BI", b"sh", b"d0", b"d1"}
_COLOURS = {
    b"rg": ("rgb", 3, True),
    b"RG": ("rgb", 3, False),
    b"g": ("gray", 1, True),
    b"G": ("gray", 1, False),
    b"k": ("cmyk", 4, True),
    b"K": ("cmyk", 4, False),
}
"""Each colour operator: its colour's kind, how many numbers, and whether it sets the fill."""
_NUMBERS = {b"cm": 6, b"w": 1, b"Tm": 6, b"Td": 2, b"TD": 2, b"TL": 1}
_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_SHOWS = {b"Tj", b"TJ", b"'", b'"'}


@dataclass
class _Graphics:
    ctm: Matrix = IDENTITY
    width: float = 1.0
    font_size: float = 0.0
    leading: float = 0.0
    fill: Source | None = None
    stroke: Source | None = None
    shown_fill: Ink | None = None
    shown_stroke: Ink | None = None
    overprint: tuple[bool, bool] = (False, False)

    def saved(self) -> _Graphics:
        """A copy for `q` (dataclasses.replace's, without its per-field checks: a stream
        saves its state thousands of times)."""
        copy = _Graphics.__new__(_Graphics)
        copy.__dict__.update(self.__dict__)
        return copy


class _Scan:
    def __init__(
        self, data: bytes, paint: Painter, room: float, painted: Callable[[bytes, bool], bool]
    ) -> None:
        self.data = data
        self.paint = paint
        self.room = room
        self.painted = painted
        """`painted(name, dark_under)`: an XObject painted here; whether it paints dark."""
        self.dark = False
        """Something dark was painted (or was under this stream where it was painted)."""
        self.out: list[bytes] = []
        self.done = 0  # bytes of `data` copied or dropped so far
        self.place = 0  # where a colour for the next paint may go
        self.state = _Graphics()
        self.stack: list[_Graphics] = []
        self.text: Matrix = IDENTITY
        self.line: Matrix = IDENTITY
        self.overprinted = False

    def numbers(self, at: int, count: int) -> tuple[list[float], int]:
        """The `count` numbers before the operator at `at`, and where the first starts."""
        return numbers_before(self.data, self.done, at, count)

    def run(self) -> bytes:
        handlers, data = _HANDLERS, self.data
        for match in _TOKEN.finditer(data):
            at = match.start()
            if data[at] not in _STRING_STARTS:  # (a string is skipped)
                handlers[match.group()](self, match.group(), at)
                self.place = match.end()  # matches come in order: the latest is the furthest
        self.out.append(self.data[self.done :])
        return b"".join(self.out)

    def unfollowed(self, op: bytes, at: int) -> None:
        raise Unfollowed

    def ignored(self, op: bytes, at: int) -> None:
        """An operator found only so that a colour for the next paint goes after it (ET, n)."""

    def save(self, op: bytes, at: int) -> None:
        self.stack.append(self.state.saved())

    def restore(self, op: bytes, at: int) -> None:
        if self.stack:
            self.state = self.stack.pop()

    def begin_text(self, op: bytes, at: int) -> None:
        self.text = self.line = IDENTITY

    def font(self, op: bytes, at: int) -> None:
        self.state.font_size = self.numbers(at, 1)[0][0]

    def next_line_op(self, op: bytes, at: int) -> None:
        self.next_line(0.0, -self.state.leading)

    def show(self, op: bytes, at: int) -> None:
        """Text shown: its fill for text of its size, as printed."""
        size = abs(self.state.font_size) * scale_of(multiply(self.text, self.state.ctm))
        self.use((Use.TEXT, size), None)

    def xobject(self, op: bytes, at: int) -> None:
        """An XObject painted (`Do`): its fill (a stencil mask's), then its own streams."""
        if self.state.fill is not None:
            self.use((Use.AREA, 0.0), None)
        name = self.data[max(self.done, at - LOOK_BACK) : at].split()[-1:]
        if not name or not name[0].startswith(b"/"):
            raise Unfollowed
        self.dark = self.painted(name[0], self.dark) or self.dark

    def path(self, op: bytes, at: int) -> None:
        """A path filled or stroked (or both): the colours it paints with."""
        width = self.state.width * scale_of(self.state.ctm)
        self.use(
            (Use.AREA, 0.0) if op in _FILLS else None,
            (Use.LINE, width) if op in _STROKES else None,
        )

    def colour(self, op: bytes, at: int) -> None:
        space, count, fill = _COLOURS[op]
        values, start = self.numbers(at, count)
        self.out.append(self.data[self.done : start])
        self.done = at + len(op)  # the operator is dropped: its colour is written where used
        if fill:
            self.state.fill = (space, tuple(values))
        else:
            self.state.stroke = (space, tuple(values))

    def numbered(self, op: bytes, at: int) -> None:
        values, _ = self.numbers(at, _NUMBERS[op])
        if op == b"cm":
            self.state.ctm = multiply(tuple(values), self.state.ctm)  # type: ignore[arg-type]
        elif op == b"w":
            self.state.width = values[0]
        elif op == b"Tm":
            self.text = self.line = tuple(values)  # type: ignore[assignment]
        elif op == b"TL":
            self.state.leading = values[0]
        else:  # Td, TD
            if op == b"TD":
                self.state.leading = -values[1]
            self.next_line(values[0], values[1])

    def next_line(self, tx: float, ty: float) -> None:
        self.line = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), self.line)
        self.text = self.line

    def use(self, fill: tuple[Use, float] | None, stroke: tuple[Use, float] | None) -> None:
        """Write, where the paint's path (or show) begins, the colours it needs: `fill` and
        `stroke` say how each is used (and at which size), None when it is not."""
        state = self.state
        written = []
        overprint = list(state.overprint)
        if fill is not None and state.fill is not None:
            ink = self.ink(state.fill, *fill)
            overprint[0] = ink.overprint
            if ink != state.shown_fill:
                written.append(_operator(ink, "k"))
                state.shown_fill = ink
        if stroke is not None and state.stroke is not None:
            ink = self.ink(state.stroke, *stroke)
            overprint[1] = ink.overprint
            if ink != state.shown_stroke:
                written.append(_operator(ink, "K"))
                state.shown_stroke = ink
        if tuple(overprint) != state.overprint:
            state.overprint = (overprint[0], overprint[1])
            written.append(OVERPRINT[state.overprint].encode() + b" gs")
            self.overprinted = True
        if written:
            self.out.append(self.data[self.done : self.place])
            self.out.append(b"\n" + b" ".join(written) + b"\n")
            self.done = self.place

    def ink(self, colour: Source, use: Use, size: float) -> Ink:
        """The colour's ink here: K 100 % knocks out once something dark was painted; an
        area that is dark makes the rest of the stream so."""
        ink = self.paint(colour, use, size)
        if ink.overprint and self.dark:
            return Ink(ink.cmyk)
        if use is Use.AREA and sum(ink.cmyk[:3]) > self.room + 1e-6:
            self.dark = True
        return ink


_HANDLERS: dict[bytes, Callable[[_Scan, bytes, int], None]] = {
    **{op: _Scan.unfollowed for op in _UNFOLLOWED},
    **{op: _Scan.colour for op in _COLOURS},
    **{op: _Scan.numbered for op in _NUMBERS},
    **{op: _Scan.path for op in _FILLS | _STROKES},
    **{op: _Scan.show for op in _SHOWS},
    b"Do": _Scan.xobject,
    b"q": _Scan.save,
    b"Q": _Scan.restore,
    b"BT": _Scan.begin_text,
    b"ET": _Scan.ignored,
    b"n": _Scan.ignored,
    b"T*": _Scan.next_line_op,
    b"Tf": _Scan.font,
}
"""What each operator `_TOKEN` finds does to the scan (a table: one look-up a token)."""


@lru_cache(maxsize=4096)
def _operator(ink: Ink, op: str) -> bytes:
    """`k` or `K` with the ink's four numbers (remembered: a file uses a few hundred inks)."""
    text = " ".join(number(v) for v in ink.cmyk)
    return f"{text} {op}".encode()


def recolour_in_place(pdf: pikepdf.Pdf, paint: Painter, room: float) -> bool:
    """Every content stream of `pdf` recoloured on its bytes (`room`: the C + M + Y under
    which K 100 % may overprint); False when one needs the full parser (then nothing was
    changed)."""
    walk = _Walk(pdf, paint, room)
    try:
        for page in pdf.pages:
            walk.stream(page.obj, dark=False)
        for obj in pdf.objects:  # forms no page paints: as if over something dark
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
                walk.stream(obj, dark=True)
    except Unfollowed:
        return False
    walk.write()
    return True


class _Walk:
    """The streams of a document in painting order, each scanned once (again, from its
    original bytes, when a later painting has something dark under it and the first had
    not)."""

    def __init__(self, pdf: pikepdf.Pdf, paint: Painter, room: float) -> None:
        self.pdf, self.paint, self.room = pdf, paint, room
        self.done: dict[tuple[int, int], tuple[pikepdf.Object, bytes, bool, bool]] = {}
        """objgen: (holder, new bytes, overprinted, scanned with dark under it)."""
        self.dark: dict[tuple[int, int], bool] = {}

    def stream(self, holder: pikepdf.Object, dark: bool) -> bool:
        """Scan `holder` (a page or a form) painted with `dark` under it; whether it paints
        something dark."""
        key = holder.objgen
        if key in self.done and (self.done[key][3] or not dark):
            return self.dark[key]
        contents = holder.get("/Contents") if holder.get("/Type") == "/Page" else holder
        if not isinstance(contents, pikepdf.Stream):
            raise Unfollowed
        resources = holder.get("/Resources") or pikepdf.Dictionary()
        scan = _Scan(
            contents.read_bytes(),
            self.paint,
            self.room,
            lambda name, under: self.xobject(resources, name, under),
        )
        scan.dark = dark
        data = scan.run()
        self.done[key] = (holder, data, scan.overprinted, dark)
        self.dark[key] = scan.dark
        return scan.dark

    def xobject(self, resources: pikepdf.Object, name: bytes, dark: bool) -> bool:
        xobjects = resources.get("/XObject")
        xobject = None if xobjects is None else xobjects.get(name.decode("latin-1"))
        if xobject is None:
            return False
        if xobject.get("/Subtype") != "/Form":
            return True  # a picture: anything may be in it
        return self.stream(xobject, dark)

    def write(self) -> None:
        for holder, data, overprinted, _ in self.done.values():
            if holder.get("/Type") == "/Page":
                holder.Contents.write(data)
            else:
                holder.write(data)
            if overprinted:
                if "/Resources" not in holder:
                    holder.Resources = pikepdf.Dictionary()
                overprint_states(holder.Resources)


def overprint_states(resources: pikepdf.Object) -> None:
    """The ExtGStates `OVERPRINT` names, in `resources`."""
    if "/ExtGState" not in resources:
        resources.ExtGState = pikepdf.Dictionary()
    for (fill, stroke), name in OVERPRINT.items():
        resources.ExtGState[pikepdf.Name(name)] = pikepdf.Dictionary(
            Type=pikepdf.Name.ExtGState, op=fill, OP=stroke, OPM=1
        )
