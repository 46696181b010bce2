"""printgen's own words on a kit's sheets and parts, in the kit's language (`build --lang`,
else the game's first): the footers' how to print each sheet, the scale bar's note, the count
on a tuck box. They are the `kit:` words of the rulebook's label files
(templates/common/rulebook/labels/<lang>.yaml: English, French, German, Italian, Spanish),
which a game's `rules-labels.<lang>.yaml` may change or give in a language printgen has no
words in; a word missing is English. A game whose own label file is malformed keeps
printgen's words here (its rulebook says what is wrong)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from printgen.errors import DataError
from printgen.layout.labels import fill
from printgen.model import Game
from printgen.model.parts import PartSpec
from printgen.render.text.labels import GAME_LABELS, label_file, labels_for
from printgen.rules.parsed import mapped

SEP = " · "


@dataclass(frozen=True)
class KitWords:
    """The kit words of one language, English under them."""

    words: Mapping[str, object]
    english: Mapping[str, object]
    names: Mapping[str, object]
    """The decks' and parts' names in the language (`component_names`), as the rulebook's."""
    notes: Mapping[str, object] = field(default_factory=dict)
    """The parts' `note:`s in the language (`part_notes`)."""
    subtitle: str = ""
    """The game's subtitle in the language (`subtitle`), else game.yaml's."""
    game_name: str = ""
    """The game's name in the language (`game_name`), else game.yaml's."""

    def say(self, key: str, **fields: object) -> str:
        word = self.words.get(key) or self.english[key]
        return fill(word, fields)

    def number(self, value: float, spec: str = "g") -> str:
        """`value` formatted by `spec` with the language's decimal mark (`12,5` in German:
        the dice heading printed `12.5 mm` in every language: a designer's trial)."""
        return format(value, spec).replace(".", self.say("decimal_mark"))

    @property
    def duplex(self) -> str:
        """How to print a sheet of fronts and backs: two-sided, on the long edge."""
        return self.say("print_100") + SEP + self.say("two_sided_long")

    @property
    def fold(self) -> str:
        """How to print a fold-over sheet."""
        return SEP.join(self.say(key) for key in ("print_100", "one_sided", "fold_glue_cut"))

    @property
    def one_sided(self) -> str:
        return self.say("print_100") + SEP + self.say("one_sided")

    def sheet(self, deck: str, number: int, total: int) -> str:
        """Which sheet a footer is on: `Game · deck · sheet 2 of 3`, the game's and the deck's
        (its id) names in the language."""
        said = self.say("sheet", n=number, total=total)
        return SEP.join((self.game_name, self.deck_name(deck), said))

    def component_name(self, name: str) -> str | None:
        """A deck's name in the kit's language, when the game's labels give one."""
        given = self.names.get(name)
        return str(given) if given else None

    def deck_name(self, name: str) -> str:
        """A deck's name as a footer says it: the language's, else its id."""
        return self.component_name(name) or name

    def part_title(self, part: PartSpec) -> str:
        """A part's printed name: the language's (`component_names`), else its `title:`."""
        return self.component_name(part.name) or part.label

    def part_note(self, part: PartSpec) -> str:
        given = self.notes.get(part.name)
        return str(given) if given else part.note

    def holds(self, key: str, count: int) -> str:
        """A tuck box's count of what it holds: `key` is holds_cards, holds_tiles,
        holds_tokens or holds_pieces (printgen.render.parts.tuck.held)."""
        return self.say(key, n=count)


_MADE: dict[tuple[object, ...], KitWords] = {}
"""Each game's words, by its folder, language, subtitle and label files' names, sizes and
times: a back drawn for each row of a two-sided deck reads them once, and `serve` reads a
label file saved again anew."""


def kit_words(game: Game) -> KitWords:
    """`_kit_words`, remembered while the game's label files stay as they are."""
    lang = game.face_language or game.languages[0]
    files = sorted(game.folder.glob(f"{GAME_LABELS}*.yaml"))
    stamps = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    key = (str(game.folder), lang, game.subtitle, stamps)
    if key not in _MADE:
        _MADE[key] = _kit_words(game)
    return _MADE[key]


def _kit_words(game: Game) -> KitWords:
    """The words of `game`'s kit, in the language its faces print in: printgen's, then the
    game's `rules-labels.yaml` and `rules-labels.<lang>.yaml` over them, as a rulebook in that
    language reads them (`labels_for`). A game label file that is malformed leaves printgen's
    words here; validate names it (check.rulebook's `rules labels`)."""
    lang = game.face_language or game.languages[0]
    english = {str(k): v for k, v in mapped(label_file("en").get("kit")).items()}
    try:
        labels = labels_for(lang, {}, game)
    except DataError:
        labels = labels_for(lang, {})
    words: dict[str, object] = {**english}
    words.update({str(k): v for k, v in mapped(labels.get("kit")).items() if v})
    names = {str(k): v for k, v in mapped(labels.get("component_names")).items()}
    notes = {str(k): v for k, v in mapped(labels.get("part_notes")).items()}
    given = labels.get("subtitle")  # printgen's files have none: the game's own
    subtitle = given if isinstance(given, str) and given else game.subtitle
    named = labels.get("game_name")
    game_name = named if isinstance(named, str) and named else game.name
    return KitWords(words, english, names, notes, subtitle, game_name)


def english_words() -> KitWords:
    """The English words (a page drawn for no game in particular)."""
    english = {str(k): v for k, v in mapped(label_file("en").get("kit")).items()}
    return KitWords(english, english, {})
