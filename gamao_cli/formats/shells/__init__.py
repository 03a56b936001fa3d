"""Cheap constructors of the model's commonest objects, shared by the fast readers.

Building the model's frozen, slotted dataclasses costs more than reading them: a frozen
dataclass's ``__init__`` sets each field through ``object.__setattr__``. The constructors
here instead fill a *shell*, a plain class with exactly the same slots, by ordinary
attribute stores, then make it the model class by assigning ``__class__`` (which Python
allows between classes of the same layout). The objects are equal to, hash like and are as
frozen as the ones the constructors make. The shells are used only while the model classes
have exactly the expected slots, no ``__post_init__`` and accept the class change (checked
once, at import: each module's ``SHELLS``); otherwise the names are the plain constructors,
so a change to the model costs speed, never correctness.

:mod:`.moves`: moves and their locations (the ``.mat`` reader's rows, the SGF and XG
readers' plays). :mod:`.analysis`: candidate plays, checker analyses and annotations (an
analysed gnubg SGF lists some twenty candidates per roll, a 7-point ``.xg`` about 1,400);
apart, so that reading a record without analysis does not import the analysis model.

These modules stay interpreted when ``setup.py`` compiles the readers: the shells need
Python classes (a compiled class cannot change its instances' class) and the interpreter's
quick slot stores.
"""
