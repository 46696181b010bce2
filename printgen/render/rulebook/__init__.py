"""Typeset rulebooks: rules*.md (Jinja2 sandbox, Markdown) -> HTML -> weasyprint -> PDF.

`rule_files(game, options) -> {Output: bytes}` makes the rulebook and one for each extra
language file (the kit names them rules.pdf and rules.<lang>.pdf, and writes them).
weasyprint is imported only inside a build, and the typesetting modules only when one of
these names is used: a build that only asks which rulebooks a game has
(`source.rule_pieces`) loads none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names' types, for mypy; at run time each loads on first use
    from printgen.render.rulebook.build import rule_files, rulebook_html, rulebook_pdf

__all__ = ["rule_files", "rulebook_html", "rulebook_pdf"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from printgen.render.rulebook import build  # typesetting (jinja2, markdown_it) on use

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
