"""PettingZoo's three standard AEC wrappers, with direct access to the AEC attributes.

`env()` wraps every game as PettingZoo's classic games are wrapped: TerminateIllegalWrapper
(an illegal move ends the game with -1), AssertOutOfBoundsWrapper and OrderEnforcingWrapper.
PettingZoo's wrappers find `agent_selection`, `terminations`, `infos`, ... through
`BaseWrapper.__getattr__`, one Python call per wrapper level: three levels, about 35 lookups
per AEC step (`agent_iter`, `last()` and the wrappers' own checks), which cost a third of a
Kingdom Builder or Belfort step. The subclasses here read those attributes from the raw env
with one property call. None of the wrappers stores these attributes itself, so the value is
the same; the subclasses keep the wrappers' checks, warnings and errors (an attribute read
before `reset()` still raises PettingZoo's AttributeError) and stay instances of PettingZoo's
classes.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

# the attributes PettingZoo's AEC loop reads on every step
FORWARDED = (
    "agent_selection",
    "agents",
    "terminations",
    "truncations",
    "infos",
    "rewards",
    "_cumulative_rewards",
)
# OrderEnforcingWrapper refuses these before reset (the others fall through to the raw env)
GUARDED = frozenset(
    ("rewards", "terminations", "truncations", "infos", "agent_selection", "agents")
)


def _direct(name: str, guarded: bool) -> property:
    """A read-only property returning the raw env's attribute `name`. A guarded one raises
    AttributeError before reset; Python then calls the wrapper's `__getattr__`, which raises
    PettingZoo's own message."""
    if guarded:

        def get(self: Any) -> Any:
            if not self._has_reset:
                raise AttributeError(name)
            return getattr(self._raw, name)

    else:

        def get(self: Any) -> Any:
            return getattr(self._raw, name)

    return property(get, doc=f"The raw env's `{name}`.")


def _with_direct_attributes(base: type, guard: bool) -> type:
    """Subclass of PettingZoo wrapper `base` whose hot AEC attributes are direct properties."""

    def __init__(self: Any, env: AECEnv, *args: Any, **kwargs: Any) -> None:
        self._raw = env.unwrapped
        base.__init__(self, env, *args, **kwargs)

    def __str__(self: Any) -> str:  # as PettingZoo prints its own wrapped envs: the game's name
        return str(self.env)

    namespace: dict[str, Any] = {"__init__": __init__, "__str__": __str__, "__doc__": base.__doc__}
    for name in FORWARDED:
        namespace[name] = _direct(name, guard and name in GUARDED)
    return type(base.__name__, (base,), namespace)


TerminateIllegalWrapper = _with_direct_attributes(wrappers.TerminateIllegalWrapper, guard=False)
AssertOutOfBoundsWrapper = _with_direct_attributes(wrappers.AssertOutOfBoundsWrapper, guard=False)
OrderEnforcingWrapper = _with_direct_attributes(wrappers.OrderEnforcingWrapper, guard=True)


def wrap(raw: AECEnv) -> AECEnv:
    """PettingZoo's standard wrappers: illegal move ends the game with -1, bounds check,
    call-order check."""
    env = TerminateIllegalWrapper(raw, illegal_reward=-1)
    env = AssertOutOfBoundsWrapper(env)
    return OrderEnforcingWrapper(env)
