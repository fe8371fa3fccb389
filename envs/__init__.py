"""eurogym environments. `eurogym.envs.make(env_id, num_players=..., seed=..., **rules)` builds one;
`eurogym.envs.list_envs()` lists the ids. Games register themselves on first use of the registry."""

from eurogym.envs.core.registry import list_envs, make, spec

__all__ = ["list_envs", "make", "spec"]
