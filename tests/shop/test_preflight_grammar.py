"""preflight's grammar reader (printgen.preflight.grammar) against QPDF's whole parse
(content._read_whole): on every stream it takes it must hand on the same operators, in the
same order, with operands that read as the same numbers and names, count the same tokens and
refuse a malformed operator with the same message; a stream it does not take must be handed
back untouched (nothing handed on, nothing spent), for QPDF to read. Checked on streams
written by hand for each kind of token, on random streams, and on every content stream of the
shop files printgen writes (where it must take them all: that is its speed)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pikepdf
import pytest

from printgen.preflight import budget as limits
from printgen.preflight import content, grammar
from printgen.preflight.budget import Budget, Refused
from printgen.preflight.handler import Malformed
from printgen.preflight.scan import scan
from printgen.preflight.state import State

if TYPE_CHECKING:
    from printgen.preflight.handler import Operand


class Recorder:
    """Records the operators State reads, with their operands as numbers or text."""

    operators = State.operators
    unread = State.unread

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[float | str]]] = []

    def operator(self, name: str, operands: Sequence[Operand]) -> None:
        read = [] if name in self.unread else [_value(o) for o in operands]
        self.calls.append((name, read))
        if name == "w" and (len(operands) != 1 or read[0] in (99, "a b") or read[0] == "[...]"):
            raise Malformed("a line width")

    def inline_image(self, entries: Sequence[Operand]) -> None:
        self.calls.append(("inline image", [str(e) for e in entries]))


def _value(operand: Operand) -> float | str:
    """An operand as State reads it: a number (float) or text (str)."""
    try:
        return float(operand)
    except (TypeError, ValueError):
        return str(operand)


def plain(data: bytes) -> tuple[bool, Recorder, int]:
    recorder, budget = Recorder(), Budget()
    return grammar.read_plain(data, recorder, 4, budget), recorder, budget.operators


def whole(data: bytes) -> tuple[bool, Recorder, int]:
    recorder, budget = Recorder(), Budget()
    done = content._read_whole(pikepdf.new(), data, recorder, 4, budget)
    return done, recorder, budget.operators


def assert_same(data: bytes) -> None:
    taken, by_grammar, counted = plain(data)
    assert taken, data
    parsed, by_qpdf, qpdf_counted = whole(data)
    assert parsed
    assert by_grammar.calls == by_qpdf.calls
    assert counted == qpdf_counted


TAKEN = [
    b"q 1 0 0 1 10.5 -3 cm 0.2 0.4 0.6 rg 0 0 m 10 0 l 10 10 20 20 30 30 c h f "
    b"/GS1 gs 0.25 w 1 0 0 0 K 0 0 10 10 re S BT /F1 7.5 Tf 12 TL 1 0 0 1 5 5 Tm "
    b"[(A) -20 (B)] TJ T* (C) Tj 0 -9 TD (D) ' ET /Cs1 cs 0.1 0.2 0.3 0.4 scn "
    b"/Im1 Do /Sh1 sh Q",
    b"q\n/a0 gs/x6 Do\nQ\r\n(Air)Tj[()-222(S)5(ingle)]TJ",  # tokens with no space between
    b"BT (a (nested) \\) string w) Tj (x\\\\) Tj <00 1f\nAB> Tj ET",  # strings and hex
    b"/Span << /ActualText <feff0020> /MCID 3 /K [1 2] >> BDC EMC [ ] 0.0 d 4 M",
    b"<</A<0a>>>BDC <</B(x>>y)/C[(]>)]>>BDC [(a]b)<5d>]TJ",  # closing brackets in tokens
    b"\x00+.5\t-3.\x0c007 0 0 1 cm 1 0 0 RG /P0 scn /CS0 CS 0.5 SC",  # odd whitespace, numbers
    b"/Name,with;odd:chars@ cs 0 0 0 1 K 2 w 0 0 1 1 re B* b b* s F f* n W W* d0",
    b"",
    b"  \n ",
    b"1 " * grammar.MAX_OPERANDS + b"m q",  # as many operands as an operator may have
]


@pytest.mark.parametrize("data", TAKEN)
def test_a_stream_the_grammar_takes_is_read_as_qpdf_reads_it(data: bytes) -> None:
    assert_same(data)


def test_operands_come_as_they_read() -> None:
    _, recorder, counted = plain(TAKEN[0])
    assert recorder.calls[1] == ("cm", [1.0, 0.0, 0.0, 1.0, 10.5, -3.0])
    assert ("Tf", ["/F1", 7.5]) in recorder.calls
    assert ("TJ", []) in recorder.calls  # an operator State reads without its operands
    assert counted == 50 + 28  # operands and operators, counted by hand


LEFT = [
    b"q % a comment\nQ",
    b"true w",
    b"null w",
    b"q BI /W 2 /H 1 /CS /G /BPC 8 ID \x00\xff EI Q",
    b"q BI /W 1 /H 1 ID \x00 EI Q",  # an inline image whose data looks like whitespace
    b"[[1 2] 3] TJ",  # a nested array
    b"<< /A << /B 1 >> >> BDC",  # a nested dictionary
    b"<< /A >> BDC",  # a key with no value
    b"(a ((deeply)) nested) Tj",
    b"q 0.5 w (unterminated",
    b"q 0.5 w Q 7 8",  # operands after the last operator
    b"/A#20B cs",  # a name with an escape
    b"/Caf\xe9 cs",
    b"1234567890123456789 w",  # more digits than an integer QPDF reads
    b"1 0 0 1 0 0cm",
    b"1.2.3 w",
    b"{ 1 } w",
    b"1 " * (grammar.MAX_OPERANDS + 1) + b"m",
    b"q Q " * (grammar.COUNTED // 2),  # tokens enough for the budget to be spent as it goes
]


@pytest.mark.parametrize("data", LEFT)
def test_a_stream_outside_the_grammar_is_left_to_qpdf(data: bytes) -> None:
    taken, recorder, counted = plain(data)
    assert (taken, recorder.calls, counted) == (False, [], 0)


@pytest.mark.parametrize(
    "data",
    [b"q 0.5 w 99 w Q", b"q -.50 +3. w Q", b"q (a b) w Q", b"q [1 (x)] << /A 1 >> w Q"],
)
def test_a_malformed_operator_is_refused_with_qpdf_s_message(data: bytes) -> None:
    messages = []
    for read in (plain, whole):
        with pytest.raises(Refused) as refused:
            read(data)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith("page 4: a malformed operator '")


def test_an_operand_that_is_a_string_is_handed_on_as_qpdf_s_object() -> None:
    recorder = Recorder()
    assert grammar.read_plain(b"(/F1) 9 Tf", recorder, 4, Budget())
    assert recorder.calls == [("Tf", ["/F1", 9.0])]  # QPDF's String reads as its text
    assert_same(b"(/F1) 9 Tf")


PIECES = [
    b"0", b"1", b"-2", b"+.5", b"3.", b"-0.25", b"12345678", b"/F1", b"/a0", b"/", b"(x)",
    b"(a b)", b"(\\))", b"(p(q)r)", b"<>", b"<0a1B>", b"[]", b"[1 (a) -2]", b"[/N 1]",
    b"<< /K 1 >>", b"<</A(b)/C[1]>>", b"q", b"Q", b"cm", b"w", b"rg", b"k", b"K", b"g", b"scn",
    b"SC", b"cs", b"CS", b"re", b"m", b"l", b"c", b"f", b"S", b"B*", b"n", b"W*", b"BT",
    b"ET", b"Tf", b"Td", b"TD", b"Tm", b"T*", b"TJ", b"Tj", b"'", b'"', b"Do", b"sh", b"gs",
    b"d", b"BDC", b"EMC", b"d0", b"true", b"%c\n", b"[[1]]", b"(", b"#", b"1a",
]  # fmt: skip
GAPS = [b" ", b"\n", b"", b"\r\n", b"\x00", b"\t", b"\x0c"]


def test_random_streams_are_read_as_qpdf_reads_them_or_left_to_it() -> None:
    rng = random.Random(32)
    taken = 0
    for _ in range(600):
        data = b"".join(rng.choice(PIECES) + rng.choice(GAPS) for _ in range(rng.randint(1, 14)))
        data += rng.choice([b"", b" q", b" Q"])
        by_grammar = _outcome(plain, data)
        if by_grammar is None:
            continue
        by_qpdf = _outcome(whole, data)
        if by_qpdf is None:  # QPDF warned (two words run together ...): its token reader reads
            continue
        taken += 1
        assert by_grammar == by_qpdf, data
    assert taken > 100  # the grammar took enough of them for the comparison to mean something


def _outcome(read: Callable[[bytes], tuple[bool, Recorder, int]], data: bytes) -> object:
    """What `read` made of `data`: the calls and tokens, the refusal, or None (not read)."""
    try:
        done, recorder, counted = read(data)
    except Refused as refused:
        return str(refused)
    if not done:
        assert (recorder.calls, counted) == ([], 0)  # nothing handed on, nothing spent
        return None
    return recorder.calls, counted


def test_printgen_s_shop_files_are_read_by_the_grammar_alone(shops: Path) -> None:
    files = sorted((shops / "shop").rglob("*.pdf"))
    assert files
    streams = 0
    for path in files:
        with pikepdf.open(path) as pdf:
            for data in _streams(pdf):
                assert_same(data)
                streams += 1
    assert streams > 50


def _streams(pdf: pikepdf.Pdf) -> list[bytes]:
    """Every page's content (its streams joined, as the scan joins them) and every form's."""
    found = [
        b"\n".join(s.read_bytes() for s in page.obj.Contents.wrap_in_array()) for page in pdf.pages
    ]
    found += [
        o.read_bytes()
        for o in pdf.objects
        if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
    ]
    return found


def test_the_grammar_and_qpdf_s_readers_share_their_limits() -> None:
    assert content.MAX_OPERANDS == grammar.MAX_OPERANDS
    assert content.COUNTED == grammar.COUNTED


def test_a_file_of_many_streams_the_grammar_takes_is_refused_where_qpdf_s_readers_refuse_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages sharing one stream of 90,000 tokens (`0 0 m`, under COUNTED: the grammar reads
    each), over a budget lowered to 500,000 tokens: refused on the same page with the same
    message whichever reader reads the streams (the sixth page passes 500,000)."""
    messages = _refusals(tmp_path, monkeypatch, moves=30_000, pages=8, budget=500_000)
    assert messages == ["page 6: the file's content holds over 500000 operators"] * 2


def test_small_streams_over_the_budget_are_refused_on_the_same_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Streams under COUNTED bytes are counted only when the budget could run out (a token is
    a byte at least): twelve pages of 6,000 tokens (12 KB) against a budget of 50,000 pass it
    on page 9 (54,000), whichever reader reads them; the pages before it are counted late
    (on pages 5, 8 and 9, when the bytes waiting could pass it), and the file refused there."""
    messages = _refusals(tmp_path, monkeypatch, moves=2_000, pages=12, budget=50_000)
    assert messages == ["page 9: the file's content holds over 50000 operators"] * 2


def _refusals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moves: int, pages: int, budget: int
) -> list[str]:
    """The messages refusing a file of `pages` pages sharing one stream of `moves` `0 0 m`
    (three tokens each) under an operator budget of `budget`: read by the grammar, then with
    every stream handed to QPDF's readers."""
    pdf = pikepdf.new()
    stream = pdf.make_stream(b"0 0 m " * moves)
    for _ in range(pages):
        pdf.add_blank_page(page_size=(100, 100)).obj.Contents = stream
    path = tmp_path / "budget.pdf"
    pdf.save(path)
    monkeypatch.setattr(limits, "MAX_OPERATORS", budget)
    messages = []
    for grammar_reads in (True, False):
        if not grammar_reads:
            monkeypatch.setattr(content, "read_plain", lambda *_args: False)
        with pytest.raises(Refused) as refused:
            scan(path)
        messages.append(str(refused.value))
    return messages


def test_tokens_waiting_are_counted_when_asked_for() -> None:
    """`Budget.operators` holds every stream read, those whose count waits too."""
    read = Budget()
    assert grammar.read_plain(b"0 0 m 1 1 l S " * 10, Recorder(), 1, read)
    assert read.counted == 0 and read.waiting_bytes == 140
    assert read.operators == 70  # 7 tokens, ten times
    assert read.counted == 70 and read.waiting_bytes == 0
