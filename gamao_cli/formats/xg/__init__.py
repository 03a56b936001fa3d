"""eXtreme Gammon binary files: ``.xg`` matches and ``.xgp`` positions.

Layers, each in its own module: :mod:`.container` (the RGMH header, the ZLB archive, CRCs,
bounded inflating), :mod:`.records` (the fixed 2560-byte ``temp.xg`` records),
:mod:`.moves` (XG's move encoding and the board it is played on), :mod:`.annotate`
(XG's analysis as :mod:`gamao_cli.model.analysis` annotations), :mod:`.games` (records to
games), :mod:`.fast` (a cheap constructor for candidates), :mod:`.comments` (``temp.xgc``
RTF to plain text), :mod:`.position` (``.xgp``), :mod:`.reader` (the readers, the match
header and its tags). Byte layouts: research/formats-wave2.md section 9.
"""

from __future__ import annotations

from gamao_cli.formats.xg.codes import XG_CODES
from gamao_cli.formats.xg.reader import read_xg, read_xgp

__all__ = ["XG_CODES", "read_xg", "read_xgp"]
