"""Match file formats: one subpackage per family of formats (``mat``, ``sgf``, ``json``,
``xg``, ``bgf``, ...), each declaring its ``FAMILY`` (:mod:`.family`); the registry of them
and content sniffing (:mod:`.registry`); reading inputs (:mod:`.inputs`) and writing outputs
whole (:mod:`.atomic`); the constructors the fast readers share (:mod:`.shells`)."""
