"""Adapters for the AI world: airwar games as OpenSpiel games and PettingZoo environments.

Both adapters wrap an :class:`airwar.core.GameState` and go through the
kernel contract only (``current_actor``, ``legal_actions``,
``chance_outcomes``, ``apply``, ``returns``, ``clone``, ``view``). The fixed
integer action space and the observation encoding of a game are described
once by an :class:`~airwar.adapters.spec.AdapterSpec`.

Importing this package does not import OpenSpiel or PettingZoo; import
:mod:`airwar.adapters.openspiel` or :mod:`airwar.adapters.pettingzoo`.
"""

from airwar.adapters.spec import AdapterSpec, ObservationEncoder

__all__ = ["AdapterSpec", "ObservationEncoder"]
