"""gamao: parse, verify, score, report on and convert backgammon match records."""

__version__ = "0.1.0"
