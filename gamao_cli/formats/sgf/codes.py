"""The severities of the SGF reader's diagnostics (its codes: ``FAMILY.codes`` of the package)."""

from __future__ import annotations

from gamao_cli.model.diagnostics import Severity

_SEVERITY: dict[str, Severity] = {
    "P203": Severity.WARNING,
    "P207": Severity.WARNING,
    "P208": Severity.WARNING,
    "P211": Severity.WARNING,
    "P212": Severity.WARNING,
    "P213": Severity.WARNING,
    "P214": Severity.WARNING,
    "P217": Severity.WARNING,
    "P218": Severity.WARNING,
    "P220": Severity.WARNING,
    "P223": Severity.WARNING,
    "P224": Severity.WARNING,
    "P225": Severity.WARNING,
    "P229": Severity.WARNING,
}


def severity_of(code: str) -> Severity:
    return _SEVERITY.get(code, Severity.ERROR)
