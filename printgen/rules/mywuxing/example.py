"""MyWuXing's worked-example pictures for the rulebook (`ENGINE.example_picture`), as values:
the two revealed cards either side of the Universe card (and the pot under it), then where
every card went. The rulebook draws them (`printgen.render.rulebook.worked.showdown`).
"""

from __future__ import annotations

from printgen.model.yaml_value import YamlMapping
from printgen.rules.parsed import listed
from printgen.rules.pictures import MiniCard, Pile, Seat, Showdown, example_words
from printgen.rules.pictures import Rulebook as Source
from printgen.rules.pictures import phrase as _ex

CARD = 1.25
"""The mini cards drawn a quarter larger than the shared size, so that a Dragon's or a Star's
name fits inside at the smallest label size."""


def wuxing_face(source: Source, word: str) -> MiniCard:
    """A MyWuXing card word (`water`, `dragon`, `star`) as a mini card."""
    if word == "dragon":
        return MiniCard(title=_ex(source, "dragon"), dark=True, glyph="∞")
    if word == "star":
        return MiniCard(title=_ex(source, "star"), dark=True, icon="wild")
    return MiniCard(element=word)


def mywuxing(source: Source, situation: YamlMapping, result: dict[str, object]) -> Showdown | None:
    """The play (both revealed cards, the Universe card and the pot under it), then four piles
    (pot, void, each player's deck) holding where every card went."""
    try:
        universe = str(situation["universe"])
        pot = [str(c) for c in listed(situation.get("pot"))]
        first, second = (str(c) for c in listed(situation.get("revealed")))
        relations = result["relations"]
        to = result["to"]
    except (KeyError, TypeError, ValueError):
        return None
    if not isinstance(relations, list) or not isinstance(to, dict):
        return None
    words = example_words(source, "relations")
    seats = tuple(
        Seat(
            wuxing_face(source, word),
            _ex(source, "player", n=k + 1),
            str(words.get(relations[k], relations[k])),
        )
        for k, word in enumerate((first, second))
    )
    piles = [
        ("pot", _ex(source, "pot")),
        ("void", _ex(source, "void")),
        ("player1", _ex(source, "player", n=1)),
        ("player2", _ex(source, "player", n=2)),
    ]
    taker = f"player{result.get('winner')}"
    return Showdown(
        seats=(seats[0], seats[1]),
        middle=wuxing_face(source, universe),
        middle_name=_ex(source, "universe"),
        under=tuple(wuxing_face(source, word) for word in pot),
        under_note=f"+ {_ex(source, 'pot').lower()} ({len(pot)})" if pot else "",
        piles=tuple(
            Pile(title, tuple(wuxing_face(source, str(c)) for c in to.get(key) or []), key == taker)
            for key, title in piles
        ),
        scale=CARD,
    )
