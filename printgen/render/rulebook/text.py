"""Rulebook text to HTML: the rules file is a sandboxed Jinja2 template, then Markdown.

1. Jinja2 (`ImmutableSandboxedEnvironment`, no autoescape: the text is Markdown). The
   placeholders (`components()`, `diagram("board")` ...) are the only names it sees; each returns
   a marker that stands for a block of HTML built and escaped by printgen.
2. Markdown (markdown-it-py, CommonMark + tables): raw HTML is *not* accepted, so `<b>` or
   `&amp;` written in the rules print literally; `:fire:` becomes the element's inline icon.
3. Markers are swapped for their HTML; headings get ids for the table of contents.

Rules text is user-written: it runs in printgen's one sandbox (`printgen.model.sandbox`), which
refuses attribute tricks and bounds time, loops, numbers, strings and widths while the template
runs; macros are not accepted here. On top of that, what the rulebook adds is counted as it is
produced: the Markdown it writes and the HTML its placeholders (`components()` ...) add, against
MAX_OUTPUT, MAX_BLOCKS and MAX_PLACEHOLDERS (the typesetter's time grows with them: 200
component tables take half a minute). Any template error is a RenderError naming the file and
line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

import jinja2
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup, escape

from printgen.errors import PrintgenError, RenderError
from printgen.model.assets import INLINE_ICON
from printgen.model.decks import slug
from printgen.model.sandbox import OutOfTime, RulesSandbox, SecurityError, bounded
from printgen.model.schema import did_you_mean

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"
_MARKS = re.compile(f"[{MARK_OPEN}{MARK_CLOSE}]")
_BLOCK = re.compile(f'<p(?: data-line="(\\d+)")?>{MARK_OPEN}(\\d+){MARK_CLOSE}</p>')
_FIRST_TAG = re.compile(r"^(\s*<[a-zA-Z][^>]*?)(\s*/?>)")
_INLINE = re.compile(f"{MARK_OPEN}(\\d+){MARK_CLOSE}")
_HEADING = re.compile(r"<h([1-6])(\b[^>]*)>(.*?)</h\1>", re.S)
NESTED_CLASS = "example-name"
"""The class of printgen's own headings inside a block (a worked example's name): each is set
one level below the heading it follows, so a tagged PDF's headings never skip a level."""
IconOf = Callable[[str], Markup | None]
"""A rulebook's inline icon by name (`:coin:`); None when it has none of that name."""
_ICON = "pg_icon"  # the key of the parse's `env` holding its IconOf, and the token's type
MAX_OUTPUT = 2_000_000  # characters of Markdown a template may produce
# The bundled rulebooks call at most 7 placeholders, adding at most 270,000 characters of HTML.
MAX_BLOCKS = 4_000_000  # characters of HTML its placeholders may add (tables, diagrams)
MAX_PLACEHOLDERS = 100  # blocks its placeholders may add
RENDER_SECONDS = 10.0  # a rulebook's template renders in milliseconds


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    id: str


@dataclass(frozen=True)
class Rendered:
    html: Markup
    headings: list[Heading]


class Blocks:
    """HTML blocks made by placeholders; the template text holds only their markers. Their
    number and size are counted as they are added, so a loop of placeholders stops at
    MAX_PLACEHOLDERS or MAX_BLOCKS, before any of it reaches the typesetter."""

    def __init__(self, limit: int = MAX_BLOCKS, count: int = MAX_PLACEHOLDERS) -> None:
        self.items: list[Markup] = []
        self.size = 0
        self.limit = limit
        self.count = count

    def add(self, html: Markup | str) -> str:
        if len(self.items) >= self.count:
            raise SecurityError(
                f"more than {self.count} placeholder blocks (components(), diagram() ...); "
                "a rulebook calls each a few times"
            )
        self.size += len(html)
        if self.size > self.limit:
            raise SecurityError(
                f"the placeholders expand to more than {self.limit} characters of HTML"
            )
        self.items.append(Markup(html))
        return f"{MARK_OPEN}{len(self.items) - 1}{MARK_CLOSE}"


def expand(
    body: str, first_line: int, where: str, names: Mapping[str, Callable[..., object]]
) -> str:
    """Run the rules text as a sandboxed template whose only names are `names`."""
    env = RulesSandbox(RENDER_SECONDS, autoescape=False)
    env.globals = {"range": env.globals["range"]}
    text = _MARKS.sub("", body)
    try:
        with bounded(RENDER_SECONDS):
            template = env.from_string(text)
            out = _render(template, names)
    except OutOfTime:
        raise RenderError(
            f"{where}: the rules text takes more than {RENDER_SECONDS:g} s to expand "
            "(a loop without end?)"
        ) from None
    except jinja2.TemplateSyntaxError as exc:
        line = (exc.lineno or 1) + first_line - 1
        raise RenderError(f"{where}:{line}: template error: {exc.message}") from None
    except jinja2.TemplateError as exc:
        line = _template_line(exc) + first_line - 1
        message = exc.message or type(exc).__name__
        raise RenderError(f"{where}:{line}: {message}{_close_name(message, names)}") from None
    except PrintgenError as exc:  # a placeholder's refusal (`total("dek")`), at its line
        line = _template_line(exc) + first_line - 1
        raise RenderError(f"{where}:{line}: {exc}") from None
    except (ArithmeticError, TypeError, ValueError, LookupError, RecursionError) as exc:
        line = _template_line(exc) + first_line - 1
        raise RenderError(f"{where}:{line}: {type(exc).__name__}: {exc}") from None
    if out is None:
        raise RenderError(f"{where}: the text expands to more than {MAX_OUTPUT} characters")
    return out


_UNDEFINED = re.compile(r"'([^']+)' is undefined")


def _close_name(message: str, names: Mapping[str, Callable[..., object]]) -> str:
    """`; did you mean 'components'?` when jinja's "'component' is undefined" names a typo."""
    undefined = _UNDEFINED.fullmatch(message)
    return did_you_mean(undefined.group(1), [*names, "range"]) if undefined else ""


def _render(template: jinja2.Template, names: Mapping[str, object]) -> str | None:
    """The template's text, counted as it is produced; None past MAX_OUTPUT characters."""
    pieces = []
    size = 0
    for piece in template.generate(**names):
        size += len(piece)
        if size > MAX_OUTPUT:
            return None
        pieces.append(piece)
    return "".join(pieces)


def _template_line(exc: BaseException) -> int:
    """The template line of an error raised while rendering, from the traceback."""
    tb = exc.__traceback__
    line = 1
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def markdown_to_html(
    text: str,
    blocks: Blocks,
    icon: IconOf,
    id_prefix: str = "s",
    first_line: int | None = None,
    lines: int | None = None,
) -> Rendered:
    """Markdown (no raw HTML) to HTML, with inline icons, heading ids and block markers. With
    `first_line` (the file's line of the text's first), each top-level block carries its
    line as `data-line`, a placeholder's block too: the typeset pages name what runs past
    their edges by the rulebook's line (printgen.render.rulebook.overflow); a block past the
    file's `lines` (text the rulebook adds) has none."""
    md = _markdown()
    env: EnvType = {_ICON: icon}
    tokens = md.parse(text, env)
    headings = _headings(tokens, id_prefix)
    if first_line is not None:
        _number_lines(tokens, first_line, lines)
    for token in tokens:  # weasyprint ignores <ol start>: continue the numbering with CSS
        start = token.attrGet("start") if token.type == "ordered_list_open" else None
        if start is not None and str(start).isdigit():
            token.attrSet("style", f"counter-reset: list-item {int(start) - 1}")
    html = md.renderer.render(tokens, md.options, env)
    html = _BLOCK.sub(lambda m: _with_line(blocks.items[int(m.group(2))], m.group(1)), html)
    html = _INLINE.sub(lambda m: blocks.items[int(m.group(1))], html)
    return Rendered(Markup(nest_headings(html)), headings)


def nest_headings(html: str) -> str:
    """`html` with each heading of NESTED_CLASS one level below the last heading of the text
    before it (an example under `## Worked examples` is an `<h3>`, under `###` an `<h4>`)."""
    last = 1

    def level(match: re.Match[str]) -> str:
        nonlocal last
        number, attrs, inner = int(match.group(1)), match.group(2), match.group(3)
        if NESTED_CLASS not in attrs:
            last = number
            return match.group(0)
        number = min(last + 1, 6)
        return f"<h{number}{attrs}>{inner}</h{number}>"

    return _HEADING.sub(level, html)


def _number_lines(tokens: list[Token], first_line: int, lines: int | None) -> None:
    for token in tokens:
        if token.level != 0 or token.nesting != 1 or not token.map:
            continue
        if lines is None or token.map[0] < lines:
            token.attrSet("data-line", str(first_line + token.map[0]))


def _with_line(block: Markup, line: str | None) -> Markup:
    """A placeholder's HTML block with its line on its first tag (as Markdown's blocks), after
    the tag's own attributes (`<ul class="variants" data-line="40">`)."""
    if line is None:
        return block
    return Markup(
        _FIRST_TAG.sub(lambda m: f'{m.group(1)} data-line="{line}"{m.group(2)}', block, count=1)
    )


def inline_markdown(text: str, icon: IconOf) -> Markup:
    """One paragraph of data text (an example's sentence): emphasis and icons, no blocks."""
    return Markup(_markdown().renderInline(_MARKS.sub("", text), {_ICON: icon}))


_SPELT_ICON = re.compile(r":([^:\s][^:\n]{0,63}?):")
"""An icon named as a designer writes a suit (`:Sea Glass:`, `:Été:`, `:Brine:`): it draws
when its id (`sea-glass`) names an icon, as the deck's text reads it (printgen.model.decks);
anything else between colons stays text."""


def _icon_of(env: EnvType) -> IconOf:
    icon: IconOf = env[_ICON]
    return icon


@cache
def _markdown() -> MarkdownIt:
    """The one Markdown parser of a process, the icons of each text given by its `env`
    (`_ICON`): built for each text and each example's sentence, the parser and its rule
    chains came to 226 for a build's six rulebooks (0.035 s of CPU); it keeps no state between
    texts."""
    md = MarkdownIt("commonmark", {"html": False, "typographer": True, "linkify": False})
    md.enable(["table", "replacements", "smartquotes", "strikethrough"])

    def icon_rule(state: StateInline, silent: bool) -> bool:
        icon = _icon_of(state.env)
        match = INLINE_ICON.match(state.src, state.pos)
        name = match.group(1) if match else ""
        if not match or icon(name) is None:  # `:Sea Glass:`, `:Brine:`: a suit as written
            match = _SPELT_ICON.match(state.src, state.pos)
            name = slug(match.group(1)) if match else ""
            if not match or not name or icon(name) is None:
                return False
        if not silent:
            token = state.push(_ICON, "", 0)
            token.meta = {"name": name}
        state.pos = match.end()
        return True

    def render_icon(
        renderer: object, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        return str(_icon_of(env)(tokens[idx].meta["name"]) or "")

    md.inline.ruler.before("emphasis", _ICON, icon_rule)
    md.add_render_rule(_ICON, render_icon)
    return md


def _headings(tokens: list[Token], prefix: str) -> list[Heading]:
    headings: list[Heading] = []
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[index + 1]
        text = "".join(
            child.content
            for child in inline.children or []
            if child.type in ("text", "code_inline")
        ).strip()
        ident = f"{prefix}{len(headings) + 1}"
        token.attrSet("id", ident)
        headings.append(Heading(int(token.tag[1]), text, ident))
    return headings


def plain(text: str) -> Markup:
    return escape(text)
