# SPDX-License-Identifier: Apache-2.0
"""The README's Python example is bindings/python/example.py (every line of its code block is
a line of the file, in order), and the example runs on the corpus with this output."""
import os
import subprocess
import sys

from conftest import ROOT

EXAMPLE = ROOT / "bindings" / "python" / "example.py"


def _readme_block():
    text = (ROOT / "README.md").read_text()
    section = text.split("## Using libmdd from Python\n", 1)[1]
    block = section.split("```python\n", 1)[1].split("```\n", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip()]


def test_readme_shows_the_example():
    lines = [line.strip() for line in EXAMPLE.read_text().splitlines() if line.strip()]
    at = 0
    block = _readme_block()
    assert len(block) > 10
    for line in block:
        while at < len(lines) and lines[at] != line:
            at += 1
        assert at < len(lines), f"README.md's example line is not in example.py: {line}"
        at += 1


def test_example_runs(corpus):
    env = dict(os.environ, PYTHONPATH=str(EXAMPLE.parent))
    p = subprocess.run([sys.executable, str(EXAMPLE), str(corpus)], env=env,
                       capture_output=True, text=True, check=True)
    assert p.stdout.splitlines() == [
        "['VINDataIdentifier_Read']",
        "{'ecu': 'FLXC1000', 'variant': 'FLXC1000', 'service': 'VINDataIdentifier_Read', "
        "'response': 'positive', 'params': {'VIN': 'WDD2220011A000001'}}",
        "{'ecu': 'FLXC1000', 'variant': 'FLXC1000', "
        "'service': 'ActiveDiagnosticSessionDataIdentifier_Read', 'response': 'positive', "
        "'params': {'EcuSessionType': 'Extended'}}",
        "FormatError /PowerConsumption: byte 3: 32 bits at bit position 0 need 4 bytes, "
        "the message ends at byte 5",
        "123456 Code1 DTC Code 1",
        "123457 Code3 DTC Code 3",
    ]
