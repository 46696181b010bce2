"""The words a rulebook prints in another language than its own: printgen's English where it
has no words of the rulebook's language (`templates/common/rulebook/labels/<lang>.yaml`), and
the game's own words (`rules-labels.yaml`, in the game's first language) that its
`rules-labels.<lang>.yaml` leaves out, and game.yaml's `rest_is` (what the cards not dealt
become), which a rulebook in another language prints unless the game gives its `deal_rest`.
`validate` warns about them (printgen.check.rulebook): a Dutch rulebook would otherwise print
`Components` and `Draw pile` with nothing said.

Which of the untranslated words a rulebook really prints is found by making its page again
with each of them replaced by a marker of its own (a private-use character and a number) and
looking for the markers in the page: a word the text never calls for (a table it has no
placeholder for, another game's diagram) is no concern. The booklet's footer words print on
every booklet, so they always count.
"""

from __future__ import annotations

import base64
import contextlib
import html.parser
import re
import urllib.parse
from dataclasses import replace

from printgen.errors import PrintgenError
from printgen.model.game import Deal
from printgen.model.yaml_value import YamlMapping
from printgen.render.rulebook.blocks import translated_rest
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.page import fresh_body, page_html
from printgen.render.rulebook.source import Source
from printgen.render.text.labels import game_labels, label_file
from printgen.rules.parsed import mapped

Path = tuple[str, ...]
MARK = "\ue000"
"""Round each marker: a private-use character no text or label of a game holds."""
PICTURE = re.compile(r"data:image/svg\+xml(;base64)?,([^\"')\s]+)")
BOOKLET_WORDS = ("booklet_note", "booklet_sheet", "booklet_front", "booklet_back")
"""The words every booklet prints (its footer), whatever the text."""


def untranslated_words(source: Source, icons: Icons) -> list[tuple[str, str]]:
    """The words `source` prints from a layer of labels in another language, as (key, word):
    `contents` for the table of contents, `ex.takes` for a word of the game's own."""
    foreign = untranslated(source)
    rest = _untranslated_rest(source)
    if not foreign and rest is None:
        return []
    marked: YamlMapping = source.labels
    for number, path in enumerate(foreign):
        marked = _set(marked, path, f"{MARK}{number}{MARK}")
    remade = replace(source, labels=marked)
    if rest is not None:  # game.yaml's word, marked in a copy of the game
        rest_mark = f"{MARK}rest{MARK}"
        remade = replace(remade, game=replace(source.game, deal=replace(rest, rest_is=rest_mark)))
    words = [(".".join(path), str(_get(source.labels, path))) for path in foreign]
    try:
        page = page_html(remade, icons, fresh_body(remade, icons), True)
    except PrintgenError:  # a word read for more than its text: say every one
        return words + ([("deal_rest", rest.rest_is)] if rest is not None else [])
    page = _printed_text(page) + "".join(_printed_text(svg) for svg in _pictures(page))
    printed = [
        word
        for number, (word, path) in enumerate(zip(words, foreign, strict=True))
        if f"{MARK}{number}{MARK}" in page or path in [(key,) for key in BOOKLET_WORDS]
    ]
    if rest is not None and f"{MARK}rest{MARK}" in page:
        printed.append(("deal_rest", rest.rest_is))  # where to give it: deal_rest
    return printed


def _untranslated_rest(source: Source) -> Deal | None:
    """The game's deal when the rulebook, not in the game's first language, would print
    game.yaml's `rest_is` (written in that language) for the cards not dealt."""
    deal = source.game.deal
    if deal is None or not deal.rest_is or source.lang == source.game.languages[0]:
        return None
    if source.labels.get("rest_is") or translated_rest(source):
        return None
    return deal


class _Text(html.parser.HTMLParser):
    """The text a page (or an SVG picture) prints: its text nodes, not its attributes (an
    icon's `alt`, an `aria-label`), its head (`<meta name="keywords">`) or a `<title>`."""

    UNPRINTED = frozenset({"head", "title", "desc", "style", "script"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in self.UNPRINTED

    def handle_endtag(self, tag: str) -> None:
        if tag in self.UNPRINTED and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def _printed_text(markup: str) -> str:
    reader = _Text()
    reader.feed(markup)
    reader.close()
    return "\n".join(reader.parts)


def _pictures(page: str) -> list[str]:
    """The SVG text of the pictures the page holds as data: URIs (worked examples' figures,
    which print the game's own words)."""
    texts = []
    for match in PICTURE.finditer(page):
        encoded, data = match.group(1), match.group(2)
        with contextlib.suppress(ValueError):
            raw = base64.b64decode(data) if encoded else urllib.parse.unquote_to_bytes(data)
            texts.append(raw.decode("utf-8", "replace"))
    return texts


def untranslated(source: Source) -> list[Path]:
    """Every word of `source`'s labels that no layer of its language gives (in their order)."""
    lang, game = source.lang, source.game
    own: list[YamlMapping] = [
        label_file(lang),
        game_labels(game, lang),
        mapped(source.front.get("labels")),
    ]
    if lang == "en":
        own.append(label_file("en"))
    if lang == game.languages[0]:
        own.append(game_labels(game))
    return [
        path for path in _leaves(source.labels) if not any(_given(layer, path) for layer in own)
    ]


def _given(layer: YamlMapping, path: Path) -> bool:
    if path == ("faces_one",) and "faces" in layer:
        return True  # a layer's `faces` is its singular too (text.labels.labels_for)
    return _get(layer, path) is not None


def _leaves(labels: YamlMapping, above: Path = ()) -> list[Path]:
    found: list[Path] = []
    for key, value in labels.items():
        if isinstance(value, dict):
            found += _leaves(value, (*above, str(key)))
        elif isinstance(value, str):
            found.append((*above, str(key)))
    return found


def _get(labels: object, path: Path) -> object:
    for key in path:
        labels = labels.get(key) if isinstance(labels, dict) else None
    return labels


def _set(labels: YamlMapping, path: Path, word: str) -> YamlMapping:
    """`labels` with the word at `path` replaced (copied along the path, never changed)."""
    head, *rest = path
    out = dict(labels)
    out[head] = _set(mapped(labels.get(head)), tuple(rest), word) if rest else word
    return out
