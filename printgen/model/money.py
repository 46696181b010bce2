"""Numbers a sheet shows as money (`$3`, `1.250,00 €`), read the same from a workbook and from
its CSV export.

A spreadsheet's CSV export writes a currency cell as the sheet shows it (`$3`), while the
workbook's cell holds the bare number 3: read each as it came, one deck gave two sets of
cards. So a workbook's currency cell reads as shown, as a percentage does (`50%`), and both
exports give the text `$3`. A column declared a whole number (`cost: int`) reads `$3`, `3 €`,
`12 kr` or `$1,250` as the number, from either export: the currency's sign or code (of up to
three letters) is the cell's format. An undeclared column of amounts (`$3`, `2.50 €`) is
money (`money?`): its cells print as shown, as a stat with the column's name (`Price $3`).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

SYMBOLS = "$€£¥₹₩₽¢"
"""Currency signs a format may write bare (`$#,##0`), not in quotes."""

_BRACKET = re.compile(r"\[\$([^\]-]*)(?:-[0-9A-Fa-f]+)?\]")
"""Excel's locale-tagged sign: `[$€-407]`, `[$$-409]`; `[$-409]` (a locale alone) has none."""
_QUOTED = re.compile(r'"([^"]*)"')
_SIGN = rf"[{SYMBOLS}]|[^\W\d_]{{1,3}}"
"""A currency's sign or code: `$`, `€`, `kr`, `zł`, `CHF`."""
_WHOLE = (
    r"(?P<whole>\d{1,3}(?:,\d{3})+|\d{1,18})(?:\.0+)?"  # 1,250.00 (point decimals)
    r"|(?P<whole_eu>\d{1,3}(?:\.\d{3})+|\d{1,18})(?:,0{1,2})?"  # 1.250,00 (comma decimals)
)
_AMOUNT = re.compile(
    rf"^(?P<minus>-)?\s*(?P<before>{_SIGN})?\s*(?P<sign>-)?\s*(?:{_WHOLE})"
    rf"\s*(?P<after>{_SIGN})?$"
)


MONEY = "money?"
"""The type of an undeclared column of amounts of money (`printgen.model.inferred`)."""
_NUMBER = (
    r"(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"  # $1,250.50
    r"|(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2})?)"  # 1.250,50 €: a European sheet's export
)
"""An amount's number, grouped and pointed either way: a comma followed by three digits groups
thousands (`1,250`), by one or two it is the decimal point of a sheet set to German or French
(`2,50 €`), whose thousands are grouped by points (`1.250,00 €`)."""
_SHOWN_AMOUNT = re.compile(rf"^-?\s*(?:[{SYMBOLS}]\s*-?\s*{_NUMBER}|{_NUMBER}\s*[{SYMBOLS}])$")


def is_amount(text: str) -> bool:
    """Whether a cell is an amount of money as a sheet shows one: `$3`, `$1.50`, `2.00 €`."""
    return bool(_SHOWN_AMOUNT.match(text.strip()))


def shown_currency(value: float, number_format: str) -> str | None:
    """`value` as a currency format shows it (`"$"#,##0.00` -> `$3.00`), or None when the
    format shows no currency sign (then the number is read as a number)."""
    section = _first_section(number_format)
    symbol, at = _symbol(section)
    if symbol is None:
        return None
    digits = re.search(r"[0#?][0#?,]*(?:\.[0#?]*)?", _masked(section))
    if digits is None:
        return None
    pattern = digits.group()
    decimals = len(pattern.partition(".")[2])
    rounded = Decimal(repr(abs(value))).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_UP)
    number = f"{rounded:,}" if "," in pattern else f"{rounded}"  # half up, as a sheet rounds
    spaced = _spaced(section, at, digits.start(), digits.end())
    text = f"{symbol}{spaced}{number}" if at < digits.start() else f"{number}{spaced}{symbol}"
    return f"-{text}" if value < 0 else text


def whole_amount(text: str) -> int | None:
    """A money amount written as a whole number (`$3`, `3 €`, `-$1,250.00`, `1.250,00 €`), or
    None."""
    match = _AMOUNT.match(text.strip())
    if match is None or not (match.group("before") or match.group("after")):
        return None
    if match.group("before") and match.group("after"):
        return None
    whole = match.group("whole") or match.group("whole_eu")
    value = int(whole.replace(",", "").replace(".", ""))
    return -value if match.group("minus") or match.group("sign") else value


def _first_section(number_format: str) -> str:
    """The format for positive numbers: the part before the first `;` outside quotes."""
    quoted = False
    for index, char in enumerate(number_format):
        if char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            return number_format[:index]
    return number_format


def _symbol(section: str) -> tuple[str | None, int]:
    """The currency sign a format section writes, and where it stands in the section."""
    bracket = _BRACKET.search(section)
    if bracket and bracket.group(1):
        return bracket.group(1), bracket.start()
    for quoted in _QUOTED.finditer(section):
        if re.fullmatch(_SIGN, quoted.group(1).strip()):  # `"$"`, `"kr"`, `"CHF"`
            return quoted.group(1).strip(), quoted.start()
    for index, char in enumerate(_masked(section)):
        if char in SYMBOLS:
            return char, index
    return None, 0


def _masked(section: str) -> str:
    """The section with its quoted texts and bracketed tags blanked, places kept."""
    blank = _QUOTED.sub(lambda m: " " * len(m.group()), section)
    return re.sub(r"\[[^\]]*\]", lambda m: " " * len(m.group()), blank)


def _spaced(section: str, at: int, start: int, end: int) -> str:
    """A space between the sign and the number when the format puts one there (`0.00 €`,
    `#,##0.00\\ [$€-407]`); the padding of an accounting format (`_-`, `* `) is none."""
    between = section[at:start] if at < start else section[end:at]
    between = re.sub(r"\[\$[^\]]*\]|\"[^\"]*\"|_.|\*.", "", between)
    return " " if " " in between else ""
