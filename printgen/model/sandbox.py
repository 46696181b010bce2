"""The one Jinja2 sandbox for every template and expression a game folder can reach.

Game folders travel (a collaborator's zip, a downloaded game), so everything in one is
untrusted: a design box's `text:` and `when:`, its components, backs and part templates, the
game's `templates/`, `rules.md` and, later, scoring expressions. All of them run here, never in
a plain `jinja2.Environment`:

- `Sandbox` is Jinja's `ImmutableSandboxedEnvironment`: no `__attributes__`, no unsafe
  callables (`cycler.__init__.__globals__.os` stops at its first step), no mutation of lists
  and dicts; `lipsum` is gone (it makes text without bound).
- Work and memory are bounded *while* a template runs, not after (`Budget`, one for the
  outermost render and everything it calls, includes and imports):
  - time: TEMPLATE_SECONDS of CPU time, counted in every call, operator, output and loop turn
    (the clock read at every _TICK_EVERY-th of them);
  - output: MAX_OUTPUT characters written, in every frame (a macro's buffer too);
  - loops: MAX_ITERATIONS turns of every `for` together, `range()` MAX_RANGE items together;
  - numbers: `*` and `**` on whole numbers stop above MAX_INT_BITS; strings and lists: `*`,
    `+`, `~`, `replace`, `join` stop above MAX_REPEAT items; widths in `%`, `format`, `center`,
    `indent` ... above MAX_WIDTH;
  - calls: macros nest at most MAX_DEPTH deep; a template that includes or imports itself
    without end is refused, not a crash.
- Anything refused is a `SecurityError` (a `TemplateError`), which every caller already turns
  into a message at the file and line that wrote the template.

A render outside any budget (a macro called from Python through a template's `.module`) still
has every per-operation bound; `bounded()` around it adds the time, output and loop budgets.
"""

from __future__ import annotations

import operator
import re
import string
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sized
from contextlib import contextmanager
from typing import SupportsInt, TypeGuard, TypeVar

import jinja2
import jinja2.runtime
from jinja2 import nodes
from jinja2 import sandbox as jinja_sandbox
from jinja2.compiler import CodeGenerator, Frame
from jinja2.environment import TemplateModule
from jinja2.nodes import EvalContext
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

__all__ = [
    "MAX_OUTPUT",
    "MAX_REPEAT",
    "TEMPLATE_SECONDS",
    "OutOfTime",
    "OverBudget",
    "RulesSandbox",
    "Sandbox",
    "SecurityError",
    "bounded",
]

TEMPLATE_SECONDS = 10.0  # CPU seconds for one outermost render; a card face takes milliseconds
MAX_OUTPUT = 20_000_000  # characters one render may write, counted in every frame
MAX_ITERATIONS = 200_000  # turns of every `for` loop of one render together
MAX_RANGE = 100_000  # items every range() of one render may make together
MAX_REPEAT = 100_000  # the longest string or list an operator or filter may make
MAX_INT_BITS = 4096  # whole numbers up to about 10**1233
MAX_WIDTH = 1000  # the widest field a format, center or indent may pad to
MAX_DEPTH = 100  # macros calling macros
_TICK_EVERY = 64  # steps between two clock readings (a reading costs about a microsecond)
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?")
_WIDE_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})
_GROWING_METHODS = frozenset({"translate", "maketrans"})
"""str methods whose result's size the sandbox cannot tell beforehand: refused."""

Written = TypeVar("Written")
"""What a template writes or loops over, passed through as it is."""


class OverBudget(SecurityError):
    """A render ran past its output or loop budget."""


class OutOfTime(OverBudget):
    """A render ran past its time."""


class Budget:
    """What one outermost render may still spend."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.process_time() + seconds
        self.seconds = seconds
        self.output = MAX_OUTPUT
        self.iterations = MAX_ITERATIONS
        self.range: int | None = None  # set by the first range(): its environment's budget
        self.depth = 0
        self.ticks = 0

    def tick(self) -> None:
        """One step of work (an output, a call, an operator, a loop's turn): the clock is read
        every _TICK_EVERY steps, as a reading costs more than most steps (a face's templates
        take some 150 steps a card), and no step is long (every other bound holds each)."""
        self.ticks += 1
        if self.ticks % _TICK_EVERY == 0 and time.process_time() > self.deadline:
            raise OutOfTime(
                f"the template takes more than {self.seconds:g} s to render (a loop without end?)"
            )


_active = threading.local()


def _budget() -> Budget | None:
    return getattr(_active, "budget", None)


@contextmanager
def bounded(seconds: float = TEMPLATE_SECONDS) -> Iterator[Budget]:
    """Run templates within one budget: the outermost `bounded()` starts it, nested ones share
    it. A template that includes, imports or extends itself without end is refused here."""
    current = _budget()
    if current is not None:
        yield current
        return
    budget = Budget(seconds)
    _active.budget = budget
    try:
        yield budget
    except RecursionError:
        raise SecurityError("templates include, import or call each other without end") from None
    finally:
        _active.budget = None


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _sized(value: object) -> int | None:
    return len(value) if isinstance(value, (str, list, tuple)) else None


class _BoundedCodeGenerator(CodeGenerator):
    """Jinja's code generator with every output counted (`environment.counted`) and `~`
    (concatenation) sent through `environment.bounded_concat`."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def _output_const_repr(self, group: Iterable[object]) -> str:
        return f"environment.counted({super()._output_const_repr(group)})"

    def _output_child_pre(
        self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo
    ) -> None:
        self.write("environment.counted(")
        super()._output_child_pre(node, frame, finalize)

    def _output_child_post(
        self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo
    ) -> None:
        super()._output_child_post(node, frame, finalize)
        self.write(")")


class _NoMacrosCodeGenerator(_BoundedCodeGenerator):
    """For text that has no use for macros (rules text): refused, with their line."""

    def visit_Macro(self, node: nodes.Macro, frame: Frame) -> None:
        self.fail("macros are not accepted in rules text", node.lineno)

    def visit_CallBlock(self, node: nodes.CallBlock, frame: Frame) -> None:
        self.fail("call blocks are not accepted in rules text", node.lineno)


class _BoundedTemplate(jinja2.Template):
    """A template whose `render`, and every macro Python calls from its `module`, runs within
    a budget (its own, or the caller's)."""

    def render(self, *args: object, **kwargs: object) -> str:
        with bounded(getattr(self.environment, "seconds", TEMPLATE_SECONDS)):
            return super().render(*args, **kwargs)

    @property
    def module(self) -> TemplateModule:
        with bounded(getattr(self.environment, "seconds", TEMPLATE_SECONDS)):
            try:
                module = super().module
            except Exception:  # as render does: the traceback's lines are the template's
                self.environment.handle_exception()
        return _BoundedModule(module, self.environment)


class _BoundedModule(TemplateModule):
    """A template's module (its macros and top-level names) for Python: each macro call runs
    within a budget, as a render does. A TemplateModule as jinja2 types `Template.module`,
    though it holds the module it wraps rather than being built as one (no super().__init__):
    every name is looked up in that one."""

    def __init__(self, module: TemplateModule, environment: jinja2.Environment) -> None:
        self._module = module
        self._environment = environment

    def __getattr__(self, name: str) -> object:
        value = getattr(self._module, name)
        if not isinstance(value, jinja2.runtime.Macro):
            return value

        def call(*args: object, **kwargs: object) -> object:
            with bounded():
                try:
                    return value(*args, **kwargs)
                except Exception:
                    self._environment.handle_exception()

        return call


_NAMED_UNSAFE: frozenset[str] = frozenset().union(
    jinja_sandbox.UNSAFE_FUNCTION_ATTRIBUTES,
    jinja_sandbox.UNSAFE_METHOD_ATTRIBUTES,
    jinja_sandbox.UNSAFE_GENERATOR_ATTRIBUTES,
    jinja_sandbox.UNSAFE_COROUTINE_ATTRIBUTES,
    jinja_sandbox.UNSAFE_ASYNC_GENERATOR_ATTRIBUTES,
    {"mro"},
    *(names for _, names in jinja_sandbox._mutable_spec),
)
"""Every attribute name one of Jinja's rules refuses on some kind of object
(`is_internal_attribute`, `modifies_known_mutable`), read from the Jinja installed."""
_ALWAYS_INTERNAL = (types.CodeType, types.TracebackType, types.FrameType)
"""Objects Jinja refuses every attribute of."""


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with bounded time, output, loops, numbers, strings and calls.
    Keyword arguments are `jinja2.Environment`'s (loader, autoescape, finalize ...)."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class: type[CodeGenerator] = _BoundedCodeGenerator
    template_class = _BoundedTemplate
    range_budget = MAX_RANGE

    def __init__(self, seconds: float = TEMPLATE_SECONDS, **options: object) -> None:
        options.setdefault("undefined", jinja2.StrictUndefined)
        super().__init__(**options)
        self.seconds = seconds
        self.globals.pop("lipsum", None)
        self.globals["range"] = self._range
        self.filters = {
            **self.filters,
            "center": self._wide("center", self.filters["center"]),
            "indent": self._wide("indent", self.filters["indent"]),
            "wordwrap": self._wide("wordwrap", self.filters["wordwrap"]),
            "batch": self._wide("batch", self.filters["batch"]),
            "slice": self._wide("slice", self.filters["slice"]),
            "truncate": self._wide("truncate", self.filters["truncate"]),
            "format": self._format_filter,
            "replace": self._replace_filter,
            "join": self._join_filter(self.filters["join"]),
            "sum": self._sum_filter(self.filters["sum"]),
        }

    def make_globals(self, d: MutableMapping[str, object] | None) -> MutableMapping[str, object]:
        """A template's globals as one dict: the environment's, then its own. Jinja's ChainMap
        over the two is copied into every render's context, and copying a ChainMap costs
        some 4 us a render (a third of a card value's `{{ name }}`). The environment's
        globals are set before any template is made (Jinja asks as much); changed after, they
        are not seen by the templates made before."""
        return {**self.globals, **(d or {})}

    def is_safe_attribute(self, obj: object, attr: str, value: object) -> bool:
        """Jinja's answer, found sooner: an attribute whose name no rule of Jinja's names (a
        card's `box.w`, `loop.index`) of an object that is no code, frame or traceback is safe,
        as Jinja would find after a dozen `isinstance` checks (five against abstract
        classes) at every attribute a template reads; any other goes through them."""
        if attr.startswith("_"):
            return False
        if attr not in _NAMED_UNSAFE and not isinstance(obj, _ALWAYS_INTERNAL):
            return True
        return super().is_safe_attribute(obj, attr, value)

    # -- the AST: every `for` counts its turns --------------------------------------------

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Call(
                nodes.EnvironmentAttribute("bounded_iter"), [loop.iter], [], None, None
            ).set_lineno(loop.lineno)
        return tree

    # -- hooks the generated code calls ---------------------------------------------------

    def counted(self, text: Written) -> Written:
        """Each piece of output, as it is written (the hook runs tens of times a face: kept
        to the bare checks)."""
        budget: Budget | None = getattr(_active, "budget", None)
        if budget is not None:
            budget.output -= len(text) if isinstance(text, str) else 1
            if budget.output < 0:
                raise OverBudget(f"the template writes more than {MAX_OUTPUT} characters")
            budget.tick()
        return text

    def bounded_iter(self, items: Iterable[Written]) -> Iterator[Written]:
        """A `for` loop's items, counted against the render's MAX_ITERATIONS."""
        budget = _budget()
        for item in items:
            if budget is not None:
                budget.iterations -= 1
                if budget.iterations < 0:
                    raise OverBudget(f"loops turn more than {MAX_ITERATIONS} times in all")
                budget.tick()
            yield item

    def bounded_concat(self, items: tuple[object, ...]) -> str:
        """`a ~ b ~ ...`, refused when longer than MAX_REPEAT characters."""
        self.tick()
        parts = [str(item) for item in items]
        if sum(len(part) for part in parts) > MAX_REPEAT:
            raise SecurityError(f"a string longer than {MAX_REPEAT} characters")
        return "".join(parts)

    def tick(self) -> None:
        budget: Budget | None = getattr(_active, "budget", None)
        if budget is not None:
            budget.tick()

    # -- operators, calls, globals and filters --------------------------------------------

    def _range(self, *args: int) -> range:
        self.tick()
        items = range(*args)
        budget = _budget()
        left = self.range_budget
        if budget is not None:
            left = self.range_budget if budget.range is None else budget.range
        if len(items) > left:
            raise SecurityError(f"range() beyond {self.range_budget} items in all")
        if budget is not None:
            budget.range = left - len(items)
        return items

    def call_binop(
        self, context: jinja2.runtime.Context, operator_: str, left: object, right: object
    ) -> object:
        """`left OP right` for the operators the sandbox intercepts, checked (`_BINOPS`)
        unless it is one whose result cannot grow past a bound (`_UNCHECKED`: sums of numbers,
        products with a float), which a template's geometry is made of."""
        budget: Budget | None = getattr(_active, "budget", None)
        if budget is not None:
            budget.tick()
        if (operator_, type(left), type(right)) in _UNCHECKED:
            return _OPERATORS[operator_](left, right)
        return _BINOPS[operator_](left, right)

    def call(
        __self, __context: jinja2.runtime.Context, __obj: object, *args: object, **kwargs: object
    ) -> object:
        budget: Budget | None = getattr(_active, "budget", None)
        if budget is not None:
            budget.tick()
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            name = getattr(__obj, "__name__", "")
            if name in _WIDE_METHODS:
                _check_widths(name, args, kwargs)
            elif name == "replace":
                _check_replace(owner, args)
            elif name == "join" and args:
                _check_join(owner, args[0])
            elif name in _GROWING_METHODS:
                raise SecurityError(f"str.{name} is not accepted in templates")
        if budget is None:
            return super().call(__context, __obj, *args, **kwargs)
        budget.depth += 1
        try:
            if budget.depth > MAX_DEPTH:
                raise SecurityError(f"calls nested more than {MAX_DEPTH} deep")
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            budget.depth -= 1

    def wrap_str_format(self, value: object) -> Callable[..., str] | None:
        """`str.format` and `format_map`, with their format specs checked first."""
        wrapped = super().wrap_str_format(value)
        owner = getattr(value, "__self__", None)
        if wrapped is None or not isinstance(owner, str):  # jinja2 wraps a str's method only
            return None
        _check_braces(owner)
        return wrapped

    def _wide(self, name: str, original: Callable[..., object]) -> Callable[..., object]:
        """A filter whose whole-number arguments (widths, counts) are at most MAX_WIDTH; the
        value filtered (and the environment Jinja passes some filters first) is not one."""
        passes = hasattr(original, "jinja_pass_arg")
        skip = 2 if passes else 1

        def bounded_filter(*args: object, **kwargs: object) -> object:
            self.tick()
            _check_widths(name, args[skip:], kwargs)
            return original(*args, **kwargs)

        if passes:
            bounded_filter.jinja_pass_arg = original.jinja_pass_arg  # type: ignore[attr-defined]
        return bounded_filter

    def _format_filter(self, value: object, *args: object, **kwargs: object) -> str:
        self.tick()
        _check_percent(str(value))
        return str(value) % (kwargs or args)

    def _replace_filter(
        self, value: object, old: object, new: object, count: str | SupportsInt | None = None
    ) -> str:
        self.tick()
        text = str(value)
        _check_replace(text, (str(old), str(new)))
        return text.replace(str(old), str(new), -1 if count is None else int(count))

    def _join_filter(self, original: Callable[..., str]) -> Callable[..., str]:
        def join(
            eval_ctx: EvalContext,
            value: Iterable[object],
            d: str = "",
            attribute: str | int | None = None,
        ) -> str:
            self.tick()
            items = list(value)
            if len(str(d)) * max(len(items) - 1, 0) > MAX_REPEAT:
                raise SecurityError(f"join: a string longer than {MAX_REPEAT} characters")
            return original(eval_ctx, items, d, attribute)

        join.jinja_pass_arg = original.jinja_pass_arg  # type: ignore[attr-defined]
        return join

    def _sum_filter(self, original: Callable[..., object]) -> Callable[..., object]:
        def total(
            environment: jinja2.Environment,
            iterable: Iterable[object],
            attribute: str | int | None = None,
            start: object = 0,
        ) -> object:
            self.tick()
            if not isinstance(start, (int, float)):
                raise SecurityError("sum adds numbers only")
            return original(environment, iterable, attribute, start)

        total.jinja_pass_arg = original.jinja_pass_arg  # type: ignore[attr-defined]
        return total


class RulesSandbox(Sandbox):
    """The sandbox for text that needs no macros (rules text): refused at their line, and
    range() makes a tenth as much (a rulebook counts a few players and cards)."""

    code_generator_class = _NoMacrosCodeGenerator
    range_budget = 10_000


def _check_widths(name: str, args: tuple[object, ...], kwargs: Mapping[str, object]) -> None:
    for value in [*args, *kwargs.values()]:
        if _whole(value) and abs(value) > MAX_WIDTH:
            raise SecurityError(f"{name}: a width of {value}; at most {MAX_WIDTH}")


def _power(left: object, right: object) -> object:
    if isinstance(right, (int, float)) and abs(right) > 64:
        raise SecurityError("exponent too large")
    if _whole(left) and _whole(right) and left.bit_length() * abs(right) > MAX_INT_BITS:
        raise SecurityError(f"a number of more than {MAX_INT_BITS} bits")
    return operator.pow(left, right)


def _modulo(left: object, right: object) -> object:
    if isinstance(left, str):
        _check_percent(left)
    return operator.mod(left, right)


def _add(left: object, right: object) -> object:
    sizes = [_sized(left), _sized(right)]
    if None not in sizes and sum(s for s in sizes if s) > MAX_REPEAT:
        raise SecurityError(f"a string or list longer than {MAX_REPEAT}")
    return operator.add(left, right)


def _multiply(left: object, right: object) -> object:
    if _whole(left) and _whole(right):
        if left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise SecurityError(f"a number of more than {MAX_INT_BITS} bits")
        return operator.mul(left, right)
    size = [s for s in (_sized(left), _sized(right)) if s is not None]
    count = [x for x in (left, right) if _whole(x)]
    if size and count and size[0] * abs(count[0]) > MAX_REPEAT:
        raise SecurityError(f"repetition longer than {MAX_REPEAT}")
    return operator.mul(left, right)


_BINOPS: dict[str, Callable[[object, object], object]] = {
    "**": _power,
    "%": _modulo,
    "+": _add,
    "*": _multiply,
}
"""Each operator the sandbox intercepts (`intercepted_binops`), checked before it runs: a
number, string or list it makes stays within the limits."""
_OPERATORS: dict[str, Callable[[object, object], object]] = {
    "+": operator.add,
    "%": operator.mod,
    "*": operator.mul,
}
_UNCHECKED = frozenset(
    (op, left, right)
    for op in ("+", "%", "*")
    for left in (int, float)
    for right in (int, float)
    if not (op == "*" and left is int and right is int)
)
"""(operator, type, type) whose check in `_BINOPS` has nothing to check (no string, list or
product of two whole numbers), done at once: the same result, without the checks' calls.
Exact types: `True + 1` and the like take the checked way, as before."""


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


def _check_replace(text: str, args: tuple[object, ...]) -> None:
    if len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        grows = len(args[1]) - len(args[0])
        hits = text.count(args[0]) if args[0] else len(text) + 1
        if grows > 0 and len(text) + hits * grows > MAX_REPEAT:
            raise SecurityError(f"replace: a string longer than {MAX_REPEAT} characters")


def _check_join(separator: str, items: object) -> None:
    count = len(items) if isinstance(items, Sized) else MAX_REPEAT
    if len(separator) * max(count - 1, 0) > MAX_REPEAT:
        raise SecurityError(f"join: a string longer than {MAX_REPEAT} characters")
