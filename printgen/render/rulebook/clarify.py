"""The rulebook's clarifications section, variants list and `rule()` lines, from the game's
clarifications.yaml and the values of its game.yaml `rules:` (printgen/rules/clarifications.py).

Every rulebook of a game with clarifications ends with a section listing them, one line each:
what this edition does, the setting and its other values, and the source's own words.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from printgen.errors import RenderError
from printgen.model.schema import did_you_mean
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.render.rulebook.text import inline_markdown
from printgen.rules.clarifications import Entry, clarifications_of
from printgen.rules.figures import FigureTexts


def has_clarifications(source: Source) -> bool:
    return bool(clarifications_of(source.game).entries)


def tail(source: Source) -> str:
    """The rules text appended to every rulebook of a game with clarifications."""
    if not has_clarifications(source):
        return ""
    return f"\n\n## {source.label('clarifications')}\n\n{{{{ clarifications() }}}}\n"


def rule(source: Source, name: str) -> str:
    """The rule a setting's current value gives, as Markdown for the rules text."""
    return _entry(source, name, "rule").rule(source.lang, FigureTexts(source.game))


def setting(source: Source, name: str) -> str:
    """A setting's current value (for `{% if setting("versus.end") == "deck-out" %}`)."""
    return str(_entry(source, name, "setting").value)


def _entry(source: Source, name: str, called: str) -> Entry:
    entry = clarifications_of(source.game).settings.get(name)
    if entry is None:
        settings = list(clarifications_of(source.game).settings)
        raise RenderError(
            f"{called}({name!r}): not a setting of clarifications.yaml"
            f"{did_you_mean(name, settings)} (settings: {', '.join(settings) or 'none'})"
        )
    return entry


def clarifications_block(source: Source, icons: Icons) -> Markup:
    lines = [_line(source, icons, entry) for entry in clarifications_of(source.game).entries]
    intro = escape(source.label("clarifications_intro"))
    items = Markup("").join(Markup("<li>{}</li>").format(line) for line in lines)
    return Markup('<p>{}</p><ul class="clarifications">{}</ul>').format(intro, items)


def variants_block(source: Source, icons: Icons) -> Markup:
    """Each choice marked `variant: true`, with the rule of every value not chosen."""
    items = []
    for entry in clarifications_of(source.game).settings.values():
        if not entry.variant:
            continue
        for value, text in entry.others(source.lang, FigureTexts(source.game)):
            items.append(
                Markup("<li><strong>{}</strong> ({}): {}</li>").format(
                    _title(source, entry),
                    _setting(entry.name, value),
                    _inline(source, icons, text),
                )
            )
    return Markup('<ul class="variants">{}</ul>').format(Markup("").join(items))


def _line(source: Source, icons: Icons, entry: Entry) -> Markup:
    parts = [
        Markup("<strong>{}.</strong> {}").format(
            _title(source, entry),
            _inline(source, icons, entry.rule(source.lang, FigureTexts(source.game))),
        )
    ]
    if entry.is_setting:
        shown = entry.value if isinstance(entry.value, (str, int, float)) else "…"
        setting = Markup("{} {}").format(source.label("setting"), _setting(entry.name, shown))
        others = [v for v, _ in entry.others(source.lang, FigureTexts(source.game))]
        if others:
            setting += Markup("; {} {}").format(
                source.label("other_values"),
                Markup(", ").join(Markup("<code>{}</code>").format(v) for v in others),
            )
        parts.append(Markup('<span class="setting">({})</span>').format(setting))
    if entry.source:
        parts.append(
            Markup('<span class="source">{} “{}”</span>').format(
                source.label("source_says"), entry.source
            )
        )
    return Markup(" ").join(parts)


def _setting(name: str, value: object) -> Markup:
    return Markup("<code>{}: {}</code>").format(name, value)


def _title(source: Source, entry: Entry) -> str:
    return entry.heading(source.lang)


def _inline(source: Source, icons: Icons, text: str) -> Markup:
    return inline_markdown(text, lambda name: icons.inline(name, source.element(name)))
