"""`rule_files`: every rulebook of a game, from its rules*.md files to the bytes of its PDFs."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from printgen.errors import DataError, Problem
from printgen.files.memo import remembered
from printgen.files.templates import templates_dir
from printgen.layout.duplex import NO_OFFSET
from printgen.model import Game
from printgen.model.assets import INLINE_ICON, own_icon_hint
from printgen.model.schema import did_you_mean
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.outputs import Kind, Output
from printgen.render.rulebook.glyphs import check_glyphs
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.overflow import Overflow
from printgen.render.rulebook.page import body, page_html, stylesheet
from printgen.render.rulebook.pdf import typeset
from printgen.render.rulebook.source import Source, sources
from printgen.render.rulebook.typeface import rulebook_fonts
from printgen.render.sheets.booklet import booklet_pdf
from printgen.render.shop import kept


def rule_files(
    game: Game, options: object, outputs: object = None, piece: str | None = None
) -> dict[Output, bytes]:
    """Each rulebook (the main language's, then one per extra language file), the A5 reading
    copy, and its booklet: the same pages two a side on `options.paper` (A4 or Letter) in
    saddle-stitch order (printgen.render.sheets.booklet); the kit names them (`rules.pdf`,
    `rules.<lang>.pdf`, `rules-booklet*.pdf`). `piece` (a language of `rule_pieces`) makes
    that language's files only; `outputs` is not used (the kit passes it to every part built
    in pieces).

    A shop of `options.shops` whose preset has a `rules:` bleed also gets the same pages with
    that bleed, as the shop's PDF/X (`shop/<name>/rules*.pdf`), typeset without
    `--ink-saver`'s light cover.
    """
    paper = getattr(options, "paper", "a4")
    ink_saver = getattr(options, "ink_saver", False)
    offset = getattr(options, "back_offset", NO_OFFSET)
    files: dict[Output, bytes] = {}
    for source in sources(game):
        if piece is not None and source.lang != piece:
            continue
        data = rulebook_pdf(source, ink_saver)
        lang = source.output.name
        files[source.output] = data
        lettering = game_lettering(source.game)
        words = {str(key): word for key, word in source.labels.items()}  # read by their names
        booklet = booklet_pdf(data, paper, source.game.name, lettering, words, offset=offset)
        files[Output(Kind.RULES_BOOKLET, lang)] = booklet
        # a shop prints the rulebook as designed: --ink-saver's light cover is for home
        plain = rulebook_pdf(source) if ink_saver and getattr(options, "shops", ()) else data
        for shop in getattr(options, "shops", ()):
            made = kept.rules(plain, shop, source.title)
            if made is not None:
                files[Output(Kind.RULEBOOK, lang, shop)] = made
    return files


def rulebook_pdf(source: Source, ink_saver: bool = False) -> bytes:
    return rulebook_typeset(source, ink_saver)[0]


def rulebook_typeset(source: Source, ink_saver: bool = False) -> tuple[bytes, list[Overflow]]:
    """The rulebook's PDF and what its pages hold past their text area (which `validate`
    reports: printgen.check.rulebook), typeset once for both."""
    icons = Icons(source.game)
    unknown = unknown_icons(source, icons)
    if unknown:  # it would print as plain `:name:`, as validate says
        raise DataError(unknown)
    rendered = body(source, icons)
    pages = {toc: page_html(source, icons, rendered, toc) for toc in (True, False)}
    check_glyphs(pages[True], source.file_name)
    css = stylesheet(icons, ink_saver, rulebook_fonts(source.game))
    # The PDF is a pure function of the two page variants and the stylesheet (every resource
    # is inlined as a data: URI; fonts and code are in the store's key): typeset only when
    # one of them changed.

    def make() -> bytes:
        data, past = typeset(
            lambda with_toc: pages[with_toc],
            css,
            base=source.game.folder,
            roots=allowed_roots(source.game),
            where=source.file_name,
        )
        found = json.dumps([asdict(over) for over in past]).encode("utf-8")
        return len(found).to_bytes(4, "big") + found + data

    entry = remembered("rulebooks", [pages[True], pages[False], css], make)
    size = int.from_bytes(entry[:4], "big")
    past = [Overflow(**over) for over in json.loads(entry[4 : 4 + size])]
    return entry[4 + size :], past


def unknown_icons(source: Source, icons: Icons) -> list[Problem]:
    """Each `:name:` of the text that the rulebook cannot draw (neither the game's own icon
    nor a shared one), at its line, with a did-you-mean."""
    return [
        Problem(
            source.file_name,
            source.body_line + source.body[: match.start()].count("\n"),
            "",
            f"unknown icon {match.group(0)!r}"
            f"{did_you_mean(match.group(1), icons.names, ':{}:') or own_icon_hint(match.group(1))}",
        )
        for match in INLINE_ICON.finditer(source.body)
        if icons.inline(match.group(1)) is None
        and not source.body[: match.start()].endswith("\\")  # `\:coin:` prints as written
    ]


def rulebook_html(source: Source, with_toc: bool = True) -> str:
    """The HTML weasyprint receives (for tests and for looking at)."""
    icons = Icons(source.game)
    return page_html(source, icons, body(source, icons), with_toc)


def allowed_roots(game: Game) -> list[Path]:
    return [templates_dir(), game.folder]
