"""Rulebook text to HTML: the rules file is a sandboxed Jinja2 template, then Markdown.

1. Jinja2 (`ImmutableSandboxedEnvironment`, no autoescape: the text is Markdown). The
   placeholders (`components()`, `diagram("board")` ...) are the only names it sees; each returns
   a marker that stands for a block of HTML built and escaped by printgen.
2. Markdown (markdown-it-py, CommonMark + tables): raw HTML is *not* accepted, so `<b>` or
   `&amp;` written in the rules print literally; `:fire:` becomes the element's inline icon.
3. Markers are swapped for their HTML; headings get ids for the table of contents.

Rules text is user-written: the sandbox refuses attribute tricks, and every way to make work
or memory without end is bounded *while* the template runs, not after:
- time: RENDER_SECONDS of CPU time (a SIGPROF timer on the main thread, and a CPU clock check
  in every operation the sandbox intercepts), so nested loops over long strings stop, and a
  busy machine does not stop a rulebook that renders in milliseconds;
- size: the Markdown it writes and the HTML its placeholders (`components()` ...) add are
  counted as they are produced, against MAX_OUTPUT, MAX_BLOCKS and MAX_PLACEHOLDERS (the
  typesetter's time grows with them: 200 component tables take half a minute);
- numbers: `**` and `*` on whole numbers stop above MAX_INT_BITS; strings: `*`, `~`
  (concatenation), `replace` stop above MAX_REPEAT characters; widths in `%`, `format`,
  `center`, `indent`, `ljust` ... above MAX_WIDTH;
- `range()` makes at most RANGE_BUDGET items in all; macros (recursion) are not accepted.
Any template error is reported as a RenderError naming the file and line.
"""

from __future__ import annotations

import operator
import re
import signal
import string
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markupsafe import Markup, escape

from printgen.errors import PrintgenError, RenderError
from printgen.model.assets import INLINE_ICON
from printgen.model.decks import slug
from printgen.model.schema import did_you_mean

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"
_MARKS = re.compile(f"[{MARK_OPEN}{MARK_CLOSE}]")
_BLOCK = re.compile(f"<p>{MARK_OPEN}(\\d+){MARK_CLOSE}</p>")
_INLINE = re.compile(f"{MARK_OPEN}(\\d+){MARK_CLOSE}")
RANGE_BUDGET = 10_000  # items all range() calls of one rulebook may produce together
MAX_REPEAT = 100_000  # the longest string or list `*` may make
MAX_OUTPUT = 2_000_000  # characters of Markdown a template may produce
# The bundled rulebooks call at most 7 placeholders, adding at most 270,000 characters of HTML.
MAX_BLOCKS = 4_000_000  # characters of HTML its placeholders may add (tables, diagrams)
MAX_PLACEHOLDERS = 100  # blocks its placeholders may add
MAX_INT_BITS = 4096  # whole numbers up to about 10**1233
MAX_WIDTH = 1000  # the widest field a format, center or indent may pad to
RENDER_SECONDS = 10.0  # a rulebook's template renders in milliseconds
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?")
_WIDE_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})


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


class OverBudget(Exception):
    """Rendering ran past RENDER_SECONDS."""


class _BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator, with `~` (concatenation) sent through the sandbox's
    `bounded_concat`, which bounds the length, and macros refused (recursion doubles strings)."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def visit_Macro(self, node: nodes.Macro, frame: Frame) -> None:
        self.fail("macros are not accepted in rules text", node.lineno)

    def visit_CallBlock(self, node: nodes.CallBlock, frame: Frame) -> None:
        self.fail("call blocks are not accepted in rules text", node.lineno)


class _Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox with bounded numbers, strings, widths, `range()` and time."""

    intercepted_binops = frozenset({"*", "**", "%"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, seconds: float = RENDER_SECONDS) -> None:
        super().__init__(autoescape=False, undefined=jinja2.StrictUndefined)
        self.budget = RANGE_BUDGET
        self.deadline = time.process_time() + seconds  # CPU time: a loaded machine is no bomb
        self.globals = {"range": self._range}
        self.filters = {
            **self.filters,
            "center": self._wide("center", self.filters["center"]),
            "indent": self._wide("indent", self.filters["indent"]),
            "wordwrap": self._wide("wordwrap", self.filters["wordwrap"]),
            "batch": self._wide("batch", self.filters["batch"]),
            "slice": self._wide("slice", self.filters["slice"]),
            "format": self._format_filter,
            "replace": self._replace_filter,
        }

    def tick(self) -> None:
        """Stop when rendering has run past its time (for when no timer can be set)."""
        if time.process_time() > self.deadline:
            raise OverBudget

    def _range(self, *args: int) -> range:
        self.tick()
        items = range(*args)
        self.budget -= len(items)
        if self.budget < 0:
            raise SecurityError(f"range() beyond {RANGE_BUDGET} items in all")
        return items

    def call_binop(self, context: Any, operator_: str, left: Any, right: Any) -> Any:
        self.tick()
        if operator_ == "**":
            if isinstance(right, (int, float)) and abs(right) > 64:
                raise SecurityError("exponent too large")
            if _whole(left) and _whole(right) and left.bit_length() * abs(right) > MAX_INT_BITS:
                raise SecurityError(f"a number of more than {MAX_INT_BITS} bits")
            return operator.pow(left, right)
        if operator_ == "%":
            if isinstance(left, str):
                _check_percent(left)
            return operator.mod(left, right)
        if _whole(left) and _whole(right):
            if left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise SecurityError(f"a number of more than {MAX_INT_BITS} bits")
            return operator.mul(left, right)
        size = [len(x) for x in (left, right) if isinstance(x, (str, list, tuple))]
        count = [x for x in (left, right) if _whole(x)]
        if size and count and size[0] * abs(count[0]) > MAX_REPEAT:
            raise SecurityError(f"repetition longer than {MAX_REPEAT}")
        return operator.mul(left, right)

    def bounded_concat(self, items: tuple[Any, ...]) -> str:
        """`a ~ b ~ ...`, refused when longer than MAX_REPEAT characters."""
        self.tick()
        parts = [str(item) for item in items]
        if sum(len(part) for part in parts) > MAX_REPEAT:
            raise SecurityError(f"a string longer than {MAX_REPEAT} characters")
        return "".join(parts)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        __self.tick()
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str):
            if name in _WIDE_METHODS:
                _check_widths(name, args, kwargs)
            elif name == "replace":
                _check_replace(owner, args)
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`str.format` and `format_map`, with their format specs checked first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        _check_braces(value.__self__)
        return wrapped

    def _wide(self, name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def bounded(value: Any, *args: Any, **kwargs: Any) -> Any:
            self.tick()
            _check_widths(name, args, kwargs)
            return original(value, *args, **kwargs)

        return bounded

    def _format_filter(self, value: Any, *args: Any, **kwargs: Any) -> str:
        self.tick()
        _check_percent(str(value))
        return str(value) % (kwargs or args)

    def _replace_filter(self, value: Any, old: Any, new: Any, count: Any = None) -> str:
        self.tick()
        text = str(value)
        _check_replace(text, (str(old), str(new)))
        return text.replace(str(old), str(new), -1 if count is None else int(count))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_widths(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    for value in [*args, *kwargs.values()]:
        if _whole(value) and abs(value) > MAX_WIDTH:
            raise SecurityError(f"{name}: a width of {value}; at most {MAX_WIDTH}")


def _check_percent(text: str) -> None:
    """Refuse `%` format specs that pad wider than MAX_WIDTH or take a width from the values."""
    for match in _PERCENT_SPEC.finditer(text):
        for number in match.groups():
            if number == "*" or (number and int(number) > MAX_WIDTH):
                raise SecurityError(f"format width {number!r}; at most {MAX_WIDTH}")


def _check_braces(text: str) -> None:
    """Refuse `{...}` format specs with widths above MAX_WIDTH or nested fields."""
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise SecurityError(f"format: {exc}") from None
    for _, _, spec, _ in fields:
        if spec and "{" in spec:
            raise SecurityError("format: nested fields are not accepted")
        for number in re.findall(r"\d+", spec or ""):
            if int(number) > MAX_WIDTH:
                raise SecurityError(f"format width {number}; at most {MAX_WIDTH}")


def _check_replace(text: str, args: tuple[Any, ...]) -> None:
    if len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        grows = len(args[1]) - len(args[0])
        hits = text.count(args[0]) if args[0] else len(text) + 1
        if grows > 0 and len(text) + hits * grows > MAX_REPEAT:
            raise SecurityError(f"replace: a string longer than {MAX_REPEAT} characters")


def expand(body: str, first_line: int, where: str, names: dict[str, Callable[..., Any]]) -> str:
    """Run the rules text as a sandboxed template whose only names are `names`."""
    env = _Sandbox(RENDER_SECONDS)
    text = _MARKS.sub("", body)
    try:
        template = env.from_string(text)
        with _timer(RENDER_SECONDS):
            out = _render(template, names)
    except OverBudget:
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


def _close_name(message: str, names: dict[str, Callable[..., Any]]) -> str:
    """`; did you mean 'components'?` when jinja's "'component' is undefined" names a typo."""
    undefined = _UNDEFINED.fullmatch(message)
    return did_you_mean(undefined.group(1), [*names, "range"]) if undefined else ""


def _render(template: jinja2.Template, names: dict[str, Any]) -> str | None:
    """The template's text, counted as it is produced; None past MAX_OUTPUT characters."""
    pieces = []
    size = 0
    for piece in template.generate(**names):
        size += len(piece)
        if size > MAX_OUTPUT:
            return None
        pieces.append(piece)
    return "".join(pieces)


class _timer:
    """Raise OverBudget in the main thread after `seconds` of this process's CPU time (SIGPROF,
    so a busy machine does not fail a rulebook that renders in milliseconds); elsewhere the
    sandbox's clock checks (`tick`) stand in."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = False

    def __enter__(self) -> None:
        if threading.current_thread() is not threading.main_thread() or not hasattr(
            signal, "setitimer"
        ):
            return
        self.previous = signal.signal(signal.SIGPROF, self._expire)
        signal.setitimer(signal.ITIMER_PROF, self.seconds)
        self.armed = True

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, self.previous)

    @staticmethod
    def _expire(signum: int, frame: Any) -> None:
        raise OverBudget


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


_SPELT_ICON = re.compile(r":([^:\s][^:\n]{0,63}?):")
"""An icon named as a designer writes a suit (`:Sea Glass:`, `:Été:`, `:Brine:`): it draws
when its id (`sea-glass`) names an icon, as the deck's text reads it (printgen.model.decks);
anything else between colons stays text."""


def _markdown(icon: Callable[[str], Markup | None]) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True, "linkify": False})
    md.enable(["table", "replacements", "smartquotes", "strikethrough"])

    def icon_rule(state: StateInline, silent: bool) -> bool:
        match = INLINE_ICON.match(state.src, state.pos)
        name = match.group(1) if match else ""
        if not match or icon(name) is None:  # `:Sea Glass:`, `:Brine:`: a suit as written
            match = _SPELT_ICON.match(state.src, state.pos)
            name = slug(match.group(1)) if match else ""
            if not match or not name or icon(name) is None:
                return False
        if not silent:
            token = state.push("pg_icon", "", 0)
            token.meta = {"name": name}
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
