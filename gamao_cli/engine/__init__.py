"""The rules engine: positions, legal plays, notation, the cube, scoring and position ids.

Imports only :mod:`gamao_cli.model`. Plays are compared by the position they lead to, so
different notations of the same play are equal; a forced move is a legal set of one.
"""
