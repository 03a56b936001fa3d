import gc

import pytest

from gamao_cli.analysis.gc_pause import gc_paused


@pytest.fixture(autouse=True)
def _restore_gc():
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_collector_off_inside_and_back_on_after() -> None:
    gc.enable()
    with gc_paused():
        assert gc.isenabled() is False
    assert gc.isenabled() is True


def test_back_on_after_an_exception() -> None:
    gc.enable()
    with pytest.raises(ZeroDivisionError), gc_paused():
        1 / 0  # noqa: B018
    assert gc.isenabled() is True


def test_nested_pauses_leave_it_to_the_outermost() -> None:
    gc.enable()
    with gc_paused():
        with gc_paused():
            assert gc.isenabled() is False
        assert gc.isenabled() is False
    assert gc.isenabled() is True


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    with gc_paused():
        assert gc.isenabled() is False
    assert gc.isenabled() is False
