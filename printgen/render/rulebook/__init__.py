"""Typeset rulebooks: rules*.md (Jinja2 sandbox, Markdown) -> HTML -> weasyprint -> PDF.

`build_rules(game, options, out_dir) -> list[Path]` writes OUT/<game>/rules.pdf and one
rules.<lang>.pdf for each extra language file. weasyprint is imported only inside a build.
"""

from __future__ import annotations

from printgen.render.rulebook.build import build_rules, rulebook_html, rulebook_pdf

__all__ = ["build_rules", "rulebook_html", "rulebook_pdf"]
