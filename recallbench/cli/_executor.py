"""``run``'s executor flags: where units of work run (docs/scale-out.md)."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from ..errors import ConfigError
from ._common import positive_int

__all__ = ["add_executor_arguments", "executor_of"]


def add_executor_arguments(group: Any) -> None:
    group.add_argument(
        "--unit-parallelism",
        type=positive_int,
        metavar="N",
        help="units of work in flight at once, each with its own adapter: checkpoints in the fresh "
        "lifecycle, personas in the others (default 1; docs/scale-out.md)",
    )
    group.add_argument(
        "--executor",
        metavar="WHERE",
        default="local",
        help="where units run: local (default: this process), ray (a local Ray cluster started "
        "for the run) or ray://HOST:PORT (an existing cluster); needs recallbench[ray]",
    )
    group.add_argument(
        "--ray-address",
        metavar="ADDRESS",
        help="the Ray cluster to join (auto: the one this machine belongs to); implies "
        "--executor ray",
    )
    group.add_argument(
        "--num-cpus-per-unit",
        type=float,
        default=1.0,
        metavar="N",
        help="CPUs each unit asks the Ray scheduler for (default 1)",
    )
    group.add_argument(
        "--num-gpus-per-unit",
        type=float,
        default=0.0,
        metavar="N",
        help="GPUs each unit asks the Ray scheduler for (default 0)",
    )


def executor_of(args: argparse.Namespace) -> Any:
    """The executor ``--executor`` / ``--ray-address`` name (None: the local one).

    Raises:
        ConfigError: an unknown ``--executor``, or Ray asked for and not installed (one line naming
            the extra).
    """
    where = args.executor.strip()
    if args.ray_address:
        where = args.ray_address if where == "local" else where
    elif where == "local":
        return None
    if where != "ray" and not where.startswith("ray://") and not args.ray_address:
        raise ConfigError(f'--executor "{args.executor}": expected local, ray or ray://HOST:PORT')
    from ..harness.ray_executor import RayExecutor, import_ray

    import_ray()  # the extra's one-line error before anything runs
    # Which node ran which unit, and units started again, on stderr beside the progress lines.
    units_log = logging.getLogger("recallbench.units")
    if not units_log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        units_log.addHandler(handler)
        units_log.setLevel(logging.INFO)
        units_log.propagate = False
    return RayExecutor(
        address=None if where == "ray" else where,
        num_cpus_per_unit=args.num_cpus_per_unit,
        num_gpus_per_unit=args.num_gpus_per_unit,
    )
