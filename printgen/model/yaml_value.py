"""The type of a parsed YAML (or JSON) value before any schema has checked it.

A reader narrows it with isinstance as it checks each key (`model/schema.py`), so the code past
the reader sees dataclasses and plain types, never `Any`. Keys are scalars: a YAML key may be a
number (`2: ...`) as well as text; dates are read as text (`model/sources.py`).
"""

from __future__ import annotations

from typing import TypeAlias

YamlScalar: TypeAlias = str | int | float | bool | None
YamlValue: TypeAlias = YamlScalar | list["YamlValue"] | dict[YamlScalar, "YamlValue"]
YamlMapping: TypeAlias = dict[YamlScalar, YamlValue]
