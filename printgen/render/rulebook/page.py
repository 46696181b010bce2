"""One rulebook as an HTML page: the placeholders the text may call, the cover, the stylesheet."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from markupsafe import Markup

import printgen.render.rulebook.blocks as blocks
import printgen.render.rulebook.clarify as clarify
from printgen.errors import RenderError
from printgen.files import memo
from printgen.files.hashing import hash_tree
from printgen.files.templates import templates_dir
from printgen.model.schema import did_you_mean
from printgen.render.draw.qr import qr_svg
from printgen.render.draw.svg import render_template
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.diagrams import diagrams_of, emblem
from printgen.render.rulebook.examples import examples_block
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.render.rulebook.text import Blocks, Heading, Rendered, expand, markdown_to_html
from printgen.render.rulebook.typeface import RulebookFonts
from printgen.render.text.labels import GAME_LABELS
from printgen.rules.figures import figure_text
from printgen.rules.parsed import mapped


def placeholders(source: Source, icons: Icons, out: Blocks) -> dict[str, Callable[..., object]]:
    """The functions a rules file may call; each block returns a marker for its HTML."""

    def components(parts: bool = True) -> str:
        if not isinstance(parts, bool):  # `parts="no"` would read as true
            raise RenderError(f"components(parts={parts!r}): expected true or false")
        return out.add(blocks.components_table(source, icons, parts))

    def total(name: str) -> str:
        return blocks.total(source, str(name))

    def deal_table() -> str:
        return out.add(blocks.deal_table(source))

    def diagram(name: str, **options: object) -> str:
        known = diagrams_of(source.game)
        draw = known.get(str(name))
        if draw is None:
            raise RenderError(
                f"diagram({name!r}): no such diagram{did_you_mean(str(name), list(known))} "
                f"(diagrams: {', '.join(known)})"
            )
        drawing = draw(source, icons, **options)
        if not isinstance(drawing, Markup) and not drawing[0].alt:
            drawing[0].alt = str(mapped(source.labels.get("alt")).get(str(name), ""))
        return out.add(figure(drawing, str(name)))

    def examples() -> str:
        return out.add(examples_block(source, icons))

    def rule(name: str) -> str:
        return clarify.rule(source, str(name))

    def setting(name: str) -> str:
        return clarify.setting(source, str(name))

    def figure_(name: str) -> str:
        return figure_text(source.game, str(name))

    def variants() -> str:
        return out.add(clarify.variants_block(source, icons))

    def clarifications() -> str:
        return out.add(clarify.clarifications_block(source, icons))

    return {
        "components": components,
        "total": total,
        "deal_table": deal_table,
        "diagram": diagram,
        "examples": examples,
        "rule": rule,
        "setting": setting,
        "figure": figure_,
        "variants": variants,
        "clarifications": clarifications,
    }


def figure(drawing: tuple[Svg, float, str] | Markup, name: str) -> Markup:
    """A diagram as a `<figure>`, its caption (else its alt text) said to a screen reader."""
    if isinstance(drawing, Markup):
        return drawing
    svg, width_mm, caption = drawing
    if not (caption or svg.alt):
        raise RenderError(
            f"diagram({name!r}) has no alt text: say what it shows under `alt: {{{name}: "
            f"...}}` in the game's {GAME_LABELS}.yaml (a tagged rulebook reads it aloud)"
        )
    return Markup(
        render_template(
            "common/rulebook/figure.html.j2", svg=svg.img(width_mm, caption), caption=caption
        )
    )


def body(source: Source, icons: Icons) -> Rendered:
    """The rulebook's text as HTML: its placeholders expanded (tables, diagrams, card pictures)
    and its Markdown converted. In a build it is remembered in OUT's cache by what it is made
    from (the game's folder, the templates, the language; printgen's code and the fonts), so
    the gallery's validate report reuses what the rules part drew, in whichever process."""
    pieces = [hash_tree(source.game.folder), hash_tree(templates_dir()), source.lang]
    stored = memo.remembered("rulebook-body", pieces, lambda: _encode(fresh_body(source, icons)))
    return _decode(stored) or fresh_body(source, icons)


def fresh_body(source: Source, icons: Icons) -> Rendered:
    """`body`, made again (never the one remembered: `source` may have other labels than its
    files give, as printgen.render.rulebook.words gives them)."""
    out = Blocks()
    text = expand(
        source.body + clarify.tail(source),
        source.body_line,
        source.file_name,
        placeholders(source, icons, out),
    )
    return markdown_to_html(
        text,
        out,
        lambda name: icons.inline(name, source.element(name)),
        "s",
        source.body_line,
        source.body.count("\n") + 1,
    )


def _encode(rendered: Rendered) -> bytes:
    headings = [[h.level, h.text, h.id] for h in rendered.headings]
    return json.dumps({"html": str(rendered.html), "headings": headings}).encode("utf-8")


def _decode(data: bytes) -> Rendered | None:
    """The body stored as `data`; None when it is not what `_encode` writes (made again)."""
    try:
        doc = json.loads(data.decode("utf-8"))
        headings = [
            Heading(int(level), str(text), str(ident)) for level, text, ident in doc["headings"]
        ]
        html = doc["html"]
    except (ValueError, TypeError, KeyError):
        return None
    return Rendered(Markup(html), headings) if isinstance(html, str) else None


def players(source: Source) -> str:
    low, high = source.game.min_players, source.game.max_players
    if low == high:
        return source.label("players_one" if low == 1 else "players_fixed", min=low)
    return source.label("players", min=low, max=high)


COVER_TITLE_PT = 30.0
COVER_TITLE_FITS = 60
"""Characters of a title that the cover sets at COVER_TITLE_PT (three lines at most)."""
COVER_TITLE_MIN_PT = 16.0
QR_INK = "#1f1b16"
"""The cover's QR code in near-black on its own white square (a light quiet zone on any
cover), as phones read it best."""


def cover_title_size(title: str) -> float | None:
    """The cover title's size in pt when the stylesheet's 30 pt would run it into the
    players and the word RULEBOOK at the cover's foot (None: as the stylesheet sets it): a
    longer title is set smaller, its area (size squared by length) kept, down to 16 pt."""
    if len(title) <= COVER_TITLE_FITS:
        return None
    size = COVER_TITLE_PT * math.sqrt(COVER_TITLE_FITS / len(title))
    return round(max(COVER_TITLE_MIN_PT, size), 1)


def page_html(source: Source, icons: Icons, rendered: Rendered, with_toc: bool) -> str:
    game = source.game
    return render_template(
        "common/rulebook/page.html.j2",
        lang=source.lang,
        game_id=game.id,
        title=source.title,
        title_size=cover_title_size(source.title),
        subtitle=source.subtitle,
        players=players(source),
        provisional=source.label("provisional") if game.provisional else "",
        stamp=game.stamp,  # the version stamp, as the cards print it (version and date)
        url=game.url or "",
        qr=titled(qr_svg(game.url, QR_INK), f"QR code: {game.url}") if game.url else "",
        author="printgen",
        keywords=", ".join(source.element(e) for e in game.elements),
        labels=source.labels,
        emblem=emblem.draw(source, icons),
        toc=with_toc,
        headings=rendered.headings,
        body=rendered.html,
    )


def titled(svg: str, text: str) -> Markup:
    """An SVG document (printgen's own, one root element) with `text` as its `<title>`: the
    alt text a tagged PDF gives a picture set inline."""
    head = svg.index(">", svg.index("<svg")) + 1
    return Markup(svg[:head]) + Markup("<title>{}</title>").format(text) + Markup(svg[head:])


def stylesheet(icons: Icons, ink_saver: bool = False, fonts: RulebookFonts | None = None) -> str:
    """The rulebook's CSS; `ink_saver` gives it a light cover (build --ink-saver); `fonts`
    the card design's faces (printgen.render.rulebook.typeface)."""
    return render_template(
        "common/rulebook/rulebook.css.j2",
        c=icons.palette.colours,
        ink_saver=ink_saver,
        fonts=fonts or RulebookFonts(),
    )
