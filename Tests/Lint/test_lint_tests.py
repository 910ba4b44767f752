"""scripts/lint-tests fails on a test function that asserts nothing, and
passes tests that assert directly or through a helper."""

import os
import subprocess
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINT = os.path.join(ROOT, "scripts", "lint-tests")


def lint(tree):
    return subprocess.run([LINT, str(tree)], capture_output=True, text=True)


def write(tree, files):
    for path, text in files.items():
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))


SWIFT = """\
    import XCTest

    final class SomeTests: XCTestCase {
        private func check(_ value: Int, line: UInt = #line
        ) {
            XCTAssertEqual(value, 1, "not \\\\(value) { }", line: line)
        }

        func testDirect() { XCTAssertTrue(true) }

        func testThroughAHelper() throws {
            // XCTAssertTrue in a comment is no assertion, nor is a "XCTFail(" in a string.
            check(1)
        }

        func testHelperTakingArguments(_ value: Int) {}
    }
"""

PYTHON = """\
    import pytest

    def helper(value):
        assert value == 1

    def test_direct():
        assert 1 + 1 == 2

    def test_through_a_helper():
        helper(1)

    def test_raises():
        with pytest.raises(ZeroDivisionError):
            1 / 0
"""


def test_tests_that_assert_pass(tmp_path):
    write(tmp_path, {"Tests/SomeTests/SomeTests.swift": SWIFT, "python/tests/test_some.py": PYTHON})
    result = lint(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_each_test_that_asserts_nothing_is_named(tmp_path):
    # Inside the class, before its closing brace.
    swift = SWIFT.rstrip()[: -len("}")] + """\
        func testOnlyRuns() throws {
            // XCTAssertTrue(false)
            let text = "XCTFail()"
            _ = text
        }
    }
"""
    python = PYTHON + """\

    def test_only_runs():
        print("assert nothing")

    class TestGroup:
        def test_method_only_runs(self):
            helper_that_checks_nothing()

    def helper_that_checks_nothing():
        return 1
"""
    write(tmp_path, {"Tests/SomeTests/SomeTests.swift": swift, "python/tests/test_some.py": python})
    result = lint(tmp_path)
    assert result.returncode == 1
    named = sorted(line.split(": ")[1].split(":")[0] + ":" + line.split(": ")[2] for line in result.stderr.splitlines()[:-1])
    assert named == [
        "Tests/SomeTests/SomeTests.swift:testOnlyRuns asserts nothing",
        "python/tests/test_some.py:test_method_only_runs asserts nothing",
        "python/tests/test_some.py:test_only_runs asserts nothing",
    ], result.stderr
    assert result.stderr.splitlines()[-1] == (
        "scripts/lint-tests: 3 test functions assert nothing; a test that cannot fail is a defect"
    )


def test_the_repository_passes():
    result = lint(ROOT)
    assert result.returncode == 0, result.stderr
