"""The process-age clock used by --smoke."""

import subprocess
import sys


def test_process_age_counts_from_process_start() -> None:
    code = (
        "import time; time.sleep(0.3)\n"
        "from knockrummy.startup import process_age\n"
        "print(process_age())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    age = float(out.stdout)
    assert 0.3 <= age < 10.0
