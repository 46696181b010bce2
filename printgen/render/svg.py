"""The Jinja2 environment of every SVG (and HTML) template, and rendering to a string.

- The loader reads only the bundled `templates/` folder (no `..`, no absolute names).
- Autoescape is on for `.svg.j2` and `.html.j2`: text from data can never change a drawing's
  structure (`<`, `&`, quotes and `]]>` come out as entities and print literally).
- Undefined names are errors (StrictUndefined), reported as a RenderError naming the template.
- Characters XML cannot hold (control characters, lone surrogates) are dropped from data text,
  so a stray byte in a spreadsheet cannot make an unreadable SVG.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from printgen.errors import RenderError
from printgen.files.usercache import cache_folder
from printgen.layout.svgdraw import number
from printgen.render.templates import guarded_loader, shadowing_loader, templates_dir

__all__ = ["environment", "has_template", "number", "render_game_template", "render_template"]

_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_safe(value: Any) -> Any:
    if isinstance(value, str) and not isinstance(value, Markup):
        return _XML_ILLEGAL.sub("", value)
    return value


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the user's cache folder (private to the user), so a build
    does not spend ~50 ms compiling them again; Jinja checks each against its source."""
    folder = cache_folder(f"jinja-{getattr(jinja2, '__version__', '')}")
    return None if folder is None else jinja2.FileSystemBytecodeCache(str(folder))


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        bytecode_cache=_bytecode_cache(),
        loader=guarded_loader(templates_dir()),
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
        guarded_loader(folder / "templates", folder),  # the game's own: data, read guarded
        guarded_loader(templates_dir() / "common", templates_dir()),
        guarded_loader(templates_dir()),
    ]
    return base.overlay(loader=shadowing_loader(loaders))


def has_template(name: str) -> bool:
    try:
        environment().get_template(name)
    except jinja2.TemplateNotFound:
        return False
    return True


def render_template(name: str, /, **context: Any) -> str:
    """Render the shared template `name` (e.g. `common/rulebook/page.html.j2`) with `context`."""
    return _render(environment(), name, str(templates_dir()), context)


def render_game_template(folder: Path, name: str, /, **context: Any) -> str:
    """Render a template of the game in `folder`: its own `templates/NAME` (a board, a player
    sheet: how the game draws its kit parts), which may import the shared ones
    (`common/icons.svg.j2`)."""
    return _render(game_environment(folder), name, str(folder / "templates"), context)


def _render(env: jinja2.Environment, name: str, where_from: str, context: dict[str, Any]) -> str:
    try:
        return env.get_template(name).render(**context)
    except jinja2.TemplateNotFound as exc:
        raise RenderError(f"template not found: {exc.name} (in {where_from})") from None
    except jinja2.TemplateSyntaxError as exc:
        where = f"{exc.name or name}:{exc.lineno}"
        raise RenderError(f"{where}: template error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise RenderError(f"{name}: {exc.message}") from None
