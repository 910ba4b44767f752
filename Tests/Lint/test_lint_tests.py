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

    @Test(arguments: [1, 2]) func recordsAnIssue(value: Int) {
        if value > 2 { Issue.record("too big") }
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

    def test_numpy_testing():
        import numpy
        numpy.testing.assert_array_equal([1], [1])

    class TestUnittestStyle:
        def test_method(self):
            self.assertEqual(1, 1)

        def test_through_a_method_of_self(self):
            self.check()

        def check(self):
            assert True

    def test_a_nested_function_that_is_used():
        def check(value):
            assert value
        check(1)
"""


def test_tests_that_assert_pass(tmp_path):
    write(tmp_path, {"Tests/SomeTests/SomeTests.swift": SWIFT, "python/tests/test_some.py": PYTHON})
    result = lint(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_each_test_that_asserts_nothing_is_named(tmp_path):
    # Inside the class, before its closing brace.
    class_end = SWIFT.index("    }\n\n    @Test")
    swift = SWIFT[:class_end] + """\
        func testOnlyRuns() throws {
            // XCTAssertTrue(false)
            let text = "XCTFail()"
            _ = text
        }

        func testOnlyCallsTheCodeUnderTest() throws {
            // Named like the helper that asserts, but a method of another object.
            let instance = Instance()
            instance.check(1)
        }
    """ + SWIFT[class_end:] + """\

    @Test(arguments: [1, 2]) func onlyRuns(value: Int) {
        _ = value
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

    def test_only_calls_the_code_under_test(effects):
        effects.helper(1)

    def test_a_nested_function_that_is_never_used():
        def check(value):
            assert value
"""
    write(tmp_path, {"Tests/SomeTests/SomeTests.swift": swift, "python/tests/test_some.py": python})
    result = lint(tmp_path)
    assert result.returncode == 1
    named = sorted(line.split(": ")[1].split(":")[0] + ":" + line.split(": ")[2] for line in result.stderr.splitlines()[:-1])
    assert named == [
        "Tests/SomeTests/SomeTests.swift:onlyRuns asserts nothing",
        "Tests/SomeTests/SomeTests.swift:testOnlyCallsTheCodeUnderTest asserts nothing",
        "Tests/SomeTests/SomeTests.swift:testOnlyRuns asserts nothing",
        "python/tests/test_some.py:test_a_nested_function_that_is_never_used asserts nothing",
        "python/tests/test_some.py:test_method_only_runs asserts nothing",
        "python/tests/test_some.py:test_only_calls_the_code_under_test asserts nothing",
        "python/tests/test_some.py:test_only_runs asserts nothing",
    ], result.stderr
    assert result.stderr.splitlines()[-1] == (
        "scripts/lint-tests: 7 test functions assert nothing; a test that cannot fail is a defect"
    )


def test_the_repository_passes():
    result = lint(ROOT)
    assert result.returncode == 0, result.stderr
