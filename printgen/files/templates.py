"""Where the templates are: the project's `templates/`, or the copy inside the installed package."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.errors import DataError, Problem, display_path
from printgen.files.guarded import read_guarded

if TYPE_CHECKING:  # the loaders are made where jinja2 is loaded, in the functions below
    import jinja2


@cache
def templates_dir() -> Path:
    """The bundled `templates/` folder (common pieces and one folder per game)."""
    here = Path(__file__).resolve().parent.parent  # the printgen package
    for candidate in (here / "templates", here.parent / "templates"):
        if (candidate / "common").is_dir():
            return candidate
    return here.parent / "templates"


MAX_TEMPLATE_BYTES = 1_000_000


def guarded_loader(folder: Path, root: Path | None = None) -> jinja2.BaseLoader:
    """A Jinja2 loader for the templates under `folder` that reads through `read_guarded`: a
    template that is a symbolic link out of `root` (by default `folder`; a game's own
    templates may use any file of the game's folder), a FIFO or a huge file is refused."""
    import jinja2  # loaded only by the commands that draw templates
    from jinja2.loaders import split_template_path  # with jinja2, as above

    class GuardedLoader(jinja2.BaseLoader):
        def get_source(
            self, environment: jinja2.Environment, template: str
        ) -> tuple[str, str, Callable[[], bool]]:
            path = folder.joinpath(*split_template_path(template))
            if not path.exists() and not path.is_symlink():
                raise jinja2.TemplateNotFound(template)
            loaded = signature(path)  # before reading: a save after it is seen as a change
            raw = read_guarded(path, MAX_TEMPLATE_BYTES, root or folder)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                line = raw[: exc.start].count(b"\n") + 1
                problem = Problem(display_path(path), line, "", "not valid UTF-8")
                raise DataError([problem]) from None
            return text, str(path), lambda: signature(path) == loaded

        def has(self, template: str) -> bool:
            path = folder.joinpath(*split_template_path(template))
            return path.exists() or path.is_symlink()

    return GuardedLoader()


def shadowing_loader(loaders: list[Any]) -> jinja2.BaseLoader:
    """A Jinja2 loader asking `loaders` (guarded ones) in turn, as `ChoiceLoader` does, whose
    template stays up to date only while no loader before the one that had it has one of that
    name (`ChoiceLoader` keeps the finding loader's own check): a game's
    `templates/components/badge.svg.j2` saved while `build --watch` runs is drawn from the next
    build, not the shared badge it shadows."""
    import jinja2  # loaded only by the commands that draw templates

    class ShadowingLoader(jinja2.BaseLoader):
        def get_source(
            self, environment: jinja2.Environment, template: str
        ) -> tuple[str, str | None, Callable[[], bool] | None]:
            for index, loader in enumerate(loaders):
                try:
                    text, name, uptodate = loader.get_source(environment, template)
                except jinja2.TemplateNotFound:
                    continue
                return text, name, _unshadowed(uptodate, loaders[:index], template)
            raise jinja2.TemplateNotFound(template)

    return ShadowingLoader()


def _unshadowed(
    uptodate: Callable[[], bool] | None, before: list[Any], template: str
) -> Callable[[], bool]:
    def current() -> bool:
        unchanged = uptodate is None or uptodate()
        return unchanged and not any(loader.has(template) for loader in before)

    return current


def signature(path: Path) -> tuple[int, int, int] | None:
    """What tells a file changed (as make and Jinja's own loader tell it), for what a process
    keeps of a game's files: one that builds again, `build --watch`, draws the template or
    icon the designer saved since, not the one it read first. None: no such file."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size, found.st_ino
