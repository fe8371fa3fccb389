"""Kingdom Builder (base game), registered as `kingdom_builder_v0`."""

from envs.core.registry import EnvSpec, register
from envs.kingdom_builder.env import env, raw_env
from envs.kingdom_builder.invariants import check_invariants
from envs.kingdom_builder.rules import ENGINE

register(
    EnvSpec(
        env_id="kingdom_builder_v0",
        raw_env=raw_env,
        wrapped_env=env,
        engine=ENGINE,
        player_counts=ENGINE.player_counts,
        data_package="envs.kingdom_builder",
        data_files=("boards.json", "cards.json"),
        check_invariants=check_invariants,
        private_fields=("hand",),
        secret_fields=("deck", "rng"),
    )
)

__all__ = ["ENGINE", "env", "raw_env"]
