"""eurogym environments. `envs.make(env_id, num_players=..., seed=..., **rules)` builds one;
`envs.list_envs()` lists the ids. Games register themselves on first use of the registry."""

from envs.core.registry import list_envs, make, spec

__all__ = ["list_envs", "make", "spec"]
