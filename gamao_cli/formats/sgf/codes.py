"""The severities of the SGF reader's diagnostics (its codes: ``FAMILY.codes`` of the package)."""

from __future__ import annotations

from gamao_cli.formats.sgf import SEVERITIES
from gamao_cli.model.diagnostics import Severity


def severity_of(code: str) -> Severity:
    return SEVERITIES.get(code, Severity.ERROR)
