"""The cost curve, as designers draw it by hand: a least-squares fit of each card's cost against
its other numbers (attack, defence, coins ...), per kind, and the cards furthest off it.

How far a card is off is measured against the curve of the *other* cards of its kind (the
leave-one-out residual, e / (1 - h)), so an overpriced card does not pull the line towards
itself and hide. A card far off that curve (a cost or more, and five times as far as the
kind's typical card) is then left out of the curve the others are measured against, so one
overpriced card does not make its fair neighbours look off too. Pure Python: a handful of
columns and a few thousand cards solve in milliseconds, with no numerical library to load.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printgen.analysis.deck import Deck, Row
from printgen.model.decks import column_key

COST_NAMES = ("cost", "price", "mana", "mana_cost", "energy", "gold", "buy", "buy_cost")
"""Column names (as headers are matched) taken for the cost when none is named."""
FURTHEST = 5
"""The cards named for each kind: those furthest off the curve."""
NOTABLE = 0.5
"""Off the curve by less than this is no news (costs are whole numbers)."""
FAR = 1.0
"""A card left out of its kind's curve is off it by at least this ..."""
SPREAD = 5.0
"""... and by this many times the median of the kind's other cards."""
PIVOT = 1e-9


Solved = tuple[list[float], list[int], list[list[float]]]
"""A least-squares fit: the coefficients of the columns kept, their indexes, the inverse of
their normal matrix."""


@dataclass(frozen=True)
class OffCurve:
    row: Row
    cost: float
    expected: float

    @property
    def by(self) -> float:
        return self.cost - self.expected

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.row.card.id,
            "name": self.row.card.name,
            "where": self.row.where,
            "cost": self.cost,
            "expected": round(self.expected, 2),
            "by": round(self.by, 2),
        }


@dataclass(frozen=True)
class Fit:
    """One kind's curve: cost = intercept + sum(coefficient * column)."""

    kind: str
    cards: int
    intercept: float
    coefficients: dict[str, float]
    r2: float | None
    off: list[OffCurve] = field(default_factory=list)
    left_out: list[Row] = field(default_factory=list)
    """The cards so far off that the curve is fitted without them (the worst first)."""

    def formula(self, cost: str) -> str:
        """`cost = −1.00 + 1.00 × coins − 0.50 × defence`."""
        text = f"{cost} = {self.intercept:.2f}".replace("-", "−")
        for name, c in self.coefficients.items():
            text += f" {'−' if c < 0 else '+'} {abs(c):.2f} × {name}"
        return text

    def to_json(self) -> dict[str, object]:
        return {
            "cards": self.cards,
            "intercept": round(self.intercept, 4),
            "coefficients": {k: round(v, 4) for k, v in self.coefficients.items()},
            "r2": None if self.r2 is None else round(self.r2, 4),
            "off": [o.to_json() for o in self.off],
            "left_out": [r.card.id for r in self.left_out],
        }


@dataclass(frozen=True)
class Curve:
    cost: str | None
    named: bool  # the cost column was named (--cost), not guessed
    fits: dict[str, Fit]
    notes: list[str]

    def to_json(self) -> dict[str, object]:
        return {
            "cost": self.cost,
            "guessed": not self.named,
            "kinds": {k: f.to_json() for k, f in self.fits.items()},
            "notes": self.notes,
        }


def guess_cost(deck: Deck) -> str | None:
    """The number column named like a cost: `cost`, `Price`, `Mana Cost` ..."""
    numbers = [c for c in deck.numbers if c != "count"]
    for column in numbers:
        if column_key(column) in COST_NAMES:
            return column
    return next((c for c in numbers if re.search(r"cost|price", column_key(c))), None)


def cost_curve(deck: Deck, cost: str | None = None) -> Curve:
    named = cost is not None
    cost = cost or guess_cost(deck)
    if cost is None:
        return Curve(None, False, {}, ["no cost column (none is named like a cost: give --cost)"])
    fits, notes = {}, []
    kinds = list(dict.fromkeys(r.card.kind for r in deck.rows)) or [""]
    for kind in kinds:
        rows = [r for r in deck.rows if r.card.kind == kind and _number(r, cost) is not None]
        fit, note = _fit(deck, rows, cost, kind)
        if fit is not None:
            fits[kind or "all"] = fit
        if note:
            notes.append(note)
    return Curve(cost, named, fits, notes)


def _number(row: Row, column: str) -> float | None:
    value = row.card.fields.get(column)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def _fit(deck: Deck, rows: list[Row], cost: str, kind: str) -> tuple[Fit | None, str | None]:
    label = f"kind {kind}" if kind else "the cards"
    if not rows:
        return None, None
    against = _varying(deck, rows, cost)
    if not against:
        return None, f"{label}: no other number column varies, so no curve to fit"
    x = [[1.0, *[float(_number(r, c) or 0) for c in against]] for r in rows]
    y = [float(_number(r, cost) or 0) for r in rows]
    on = list(range(len(rows)))
    solved = _solved(x, y, on)
    if solved is None:
        return None, f"{label}: {len(rows)} cards are too few to fit {cost} against " + (
            ", ".join(against)
        )
    for _ in range(max(1, min(FURTHEST, len(rows) // 10))):
        worst = _far_off(_left_one_out(x, y, on, solved))
        trial = [i for i in on if i != worst]
        refit = None if worst is None else _solved(x, y, trial)
        if refit is None:
            break
        on, solved = trial, refit
    return _described(rows, x, y, on, solved, against, kind), None


def _solved(x: list[list[float]], y: list[float], on: list[int]) -> Solved | None:
    """The least-squares fit of the rows `on`; None when they are too few for its columns."""
    solved = _least_squares([x[i] for i in on], [y[i] for i in on])
    if solved is None or len(on) < len(solved[1]) + 2:
        return None
    return solved


def _left_one_out(
    x: list[list[float]], y: list[float], on: list[int], solved: Solved
) -> dict[int, float]:
    """How far each row `on` the curve is off the curve of the others (e / (1 - h)); a row
    that alone fixes a coefficient has no curve without it and is not measured."""
    beta, kept, inverse = solved
    found = {}
    for i in on:
        xk = [x[i][j] for j in kept]
        predicted = sum(b * v for b, v in zip(beta, xk, strict=True))
        leverage = sum(
            xk[a] * inverse[a][b] * xk[b] for a in range(len(xk)) for b in range(len(xk))
        )
        if leverage < 1 - 1e-6:
            found[i] = (y[i] - predicted) / (1 - leverage)
    return found


def _far_off(by: dict[int, float]) -> int | None:
    """The row furthest off, when it is FAR off and SPREAD times the median of the rest."""
    if len(by) < 3:
        return None
    worst = max(by, key=lambda i: (abs(by[i]), -i))
    rest = sorted(abs(v) for i, v in by.items() if i != worst)
    middle = (rest[(len(rest) - 1) // 2] + rest[len(rest) // 2]) / 2
    return worst if abs(by[worst]) >= max(FAR, SPREAD * middle) else None


def _varying(deck: Deck, rows: list[Row], cost: str) -> list[str]:
    """The number columns, but the cost, that differ between the cards (an empty cell is 0)."""
    return [
        c
        for c in deck.numbers
        if c not in (cost, "count") and len({_number(r, c) or 0 for r in rows}) > 1
    ]


def _described(
    rows: list[Row],
    x: list[list[float]],
    y: list[float],
    on: list[int],
    solved: Solved,
    against: list[str],
    kind: str,
) -> Fit:
    """The fit of the rows `on`, each measured against the others' curve, and the rows left
    out measured against the whole curve."""
    beta, kept, _ = solved

    def curve(i: int) -> float:
        return sum(b * x[i][j] for b, j in zip(beta, kept, strict=True))

    by = _left_one_out(x, y, on, solved)
    fitted = set(on)
    out = [i for i in range(len(rows)) if i not in fitted]
    by.update({i: y[i] - curve(i) for i in out})
    off = [OffCurve(rows[i], y[i], y[i] - by[i]) for i in sorted(by)]
    notable = sorted((o for o in off if abs(o.by) >= NOTABLE), key=lambda o: -abs(o.by))
    mean = sum(y[i] for i in on) / len(on)
    total = sum((y[i] - mean) ** 2 for i in on)
    squares = sum((y[i] - curve(i)) ** 2 for i in on)
    coefficients = {against[j - 1]: beta[k] for k, j in enumerate(kept) if j}
    intercept = beta[kept.index(0)] if 0 in kept else 0.0
    r2 = 1 - squares / total if total else None
    worst_first = sorted(out, key=lambda i: -abs(by[i]))
    return Fit(
        kind,
        len(rows),
        intercept,
        coefficients,
        r2,
        notable[:FURTHEST],
        [rows[i] for i in worst_first],
    )


def _least_squares(x: list[list[float]], y: list[float]) -> Solved | None:
    """The coefficients of the columns of `x` that are not a combination of others (their
    indexes), and the inverse of their normal matrix; None when no column is left."""
    width = len(x[0])
    normal = [[sum(r[a] * r[b] for r in x) for b in range(width)] for a in range(width)]
    kept = _independent(normal)
    if not kept:
        return None
    small = [[normal[a][b] for b in kept] for a in kept]
    inverse = _inverse(small)
    if inverse is None:
        return None
    xty = [sum(r[a] * v for r, v in zip(x, y, strict=True)) for a in kept]
    beta = [sum(inverse[a][b] * xty[b] for b in range(len(kept))) for a in range(len(kept))]
    return beta, kept, inverse


def _independent(normal: list[list[float]]) -> list[int]:
    """The columns kept, in order, each adding a direction the earlier ones do not span."""
    kept: list[int] = []
    for j in range(len(normal)):
        trial = [*kept, j]
        if _inverse([[normal[a][b] for b in trial] for a in trial]) is not None:
            kept = trial
    return kept


def _inverse(matrix: list[list[float]]) -> list[list[float]] | None:
    """Gauss-Jordan with partial pivoting; None for a singular matrix."""
    n = len(matrix)
    scale = max((abs(v) for row in matrix for v in row), default=1.0) or 1.0
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) <= PIVOT * scale:
            return None
        work[col], work[pivot] = work[pivot], work[col]
        head = work[col][col]
        work[col] = [v / head for v in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [a - factor * b for a, b in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]
