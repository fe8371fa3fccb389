"""eurogym environments. `envs.make(env_id, num_players=..., seed=..., **rules)` builds one;
`envs.list_envs()` lists the ids. Importing this package registers every game."""

from envs import kingdom_builder  # noqa: F401  (registers kingdom_builder_v0)
from envs.core.registry import list_envs, make, spec

__all__ = ["list_envs", "make", "spec"]
