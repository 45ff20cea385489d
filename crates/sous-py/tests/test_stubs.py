"""The type stubs (`_sous.pyi`) agree with the extension: every name,
signature and class, checked by mypy's stubtest against the installed
module; and code using the package type-checks."""

import subprocess
import sys
import textwrap


def test_the_stubs_match_the_extension():
    p = subprocess.run([sys.executable, "-m", "mypy.stubtest", "sous._sous"], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


def test_code_using_the_package_type_checks(tmp_path):
    code = textwrap.dedent(
        """
        import sous

        x: sous.Execution = sous.run("(get-kitchen ?k)", profile="corrected")
        t: float | None = x.execution_time
        reports: list[sous.Report] = sous.evaluate("x.solution", metrics=["smatch-score"])
        s = sous.Session("almond-crescent-cookies")
        new: dict[str, dict[str, object]] = s.add("(get-kitchen ?k)")
        b = sous.Benchmark()
        ids: list[str] = b.recipes()
        """
    )
    f = tmp_path / "use.py"
    f.write_text(code)
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.11", str(f)], capture_output=True, text=True
    )
    assert p.returncode == 0, p.stdout + p.stderr
