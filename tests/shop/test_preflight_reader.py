"""preflight's two ways of reading a content stream with QPDF (printgen.preflight.content): a
small stream parsed whole must hand its handler exactly what the token reader hands it, count
the same tokens and refuse the same malformed operators; an inline image or a parse error
sends the stream to the token reader. (The third way, the grammar that reads most streams
before either, is left out here and compared with them in test_preflight_grammar.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from printgen.preflight import content
from printgen.preflight.budget import Budget, Refused
from printgen.preflight.content import Malformed, read_content

STREAM = (
    b"q 1 0 0 1 10.5 -3 cm 0.2 0.4 0.6 rg 0 0 m 10 0 l 10 10 20 20 30 30 c h f "
    b"/GS1 gs 0.25 w 1 0 0 0 K 0 0 10 10 re S BT /F1 7.5 Tf 12 TL 1 0 0 1 5 5 Tm "
    b"[(A) -20 (B)] TJ T* (C) Tj 0 -9 TD (D) ' ET /Cs1 cs 0.1 0.2 0.3 0.4 scn "
    b"/Im1 Do /Sh1 sh Q"
)


class Recorder:
    """Records every operator it reads (a subset), as State would be handed them."""

    operators = frozenset({"q", "Q", "cm", "rg", "K", "w", "S", "f", "Tf", "TJ", "Tj", "'",
                           "scn", "cs", "Do", "sh", "Tm", "TD", "T*", "BT"})  # fmt: skip
    unread: frozenset[str] = frozenset()  # every operand recorded

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []
        self.images: list[list[str]] = []

    def operator(self, name: str, operands: list[Any]) -> None:
        self.calls.append((name, [f"{type(o).__name__}:{o}" for o in operands]))
        if name == "w" and float(operands[0]) > 1:
            raise Malformed("a thin line")

    def inline_image(self, entries: list[Any]) -> None:
        self.images.append([str(e) for e in entries])


def read(data: bytes, whole: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Recorder, int]:
    monkeypatch.setattr(content, "WHOLE_BYTES", 1 << 20 if whole else -1)
    monkeypatch.setattr(content, "read_plain", lambda *_args: False)
    recorder, budget = Recorder(), Budget()
    read_content(data, recorder, 4, budget)
    return recorder, budget.operators


def parsed_whole(data: bytes) -> bool:
    import pikepdf

    return content._read_whole(pikepdf.new(), data, Recorder(), 4, Budget())


def test_a_stream_read_whole_is_read_as_token_by_token(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parsed_whole(STREAM)
    whole, whole_tokens = read(STREAM, True, monkeypatch)
    tokens, token_count = read(STREAM, False, monkeypatch)
    assert whole.calls == tokens.calls
    assert [name for name, _ in whole.calls] == [
        "q", "cm", "rg", "f", "w", "K", "S", "BT", "Tf", "Tm", "TJ", "T*", "Tj", "TD",
        "'", "cs", "scn", "Do", "sh", "Q",
    ]  # fmt: skip
    assert whole.calls[1] == ("cm", ["int:1", "int:0", "int:0", "int:1", "Decimal:10.5", "int:-3"])
    assert whole_tokens == token_count == 50 + 28  # operands and operators, counted by hand


def test_a_malformed_operator_is_refused_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"q 0.5 w 3 w Q"
    messages = []
    for whole in (True, False):
        with pytest.raises(Refused) as refused:
            read(data, whole, monkeypatch)
        messages.append(str(refused.value))
    assert messages[0] == messages[1] == "page 4: a malformed operator '3 w': a thin line"


def test_too_many_operands_are_refused_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"1 " * (content.MAX_OPERANDS + 1) + b"m"
    for whole in (True, False):
        with pytest.raises(Refused, match="over 10000 operands"):
            read(data, whole, monkeypatch)


@pytest.mark.parametrize(
    ("data", "named", "counted"),
    [
        # an inline image: BI, its 8 entries, ID, its data, EI, and q and Q
        (b"q BI /W 2 /H 1 /CS /G /BPC 8 ID \x00\xff EI Q", ["q", "Q"], 14),
        (b"q 0.5 w (unterminated", ["q", "w"], 4),  # an unterminated string
        (b"q 0.5 w Q 7 8", ["q", "w", "Q"], 6),  # operands after the last operator
    ],
)
def test_what_the_whole_parse_reads_otherwise_goes_token_by_token(
    data: bytes, named: list[str], counted: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not parsed_whole(data)
    whole, whole_tokens = read(data, True, monkeypatch)
    tokens, token_count = read(data, False, monkeypatch)
    assert (whole.calls, whole.images, whole_tokens) == (tokens.calls, tokens.images, token_count)
    assert [name for name, _ in whole.calls] == named
    assert whole_tokens == counted
    assert len(whole.images) == data.count(b" BI ")
