"""Rulebook text to HTML: the rules file is a sandboxed Jinja2 template, then Markdown.

1. Jinja2 (`ImmutableSandboxedEnvironment`, no autoescape: the text is Markdown). The
   placeholders (`components()`, `diagram("board")` ...) are the only names it sees; each returns
   a marker that stands for a block of HTML built and escaped by printgen.
2. Markdown (markdown-it-py, CommonMark + tables): raw HTML is *not* accepted, so `<b>` or
   `&amp;` written in the rules print literally; `:fire:` becomes the element's inline icon.
3. Markers are swapped for their HTML; headings get ids for the table of contents.

Rules text is user-written: the sandbox refuses attribute tricks, `range()` and repetition are
bounded, and any template error is reported as a RenderError naming the file and line.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markupsafe import Markup, escape

from printgen.errors import PrintgenError, RenderError

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"
_MARKS = re.compile(f"[{MARK_OPEN}{MARK_CLOSE}]")
_BLOCK = re.compile(f"<p>{MARK_OPEN}(\\d+){MARK_CLOSE}</p>")
_INLINE = re.compile(f"{MARK_OPEN}(\\d+){MARK_CLOSE}")
_ICON = re.compile(r":([a-z][a-z0-9-]*):")
RANGE_BUDGET = 10_000  # items all range() calls of one rulebook may produce together
MAX_REPEAT = 100_000  # the longest string or list `*` may make
MAX_OUTPUT = 2_000_000  # characters of Markdown a template may produce


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
    """HTML blocks made by placeholders; the template text holds only their markers."""

    def __init__(self) -> None:
        self.items: list[Markup] = []

    def add(self, html: Markup | str) -> str:
        self.items.append(Markup(html))
        return f"{MARK_OPEN}{len(self.items) - 1}{MARK_CLOSE}"


class _Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox with bounded `*`, `**` and `range()`."""

    intercepted_binops = frozenset({"*", "**"})

    def __init__(self) -> None:
        super().__init__(autoescape=False, undefined=jinja2.StrictUndefined)
        self.budget = RANGE_BUDGET
        self.globals = {"range": self._range}

    def _range(self, *args: int) -> range:
        items = range(*args)
        self.budget -= len(items)
        if self.budget < 0:
            raise SecurityError(f"range() beyond {RANGE_BUDGET} items in all")
        return items

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        if operator_ == "**":
            if isinstance(right, (int, float)) and abs(right) > 64:
                raise SecurityError("exponent too large")
            return operator.pow(left, right)
        size = [len(x) for x in (left, right) if isinstance(x, (str, list, tuple))]
        count = [x for x in (left, right) if isinstance(x, int) and not isinstance(x, bool)]
        if size and count and size[0] * abs(count[0]) > MAX_REPEAT:
            raise SecurityError(f"repetition longer than {MAX_REPEAT}")
        return operator.mul(left, right)


def expand(body: str, first_line: int, where: str, names: dict[str, Callable[..., Any]]) -> str:
    """Run the rules text as a sandboxed template whose only names are `names`."""
    env = _Sandbox()
    text = _MARKS.sub("", body)
    try:
        template = env.from_string(text)
        out = template.render(**names)
    except jinja2.TemplateSyntaxError as exc:
        line = (exc.lineno or 1) + first_line - 1
        raise RenderError(f"{where}:{line}: template error: {exc.message}") from None
    except jinja2.TemplateError as exc:
        line = _template_line(exc) + first_line - 1
        raise RenderError(f"{where}:{line}: {exc.message or type(exc).__name__}") from None
    except PrintgenError as exc:
        raise RenderError(f"{where}: {exc}") from None
    except (ArithmeticError, TypeError, ValueError, LookupError, RecursionError) as exc:
        line = _template_line(exc) + first_line - 1
        raise RenderError(f"{where}:{line}: {type(exc).__name__}: {exc}") from None
    if len(out) > MAX_OUTPUT:
        raise RenderError(f"{where}: the text expands to more than {MAX_OUTPUT} characters")
    return out


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
    text: str, blocks: Blocks, icon: Callable[[str], Markup | None], id_prefix: str = "s"
) -> Rendered:
    """Markdown (no raw HTML) to HTML, with inline icons, heading ids and block markers."""
    md = _markdown(icon)
    tokens = md.parse(text)
    headings = _headings(tokens, id_prefix)
    for token in tokens:  # weasyprint ignores <ol start>: continue the numbering with CSS
        start = token.attrGet("start") if token.type == "ordered_list_open" else None
        if start is not None and str(start).isdigit():
            token.attrSet("style", f"counter-reset: list-item {int(start) - 1}")
    html = md.renderer.render(tokens, md.options, {})
    html = _BLOCK.sub(lambda m: blocks.items[int(m.group(1))], html)
    html = _INLINE.sub(lambda m: blocks.items[int(m.group(1))], html)
    return Rendered(Markup(html), headings)


def inline_markdown(text: str, icon: Callable[[str], Markup | None]) -> Markup:
    """One paragraph of data text (an example's sentence): emphasis and icons, no blocks."""
    md = _markdown(icon)
    return Markup(md.renderInline(_MARKS.sub("", text)))


def _markdown(icon: Callable[[str], Markup | None]) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True, "linkify": False})
    md.enable(["table", "replacements", "smartquotes", "strikethrough"])

    def icon_rule(state: StateInline, silent: bool) -> bool:
        match = _ICON.match(state.src, state.pos)
        if not match or icon(match.group(1)) is None:
            return False
        if not silent:
            token = state.push("pg_icon", "", 0)
            token.meta = {"name": match.group(1)}
        state.pos = match.end()
        return True

    def render_icon(renderer: Any, tokens: list[Token], idx: int, options: Any, env: Any) -> str:
        return str(icon(tokens[idx].meta["name"]) or "")

    md.inline.ruler.before("emphasis", "pg_icon", icon_rule)
    md.add_render_rule("pg_icon", render_icon)
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
