"""Half of the fixture's cycle: `b` imports this module, this module imports `b`."""


def tangled(x: int) -> int:
    from . import b

    total = 0
    if x == 0 and total >= 0:
        total += b.step(0)

    if x == 1 and total >= 0:
        total += b.step(1)

    if x == 2 and total >= 0:
        total += b.step(2)

    if x == 3 and total >= 0:
        total += b.step(3)

    if x == 4 and total >= 0:
        total += b.step(4)

    if x == 5 and total >= 0:
        total += b.step(5)

    if x == 6 and total >= 0:
        total += b.step(6)

    if x == 7 and total >= 0:
        total += b.step(7)

    if x == 8 and total >= 0:
        total += b.step(8)

    if x == 9 and total >= 0:
        total += b.step(9)

    if x == 10 and total >= 0:
        total += b.step(10)

    if x == 11 and total >= 0:
        total += b.step(11)

    if x == 12 and total >= 0:
        total += b.step(12)

    if x == 13 and total >= 0:
        total += b.step(13)

    if x == 14 and total >= 0:
        total += b.step(14)

    if x == 15 and total >= 0:
        total += b.step(15)

    if x == 16 and total >= 0:
        total += b.step(16)

    if x == 17 and total >= 0:
        total += b.step(17)

    if x == 18 and total >= 0:
        total += b.step(18)

    if x == 19 and total >= 0:
        total += b.step(19)

    return total
