"""Keywords the cards use that the rulebook never mentions, and terms the rulebook defines that
no card uses.

A card's keywords, from its rules text: **bold** terms (of at most three words), capitalised
words inside a sentence (`draw a Relic`; a sentence's first word is no keyword) and icons
(`:coin:`). A card's own name, the names of other cards and the game's suits are not keywords.
A term is mentioned when `rules.md` holds it as a whole word, in any case, or with an `s` or `es`
added or taken away (`Sets`, `set`); an icon when `rules.md` draws it or names it. The rulebook
defines its **bold** terms; one is used when a card's name, kind, suit or text says it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from printgen.analysis.deck import Deck, Row
from printgen.errors import DataError, display_path
from printgen.model.sources import read_text

BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
ICON = re.compile(r":([\w-]+):")
WORDS = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’-]*")
PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
MOST_WORDS = 3
TERM = re.compile(r"^[^\W\d_][\w'’ -]*$")
"""A term the rulebook defines: words (not a number, a sum or a phrase with a comma)."""
RULES_FILE = re.compile(r"^rules(?:\.([a-z]{2,3}(?:-[a-z0-9]+)?))?\.md$")


@dataclass(frozen=True)
class Term:
    text: str
    rows: tuple[Row, ...] = ()
    line: int | None = None  # its line in rules.md (a rulebook's term)

    def to_json(self) -> dict[str, object]:
        found: dict[str, object] = {"term": self.text}
        if self.rows:
            found["cards"] = [r.card.id for r in self.rows]
            found["where"] = self.rows[0].where
        if self.line is not None:
            found["line"] = self.line
        return found


@dataclass(frozen=True)
class Keywords:
    rules: str | None  # the rulebook read (game/rules.md), None when the game has none
    undefined: list[Term] = field(default_factory=list)
    unused: list[Term] = field(default_factory=list)
    checked: int = 0  # keywords found on the cards

    def to_json(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "checked": self.checked,
            "undefined": [t.to_json() for t in self.undefined],
            "unused": [t.to_json() for t in self.unused],
        }


def rules_file(deck: Deck) -> Path | None:
    """The rulebook of the game's first language: `rules.md`, or `rules.<lang>.md`."""
    game = deck.game
    for name in ("rules.md", f"rules.{game.languages[0]}.md"):
        if (game.folder / name).is_file():
            return game.folder / name
    return None


def keywords(deck: Deck) -> Keywords:
    path = rules_file(deck)
    if path is None:
        return Keywords(None)
    try:
        source = read_text(path, root=deck.game.folder)
    except DataError:  # the rulebook check says what is wrong with the file
        return Keywords(None)
    text = _plain(source)
    found = card_terms(deck)
    undefined = [term for term in found if not _mentioned(term.text, text)]
    said = _card_words(deck)
    unused = [term for term in rulebook_terms(source) if not _mentioned(term.text, said)]
    return Keywords(display_path(path), undefined, unused, len(found))


def _plain(text: str) -> str:
    """The rulebook's words: its front matter and placeholders left out, its icons' names kept
    (`:coin:` mentions coin)."""
    text = PLACEHOLDER.sub(" ", FRONT_MATTER.sub("", text))
    return ICON.sub(lambda m: f" {m.group(1)} :{m.group(1)}: ", text)


def card_terms(deck: Deck) -> list[Term]:
    """Every keyword of the cards, with the cards that use it, in the deck's order."""
    names = {r.card.name.casefold() for r in deck.rows}
    suits = {s.casefold() for s in (*deck.game.elements, *deck.game.element_names.values())}
    found: dict[str, tuple[str, list[Row]]] = {}
    for row in deck.rows:
        for term in dict.fromkeys(_terms(deck.text_of(row))):
            key = term.casefold()
            if key in names or key in suits or key.strip(":") in suits:
                continue
            entry = found.setdefault(key, (term, []))
            entry[1].append(row)
    return [Term(text, tuple(rows)) for text, rows in found.values()]


def _terms(text: str) -> Iterator[str]:
    for match in BOLD.finditer(text):
        term = match.group(1).strip(" .,:;!?")
        if term and len(term.split()) <= MOST_WORDS and not ICON.fullmatch(term):
            yield term
    for match in ICON.finditer(text):
        yield f":{match.group(1)}:"
    yield from _capitalised(ICON.sub(" ", text.replace("\\n", "\n")))


def _capitalised(text: str) -> Iterator[str]:
    """Runs of capitalised words inside a sentence (`the Jade Dragon`); a run that starts a
    sentence (or a line) is the sentence's first words, not a keyword."""
    run: list[str] = []
    inside = False
    end = 0
    for match in WORDS.finditer(text):
        word = match.group()
        capital = word[0].isupper() and word != "I"
        if run and (not capital or text[end : match.start()].strip(" ")):
            if inside:
                yield " ".join(run)
            run = []
        if capital:
            if not run:
                inside = not _starts_sentence(text[: match.start()])
            run.append(word)
        end = match.end()
    if run and inside:
        yield " ".join(run)


def _starts_sentence(before: str) -> bool:
    kept = before.rstrip(" \t\n*_")
    if not kept or "\n" in before[len(kept) :]:
        return True
    return kept[-1] in ".!?:;(•"


def rulebook_terms(source: str) -> list[Term]:
    """The rulebook's **bold** terms (of at most three words, letters first), each once, with
    its line."""
    text = FRONT_MATTER.sub(lambda m: "\n" * m.group().count("\n"), source)
    found: dict[str, Term] = {}
    for match in BOLD.finditer(text):
        term = " ".join(match.group(1).strip(" .,:;!?").split())
        if len(term.split()) <= MOST_WORDS and TERM.match(term):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(term.casefold(), Term(term, line=line))
    return list(found.values())


def _card_words(deck: Deck) -> str:
    """Everything a card says of itself: name, kind (and its label), suit and text."""
    parts: list[str] = []
    for row in deck.rows:
        card = row.card
        label = deck.game.kinds[card.kind].label if card.kind in deck.game.kinds else ""
        parts += [card.name, card.kind, label, deck.text_of(row)]
        parts += [str(card.fields.get(c) or "") for c in deck.columns("element")]
    return _plain("\n".join(parts))


def _mentioned(term: str, text: str) -> bool:
    """Whether `text` holds `term` as whole words, in any case, singular or plural."""
    if ICON.fullmatch(term):
        name = term.strip(":")
        return term in text or _mentioned(name.replace("-", " "), text)
    stem = re.escape(_singular(term.casefold()))
    stem = stem.replace(r"\ ", r"\s+")
    return re.search(rf"(?<![\w-]){stem}(?:e?s)?(?![\w-])", text, re.I) is not None


def _singular(word: str) -> str:
    if word.endswith("es") and len(word) > 4 and word[-3] in "sxz":
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def listed(terms: Iterable[Term], most: int = 8) -> str:
    """`Bonus (market.csv:2), Rare (market.csv:4)`, the first `most` of them."""
    items = list(terms)
    shown = [
        f"{t.text} ({t.rows[0].where})" if t.rows else f"{t.text} (line {t.line})"
        for t in items[:most]
    ]
    return ", ".join(shown) + (f" and {len(items) - most} more" if len(items) > most else "")
