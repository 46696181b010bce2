"""Load `card_data/<game>/` into a `Game`, reporting every problem of a game together."""

from __future__ import annotations

import copy
import datetime
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeGuard

from printgen.errors import DataError, Problem, UsageError, display_path
from printgen.files.guarded import unreadable_files
from printgen.layout.shapes import Shape
from printgen.layout.sizes import Size, card_size
from printgen.model.checked import Checked
from printgen.model.decks import (
    BASE_COLUMNS,
    COLUMN_TYPES,
    Deck,
    DeckSpec,
    GameColumns,
    read_deck,
    slug,
    undeclared_type,
    valid_type,
)
from printgen.model.dice import dice_problems, face_count
from printgen.model.game import Card, Component, Deal, Game, KindSpec, ScoringRule
from printgen.model.inferred import infer_columns
from printgen.model.names import is_id, name_problem, same_name_key
from printgen.model.parts import read_parts
from printgen.model.pieces import Pieces, kit_name_problem, read_pieces
from printgen.model.schema import (
    WHOLE,
    Key,
    check_mapping,
    did_you_mean,
    list_of_element_names,
    list_of_names,
    list_of_slugs,
    whole_number,
)
from printgen.model.settings import Setting, apply_settings
from printgen.model.sources import Located, load_yaml_value
from printgen.model.stamp import stamp_text
from printgen.model.table_files import DELIMITERS, TABLE_SUFFIXES
from printgen.model.yaml_value import YamlMapping, YamlValue


def _web(value: str) -> str | None:
    if value.startswith(("https://", "http://")) and len(value) > len("https://"):
        return None
    return f"expected an http:// or https:// address, got {value!r}"


GAME_KEYS = {
    "id": Key(True, str, "the game id"),
    "name": Key(True, str, "the game's name"),
    "subtitle": Key(False, str, "text", doc="a line under the name"),
    "players": Key(True, dict, "{min: N, max: N}", doc="how many play"),
    "elements": Key(
        False, list, "a list of element names", lambda v: v and list_of_element_names(v)
    ),
    "symbols": Key(False, list, "a list of symbol names", list_of_slugs),
    "card_size": Key(False, (str, list, dict), "a card size name, [W, H] or {width, height}"),
    "languages": Key(False, list, "a list of language codes", list_of_slugs),
    "provisional": Key(False, str, "text saying why the data is provisional"),
    "columns": Key(False, dict, "a mapping of column name to type"),
    "kinds": Key(False, dict, "a mapping of card kinds"),
    "components": Key(True, dict, "a mapping of decks and pools"),
    "deal": Key(False, dict, "the deal table"),
    "rules": Key(
        False, dict, "the game's rule settings", doc="the rule settings its engine declares"
    ),
    "source": Key(False, dict, "what the source rulebook states, where printgen departs from it"),
    "kit": Key(False, list, "nothing: parts: says what else a kit prints", lambda v: KIT_GONE),
    "parts": Key(False, dict, "a mapping of parts: boards, sheets and tuck boxes"),
    "engine": Key(False, str, "the name of a rules engine"),
    "scoring": Key(False, dict, "a mapping of scoring rules, each `name: expression`"),
    "order": Key(False, int, "a whole number (where the game is listed)", whole_number(0, 10_000)),
    "version": Key(False, (str, int, float), "the version printed on every card (3, 1.2, v4-beta)"),
    "date": Key(False, (str, datetime.date), "the date the version stamp prints (2026-11-29)"),
    "url": Key(False, str, "an http(s) address the rulebook and tuck box print as a QR code", _web),
}
COMPONENT_KEYS = {
    "file": Key(
        False,
        str,
        "a .csv, .xlsx or .ods file in the game's folder (or a .tsv or .txt export)",
        lambda v: (
            None
            if v.lower().endswith(TABLE_SUFFIXES)
            else f"expected a .csv, .xlsx or .ods file (or a tab-separated .tsv or .txt), got {v!r}"
        ),
    ),
    "sheet": Key(False, str, "the name of a sheet of the workbook"),
    "source": Key(
        False,
        str,
        "an http(s) address of the deck's published sheet (printgen pull fetches it into file:)",
        _web,
    ),
    "rename": Key(False, dict, "a mapping of the file's header to a column name"),
    "images": Key(False, str, "a folder of images inside the game's folder"),
    "image_from": Key(False, str, "the column each card's image is named by"),
    "icons": Key(False, dict, 'the icon marker, as {marker: "@"}'),
    "delimiter": Key(
        False,
        str,
        "the CSV separator",
        lambda v: None if v in DELIMITERS else "expected ',', ';' or a tab ('\\t')",
    ),
    "encoding": Key(False, str, "the file's text encoding (utf-8, cp1252 ...)"),
    "ignore": Key(False, list, "a list of the file's headers to leave out", list_of_names),
    "card_kind": Key(False, str, "the kind of the deck's cards whose Kind cell is empty or absent"),
    "back": Key(
        False,
        (str, dict),
        "the deck's back: an image file, a template (.svg.j2), a colour (#rrggbb) or a"
        " mapping of image, template, colour and title",
    ),
    "from": Key(False, str, "the name of another component"),
    "exclude_kinds": Key(False, list, "a list of kinds", list_of_slugs),
    "kind": Key(
        False,
        str,
        "cards or dice",
        lambda v: None if v in ("cards", "dice") else f"expected cards or dice, got {v!r}",
    ),
    "faces": Key(False, int, "a number of faces", whole_number(2, 20)),
    "shape": Key(False, str, "a shape: rect, rounded, circle or hex"),
    "size": Key(
        False,
        (str, int, float, list, dict),
        "a card size name, [W, H] or one length (a circle's diameter, a hex's flats, a die's edge)",
    ),
    "corner_up": Key(False, bool, "true or false (a hexagon with a corner at the top)"),
    "sides": Key(False, int, "1 or 2 (2: each row has its own back)"),
    "declared": Key(
        False,
        (int, type(None)),
        "the total the source declares, or null",
        lambda v: whole_number(0, 1_000_000)(v) if v is not None else None,
    ),
}
KIND_KEYS = {
    "label": Key(True, str, "text", doc="the kind's name as printed"),
    "requires": Key(False, list, "a list of column names", list_of_names),
    "forbids": Key(False, list, "a list of column names", list_of_names),
    "fixed": Key(False, dict, "a mapping of column to value"),
}
DEAL_KEYS = {
    "pool": Key(True, str, "a component name"),
    "cards_each": Key(True, dict, "a mapping of player count to cards dealt"),
    "keep_at_least": Key(False, int, WHOLE, whole_number(0, 1000), doc="cards left undealt"),
    "rest_is": Key(False, str, "text", doc="what the cards not dealt become"),
}
PLAYERS_KEYS = {
    "min": Key(True, int, WHOLE, whole_number(1, 20), doc="the fewest players"),
    "max": Key(True, int, WHOLE, whole_number(1, 20), doc="the most players"),
}
# Keys `--set` may add where the file leaves them out (the schema's optional keys).
_IN_DESIGN = "it belongs in design.yaml, beside game.yaml (docs/designing-cards.md)"
DESIGN_KEYS = {
    "palette": f"{_IN_DESIGN}, or a palette.yaml of its own",
    "fonts": _IN_DESIGN,
    "font": f"{_IN_DESIGN}, as fonts:",
    "front": _IN_DESIGN,
    "boxes": f"{_IN_DESIGN}, under front: or a kind",
    "min_size": _IN_DESIGN,
    "template": "a card's layout is design.yaml's boxes (beside game.yaml); templates of "
    "components go in templates/components/",
}
"""Keys a designer may write in game.yaml that belong in the card design, and where they go."""


KIT_GONE = (
    "boards and player sheets are parts now: parts: {board: {size: [WIDTH, HEIGHT]}} or"
    " {player-sheet: {size: paper}} in game.yaml, drawn by parts: {NAME: {boxes: ...}} in"
    " design.yaml (docs/components.md, Parts)"
)
"""What `kit: [board]` or `kit: [player-sheet]` says: an engine drew those until parts came."""


SETTABLE = {(): GAME_KEYS, ("deal",): DEAL_KEYS, ("players",): PLAYERS_KEYS}


def data_dir_default() -> Path:
    """The bundled `card_data/`: inside the installed package, or the project's top level."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "card_data", here.parent / "card_data"):
        if candidate.is_dir():
            return candidate
    return here.parent / "card_data"


def game_ids_in(data_dir: Path) -> list[str]:
    """The games in a data folder: those with an `order:` first (lowest first), then the others,
    by name."""
    if not data_dir.is_dir():
        raise DataError([Problem(display_path(data_dir), None, "", "data folder not found")])
    found = {p.parent.name: _order(p) for p in data_dir.glob("*/game.yaml")}
    _same_names(data_dir, sorted(found))
    ordered = sorted(found, key=lambda g: (found[g] is None, found[g] or 0, g))
    if not ordered:
        raise DataError(
            [Problem(display_path(data_dir), None, "", "no games found (no */game.yaml)")]
        )
    return ordered


def _order(path: Path) -> int | None:
    """A game.yaml's `order:`, read without loading the game (a bad value is reported when the
    game is loaded; here it just sorts last)."""
    try:
        doc, _ = load_yaml_value(path)
    except DataError:
        return None
    value = doc.get("order") if isinstance(doc, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


MAX_SETTING = 100_000
"""The largest number a `rules:` setting may hold, whatever its engine's schema says: a turn
limit or a board side is in the tens or thousands; a typo of 1000000000000 rows would make the
engine build a board of that size (3 GB in 20 s) before any other check could say so."""


def _bounded_settings(value: object, loc: Located, where: str, problems: list[Problem]) -> None:
    """Refuse any number in `rules:` beyond MAX_SETTING (or not finite), with its line."""
    if not isinstance(value, (dict, list)):
        return
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        here = f"{where}.{key}"
        if isinstance(item, (dict, list)):
            _bounded_settings(item, loc.child(key), here, problems)
        elif _number(item) and not abs(item) <= MAX_SETTING:  # `not <=` catches nan too
            problems.append(
                loc.problem(key, here, f"{item} is beyond the limit of {MAX_SETTING} for a setting")
            )


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _same_names(data_dir: Path, game_ids: list[str]) -> None:
    """Refuse two games whose ids are one folder on a case-insensitive file system."""
    seen: dict[str, str] = {}
    problems = []
    for game_id in game_ids:
        first = seen.setdefault(same_name_key(game_id), game_id)
        if first != game_id:
            problems.append(
                Problem(
                    display_path(data_dir / game_id / "game.yaml"),
                    1,
                    "id",
                    f"{game_id!r} is the same name as the game {first!r} once case and "
                    "accents are normalised (one folder on macOS and Windows); rename one",
                )
            )
    if problems:
        raise DataError(problems)


def resolve_games(data_dir: Path, wanted: list[str] | tuple[str, ...]) -> list[str]:
    available = game_ids_in(data_dir)
    for game_id in wanted:
        if game_id not in available:
            raise UsageError(
                f"unknown game {game_id!r}{did_you_mean(game_id, available)} (games in "
                f"{display_path(data_dir)}: {', '.join(available)}){_folder_hint(game_id)}"
            )
    return list(wanted) or available


def _folder_hint(given: str) -> str:
    """A designer who names their game's folder gets told how: games are named in --data."""
    folder = Path(given)
    if not (folder / "game.yaml").is_file():
        return ""
    whole = folder.resolve()
    return (
        f"; {given!r} is a game's own folder: give the folder that holds it with --data, "
        f"then the game's name: --data {display_path(whole.parent)} {whole.name}"
    )


def load_all(data_dir: Path, wanted: list[str] | tuple[str, ...] = ()) -> list[Game]:
    """Load the wanted games (default: all); problems of every game are reported together."""
    games: list[Game] = []
    problems: list[Problem] = []
    for game_id in resolve_games(data_dir, wanted):
        try:
            games.append(load_game(data_dir / game_id))
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return games


def _dice(
    deck: Component,
    read: Deck,
    columns: Mapping[str, str],
    at_key: Callable[[str, str], Problem],
    problems: list[Problem],
) -> Component:
    """A deck of dice checked, its faces counted from its own file's face columns: the rows
    of every deck share the game's columns, so a d6 beside a d10 would count Face 10 too."""
    typed = [c for c, t in columns.items() if t.rstrip("?") == "element"]
    headers = list(read.headers.values())
    if headers:  # a file not read (its name column missing) has its own message
        problems.extend(dice_problems(deck, headers, typed, at_key))
    return deck if deck.faces else replace(deck, faces=face_count(deck, headers))


def load_game(folder: Path, settings: Sequence[Setting] = ()) -> Game:
    """The game in `folder`; `settings` (`--set`) change game.yaml values before any check."""
    problems: list[Problem] = []
    doc, loc = _game_doc(folder, settings, problems)
    _check_top(doc, loc, folder, problems)
    players = _players(doc.get("players"), loc.child("players"), problems)
    size = _card_size(doc, loc, problems)
    game = _game_columns(doc, loc, folder, problems)
    if problems:
        raise DataError(problems)
    decks = _components(doc.mapping("components"), loc.child("components"), game, size, problems)
    decks.infer(game.columns)
    _unique_ids(decks.components, problems)
    deal = _deal(doc.get("deal"), loc, decks.components, players, problems)
    parts = read_parts(doc.get("parts"), loc.child("parts"), decks.components, problems, size)
    all_columns = decks.all_columns(game.columns)
    scoring = _scoring(doc, loc, all_columns, decks.components, game, problems)
    if problems:
        raise DataError(problems)
    return Game(
        id=doc.text("id"),
        name=doc.text("name"),
        subtitle=doc.text_or_none("subtitle") or "",
        folder=folder,
        min_players=players["min"],
        max_players=players["max"],
        elements=game.elements,
        element_names={slug(name): name for name in game.written if name != slug(name)},
        symbols=game.symbols,
        card_size=size,
        columns=all_columns,
        kinds=game.kinds,
        components=decks.components,
        deal=deal,
        rules=doc.mapping("rules"),
        languages=doc.texts("languages") or ("en",),
        provisional=doc.text_or_none("provisional"),
        parts=parts,
        engine=doc.text_or_none("engine"),
        scoring=scoring,
        icons=decks.icons,
        undeclared=tuple(c for c in decks.undeclared if c not in game.columns),
        headers=decks.fed,
        stamp=stamp_text(doc, folder),
        url=doc.text_or_none("url"),
        raw=dict(doc.items()),
        located=loc,
    )


def _game_doc(
    folder: Path, settings: Sequence[Setting], problems: list[Problem]
) -> tuple[Checked, Located]:
    """game.yaml with the `--set` settings applied, its keys checked (stops at a mistake)."""
    raw, loc = load_yaml_value(folder / "game.yaml")
    if settings:
        raw = copy.deepcopy(raw)  # never change a document a reader may keep
        problems.extend(apply_settings(raw, loc, settings, SETTABLE))
        if problems:
            raise DataError(problems)
    doc = check_mapping(raw, loc, GAME_KEYS, "", problems, DESIGN_KEYS)
    if problems:
        raise DataError(problems)
    return doc, loc


def _check_top(doc: Checked, loc: Located, folder: Path, problems: list[Problem]) -> None:
    """The id (the folder's name), the rule settings' numbers, the folder's unreadable files."""
    game_id = doc.text("id")
    if (why := name_problem(game_id)) is not None:
        problems.append(loc.problem("id", "id", why))
    elif game_id != folder.name:
        problems.append(
            loc.problem(
                "id", "id", f"expected {folder.name!r} (the folder's name), got {game_id!r}"
            )
        )
    _bounded_settings(doc.get("rules"), loc.child("rules"), "rules", problems)
    for path, why in unreadable_files(folder):
        problems.append(Problem(display_path(path), None, "", f"cannot be read: {why}"))


def _players(value: object, here: Located, problems: list[Problem]) -> dict[str, int]:
    """`players: {min, max}` checked; empty when wrong."""
    players = check_mapping(value, here, PLAYERS_KEYS, "players", problems)
    if not players:
        return {}
    low, high = players.integer("min"), players.integer("max")
    if low > high:
        problems.append(
            here.problem("min", "players.min", f"{low} is more than players.max {high}")
        )
        return {}
    return {"min": low, "max": high}


def _card_size(doc: Checked, loc: Located, problems: list[Problem]) -> Size | None:
    if doc.get("card_size") is None:
        return None
    try:
        return card_size(doc["card_size"])
    except ValueError as exc:
        problems.append(loc.problem("card_size", "card_size", str(exc)))
        return None


def _game_columns(doc: Checked, loc: Located, folder: Path, problems: list[Problem]) -> GameColumns:
    """The elements, symbols, declared columns and kinds every deck is read against."""
    written = doc.texts("elements")
    elements = tuple(slug(name) for name in written)  # `Ceres Union` is ceres-union
    symbols = doc.texts("symbols") or elements
    columns = _columns(doc.mapping("columns"), loc.child("columns"), problems)
    kinds = _kinds(doc.mapping("kinds"), loc.child("kinds"), columns, problems)
    languages = doc.texts("languages")[1:]  # the translations a deck's columns may hold
    return GameColumns(folder, columns, kinds, elements, symbols, written, languages)


@dataclass
class _Decks:
    """What reading the components gathers, deck by deck, for the game."""

    components: dict[str, Component] = field(default_factory=dict)
    undeclared: dict[str, str] = field(default_factory=dict)  # a column -> its type
    headers: dict[str, str] = field(default_factory=dict)  # an undeclared column -> its header
    fed: dict[str, str] = field(default_factory=dict)  # every deck's header -> its column
    icons: dict[str, str] = field(default_factory=dict)

    def add(self, read: Deck, game: GameColumns) -> None:
        """A deck file's columns, headers and icons, the first deck's reading kept."""
        for column, header in read.undeclared.items():
            self.undeclared.setdefault(column, undeclared_type(column, game.elements))
            self.headers.setdefault(column, header)
        for column in read.image_columns:  # `art`, filled by image_from: a column too,
            if column not in game.columns:  # so the design draws it as the card's art
                self.undeclared.setdefault(column, "image?")
        self.icons.update(read.icons)
        for header, column in read.headers.items():
            self.fed.setdefault(header, column)

    def infer(self, declared: dict[str, str]) -> None:
        """The undeclared text columns typed by what their cells hold (`infer_columns`)."""
        texts = [c for c, t in self.undeclared.items() if c not in declared and t == "text?"]
        self.components, inferred = infer_columns(texts, self.components, self.headers)
        self.undeclared.update(inferred)

    def all_columns(self, declared: dict[str, str]) -> dict[str, str]:
        """The declared columns, then those the decks brought, typed."""
        return {**declared, **{c: t for c, t in self.undeclared.items() if c not in declared}}


@dataclass(frozen=True)
class _Entry:
    """One entry of `components:`, and where it stands in game.yaml."""

    name: str
    spec: Checked  # its keys set to null left out
    where: str  # `components.actions`
    here: Located
    line: int  # the line of its name

    @property
    def at(self) -> str:
        """`game.yaml:12`, where the deck is named."""
        return f"{self.here.file}:{self.line}"


def _components(
    value: YamlMapping,
    comp_loc: Located,
    game: GameColumns,
    size: Size | None,
    problems: list[Problem],
) -> _Decks:
    """Each deck read from its file, or derived from a deck above it."""
    decks = _Decks()
    for comp_name, raw in value.items():
        entry = _entry(comp_name, raw, comp_loc, problems)
        if entry is None:
            continue
        deck: Component | None
        if "file" in entry.spec:
            deck = _file_deck(entry, game, size, decks, problems)
        else:
            deck = _derived_deck(entry, decks.components, game.kinds, problems)
        if deck is not None:
            decks.components[entry.name] = deck
    return decks


def _entry(
    comp_name: Hashable, raw: object, comp_loc: Located, problems: list[Problem]
) -> _Entry | None:
    """A component's keys checked, its name a lowercase id, exactly one of file and from;
    None when wrong (its problems noted). A key set to null is left unset."""
    where = f"components.{comp_name}"
    here = comp_loc.child(comp_name)
    checked = check_mapping(raw, here, COMPONENT_KEYS, where, problems)
    if not checked:
        return None
    if not isinstance(comp_name, str) or not is_id(comp_name):
        made = slug(str(comp_name))
        close = f"; did you mean {made!r}?" if made and made != str(comp_name) else ""
        message = "expected a lowercase name (letters, digits, -; file names are made from it)"
        message += close
        problems.append(comp_loc.problem(comp_name, where, message))
        return None
    set_keys: YamlMapping = {
        key: value for key, value in checked.plain.items() if value is not None
    }
    spec = Checked(set_keys, here, where)  # null: unset
    if ("file" in spec) == ("from" in spec):
        problems.append(Problem(here.file, here.line, where, "give exactly one of file or from"))
        return None
    return _Entry(comp_name, spec, where, here, comp_loc.line_of(comp_name))


def _file_deck(
    entry: _Entry, game: GameColumns, size: Size | None, decks: _Decks, problems: list[Problem]
) -> Component:
    """A deck read from its own file (cards, pieces or dice)."""
    spec = entry.spec
    at_key = _at_key(entry.here, entry.where)
    kind = spec.text_or_none("kind") or "cards"
    pieces = read_pieces(spec, kind, at_key, problems)
    read = read_deck(_deck_spec(spec, entry.where, entry.here, problems), game, problems, at_key)
    decks.add(read, game)
    back = spec.get("back")
    deck = Component(
        entry.name,
        tuple(read.cards),
        spec.integer_or_none("declared"),
        kind,
        file=spec.text("file"),
        faces=spec.integer_or_none("faces"),
        where=entry.at,
        undeclared=tuple(read.undeclared.values()),
        back=back if isinstance(back, (str, dict)) else None,  # COMPONENT_KEYS: text or mapping
        metadata=read.metadata,
        ignored=read.ignored,
        hidden_rows=read.hidden,
        shape=_card_pieces(pieces, size, at_key, problems),
        sides=pieces.sides,
        columns=tuple(dict.fromkeys(read.headers.values())),
    )
    if deck.pieces and (why := kit_name_problem(entry.name)):
        problems.append(Problem(entry.here.file, entry.line, entry.where, why))
    if deck.kind == "dice":
        return _dice(deck, read, game.columns, at_key, problems)
    return deck


def _derived_deck(
    entry: _Entry,
    components: dict[str, Component],
    kinds: dict[str, KindSpec],
    problems: list[Problem],
) -> Component | None:
    """A deck made of a deck above it (`from:`), leaving out some kinds of card."""
    spec, here, where = entry.spec, entry.here, entry.where
    base = components.get(spec.text("from"))
    if base is None:
        problems.append(
            here.problem("from", f"{where}.from", f"no component {spec['from']!r} defined above")
        )
        return None
    excluded = spec.texts("exclude_kinds")
    for kind in excluded:
        if kind not in kinds:
            problems.append(
                here.problem("exclude_kinds", f"{where}.exclude_kinds", f"unknown kind {kind!r}")
            )
    cards = [c for c in base.cards if c.kind not in excluded]
    return Component(
        entry.name,
        tuple(cards),
        spec.integer_or_none("declared"),
        base.kind,
        derived_from=base.name,
        exclude_kinds=excluded,
        where=entry.at,
    )


def _scoring(
    doc: Checked,
    loc: Located,
    all_columns: dict[str, str],
    components: dict[str, Component],
    game: GameColumns,
    problems: list[Problem],
) -> tuple[ScoringRule, ...]:
    """The game's `scoring:` rules, read against a table of its cards once all else is right."""
    if doc.get("scoring") is None or problems:
        return ()
    # Imported here for start-up time: the scoring language (Jinja's sandbox, the board and
    # card tables) loads only for a game with `scoring:` rules.
    from printgen.model.scoring import card_table, read_scoring  # start-up: see above

    decks = [d for d in components.values() if not d.derived_from]
    cards = [c for d in decks for c in d.cards]
    deck_of = {c.id: d.name for d in decks for c in d.cards}
    table = card_table(all_columns, cards, game.elements, game.kinds, deck_of)
    return read_scoring(doc["scoring"], loc, table, doc.text_or_none("engine"), problems)


def _card_pieces(
    pieces: Pieces, card: Size | None, place: Callable[[str, str], Problem], problems: list[Problem]
) -> Shape | None:
    """The deck's shape; a deck of cards whose rows have their own backs (`sides: 2`) is a deck
    of rectangles at the card size, printed as pieces are (each front with its own back)."""
    if pieces.shape is not None or pieces.sides != 2:
        return pieces.shape
    if card is None:
        problems.append(
            place("sides", "a deck with sides: 2 needs a size: or the game's card_size:")
        )
        return None
    return Shape.rect(card.width, card.height)


def _at_key(here: Located, where: str) -> Callable[[str, str], Problem]:
    """`place(key, message)`: a problem at the deck's `key` in game.yaml."""

    def place(key: str, message: str) -> Problem:
        return here.problem(key, f"{where}.{key}", message)

    return place


def _deck_spec(spec: Checked, where: str, here: Located, problems: list[Problem]) -> DeckSpec:
    """A deck's reading options, their shapes checked (`rename:` text to text, one marker)."""
    rename = spec.mapping("rename")
    for header, column in rename.items():
        if not isinstance(column, str) or not isinstance(header, (str, int)):
            problems.append(
                here.child("rename").problem(
                    header, f"{where}.rename.{header}", "expected `File header: column name`"
                )
            )
    icons = spec.mapping("icons")
    marker = icons.get("marker")
    for key in icons:
        if key != "marker":
            problems.append(
                here.child("icons").problem(
                    key, f"{where}.icons.{key}", "unknown key" + did_you_mean(str(key), ["marker"])
                )
            )
    if marker is not None and (not isinstance(marker, str) or not 1 <= len(marker) <= 3):
        problems.append(
            here.child("icons").problem(
                "marker", f"{where}.icons.marker", 'expected one to three characters, as "@"'
            )
        )
        marker = None
    return DeckSpec(
        spec.text("file"),
        where,
        sheet=spec.text_or_none("sheet"),
        rename={str(h): c for h, c in rename.items() if isinstance(c, str)},
        images=spec.text_or_none("images"),
        image_from=spec.text_or_none("image_from"),
        icon_marker=marker if isinstance(marker, str) else None,  # None: a problem above
        delimiter=spec.text_or_none("delimiter"),
        encoding=spec.text_or_none("encoding"),
        ignore=spec.texts("ignore"),
        card_kind=spec.text_or_none("card_kind"),
    )


def _columns(value: YamlMapping, loc: Located, problems: list[Problem]) -> dict[str, str]:
    columns: dict[str, str] = {}
    for column, type_text in value.items():
        field = f"columns.{column}"
        if column in BASE_COLUMNS:
            problems.append(loc.problem(column, field, "is a built-in column; leave it out"))
        elif not isinstance(type_text, str) or not valid_type(type_text):
            problems.append(
                loc.problem(
                    column, field, f"unknown column type {type_text!r}; accepted: {COLUMN_TYPES}"
                )
            )
        else:
            columns[str(column)] = type_text
    return columns


def _kinds(
    value: YamlMapping, loc: Located, columns: dict[str, str], problems: list[Problem]
) -> dict[str, KindSpec]:
    kinds: dict[str, KindSpec] = {}
    for kind, raw in value.items():
        where = f"kinds.{kind}"
        here = loc.child(kind)
        spec = check_mapping(raw, here, KIND_KEYS, where, problems)
        if not spec:
            continue
        for key in ("requires", "forbids"):
            for column in spec.texts(key):
                if column not in columns:
                    problems.append(
                        here.problem(
                            key,
                            f"{where}.{key}",
                            f"unknown column {column!r}; columns: " + ", ".join(columns),
                        )
                    )
        fixed = spec.mapping("fixed")
        for fixed_column in fixed:
            if fixed_column not in columns:
                problems.append(
                    here.problem("fixed", f"{where}.fixed", f"unknown column {fixed_column!r}")
                )
        kinds[str(kind)] = KindSpec(
            str(kind),
            spec.text("label"),
            spec.texts("requires"),
            spec.texts("forbids"),
            {str(column): cell for column, cell in fixed.items()},  # each a column: above
        )
    return kinds


def _unique_ids(components: dict[str, Component], problems: list[Problem]) -> None:
    """Card ids name the per-card PNGs, so they are unique across a game's printed decks.

    A clash names both lines; an id made from the name says so (two names, one slug); two
    decks reading one file are named once, at the file's first row."""
    seen: dict[str, tuple[Card, str]] = {}
    shared: set[tuple[str, str]] = set()
    for comp in components.values():
        if comp.derived_from:
            continue
        for card in comp.cards:
            first, deck = seen.setdefault(card.id, (card, comp.name))
            if first is card:
                continue
            if first.place() == card.place():  # one file (one sheet of it), two decks
                if (deck, comp.name) not in shared:
                    shared.add((deck, comp.name))
                    here = Problem.at(comp.where, f"components.{comp.name}.file", "")
                    problems.append(replace(here, message=_one_file(deck, comp)))
                continue
            problems.append(_clash(first, card))


def _one_file(deck: str, comp: Component) -> str:
    return (
        f"the decks {deck!r} and {comp.name!r} both read {comp.file}: each deck needs a file "
        "of its own (copy the rows a second deck prints into another file)"
    )


def _clash(first: Card, card: Card) -> Problem:
    made = slug(card.name) == card.id and slug(first.name) == card.id
    column = "name" if made else "id"
    where = first.where(column)
    if first.file == card.file:  # `line 3`, or the sheet's cell `Cards!A3`
        where = (
            f"line {first.line}" if first.cells is None else where.removeprefix(f"{first.file}:")
        )
    message = (
        f"the id {card.id!r} made from the name {card.name!r} is already made from "
        f"{first.name!r} on {where}; ids are unique across a game: give the cards "
        "different names or an id column"
        if made
        else f"{card.id!r} already used on {where}; ids are unique across a game"
    )
    return Problem(*card.place(column), "column 'id'", message)


def _deal(
    value: YamlValue,
    loc: Located,
    components: dict[str, Component],
    players: dict[str, int],
    problems: list[Problem],
) -> Deal | None:
    if value is None:
        return None
    here = loc.child("deal")
    spec = check_mapping(value, here, DEAL_KEYS, "deal", problems)
    if not spec:
        return None
    pool = spec.text("pool")
    if pool not in components:
        problems.append(
            here.problem(
                "pool",
                "deal.pool",
                f"unknown component {pool!r}; expected one of " + ", ".join(components),
            )
        )
    table: dict[int, int] = {}
    each_loc = here.child("cards_each")
    for count, dealt in spec.mapping("cards_each").items():
        field = f"deal.cards_each.{count}"
        if isinstance(count, bool) or not isinstance(count, int):
            problems.append(each_loc.problem(count, field, "expected a player count"))
            continue
        if players and not players.get("min", 0) <= count <= players.get("max", 99):
            problems.append(
                each_loc.problem(
                    count,
                    field,
                    f"{count} players is outside "
                    f"players {players.get('min')}..{players.get('max')}",
                )
            )
        text = whole_number(0, 1000)(dealt)
        if text:
            problems.append(each_loc.problem(count, field, text))
        elif isinstance(dealt, int):  # as whole_number has just found it
            table[count] = dealt
    return Deal(
        pool,
        table,
        spec.integer_or_none("keep_at_least") or 0,
        spec.text_or_none("rest_is") or "",
        f"{loc.file}:{loc.line_of('deal')}",
    )
