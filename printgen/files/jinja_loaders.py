"""The Jinja2 loaders of the template drawing (`printgen.render.draw.svg`): apart from
`printgen.files.templates`, which commands that draw no template read and which loads no
jinja2."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from printgen.errors import DataError, Problem, display_path
from printgen.files.guarded import read_guarded
from printgen.files.templates import MAX_TEMPLATE_BYTES, signature


class GuardedLoader(jinja2.BaseLoader):
    """The templates under `folder`, read through `read_guarded`: a template that is a symbolic
    link out of `root` (by default `folder`; a game's own templates may use any file of the
    game's folder), a FIFO or a huge file is refused."""

    def __init__(self, folder: Path, root: Path | None = None) -> None:
        self.folder = folder
        self.root = root or folder

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if not path.exists() and not path.is_symlink():
            raise jinja2.TemplateNotFound(template)
        loaded = signature(path)  # before reading: a save after it is seen as a change
        raw = read_guarded(path, MAX_TEMPLATE_BYTES, self.root)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            problem = Problem(display_path(path), line, "", "not valid UTF-8")
            raise DataError([problem]) from None
        return text, str(path), lambda: signature(path) == loaded

    def has(self, template: str) -> bool:
        """Whether the folder holds `template`, without reading it."""
        path = self.folder.joinpath(*split_template_path(template))
        return path.exists() or path.is_symlink()


class ShadowingLoader(jinja2.BaseLoader):
    """Asks `loaders` in turn, as `ChoiceLoader` does, but a template stays up to date only
    while no loader before the one that had it has one of that name (`ChoiceLoader` keeps the
    finding loader's own check): a game's `templates/components/badge.svg.j2` saved while
    `build --watch` runs is drawn from the next build, not the shared badge it shadows."""

    def __init__(self, loaders: Sequence[GuardedLoader]) -> None:
        self.loaders = tuple(loaders)

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        for index, loader in enumerate(self.loaders):
            try:
                text, name, uptodate = loader.get_source(environment, template)
            except jinja2.TemplateNotFound:
                continue
            return text, name, _unshadowed(uptodate, self.loaders[:index], template)
        raise jinja2.TemplateNotFound(template)


def _unshadowed(
    uptodate: Callable[[], bool] | None, before: Sequence[GuardedLoader], template: str
) -> Callable[[], bool]:
    def current() -> bool:
        unchanged = uptodate is None or uptodate()
        return unchanged and not any(loader.has(template) for loader in before)

    return current
