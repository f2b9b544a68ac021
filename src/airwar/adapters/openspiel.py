"""airwar games as OpenSpiel Python games (``import pyspiel``).

A registered game wraps a kernel state. Dice stay dice: a kernel chance node
is an OpenSpiel chance node whose outcomes carry the exact probabilities of
the rules (as floats, the only kind OpenSpiel takes). Decisions are integer
ids in a fixed action space (:class:`~airwar.adapters.spec.AdapterSpec`).
The game has perfect information: the observation is the whole position
(a tensor from the spec's encoder, and the view as JSON text), the
information state is the public history.

>>> import pyspiel
>>> from airwar.adapters.openspiel import register_migs_engagement
>>> name = register_migs_engagement()
>>> game = pyspiel.load_game(name, {"listed": "F-51", "active": "MiG-15"})
>>> game.num_distinct_actions(), game.max_chance_outcomes()
(7, 6)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from airwar.adapters.spec import AdapterSpec
from airwar.core.extras import MissingExtra

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as exc:
    raise MissingExtra("research", "airwar.adapters.openspiel (OpenSpiel)") from exc

from airwar.core.events import EventLog
from airwar.core.game import CHANCE, TERMINAL, GameState

SpecFactory = Callable[[Mapping[str, Any]], AdapterSpec]

_REGISTERED: dict[str, type[AirwarSpielGame]] = {}


def _game_type(
    short_name: str, long_name: str, parameters: Mapping[str, Any], spec: AdapterSpec
) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if spec.zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=spec.encoder is not None,
        parameter_specification=dict(parameters),
    )


def _game_info(spec: AdapterSpec) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=spec.num_actions,
        max_chance_outcomes=spec.max_chance_outcomes,
        num_players=2,
        min_utility=spec.min_utility,
        max_utility=spec.max_utility,
        utility_sum=0.0 if spec.zero_sum else None,
        max_game_length=spec.max_game_length,
    )


class AirwarSpielGame(pyspiel.Game):
    """An airwar game seen by OpenSpiel; subclasses are made by :func:`register_spiel_game`."""

    factory: SpecFactory
    game_type: pyspiel.GameType

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.spec = type(self).factory(given)
        super().__init__(type(self).game_type, _game_info(self.spec), given)
        self.airwar_game = self.spec.make_game()

    def new_initial_state(self) -> AirwarSpielState:
        return AirwarSpielState(self, self.airwar_game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return ViewObserver(self.spec, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Shared:
    """Holds what every copy of a state shares (the spec): OpenSpiel's clone keeps it."""

    def __init__(self, spec: AdapterSpec) -> None:
        self.spec = spec

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class SearchLog(EventLog):
    """The event log of a search copy: events are numbered but not kept.

    Searches copy and play out states thousands of times and read positions,
    never logs; the game played through the adapter keeps its full log.
    """

    __slots__ = ("_count",)

    def __init__(self) -> None:
        super().__init__()
        self._count = 0

    def append(self, event: Mapping[str, Any]) -> dict[str, Any]:
        ev = {**event, "seq": self._count}
        self._count += 1
        return ev


class _Inner:
    """Holds the kernel state; OpenSpiel's clone copies it cheaply.

    The copy shares the immutable rules object and gets a :class:`SearchLog`.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        state = self.state
        memo[id(state.game)] = state.game
        memo[id(state.log)] = SearchLog()
        return _Inner(copy.deepcopy(state, memo))


class AirwarSpielState(pyspiel.State):
    """One playthrough: a kernel state behind the OpenSpiel state API."""

    def __init__(self, game: AirwarSpielGame, inner: GameState) -> None:
        super().__init__(game)
        self._shared = _Shared(game.spec)
        self._inner = _Inner(inner)

    @property
    def spec(self) -> AdapterSpec:
        return self._shared.spec

    @property
    def inner(self) -> GameState:
        """The wrapped kernel state."""
        return self._inner.state

    def current_player(self) -> int:
        actor = self.inner.current_actor()
        if actor == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if actor == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(actor)

    def _legal_actions(self, player: int) -> list[int]:
        return self.spec.legal_ids(self.inner)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, float(p)) for i, (_, p) in enumerate(self.inner.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        if self.inner.current_actor() == CHANCE:
            outcome, _ = self.inner.chance_outcomes()[action]
            self.inner.apply(outcome)
        else:
            self.inner.apply(self.spec.decode(self.inner, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.inner.current_actor() == CHANCE:
                outcomes = self.inner.chance_outcomes()
                if 0 <= action < len(outcomes):
                    return f"chance:{outcomes[action][0]}"
            return f"chance:{action}"
        if 0 <= action < self.spec.num_actions:
            return self.spec.actions[action]
        return f"action:{action}"

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():
            return [0.0, 0.0]
        return [float(r) for r in self.inner.returns()]

    def __str__(self) -> str:
        return self.spec.observation_text(self.inner, 0)


class ViewObserver:
    """OpenSpiel observer of a perfect-information airwar state (PyObserver interface)."""

    def __init__(self, spec: AdapterSpec, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; given {dict(params)}")
        self.spec = spec
        if spec.encoder is not None:
            shape = spec.encoder.shape
            self.tensor: np.ndarray | None = np.zeros(int(np.prod(shape)), np.float32)
            self.dict: dict[str, np.ndarray] = {"observation": self.tensor.reshape(shape)}
        else:
            self.tensor = None
            self.dict = {}

    def set_from(self, state: AirwarSpielState, player: int) -> None:
        if self.tensor is not None and self.spec.encoder is not None:
            self.tensor[:] = self.spec.encoder.encode(state.inner, player)

    def string_from(self, state: AirwarSpielState, player: int) -> str:
        return self.spec.observation_text(state.inner, player)


def _game_class(
    short_name: str, long_name: str, factory: SpecFactory, parameters: Mapping[str, Any]
) -> type[AirwarSpielGame]:
    game_type = _game_type(short_name, long_name, parameters, factory({}))
    return type(
        f"SpielGame_{short_name}",
        (AirwarSpielGame,),
        {"factory": staticmethod(factory), "game_type": game_type},
    )


def register_spiel_game(
    short_name: str,
    long_name: str,
    factory: SpecFactory,
    parameters: Mapping[str, Any],
) -> str:
    """Register an airwar game with OpenSpiel (once per name); returns its short name.

    ``parameters`` are the OpenSpiel parameters with their defaults
    (``int``, ``float``, ``bool`` or ``str``); ``factory`` builds the adapter
    spec from the parameters a game is loaded with (``pyspiel.load_game``).
    """
    if short_name not in _REGISTERED:
        cls = _game_class(short_name, long_name, factory, parameters)
        pyspiel.register_game(cls.game_type, cls)
        _REGISTERED[short_name] = cls
    return short_name


def spiel_game(spec: AdapterSpec) -> AirwarSpielGame:
    """An OpenSpiel game object for one fixed spec, without registering it by name."""
    cls = _game_class(spec.short_name, spec.long_name, lambda _params: spec, {})
    return cls({})


def register_migs_engagement() -> str:
    """Register ``airwar_migs_engagement`` (a MiGs and Sabres engagement) with OpenSpiel.

    Its parameters are the ``migs-engagement`` options (active, listed,
    active_ace, listed_ace, first, turn_limit):
    ``pyspiel.load_game("airwar_migs_engagement", {"listed": "F-51", ...})``.
    """
    from airwar.adapters.migs import SPIEL_PARAMETERS, migs_engagement_spec

    spec = migs_engagement_spec()
    return register_spiel_game(
        spec.short_name, spec.long_name, migs_engagement_spec, SPIEL_PARAMETERS
    )
