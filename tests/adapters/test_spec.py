"""The fixed action space: ids are positions of the text forms; decoding checks legality."""

import pytest

from airwar.core.errors import IllegalAction
from tests.adapters.toy_spec import TOY_SPEC
from tests.core.toy_game import Add


def test_action_ids_are_positions_of_the_text_forms() -> None:
    assert TOY_SPEC.action_id(Add(1)) == 0
    assert TOY_SPEC.action_id(Add(2)) == 1
    with pytest.raises(IllegalAction, match="outside the adapter's action space"):
        TOY_SPEC.action_id(Add(3))


def test_decode_gives_the_legal_action_or_says_why_not() -> None:
    state = TOY_SPEC.make_game().new_initial_state()
    assert TOY_SPEC.legal_ids(state) == [0, 1]
    assert TOY_SPEC.decode(state, 1) == Add(2)
    with pytest.raises(IllegalAction, match=r"not in 0\.\.1"):
        TOY_SPEC.decode(state, 2)
    state.apply(Add(1))  # now the bonus die is pending: no decision is legal
    with pytest.raises(IllegalAction, match="not legal now"):
        TOY_SPEC.decode(state, 0)


def test_observation_text_is_the_view_as_json() -> None:
    state = TOY_SPEC.make_game().new_initial_state()
    assert TOY_SPEC.observation_text(state, 0) == '{"actor":0,"terminal":false}'
