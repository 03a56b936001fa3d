"""Options declared once and shared by several commands, as one parameter.

A group is a frozen dataclass whose fields are typer ``Annotated`` options (each field's
name is the option's parameter name, its default the option's default). A command takes
the group as one parameter, annotated ``Annotated[Group, OptionGroup(Group, fields)]``;
:func:`expand` turns that parameter into the group's options (those named in ``fields``,
in the dataclass's order) where it stands in the command's signature, and calls the command
with the group built from them. The options, their help and their order in ``--help`` are
what they would be declared one by one.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import wraps
from typing import Annotated, Any, TypeVar, get_args, get_origin, get_type_hints

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """The options of group ``cls`` that a command takes: ``names``, or every field."""

    cls: type[Any]
    names: tuple[str, ...] | None = None

    def parameters(self, kind: inspect._ParameterKind) -> list[inspect.Parameter]:
        hints = get_type_hints(self.cls, include_extras=True)
        return [
            inspect.Parameter(f.name, kind, default=f.default, annotation=hints[f.name])
            for f in fields(self.cls)
            if self.names is None or f.name in self.names
        ]


def _group(annotation: object) -> OptionGroup | None:
    if get_origin(annotation) is not Annotated:
        return None
    return next((m for m in get_args(annotation)[1:] if isinstance(m, OptionGroup)), None)


def expand(command: F) -> F:
    """``command`` with each of its option-group parameters spelled out as its options."""
    signature = inspect.signature(command, eval_str=True)
    params: list[inspect.Parameter] = []
    groups: dict[str, tuple[type[Any], list[str]]] = {}
    for param in signature.parameters.values():
        group = _group(param.annotation)
        if group is None:
            params.append(param)
            continue
        spelled = group.parameters(param.kind)
        groups[param.name] = (group.cls, [p.name for p in spelled])
        params.extend(spelled)

    @wraps(command)
    def run(**kwargs: Any) -> Any:
        for name, (cls, names) in groups.items():
            kwargs[name] = cls(**{n: kwargs.pop(n) for n in names})
        return command(**kwargs)

    run.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__annotations__["return"] = signature.return_annotation
    return run  # type: ignore[return-value]
