"""CL4SH cards and the rules that need no game state: card names, dominance, valid plays, duels.

Every number and list comes from the deck (`cards.csv`) and the `rules:` of `game.yaml`, read once
per game into a `Cl4shRules`. Cards are small integer codes (an index into `Cl4shRules.types`) so
whole games copy cheaply.

Card strings: a numbered card is `"fire 3"`; a Havoc card is its card id with spaces or hyphens
(`"almighty"`, `"echo"`, `"duel"`, `"chain-reaction"`, `"balance"`, `"shield"`, `"pickup 1"`,
`"pickup 2"`). An Almighty can be written with the card it became: `"almighty as water 9"`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from printgen.errors import Problem
from printgen.model import Card, Game
from printgen.model.schema import WHOLE, Key, did_you_mean, one_of, whole_number
from printgen.rules.per_game import Settings, declared, per_game, rules_dataclass, setting

NUMBER = "number"
ALMIGHTY = "almighty"
SHIELD = "shield"
PICKUP = "pickup"
OPEN = -1  # pile element index meaning "any card may follow"


@dataclass(frozen=True)
class CardType:
    """One face of the deck."""

    code: int
    id: str
    kind: str
    element: int  # index into Cl4shRules.elements, or OPEN for cards without an element
    number: int  # numbered cards; 0 for a Havoc card (its value on the pile)
    amount: int  # pick-ups: cards the next player draws
    count: int
    label: str  # the card string printgen writes: "fire 3", "pickup 1", "echo"


def _kind_names(value: list[object]) -> str | None:
    bad = [v for v in value if not isinstance(v, str)]
    return f"expected a list of kinds, got {bad[0]!r}" if bad else None


KINDS = "a list of card kinds"
MATCH_ENDS = ("moment", "end_of_set")  # the first is the default


@rules_dataclass
class Cl4shRules:
    """The deck and rule parameters of one CL4SH game: each field that is a game.yaml `rules:`
    setting declares its key (type and bounds: a target of at most 10,000 points, draws of at
    most 99 cards, games of at most 100,000 turns); the others come from the deck."""

    elements: tuple[str, ...]
    types: tuple[CardType, ...]
    by_name: dict[str, int]
    beats: tuple[int, ...] = setting(  # beats[e] = the element index e dominates, or OPEN
        Key(True, dict, "a mapping element -> the element it dominates"), at="dominates"
    )
    numbered: dict[tuple[int, int], int]  # (element, number) -> code
    next_up: tuple[int, ...]  # code -> the numbered card one higher of its element, or -1
    max_number: int
    sequence_min: int = setting(Key(True, int, WHOLE, whole_number(2, 99)))
    scoring: dict[str, int] = setting(
        Key(
            True,
            dict,
            "{duel_won: N, sequence: N, set_won: N}",
            keys={
                name: Key(True, int, WHOLE, whole_number(0, 1000))
                for name in ("duel_won", "sequence", "set_won")
            },
        ),
        then=dict,
    )
    match_target: int = setting(Key(True, int, WHOLE, whole_number(1, 10_000)))
    match_end: str = setting(  # "moment": the match ends as a player reaches the target
        Key(False, str, " or ".join(MATCH_ENDS), one_of(*MATCH_ENDS), default=MATCH_ENDS[0])
    )
    forgotten_signal_penalty: int = setting(Key(True, int, WHOLE, whole_number(0, 1000)))
    second_tie_draws: tuple[int, int] = setting(  # challenger, defender
        Key(
            True,
            dict,
            "{challenger: N, defender: N}",
            keys={
                name: Key(False, int, WHOLE, whole_number(0, 99), default=0)
                for name in ("challenger", "defender")
            },
        ),
        then=lambda ties: (ties["challenger"], ties["defender"]),
    )
    play_on_anything: frozenset[str] = setting(Key(True, list, KINDS, _kind_names), then=frozenset)
    open_after: frozenset[str] = setting(Key(True, list, KINDS, _kind_names), then=frozenset)
    shield_blocks: frozenset[str] = setting(Key(True, list, KINDS, _kind_names), then=frozenset)
    balance_draws: int = setting(Key(True, int, WHOLE, whole_number(0, 99)))
    duel_loser_draws: int = setting(Key(True, int, WHOLE, whole_number(0, 99)))
    max_turns: int = setting(Key(True, int, WHOLE, whole_number(1, 100_000)))
    signals: int
    total: int

    def dominates(self, a: int, b: int) -> bool:
        return a != OPEN and self.beats[a] == b


SETTINGS = declared(Cl4shRules)
"""The keys of game.yaml `rules:`, from the setting fields of Cl4shRules."""


@per_game
def rules_of(game: Game) -> Cl4shRules:
    """The game's rules, read and checked once per loaded game; a DataError names every bad
    game.yaml value at once."""
    read = Settings(game, SETTINGS)
    deck = game.components.get("deck")
    if deck is None:
        read.problems.append(Problem(game.located.file, None, "components", "no component 'deck'"))
    read.done()  # the cross checks below read only values of the declared types
    assert deck is not None
    elements = tuple(game.elements)
    beats = _beats(read, elements)
    types = _types(deck.cards, elements)
    kinds = {t.kind for t in types}
    for key in ("play_on_anything", "open_after", "shield_blocks"):
        _kinds(read, key, kinds)
    read.done()
    signal = game.components.get("signal")
    numbered = {(t.element, t.number): t.code for t in types if t.kind == NUMBER}
    return read.build(
        Cl4shRules,
        elements=elements,
        types=types,
        by_name=_names(types),
        beats=beats,
        numbered=numbered,
        next_up=tuple(
            numbered.get((t.element, t.number + 1), -1) if t.kind == NUMBER else -1 for t in types
        ),
        max_number=max((n for _, n in numbered), default=0),
        signals=signal.total if signal is not None else 0,
        total=sum(t.count for t in types),
    )


def _beats(read: Settings, elements: tuple[str, ...]) -> tuple[int, ...]:
    """beats[e]: the element index e dominates, or OPEN; each wrong entry is one problem."""
    index = {e: i for i, e in enumerate(elements)}
    names = ", ".join(elements)
    beats = [OPEN] * len(elements)
    for a, b in read.values.mapping("dominates").items():
        if not isinstance(a, str) or a not in index:
            read.problem(
                ("dominates", a),
                f"unknown element {a!r}{did_you_mean(str(a), elements)} (the elements: {names})",
            )
        elif not isinstance(b, str) or b not in index:
            read.problem(("dominates", a), f"expected one of the elements {names}, got {b!r}")
        else:
            beats[index[a]] = index[b]
    return tuple(beats)


def _kinds(read: Settings, key: str, kinds: set[str]) -> None:
    """A list of card kinds, each one the deck has (a misspelt kind would silently match no
    card)."""
    for kind in read.values.texts(key):
        if kind not in kinds:
            known = ", ".join(sorted(kinds))
            read.problem(
                (key,),
                f"unknown kind {kind!r}{did_you_mean(kind, kinds)} (the deck's kinds: {known})",
            )


def _types(cards: tuple[Card, ...], elements: tuple[str, ...]) -> tuple[CardType, ...]:
    """One CardType per face of the deck, coded by its place."""
    index = {e: i for i, e in enumerate(elements)}
    types: list[CardType] = []
    for card in cards:
        element = card.text("element")
        number = card.number("number") if card.kind == NUMBER else 0
        if card.kind == NUMBER:
            label = f"{element} {number}"
        elif card.kind == PICKUP:
            label = f"pickup {card.number('amount')}"
        else:
            label = card.id
        amount = card.number("amount")
        el = OPEN if element is None else index.get(element, OPEN)
        types.append(
            CardType(len(types), card.id, card.kind, el, number, amount, card.count, label)
        )
    return tuple(types)


def _names(types: tuple[CardType, ...]) -> dict[str, int]:
    """Card strings (ids and labels, normalised) -> codes."""
    by_name: dict[str, int] = {}
    for t in types:
        by_name[_norm(t.id)] = t.code
        by_name[_norm(t.label)] = t.code
    return by_name


def _norm(text: str) -> str:
    return "-".join(text.strip().lower().replace("-", " ").split())


def find_card(rules: Cl4shRules, text: str) -> int | None:
    """The code of a card string (`"fire 3"`, `"pickup 2"`, `"chain reaction"`), or None."""
    return rules.by_name.get(_norm(text))


@dataclass(frozen=True)
class Verdict:
    """Whether a play is valid on the pile, and why."""

    valid: bool
    reason: str
    kind: str  # "single", "run", "pickups" or "invalid"


def pile_text(rules: Cl4shRules, pile: tuple[int, int]) -> str:
    el, n = pile
    return "any card" if el == OPEN else f"{rules.elements[el]} {n}"


def single_verdict(rules: Cl4shRules, pile: tuple[int, int], code: int) -> Verdict:
    """One card on a pile of value `pile` ((element, number), element OPEN: anything goes)."""
    card = rules.types[code]
    te, tn = pile
    if card.kind in rules.play_on_anything:
        return Verdict(True, f"{card.label} plays on anything", "single")
    if te == OPEN:
        return Verdict(True, f"any card may follow the top card; {card.label} is valid", "single")
    if card.element == OPEN:
        return Verdict(
            False,
            f"{card.label} has no element and is not a card that plays on anything",
            "invalid",
        )
    el = rules.elements[card.element]
    top = rules.elements[te]
    if rules.dominates(card.element, te):
        return Verdict(True, f"{el} dominates {top}", "single")
    if card.element == te:
        if card.kind != NUMBER:
            return Verdict(
                False,
                f"{card.label} is a Havoc card: it counts as {el} 0, and 0 is "
                f"not higher than {tn}; a Havoc card plays only when its element "
                f"dominates the top card's",
                "invalid",
            )
        if card.number > tn:
            return Verdict(
                True, f"same element ({el}) with a higher number: {card.number} > {tn}", "single"
            )
        return Verdict(
            False, f"same element ({el}) but {card.number} is not higher than {tn}", "invalid"
        )
    if rules.dominates(te, card.element):
        return Verdict(False, f"{top} dominates {el}", "invalid")
    return Verdict(False, f"{el} and {top} are unrelated: neither dominates the other", "invalid")


def play_verdict(
    rules: Cl4shRules,
    pile: tuple[int, int],
    codes: list[int],
    almighties: frozenset[int] = frozenset(),
) -> Verdict:
    """One card, a run of one element, or several Pick-ups slammed together. In a run or a
    slam, `codes` are the cards played as they count: the places in `almighties` are Almighties
    standing for those cards (decision: almighty)."""
    if len(codes) == 1:
        return single_verdict(rules, pile, codes[0])
    cards = [rules.types[c] for c in codes]
    if all(c.kind == PICKUP for c in cards):
        total = sum(c.amount for c in cards)
        return Verdict(
            True,
            f"{len(cards)} Pick-ups slammed together: the next player draws "
            f"{total} and skips their turn",
            "pickups",
        )
    if any(c.kind != NUMBER for c in cards):
        return Verdict(
            False,
            "only numbered cards of one element make a run (or Pick-ups slammed together)",
            "invalid",
        )
    return _run_verdict(rules, pile, codes, almighties)


def _run_verdict(
    rules: Cl4shRules, pile: tuple[int, int], codes: list[int], almighties: frozenset[int]
) -> Verdict:
    """Numbered cards (as they count) played together: a run of one element, valid by its
    lowest card (an Almighty's own, when an Almighty stands for it)."""
    cards = [rules.types[c] for c in codes]
    if len({c.element for c in cards}) > 1:
        return Verdict(False, "a run is of one element only", "invalid")
    numbers = sorted(c.number for c in cards)
    if any(b != a + 1 for a, b in itertools.pairwise(numbers)):
        text = "-".join(map(str, numbers))
        return Verdict(False, f"{text} is not a run of consecutive numbers", "invalid")
    low = rules.numbered[(cards[0].element, numbers[0])]
    lowest = next((i for i, c in enumerate(codes) if c == low), 0)
    first = single_verdict(rules, pile, _almighty(rules) if lowest in almighties else low)
    run = f"a run of {len(cards)} {rules.elements[cards[0].element]} cards " + "-".join(
        map(str, numbers)
    )
    if not first.valid:
        return Verdict(
            False, f"{run}: its lowest card is not a valid play ({first.reason})", "invalid"
        )
    points = ""
    if len(cards) >= rules.sequence_min:
        points = f"; {rules.sequence_min} or more cards score {rules.scoring['sequence']} points"
    return Verdict(True, f"{run}, its lowest card valid: {first.reason}{points}", "run")


def _almighty(rules: Cl4shRules) -> int:
    return next(t.code for t in rules.types if t.kind == ALMIGHTY)


def duel_winner(rules: Cl4shRules, challenger: int, defender: int) -> tuple[str, str]:
    """`("challenger"|"defender"|"tie", reason)` for two numbered cards revealed in a duel."""
    a, b = rules.types[challenger], rules.types[defender]
    ea, eb = rules.elements[a.element], rules.elements[b.element]
    if rules.dominates(a.element, b.element):
        return "challenger", f"{ea} dominates {eb}"
    if rules.dominates(b.element, a.element):
        return "defender", f"{eb} dominates {ea}"
    why = "same element" if a.element == b.element else f"{ea} and {eb} are unrelated"
    if a.number > b.number:
        return "challenger", f"{why}; the higher number wins: {a.number} > {b.number}"
    if b.number > a.number:
        return "defender", f"{why}; the higher number wins: {b.number} > {a.number}"
    return "tie", f"{why} and equal numbers ({a.number}): a tie"


def pile_of(rules: Cl4shRules, code: int) -> tuple[int, int]:
    """The value a card leaves on the pile: numbered as printed, a Havoc card with an element as
    that element with number 0; a kind of `open_after` (or a card without an element): OPEN."""
    card = rules.types[code]
    if card.kind in rules.open_after or card.element == OPEN:
        return (OPEN, 0)
    return (card.element, card.number)
