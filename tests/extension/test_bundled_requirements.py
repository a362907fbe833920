"""The Python packages the .vsix bundles: pinned, hash-checked, and those the server needs.

`vscode-extension/scripts/bundle-python.mjs` installs exactly the wheels of
`vscode-extension/requirements-bundled.txt` (pip --require-hashes --no-deps);
this holds that list to the server's dependencies in pyproject.toml.
"""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.conftest import ROOT

BUNDLED = ROOT / "vscode-extension" / "requirements-bundled.txt"
LINE = re.compile(r"([A-Za-z0-9_.-]+)==([0-9][0-9A-Za-z.+!-]*) --hash=sha256:([0-9a-f]{64})")


def bundled() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in BUNDLED.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        match = LINE.fullmatch(line.strip())
        assert match is not None, f"not `name==version --hash=sha256:...`: {line!r}"
        pins[canonicalize_name(match.group(1))] = Version(match.group(2))
    return pins


def test_every_bundled_wheel_is_pinned_with_its_hash() -> None:
    pins = bundled()
    assert {"pokerkit", "pygls", "lsprotocol", "tomlkit"} <= set(pins)
    assert pins["pygls"].major == 2


def test_the_bundle_satisfies_the_servers_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = bundled()
    for dependency in map(Requirement, project["dependencies"]):
        name = canonicalize_name(dependency.name)
        assert name in pins, f"{dependency} is not bundled"
        assert dependency.specifier.contains(pins[name]), f"bundled {name} {pins[name]} does not satisfy {dependency}"
