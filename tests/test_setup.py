"""What a fresh machine runs: the README's test command, the script it calls first, and
the extras of pyproject.toml."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "install-test-deps"


def readme_test_command() -> str:
    """The README's test command, as .ci/run reads it (between the markers)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- test-command -->\n```sh\n(.*?)\n```\n<!-- /test-command -->",
                      readme, re.S)
    assert block is not None
    return block[1]


def test_the_readme_test_command_installs_chromium_first_and_ci_runs_no_apt_get_itself(
) -> None:
    assert readme_test_command().startswith("scripts/install-test-deps && ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get" not in ci and "test-command" in ci  # written once, in the script
    assert os.access(SCRIPT, os.X_OK)


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_install_test_deps_is_valid_bash_and_a_no_op_where_chromium_and_postgresql_are(
) -> None:
    subprocess.run(["bash", "-n", str(SCRIPT)], check=True)
    if not os.access("/usr/bin/chromium", os.X_OK):
        pytest.skip("no /usr/bin/chromium here: running the script would install it")
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        pytest.skip("no PostgreSQL server here: running the script would install it")
    done = subprocess.run([str(SCRIPT)], capture_output=True, text=True, timeout=30,
                          check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_the_kit_extra_is_pytest_and_hypothesis_alone_and_test_builds_on_it() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    assert sorted(re.split(r"[<>=\[]", spec)[0] for spec in extras["kit"]) == [
        "hypothesis", "pytest"]
    assert not any("ray" in spec or "playwright" in spec for spec in extras["kit"])
    (built_on,) = (spec for spec in extras["test"] if spec.startswith("partyrules["))
    assert set(built_on[len("partyrules["):-1].split(",")) == {
        "kit", "sim", "ray", "server", "browser", "postgres"}
    assert any(spec.startswith("playwright") for spec in extras["browser"])
