"""Reading card text's markup into styled pieces: `**bold**` and `*italic*` by CommonMark's
emphasis rules, backslash escapes (`\\*`, `\\:`), line breaks (a spreadsheet's `\\n`) and
inline icons `:name:`.

Ordinary text prints as written. A `*` run emphasises only where CommonMark's delimiter rules
say it opens or closes (left- or right-flanking): `4 * 5` and an unclosed `**` are text, and,
as CommonMark reads `_` and chat apps read `*`, so is a run between two letters or digits
(`2*3`: a multiplication, not the start of italics).

`:name:` is an icon where the name has a letter in it (`:coin:`, `:2coins:`), as chat apps
read emoji: `10:30:00` and `1:2:3` are text (unless the game has an icon file of that name).
The parser is markdown-it's (the rulebook's), with every rule but emphasis, escapes and breaks
turned off, so links, code and HTML are text too (validate says where a deck exported from
another tool writes `<b>`, `<i>` or `<br>`: printgen.check.columns).

A box's template fills values in (`*{{ flavour }}*`): each value's markup is read within the
value (`fill` marks where each begins and ends), so a flavour already `*in italics*` stays
italic inside the design's italics instead of turning into `**bold**` by concatenation.
Emphasis inside emphasis adds (italic in italic is italic, bold in italic both).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from printgen.model.assets import ICON_NAME, INLINE_ICON

if TYPE_CHECKING:  # markdown-it is loaded only when markup is parsed
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline

VALUE_START, VALUE_END = "\ufff9", "\ufffb"
"""Around a value a box's template filled in (Unicode's interlinear annotation marks, format
characters no text holds): its markup is its own."""
_VALUE = re.compile(f"{VALUE_START}([^{VALUE_START}{VALUE_END}]*){VALUE_END}")
_HOLE = 0xF0000  # a value's place in its template while the template is read: plane 15 PUA
_HOLES = re.compile("([\U000f0000-\U000f00ff])")
_ICON = re.compile(f":({ICON_NAME}):")
_NAMED_ICON = re.compile(f":{VALUE_START}([^:\\s{VALUE_START}{VALUE_END}]+){VALUE_END}:")
"""`:{{ suit }}:`: a value that names an icon is read in its template."""


@dataclass(frozen=True)
class Piece:
    """A run of text in one style, or an icon (`icon` set, `text` empty); a line break is
    the text `\\n`."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


BREAK = Piece("\n")


def quoted(value: object) -> str:
    """A filled-in value, marked as one (jinja's `finalize` for text boxes)."""
    return f"{VALUE_START}{'' if value is None else value}{VALUE_END}"


def unquoted(text: str) -> str:
    """The text without the marks `quoted` added."""
    return text.replace(VALUE_START, "").replace(VALUE_END, "")


@lru_cache(maxsize=8192)
def pieces(
    markup: str, icons: frozenset[str] | None = None, upper: bool = False
) -> tuple[Piece, ...]:
    """The styled pieces of `markup`. With `icons` None, `:name:` is an icon where the name
    has a letter (`INLINE_ICON`); with a set, where the set holds the name (an unknown one
    stays text: the caller reports it, `icon_names`)."""
    values: list[str] = []

    def hole(match: re.Match[str]) -> str:
        values.append(match.group(1))
        return chr(_HOLE + len(values) - 1) if len(values) <= 256 else match.group(1)

    markup = _NAMED_ICON.sub(r":\1:", markup.replace(VALUE_END + VALUE_START, ""))
    template = _VALUE.sub(hole, markup)
    out: list[Piece] = []
    for piece in _read(template, icons):
        parts = _HOLES.split(piece.text) if piece.icon is None else [""]
        if len(parts) == 1:
            out.append(piece)
            continue
        for i, part in enumerate(parts):
            if i % 2 == 0:
                if part:
                    out.append(Piece(part, piece.bold, piece.italic))
                continue
            for inner in _read(values[ord(part) - _HOLE], icons):
                bold, italic = inner.bold or piece.bold, inner.italic or piece.italic
                out.append(Piece(inner.text, bold, italic, inner.icon))
    return tuple(_joined(out, upper))


def _joined(found: list[Piece], upper: bool) -> list[Piece]:
    """Neighbouring texts of one style as one piece (`+` and a filled-in `1` are `+1`, one
    run, as the template wrote them), capitalised when `upper`."""
    out: list[Piece] = []
    for piece in found:
        if upper and piece.icon is None:
            piece = Piece(piece.text.upper(), piece.bold, piece.italic)
        last = out[-1] if out else None
        if (
            last is not None
            and BREAK not in (last, piece)
            and last.icon is None
            and piece.icon is None
            and (last.bold, last.italic) == (piece.bold, piece.italic)
        ):
            out[-1] = Piece(last.text + piece.text, last.bold, last.italic)
        else:
            out.append(piece)
    return out


def icon_names(markup: str) -> list[str]:
    """The names of the icons `markup` asks for (`INLINE_ICON`, not escaped)."""
    return [p.icon for p in pieces(markup) if p.icon is not None]


@lru_cache(maxsize=8192)
def _read(text: str, icons: frozenset[str] | None) -> tuple[Piece, ...]:
    """One level of markup (a template with its values' holes, or one value)."""
    text = text.replace("\\n", "\n")  # a spreadsheet cell writes a line break as \n
    if "*" not in text and "\\" not in text:
        return _unstyled(text, icons)  # the same pieces, without loading markdown-it
    out: list[Piece] = []
    strong = emphasis = 0
    for token in _parser().parseInline(text, {"icons": icons})[0].children or []:
        kind = token.type
        if kind == "text" and token.content:
            out.append(Piece(token.content, strong > 0, emphasis > 0))
        elif kind in ("softbreak", "hardbreak"):
            out.append(BREAK)
        elif kind == "pg_icon":
            out.append(Piece("", strong > 0, emphasis > 0, icon=token.meta["name"]))
        elif kind in ("strong_open", "strong_close"):
            strong += 1 if kind == "strong_open" else -1
        elif kind in ("em_open", "em_close"):
            emphasis += 1 if kind == "em_open" else -1
    return tuple(out)


def _unstyled(text: str, icons: frozenset[str] | None) -> tuple[Piece, ...]:
    """`_read` of a text with no `*` and no backslash: its breaks and icons alone (most card
    text; markdown-it takes some 70 ms to load, a sixth of a small deck's build)."""
    out: list[Piece] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as markdown-it normalises
    start = position = 0
    while (position := text.find(":", position)) >= 0:
        match = _ICON.match(text, position)
        if match is None or not _is_icon(match, icons):
            position += 1
            continue
        out += _text_and_breaks(text[start:position])
        out.append(Piece("", icon=match.group(1)))
        start = position = match.end()
    out += _text_and_breaks(text[start:])
    return tuple(out)


def _text_and_breaks(text: str) -> list[Piece]:
    out: list[Piece] = []
    for i, line in enumerate(text.split("\n")):
        if i:
            out.append(BREAK)
        if line:
            out.append(Piece(line))
    return out


def _is_icon(match: re.Match[str], icons: frozenset[str] | None) -> bool:
    """`:name:` is an icon: one the game has, or, with no list to ask, a name with a letter."""
    return bool(INLINE_ICON.fullmatch(match.group(0))) if icons is None else match.group(1) in icons


@cache
def _parser() -> MarkdownIt:
    """markdown-it with nothing on but `*` emphasis, backslash escapes, line breaks and
    icons (`_` is text: `big_coin`, `___` for a blank to fill in)."""
    from markdown_it import MarkdownIt  # loaded only when markup is parsed

    md = MarkdownIt("zero")
    md.enable(["emphasis", "escape", "newline"])
    md.inline.ruler.at("emphasis", _star_rule)
    md.inline.ruler.before("emphasis", "pg_icon", _icon_rule)
    return md


def _star_rule(state: StateInline, silent: bool) -> bool:
    """markdown-it's emphasis tokenizer for `*` alone, reading a run between two letters or
    digits as CommonMark reads `_` there: it neither opens nor closes (`2*3`, `x*y`)."""
    from markdown_it.rules_inline.state_inline import Delimiter  # loaded only when markup is parsed

    if silent or state.src[state.pos] != "*":
        return False
    scanned = state.scanDelims(state.pos, False)
    for _ in range(scanned.length):
        token = state.push("text", "", 0)
        token.content = "*"
        state.delimiters.append(
            Delimiter(
                marker=ord("*"),
                length=scanned.length,
                token=len(state.tokens) - 1,
                end=-1,
                open=scanned.can_open,
                close=scanned.can_close,
            )
        )
    state.pos += scanned.length
    return True


def _icon_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != ":":
        return False
    match = _ICON.match(state.src, state.pos)
    if match is None:
        return False
    if not _is_icon(match, state.env.get("icons")):
        return False
    if not silent:
        token = state.push("pg_icon", "", 0)
        token.meta = {"name": match.group(1)}
    state.pos = match.end()
    return True
