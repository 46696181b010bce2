"""Typeset rulebooks: rules*.md (Jinja2 sandbox, Markdown) -> HTML -> weasyprint -> PDF.

`rule_files(game, options) -> {name: bytes}` makes rules.pdf and one rules.<lang>.pdf for each
extra language file (the kit writes them). weasyprint is imported only inside a build.
"""

from __future__ import annotations

from printgen.render.rulebook.build import rule_files, rulebook_html, rulebook_pdf

__all__ = ["rule_files", "rulebook_html", "rulebook_pdf"]
