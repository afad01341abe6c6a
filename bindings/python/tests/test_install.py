# SPDX-License-Identifier: Apache-2.0
"""`pip install --no-build-isolation bindings/python` works offline (no index), and the
installed package loads the library MDD_LIBRARY names. Skipped without pip or setuptools."""
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT


def test_pip_installs_offline(tmp_path):
    for module in ("pip", "setuptools"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"no {module} for {sys.executable} (Debian: python3-{module})")
    source = tmp_path / "src"  # a copy: an in-tree build writes beside the sources
    shutil.copytree(ROOT / "bindings" / "python", source,
                    ignore=shutil.ignore_patterns("tests", "__pycache__", "build", "*.egg-info"))
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-build-isolation",
                    "--no-deps", "--quiet", "--disable-pip-version-check", "--target",
                    str(target), str(source)], check=True, capture_output=True)
    assert (target / "mdd" / "__init__.py").is_file()
    env = dict(os.environ, PYTHONPATH=str(target))
    p = subprocess.run([sys.executable, "-c", "import mdd; print(mdd.__file__, "
                        "mdd.version())"], env=env, cwd=tmp_path, capture_output=True,
                       text=True, check=True)
    path, version = p.stdout.split()
    assert path == str(target / "mdd" / "__init__.py") and version == "0.1.0"
