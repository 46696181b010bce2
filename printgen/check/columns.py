"""A note of what validate read without game.yaml declaring it."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.engine import Check


def undeclared_note(game: Game) -> list[Check]:
    """The columns read as optional text because game.yaml does not declare them."""
    decks = [d for d in game.components.values() if d.undeclared]

    def image(header: str) -> bool:
        return game.columns.get(game.headers.get(header, ""), "").startswith("image")

    texts = _listed(
        {
            d.file: [
                h
                for h in d.undeclared
                if h not in (*d.numbers, *d.flags, *d.money, *d.figures) and not image(h)
            ]
            for d in decks
        }
    )
    numbers = _listed({d.file: list(d.numbers) for d in decks})
    flags = _listed({d.file: list(d.flags) for d in decks})
    money = _listed({d.file: list(d.money) for d in decks})
    figures = _listed({d.file: list(d.figures) for d in decks})
    images = _listed({d.file: [h for h in d.undeclared if image(h)] for d in decks})
    said = (
        ([f"read as optional text: {texts}"] if texts else [])
        + (
            [f"read as whole numbers (a card prints each as its name and value): {numbers}"]
            if numbers
            else []
        )
        + ([f"read as the card's art (image files): {images}"] if images else [])
        + ([_flags_said(game, flags)] if flags else [])
        + (
            [f"read as money (a card prints each as its name and amount, Price $3): {money}"]
            if money
            else []
        )
        + (
            [f"read as figures (a card prints each as its name and value, P/T 2 / 2): {figures}"]
            if figures
            else []
        )
    )
    if not said:
        return []
    text = "; ".join(said) + " (declare them under columns: to type them)"
    return [Check("undeclared columns", True, "warning", text)]


def _flags_said(game: Game, listed: str) -> str:
    """How flag columns are read, and how a box names one (the first of them)."""
    header = next(h for d in game.components.values() for h in d.flags)
    column = game.headers.get(header, header)
    return (
        "read as flags (TRUE/FALSE, yes/no), printed only where a box names one "
        f'(when: "{{{{ {column} }}}}"): {listed}'
    )


def _listed(headers: dict[str | None, list[str]]) -> str:
    return "; ".join(f"{file}: " + ", ".join(map(repr, h)) for file, h in headers.items() if h)


def left_out_note(game: Game) -> list[Check]:
    """The columns of the decks' files left out of the cards: an export's bookkeeping
    (`Created`, `Tags`, `#`) and what a deck's `ignore:` names, so that nothing a file holds
    goes unsaid."""
    decks = [d for d in game.components.values() if d.metadata or d.ignored]
    metadata = _listed({d.file: list(d.metadata) for d in decks})
    ignored = _listed({d.file: list(d.ignored) for d in decks})
    said = (
        [
            f"an export's bookkeeping, not printed: {metadata} "
            "(declare one under columns: to print it)"
        ]
        if metadata
        else []
    ) + ([f"left out as ignore: says: {ignored}"] if ignored else [])
    return [Check("columns left out", True, "warning", "; ".join(said))] if said else []
