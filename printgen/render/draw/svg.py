"""The Jinja2 environment of every SVG (and HTML) template, and rendering to a string.

- It is printgen's one sandbox (`printgen.model.sandbox`): a game's own templates are
  untrusted, so no template can reach Python's internals, and time, output and loops are
  bounded while it renders.
- The loader reads only the bundled `templates/` folder (no `..`, no absolute names).
- Autoescape is on for `.svg.j2` and `.html.j2`: text from data can never change a drawing's
  structure (`<`, `&`, quotes and `]]>` come out as entities and print literally).
- Undefined names are errors (StrictUndefined), reported as a RenderError naming the template.
- Characters XML cannot hold (control characters, lone surrogates) are dropped from data text,
  so a stray byte in a spreadsheet cannot make an unreadable SVG.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2.environment import TemplateModule
from markupsafe import Markup

from printgen.errors import RenderError, display_path
from printgen.files.jinja_loaders import GuardedLoader, ShadowingLoader
from printgen.files.templates import templates_dir
from printgen.files.usercache import cache_folder
from printgen.model.sandbox import Sandbox
from printgen.render.draw.svgdraw import number

__all__ = [
    "bytecode_cache",
    "environment",
    "has_template",
    "macros",
    "number",
    "render_game_template",
    "render_template",
    "template_place",
]

_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_safe(value: object) -> object:
    if isinstance(value, str) and not isinstance(value, Markup):
        return _XML_ILLEGAL.sub("", value)
    return value


def bytecode_cache(of: str = "") -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the user's cache folder (private to the user), so a build
    does not spend ~50 ms compiling them again; Jinja checks each against its source. An
    environment of other options (`of`: the gallery's) keeps its own folder: the code Jinja
    makes of a template depends on them."""
    # the sandbox's own code generator (counted output) makes other code: its own folder
    suffix = f"-{of}" if of else ""
    folder = cache_folder(f"jinja-{getattr(jinja2, '__version__', '')}-sandbox{suffix}")
    return None if folder is None else jinja2.FileSystemBytecodeCache(str(folder))


@cache
def environment() -> jinja2.Environment:
    env = Sandbox(
        bytecode_cache=bytecode_cache(),
        loader=GuardedLoader(templates_dir()),
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("svg.j2", "html.j2", "svg", "html", "xml"),
            default_for_string=True,
            default=True,
        ),
        undefined=jinja2.StrictUndefined,
        finalize=_xml_safe,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=True,  # a template saved since is compiled again (build --watch)
    )
    env.filters["n"] = number
    return env


@cache
def game_environment(folder: Path) -> jinja2.Environment:
    """The environment of a game's card design: its own `templates/` folder first, then the
    shared `templates/common/`, then the whole bundled folder (`common/icons.svg.j2`)."""
    base = environment()
    loaders = [
        GuardedLoader(folder / "templates", folder),  # the game's own: data, read guarded
        GuardedLoader(templates_dir() / "common", templates_dir()),
        GuardedLoader(templates_dir()),
    ]
    return base.overlay(loader=ShadowingLoader(loaders))


def has_template(name: str) -> bool:
    try:
        environment().get_template(name)
    except jinja2.TemplateNotFound:
        return False
    return True


def render_template(name: str, /, **context: object) -> str:
    """Render the shared template `name` (e.g. `common/rulebook/page.html.j2`) with `context`."""
    return _render(environment(), name, str(templates_dir()), context)


def render_game_template(folder: Path, name: str, /, **context: object) -> str:
    """Render a template of the game in `folder`: its own `templates/NAME` (a board, a player
    sheet: how the game draws its kit parts), which may import the shared ones
    (`common/icons.svg.j2`)."""
    return _render(game_environment(folder), name, str(folder / "templates"), context)


def _render(
    env: jinja2.Environment, name: str, where_from: str, context: Mapping[str, object]
) -> str:
    try:
        template = env.get_template(name)
    except jinja2.TemplateNotFound as exc:
        raise RenderError(f"template not found: {exc.name} (in {where_from})") from None
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(f"{_syntax_place(exc, name)}: template error: {exc.message}") from None
    try:
        return template.render(**context)
    except jinja2.TemplateError as exc:
        raise RenderError(f"{template_place(exc, template)}: {exc.message}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        message = f"{type(exc).__name__}: {exc}"
        raise RenderError(f"{template_place(exc, template)}: {message}") from None


def macros(env: jinja2.Environment, name: str) -> Macros:
    """The macros of template `name` for Python to call (`common/icons.svg.j2`'s `icon`),
    which a game may shadow with its own: a mistake in it, or one its macros make when
    called, is bad input at the template's file and line."""
    try:
        template = env.get_template(name)
        return Macros(template.module, template)
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(f"{_syntax_place(exc, name)}: template error: {exc.message}") from None
    except jinja2.TemplateError as exc:
        raise RenderError(f"{template_place(exc, template)}: {exc.message}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise RenderError(f"{template_place(exc, template)}: {type(exc).__name__}: {exc}") from None


class Macros:
    """A template's macros and values by name, each call's mistake said at its line."""

    def __init__(self, module: TemplateModule, template: jinja2.Template) -> None:
        self._module = module
        self._template = template

    def __getattr__(self, name: str) -> Any:  # whatever the template defines: Jinja's boundary
        value = getattr(self._module, name)
        if not callable(value):
            return value

        def call(*args: object, **kwargs: object) -> object:
            try:
                return value(*args, **kwargs)
            except jinja2.TemplateError as exc:
                raise RenderError(f"{template_place(exc, self._template)}: {exc.message}") from None
            except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
                place = template_place(exc, self._template)
                raise RenderError(f"{place}: {type(exc).__name__}: {exc}") from None

        return call


def _syntax_place(exc: jinja2.TemplateSyntaxError, name: str) -> str:
    return f"{display_path(exc.filename or exc.name or name)}:{exc.lineno}"


def template_place(exc: BaseException, template: jinja2.Template) -> str:
    """`FILE:LINE` of the template line an error was raised on while rendering `template`
    (Jinja2 rewrites the traceback so that its frames carry the template's file and line)."""
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == template.filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    file = display_path(template.filename or template.name or "template")
    return f"{file}:{line}" if line else file
