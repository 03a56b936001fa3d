"""Values of gamao JSON: the step notation and typed reading with JSON paths in errors.

Shared by :mod:`~gamao_cli.formats.json.writer` (matches) and
:mod:`~gamao_cli.formats.json.analysis` (annotations).
"""

from __future__ import annotations

import re

from gamao_cli.engine.ruleset import POOL
from gamao_cli.i18n import N_
from gamao_cli.model.actions import BAR, OFF, Step

VERSION = 1
"""The version written and read. ``games[].annotations`` is an optional field of version 1
(docs/json-schema.md, "Versioning": optional fields do not change the version)."""

JSONValue = None | bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"]


def _point_text(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else "in" if p == POOL else str(p)


def steps_text(steps: tuple[Step, ...]) -> str:
    """Steps in the compact notation: ``from[/via*]*/to[*]``, space-separated."""
    out: list[str] = []
    for s in steps:
        vias = "".join(f"/{_point_text(v)}*" for v in s.via_hits)
        hit = "*" if s.hit else ""
        out.append(f"{_point_text(s.from_point)}{vias}/{_point_text(s.to_point)}{hit}")
    return " ".join(out)


_POINT = re.compile(r"bar|off|in|-?\d+")


def _point_of(text: str) -> int | None:
    if not _POINT.fullmatch(text):
        return None
    return BAR if text == "bar" else OFF if text == "off" else POOL if text == "in" else int(text)


def parse_steps(text: str) -> tuple[Step, ...]:
    """The inverse of :func:`steps_text`; raises ValueError on text it cannot read."""
    steps: list[Step] = []
    for token in text.split():
        parts = token.split("/")
        if len(parts) < 2:
            raise ValueError(f"step {token!r} has no '/'")
        hit = parts[-1].endswith("*")
        first = _point_of(parts[0])
        last = _point_of(parts[-1].removesuffix("*"))
        vias: list[int] = []
        for middle in parts[1:-1]:
            point = _point_of(middle.removesuffix("*"))
            if not middle.endswith("*") or point is None:
                raise ValueError(f"step {token!r}: an intermediate point must be a hit ('4*')")
            vias.append(point)
        if first is None or last is None:
            raise ValueError(f"step {token!r}: a point must be a number, 'bar' or 'off'")
        steps.append(Step(first, last, hit, tuple(vias)))
    return tuple(steps)


class SchemaError(ValueError):
    """A value that does not fit the schema, at a JSON path."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def type_name(value: object) -> str:
    if value is None:
        return N_("null")
    if isinstance(value, bool):
        return N_("a boolean")
    if isinstance(value, int):
        return N_("a number")
    if isinstance(value, str):
        return N_("a string")
    if isinstance(value, list):
        return N_("an array")
    if isinstance(value, dict):
        return N_("an object")
    return type(value).__name__


class JsonObject:
    """A JSON object being read: typed field access with paths in errors."""

    def __init__(self, value: object, path: str) -> None:
        if not isinstance(value, dict):
            raise SchemaError(
                path, N_("expected an object, found {found}").format(found=type_name(value))
            )
        self.data: dict[str, object] = value
        self.path = path
        self.used: set[str] = set()

    def at(self, key: str) -> str:
        return f"{self.path}.{key}"

    def raw(self, key: str, default: object = ...) -> object:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise SchemaError(self.at(key), N_("missing"))
            return default
        return self.data[key]

    def get_int(self, key: str, default: object = ...) -> int:
        return as_int(self.raw(key, default), self.at(key))

    def get_opt_int(self, key: str) -> int | None:
        value = self.raw(key, None)
        return None if value is None else as_int(value, self.at(key))

    def get_str(self, key: str, default: object = ...) -> str:
        return as_str(self.raw(key, default), self.at(key))

    def get_bool(self, key: str, default: object = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise SchemaError(
                self.at(key),
                N_("expected true or false, found {found}").format(found=type_name(value)),
            )
        return value

    def get_opt_bool(self, key: str) -> bool | None:
        value = self.raw(key, None)
        if value is not None and not isinstance(value, bool):
            raise SchemaError(
                self.at(key),
                N_("expected true, false or null, found {found}").format(found=type_name(value)),
            )
        return value

    def get_list(self, key: str, default: object = ...) -> list[object]:
        return as_list(self.raw(key, default), self.at(key))

    def unknown(self) -> list[str]:
        return [k for k in self.data if k not in self.used]


def as_int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SchemaError(
            path, N_("expected an integer, found {found}").format(found=type_name(value))
        )
    return value


def as_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise SchemaError(
            path, N_("expected a string, found {found}").format(found=type_name(value))
        )
    return value


def as_list(value: object, path: str, length: int | None = None) -> list[object]:
    if not isinstance(value, list):
        raise SchemaError(
            path, N_("expected an array, found {found}").format(found=type_name(value))
        )
    if length is not None and len(value) != length:
        raise SchemaError(
            path,
            N_("expected {length} elements, found {found}").format(length=length, found=len(value)),
        )
    return value


def int_pair(value: object, path: str) -> tuple[int, int]:
    items = as_list(value, path, 2)
    return as_int(items[0], f"{path}[0]"), as_int(items[1], f"{path}[1]")


def str_pair(value: object, path: str) -> tuple[str, str]:
    items = as_list(value, path, 2)
    return as_str(items[0], f"{path}[0]"), as_str(items[1], f"{path}[1]")


def pairs_of(value: object, path: str) -> tuple[tuple[str, str], ...]:
    return tuple(str_pair(v, f"{path}[{i}]") for i, v in enumerate(as_list(value, path)))
