"""gamao: parse, verify, score, report on and convert backgammon match records."""

from gamao_cli.build import pure_requested, use_source_modules

__version__ = "0.1.0"

if pure_requested():
    use_source_modules()
