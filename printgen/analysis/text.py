"""The analysis as the terminal prints it: one block a group, then the cost curve, the
near-duplicates and the keywords, each card named with its file and line."""

from __future__ import annotations

from collections.abc import Iterator

from printgen.analysis import Analysis
from printgen.analysis.curve import NOTABLE, Curve, Fit
from printgen.analysis.keywords import listed
from printgen.analysis.stats import GroupStats, NumberStats

BARS = "▁▂▃▄▅▆▇█"
SPELLED = 15
"""A distribution of at most this many values is spelled out, value by value."""


def number(value: float) -> str:
    """3, 3.25, −1.5: a whole number as one, else two decimals; a real minus sign."""
    text = str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")
    return text.replace("-", "−")


def sparkline(counts: list[int]) -> str:
    top = max(counts, default=0) or 1
    return "".join(BARS[min(len(BARS) - 1, round((len(BARS) - 1) * n / top))] for n in counts)


def lines(analysis: Analysis) -> Iterator[str]:
    deck = analysis.deck
    decks = list(dict.fromkeys(r.deck for r in deck.rows))
    copies = sum(r.copies for r in deck.rows)
    yield (
        f"{analysis.game.id}: {_count(len(deck.rows), deck.noun)} ({copies} copies) in "
        f"{len(decks)} deck{'s' if len(decks) != 1 else ''} ({', '.join(decks)})"
    )
    for group in analysis.groups:
        yield ""
        yield from _group(group, deck.noun)
    yield ""
    yield from _curve(analysis.curve)
    yield ""
    yield from _duplicates(analysis)
    yield ""
    yield from _keywords(analysis)


def _group(stats: GroupStats, noun: str = "card") -> Iterator[str]:
    group = stats.group
    yield f"{group.label}: {_count(len(group.rows), noun)}, {_count(stats.copies, 'copy')}"
    width = max((len(c) for c in [*stats.numbers, *stats.values]), default=0)
    for column, found in stats.numbers.items():
        yield f"  {column:<{width}}  {_numbers(found)}"
    for column, counts in stats.values.items():
        shown = " · ".join(f"{value} {n}" for value, n in list(counts.items())[:SPELLED])
        more = f" and {len(counts) - SPELLED} more" if len(counts) > SPELLED else ""
        yield f"  {column:<{width}}  {shown}{more}"


def _count(n: int, word: str) -> str:
    plural = "copies" if word == "copy" else f"{word}s"
    return f"{n} {word if n == 1 else plural}"


def _numbers(found: NumberStats) -> str:
    text = (
        f"{_count(found.copies, 'copy')}, {number(found.low)} to {number(found.high)}, "
        f"mean {number(round(found.mean, 2))}, median {number(found.median)}"
    )
    if len(found.distribution) <= SPELLED:
        spelled = " ".join(f"{number(v)}:{n}" for v, n in found.distribution.items())
        text += f"  {sparkline(list(found.distribution.values()))}  {spelled}"
    return text


def _curve(curve: Curve) -> Iterator[str]:
    if curve.cost is None:
        yield f"Cost curve: {'; '.join(curve.notes)}"
        return
    how = "named" if curve.named else "guessed from its name"
    yield f"Cost curve of {curve.cost} ({how}), a least-squares fit per kind:"
    for fit in curve.fits.values():
        yield from _fit(fit, curve.cost)
    for note in curve.notes:
        yield f"  {note}"


def _fit(fit: Fit, cost: str) -> Iterator[str]:
    r2 = "" if fit.r2 is None else f", R² {fit.r2:.2f}"
    yield f"  {fit.kind or 'all'}, {fit.cards} cards: {fit.formula(cost)}{r2}"
    if fit.left_out:
        names = ", ".join(r.card.name for r in fit.left_out)
        yield f"    fitted without the cards far off it: {names}"
    if not fit.off:
        yield f"    no card is off the curve by {number(NOTABLE)} or more"
    for off in fit.off:
        side = "over" if off.by > 0 else "under"
        yield (
            f"    {off.row.card.name} ({off.row.where}): {cost} {number(off.cost)}, the curve of "
            f"the other cards {number(round(off.expected, 2))}: {number(round(abs(off.by), 2))} "
            f"{side}"
        )


def _duplicates(analysis: Analysis) -> Iterator[str]:
    found = analysis.duplicates
    if not found:
        yield "Near-duplicate cards: none (no two cards of a kind with the same numbers and suit"
        yield "  have rules text within a few words of each other)"
        return
    yield "Near-duplicate cards (one kind, the same numbers and suit, the text a few words apart):"
    for pair in found:
        a, b = pair.first, pair.second
        differ = (
            "the same text"
            if not pair.words
            else f"{pair.words} word{'s' if pair.words > 1 else ''} apart "
            f"({pair.changed[0] or '—'} / {pair.changed[1] or '—'})"
        )
        yield f"  {a.card.name} ({a.where}) and {b.card.name} ({b.where}): {differ}"


def _keywords(analysis: Analysis) -> Iterator[str]:
    found = analysis.keywords
    if found.rules is None:
        yield "Keywords: the game has no rules.md to look them up in"
        return
    if found.undefined:
        yield f"Keywords on the cards that {found.rules} never mentions: {listed(found.undefined)}"
    else:
        yield f"Keywords: all {found.checked} on the cards are in {found.rules}"
    if found.unused:
        yield (
            f"Terms {found.rules} sets in bold that no card uses: {listed(found.unused, most=12)}"
        )
