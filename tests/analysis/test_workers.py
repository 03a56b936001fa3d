from gamao_cli.analysis.workers import worker_pool

STATE = {"value": "as imported"}


def _state(_: int) -> str:
    return STATE["value"]


def test_workers_are_fresh_interpreters_not_forks() -> None:
    """A forked worker would see the parent's change; a spawned one imports the module anew."""
    STATE["value"] = "changed in the parent"
    try:
        with worker_pool(2) as pool:
            assert list(pool.map(_state, range(4))) == ["as imported"] * 4
    finally:
        STATE["value"] = "as imported"
