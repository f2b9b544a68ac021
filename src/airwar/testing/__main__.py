"""``python -m airwar.testing GAME``: hold an installed game to the contract.

One line per check and case (``ok`` or ``FAIL`` with the reason); the exit code is
0 when every check passed, 1 when one failed, and 2 for bad input (an unknown game,
options that are not a JSON object or break the game's bounds), in one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from airwar.core.errors import AirwarError
from airwar.games import load_all
from airwar.testing.cases import Limits, case_for
from airwar.testing.run import CHECKS, check_case

PROG = "python -m airwar.testing"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the usage
        self.exit(2, f"{PROG}: {message} (--help for the usage)\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROG,
        description="Hold a registered game to airwar's contract: "
        + ", ".join(c.name for c in CHECKS)
        + ". Each of the game's sample option sets is checked, or the options given.",
    )
    p.add_argument("game", help="the game's registered name")
    p.add_argument("--options", help="one option set as a JSON object, e.g. '{\"rounds\": 3}'")
    p.add_argument("--seed", type=int, action="append", help="a seed (repeat it; default 1 and 2)")
    p.add_argument(
        "--check", action="append", choices=[c.name for c in CHECKS], help="only this check"
    )
    p.add_argument(
        "--seconds", type=float, default=Limits.seconds, help="longest play of one check"
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        load_all()
        options = None
        if args.options is not None:
            options = json.loads(args.options)
            if not isinstance(options, dict):
                raise ValueError("--options must be a JSON object")
        limits = Limits(seconds=args.seconds)
        the_cases = case_for(args.game, options, limits)
        for case in the_cases:
            case.load()  # bad options: one line and 2, not a failed check
    except (AirwarError, ValueError, AssertionError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    failed = 0
    for case in the_cases:
        for name, seed, failure in check_case(case, args.seed or (1, 2), args.check):
            at = "" if seed is None else f" seed {seed}"
            if failure is None:
                print(f"ok    {name:<22} {case.id}{at}")
            else:
                failed += 1
                reason = " ".join(str(failure).split())
                print(f"FAIL  {name:<22} {case.describe()}{at}: {reason}")
    n = len(the_cases)
    verdict = "passed" if not failed else f"{failed} failed"
    print(f"{verdict}: {args.game}, {n} case{'s' if n != 1 else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
