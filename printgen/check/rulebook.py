"""What building a game's rulebooks would refuse, found by `validate` first.

Validate runs the steps build runs before typesetting: each rulebook's front matter and text
are read, its placeholders expanded (an undefined one, `{{ totl }}`, fails here as in build),
its diagrams drawn, the Markdown turned into HTML and every glyph looked up in the fonts; then
it is typeset (once for validate and build, through the build's store) and each page read for
what runs past its text area: a table a long name pushes wide, a word longer than its line, a
picture too big, named by the rulebook's line and page. Icons the text names (`:fire:`, or
the game's own `:anchor:` from its `icons/` folder) must be ones the rulebook draws: an
unknown one would print as plain `:name:`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.errors import PrintgenError
from printgen.model import Game
from printgen.render.rulebook.glyphs import check_glyphs
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import has_rules, sources
from printgen.rules.engine import Check

if TYPE_CHECKING:
    from printgen.render.outputs import Output
    from printgen.render.rulebook.source import Source


def rulebook_checks(game: Game) -> list[Check]:
    """One check per rulebook build would write (none for a game without a rules file,
    which build leaves out too: printgen.kit.parts)."""
    if not has_rules(game):
        return []
    # start-up: markdown_it and the typesetter's modules load only for a game with rules
    from printgen.render.rulebook.build import unknown_icons
    from printgen.render.rulebook.page import body, page_html  # markdown_it: with rules only

    try:
        found = sources(game)
    except PrintgenError as exc:
        return [Check("rulebook", False, "error", str(exc))]
    checks = []
    icons = Icons(game)
    known = [f":{n}:" for n in icons.names]
    for source in found:
        name = f"rulebook {_file_of(source.output)}"
        unknown = [str(problem) for problem in unknown_icons(source, icons)]
        if unknown:
            listed = f" (the rulebook draws {', '.join(known)})" if known else ""
            checks.append(Check(f"{name} icons", False, "error", "; ".join(unknown) + listed))
        try:
            check_glyphs(page_html(source, icons, body(source, icons), True), source.file_name)
        except PrintgenError as exc:
            checks.append(Check(name, False, "error", str(exc)))
            continue
        checks.append(Check(name, True, "error", "its text expands; every glyph is in its font"))
        checks.append(_pages_check(source, name))
    return checks


def _pages_check(source: Source, name: str) -> Check:
    """Whether every typeset page keeps its content inside its text area."""
    from printgen.render.rulebook.build import rulebook_typeset  # markdown_it: with rules only

    try:
        past = rulebook_typeset(source)[1]
    except PrintgenError as exc:
        return Check(f"{name} pages", False, "error", str(exc))
    if not past:
        return Check(f"{name} pages", True, "warning", "every page keeps its text inside")
    listed = "; ".join(over.message(source.file_name) for over in past)
    return Check(f"{name} pages", False, "warning", listed)


def _file_of(output: Output) -> str:
    """The rulebook's file as `printgen.kit.names` names it (the kit sits above the checks, so
    this says it again; tests/kit/test_names.py keeps the two the same)."""
    return f"rules.{output.name}.pdf" if output.name else "rules.pdf"
