"""What `printgen serve` shows now: each game as last read without a mistake, what is wrong with
the last save of each and with the last build, and whether a build is running.

A save is read at once, in the watcher's thread, before any build: a card's page shows the
saved row within the time it takes to read the game and draw one card, while the build of the
whole kit (rulebooks typeset, PDFs imposed) follows in its own process. A save that cannot be
read leaves the game as it was (its pages keep the last good cards) and becomes a problem the
open pages show, with its file and line, until a save reads again.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from printgen.errors import PrintgenError
from printgen.kit.card_faces import forget_assets
from printgen.kit.serve.drawing import Drawing, Line
from printgen.kit.serve.events import Hub
from printgen.kit.serve.images import Pictures
from printgen.kit.serve.views import GameView
from printgen.model import Card, Game, load_game
from printgen.model.game import FieldValue
from printgen.model.load import resolve_games

ANY_GAME = ""
"""The game of a problem that is no one game's (the data folder cannot be read)."""


@dataclass(frozen=True)
class Shown:
    """A problem the open pages show in their banner: a save that cannot be read (`read`) or
    a build that failed (`build`)."""

    game: str
    text: str
    source: str


class ShownJson(TypedDict):
    """A `Shown` as the pages read it (in each event's and page's `problems`)."""

    game: str
    text: str
    source: str


class LiveState(TypedDict):
    """The `state` event: what a page catches up with when it connects to /events."""

    generations: dict[str, int]
    building: bool
    builds: int
    problems: list[ShownJson]


class Live:
    def __init__(self, folder: Path, wanted: tuple[str, ...], out_dir: Path, hub: Hub) -> None:
        self.folder = folder
        self.wanted = wanted
        self.out_dir = out_dir
        self.hub = hub
        self.drawing = threading.RLock()
        """Held while anything is drawn (cairo, pdfium and the design engine's caches are
        not thread-safe); the server's threads take turns."""
        self.pictures = Pictures(self.drawing)
        self._lock = threading.Lock()
        self._views: dict[str, GameView] = {}
        self._unread: dict[str, str] = {}
        self._build_failures: list[str] = []
        self._last_good: dict[tuple[str, str, str], Drawing] = {}
        self.generation = 0
        self.building = False
        self.builds = 0

    # -- what the pages read -----------------------------------------------------------------

    def view(self, game_id: str) -> GameView | None:
        with self._lock:
            return self._views.get(game_id)

    def views(self) -> list[GameView]:
        with self._lock:
            return list(self._views.values())

    def problems(self) -> list[ShownJson]:
        with self._lock:
            shown = [Shown(game, text, "read") for game, text in sorted(self._unread.items())]
            unread = set(self._unread.values())  # a build fails as the save's reading did
            shown += [Shown(ANY_GAME, t, "build") for t in self._build_failures if t not in unread]
        return [{"game": p.game, "text": p.text, "source": p.source} for p in shown]

    def state(self) -> LiveState:
        """What a page catches up with when it connects to /events."""
        with self._lock:
            generations = {game: view.generation for game, view in self._views.items()}
            building, builds = self.building, self.builds
        return {
            "generations": generations,
            "building": building,
            "builds": builds,
            "problems": self.problems(),
        }

    def drawn(self, view: GameView, at: int) -> tuple[Drawing | None, list[Line], bool]:
        """The piece `view.pieces()[at]` drawn, with the mistakes that stopped it drawing and
        whether the drawing is an older one (the piece as saved cannot be drawn)."""
        deck, card = view.pieces()[at]
        key = (view.game.id, deck.name, card.id)
        with self.drawing:
            try:
                drawing = view.drawing(deck, card)
            except PrintgenError as exc:
                lines = [Line("error", text) for text in str(exc).splitlines()]
                return self._last_good.get(key), lines, True
            self._last_good[key] = drawing
        return drawing, [], False

    def drawn_part(self, view: GameView, at: int) -> tuple[Drawing | None, list[Line], bool]:
        """The game's part number `at` drawn, as `drawn` draws a piece."""
        key = (view.game.id, "parts:", list(view.game.parts)[at])
        with self.drawing:
            try:
                drawing = view.part_drawing(at)
            except PrintgenError as exc:
                lines = [Line("error", text) for text in str(exc).splitlines()]
                return self._last_good.get(key), lines, True
            self._last_good[key] = drawing
        return drawing, [], False

    # -- saves -------------------------------------------------------------------------------

    def read(self, saved: list[Path] | None = None) -> None:
        """Read again the games that the saved files belong to (every game when None, or when
        a shared template was saved) and tell the open pages."""
        ids = self._game_ids()
        touched = self._touched(ids, saved)
        with self._lock:
            self.generation += 1
            generation = self.generation
        changed: dict[str, list[str] | None] = {}
        for game_id in touched:
            game = self._read_game(game_id)
            if game is not None:
                old = self._swap(game_id, GameView(game, generation))
                changed[game_id] = changed_cards(old, game, saved)
        with self._lock:
            for game_id in [g for g in self._views if g not in ids]:
                del self._views[game_id]  # its folder is gone
        data = {"generation": generation, "games": sorted(changed), "cards": changed}
        self.hub.publish("change", {**data, "problems": self.problems()})

    def _game_ids(self) -> list[str]:
        try:
            ids = resolve_games(self.folder, self.wanted)
        except PrintgenError as exc:
            with self._lock:
                self._unread[ANY_GAME] = str(exc)
                return list(self._views)
        with self._lock:
            self._unread.pop(ANY_GAME, None)
        return ids

    def _touched(self, ids: list[str], saved: list[Path] | None) -> list[str]:
        """The games a save touched, and any game not read yet (a new folder)."""
        if saved is None:
            return ids
        root = self.folder.resolve()
        touched = set()
        for path in saved:
            parts = (
                path.resolve().relative_to(root).parts
                if path.resolve().is_relative_to(root)
                else ()
            )
            if not parts:  # a shared template, or the data folder itself
                return ids
            touched.add(parts[0])
        with self._lock:
            touched |= {g for g in ids if g not in self._views and g not in self._unread}
        return [game_id for game_id in ids if game_id in touched]

    def _read_game(self, game_id: str) -> Game | None:
        try:
            game = load_game(self.folder / game_id)
        except PrintgenError as exc:
            with self._lock:
                self._unread[game_id] = str(exc)
            return None
        with self._lock:
            self._unread.pop(game_id, None)
        return game

    def _swap(self, game_id: str, view: GameView) -> GameView | None:
        with self.drawing:
            forget_assets()  # an image or a font of the game may be what was saved
        with self._lock:
            old = self._views.get(game_id)
            self._views[game_id] = view
        return old

    # -- builds ------------------------------------------------------------------------------

    def build_started(self) -> None:
        """A build started: the last one's failure is of older saves, and is no longer shown
        (this build says again if it fails again)."""
        with self._lock:
            self.building = True
            self._build_failures = []
        self.hub.publish("building", {"problems": self.problems()})

    def build_ended(self, failures: list[str], changed: list[str]) -> None:
        """A build ended: what failed (its messages, none when it succeeded) and the files of
        OUT it changed (paths in OUT, as the gallery links them)."""
        with self._lock:
            self.building = False
            self.builds += 1
            self._build_failures = failures
            builds = self.builds
        self.hub.publish(
            "built", {"builds": builds, "changed": changed, "problems": self.problems()}
        )


def changed_cards(old: GameView | None, game: Game, saved: list[Path] | None) -> list[str] | None:
    """The ids of the cards whose rows a save changed, when only deck files were saved; None
    when anything else was (a design, game.yaml, an image: any card may look different)."""
    if old is None or saved is None:
        return None
    folder = game.folder.resolve()
    decks = {deck.file for deck in game.printed_decks if deck.file}
    for path in saved:
        real = path.resolve()
        if not real.is_relative_to(folder) or real.relative_to(folder).as_posix() not in decks:
            return None
    before = {card.id: _row(card) for _, card in old.cards()}
    now = GameView(game, 0).cards()
    return [card.id for _, card in now if before.get(card.id) != _row(card)]


def _row(card: Card) -> tuple[str, int, str, dict[str, FieldValue]]:
    return (card.name, card.count, card.kind, card.fields)
