"""Where each game's component data comes from.

python -m eurogym.envs.provenance          per game and file: how many data items are seed,
                                   public, assumed or stand-in
python -m eurogym.envs.provenance --list   also every item that is not sourced (assumed, stand-in,
                                   unavailable)
"""

from __future__ import annotations

import argparse
from collections import Counter

from eurogym import envs
from eurogym.envs.core.data import TAGS, UNSOURCED, iter_data, load_component_data


def provenance_rows() -> list[tuple[str, str, Counter]]:
    """(env id, data file, tag counts) for every registered game."""
    rows = []
    for env_id in envs.list_envs():
        spec = envs.spec(env_id)
        for filename in spec.data_files:
            data = load_component_data(spec.data_package, filename)
            rows.append((env_id, filename, Counter(d.tag for d in iter_data(filename, data))))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help="list every item tagged assumed, stand-in or unavailable",
    )
    args = parser.parse_args(argv)
    header = f"{'game':<22} {'file':<14}" + "".join(f"{t:>12}" for t in TAGS)
    print(header)
    print("-" * len(header))
    for env_id, filename, counts in provenance_rows():
        print(f"{env_id:<22} {filename:<14}" + "".join(f"{counts[t]:>12}" for t in TAGS))
    if args.list:
        print("\nItems not (fully) sourced:")
        for env_id in envs.list_envs():
            spec = envs.spec(env_id)
            for filename in spec.data_files:
                data = load_component_data(spec.data_package, filename)
                for d in iter_data(filename, data):
                    if d.tag in UNSOURCED:
                        print(f"  {env_id} {d.file} {d.path}: {d.tag} <- {d.source}")


if __name__ == "__main__":
    main()
