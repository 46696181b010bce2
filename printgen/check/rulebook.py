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
from printgen.files.templates import templates_dir
from printgen.model import Game
from printgen.render.rulebook.glyphs import check_glyphs
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import has_rules, sources
from printgen.render.text.labels import GAME_LABELS, LANG, game_labels, label_file
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
        if not source.lang == "en" == game.languages[0]:  # English, the first language: none
            checks.append(_words_check(source, name, icons))
    missing = _languages_without_rules(game, found)
    return checks + ([missing] if missing else [])


def _languages_without_rules(game: Game, found: list[Source]) -> Check | None:
    """A warning for the languages game.yaml lists that no rules file is written in: the
    kit has no rulebook in them (a rules.de.md deleted or misnamed builds on silently)."""
    written = {source.lang for source in found}
    missing = [lang for lang in game.languages if lang not in written]
    if not missing:
        return None
    files = ", ".join(f"rules.{lang}.md" for lang in missing)
    them = "it" if len(missing) == 1 else "them"
    return Check(
        "rulebook languages",
        False,
        "warning",
        f"game.yaml lists {', '.join(map(repr, missing))} in languages:, but {game.folder.name}/ "
        f"has no {files}: the kit prints no rulebook in {them} (the cards do, with --lang)",
    )


SHOWN_WORDS = 10
"""Untranslated words listed by name; more are counted."""


def _words_check(source: Source, name: str, icons: Icons) -> Check:
    """Whether every word the rulebook prints is in its language (render.rulebook.words)."""
    from printgen.render.rulebook.words import untranslated_words  # markdown_it: rules only

    lang = source.lang
    words = untranslated_words(source, icons)
    if not words:
        return Check(f"{name} words", True, "warning", f"every word it prints is in {lang!r}")
    listed = ", ".join(f"{key}: {word!r}" for key, word in words[:SHOWN_WORDS])
    if len(words) > SHOWN_WORDS:
        listed += f" and {len(words) - SHOWN_WORDS} more"
    where = f"{source.game.folder.name}/rules-labels.{lang}.yaml"
    said = "1 word prints" if len(words) == 1 else f"{len(words)} words print"
    message = (
        f"{said} untranslated ({listed}): give {'it' if len(words) == 1 else 'them'} in {where}"
    )
    if not label_file(lang):
        message += f" (printgen has no words of its own in {lang!r}; it has {_spoken()})"
    return Check(f"{name} words", False, "warning", message)


def _spoken() -> str:
    """The languages printgen has its own rulebook words in."""
    folder = templates_dir() / "common" / "rulebook" / "labels"
    return ", ".join(sorted(path.stem for path in folder.glob("*.yaml")))


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


def label_file_checks(game: Game) -> list[Check]:
    """Each of the game's own label files (rules-labels.yaml, rules-labels.<lang>.yaml) read
    as a rulebook and the kit's sheets read it: a malformed one is an error here even where
    no rulebook reads it (the sheets then keep printgen's words, unsaid)."""
    checks = []
    for path in sorted(game.folder.glob(f"{GAME_LABELS}*.yaml")):
        lang = path.name.removeprefix(GAME_LABELS).removesuffix(".yaml").removeprefix(".")
        if lang and not LANG.match(lang):
            continue
        try:
            game_labels(game, lang or None)
        except PrintgenError as exc:
            checks.append(Check("rules labels", False, "error", str(exc)))
    return checks
