"""Near-duplicate cards: two designs of one kind with the same numbers and suit whose rules text
differs by a few words (`Draw two cards` and `Draw three cards` at the same cost), or not at
all under two names. One of them is often a copy the designer forgot to change.

Text is compared word by word (an icon `:coin:` is a word); two texts are near when at most
MAX_WORDS words must change, and no more than half of the longer. Candidates are found by
prefix filtering (as similarity joins do): each text's MAX_WORDS + 1 rarest words are indexed,
and two texts that close must share one of them, so a thousand cards are compared in well under
a second rather than pair by pair.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.analysis.deck import Deck, Row
from printgen.model.game import FieldValue

MAX_WORDS = 3
WORD = re.compile(r":[\w-]+:|[\w']+")


@dataclass(frozen=True)
class NearDuplicate:
    first: Row
    second: Row
    words: int  # words to change from one text to the other
    changed: tuple[str, str]  # the words of each that the other lacks

    def to_json(self) -> dict[str, object]:
        return {
            "cards": [self.first.card.id, self.second.card.id],
            "names": [self.first.card.name, self.second.card.name],
            "where": [self.first.where, self.second.where],
            "words": self.words,
            "differ": list(self.changed),
        }


def words_of(text: str) -> tuple[str, ...]:
    return tuple(w.casefold() for w in WORD.findall(text.replace("**", "").replace("*", "")))


def near_duplicates(deck: Deck) -> list[NearDuplicate]:
    """Every near pair, the closest first, then in the deck's order."""
    texts = {id(r): words_of(deck.text_of(r)) for r in deck.rows}
    buckets: dict[tuple[FieldValue, ...], list[Row]] = defaultdict(list)
    for row in deck.rows:
        if texts[id(row)]:
            buckets[_key(deck, row)].append(row)
    found = []
    for rows in buckets.values():
        for a, b in _candidates(rows, texts):
            distance = _distance(texts[id(a)], texts[id(b)])
            if distance is not None:
                found.append(_pair(a, b, distance, texts))
    order = {id(r): k for k, r in enumerate(deck.rows)}
    return sorted(found, key=lambda d: (d.words, order[id(d.first)], order[id(d.second)]))


def _key(deck: Deck, row: Row) -> tuple[FieldValue, ...]:
    """What two near-duplicates share exactly: kind, numbers and the other values (suit,
    flags), not the name or the text."""
    fields = row.card.fields
    same = deck.columns("number", "element", "flag", "symbols")
    return (row.card.kind, *(fields.get(c) for c in same))


def _candidates(rows: Sequence[Row], texts: dict[int, tuple[str, ...]]) -> list[tuple[Row, Row]]:
    """The pairs of `rows` whose texts share one of their MAX_WORDS + 1 rarest words and enough
    words in all to be near (counted on bit sets, so a deck of short look-alike texts is not
    compared word by word pair after pair)."""
    tokens = [_tokens(texts[id(row)]) for row in rows]
    rarity: Counter[str] = Counter(t for own in tokens for t in set(own))
    bit = {token: 1 << k for k, token in enumerate(rarity)}
    masks = [sum(bit[t] for t in set(own)) for own in tokens]
    index: dict[str, list[int]] = defaultdict(list)
    pairs: set[tuple[int, int]] = set()
    for k, own in enumerate(tokens):
        for token in sorted(set(own), key=lambda t: (rarity[t], t))[: MAX_WORDS + 1]:
            for other in index[token]:
                longer = max(len(own), len(tokens[other]))
                shared = (masks[k] & masks[other]).bit_count()
                if shared >= longer - min(MAX_WORDS, longer // 2):
                    pairs.add((other, k))
            index[token].append(k)
    return [(rows[a], rows[b]) for a, b in sorted(pairs)]


def _tokens(words: tuple[str, ...]) -> list[str]:
    """Each word with its occurrence (`the#2`), so that a shared prefix means shared words."""
    seen: Counter[str] = Counter()
    out = []
    for word in words:
        seen[word] += 1
        out.append(f"{word}#{seen[word]}")
    return out


def _distance(a: tuple[str, ...], b: tuple[str, ...]) -> int | None:
    """Words to insert, delete or replace to make `a` into `b`, when near enough; else None."""
    most = min(MAX_WORDS, max(len(a), len(b)) // 2)
    if abs(len(a) - len(b)) > most:
        return None
    previous = list(range(len(b) + 1))
    for i, word in enumerate(a, start=1):
        current = [i]
        for j, other in enumerate(b, start=1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word != other))
            )
        if min(current) > most:
            return None
        previous = current
    return previous[-1] if previous[-1] <= most else None


def _pair(a: Row, b: Row, distance: int, texts: dict[int, tuple[str, ...]]) -> NearDuplicate:
    ta, tb = Counter(texts[id(a)]), Counter(texts[id(b)])
    only_a = " ".join((ta - tb).elements())
    only_b = " ".join((tb - ta).elements())
    return NearDuplicate(a, b, distance, (only_a, only_b))
