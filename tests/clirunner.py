"""Running `caledonia` from a test: in this process by default, in a fresh one on request.

A fresh interpreter costs a second or more per call on a busy machine, and most commands do
not care whether they run in one: `run_in_process` calls the console script's `main` with
the test's words, a private environment, a scratch working folder, its own stdin,
stdout and stderr, and every piece of module state a run leaves behind reset first. What
a subprocess would see as exit 3 ("Internal error ... bug") is raised here instead, with
its real traceback, so a bug fails the test just as loudly.

Some behaviour belongs to a process of its own, and goes to `run_in_subprocess` (by
`subprocess=True`, or by itself when a test would otherwise see this process's state):
- start-up and the interpreter's own stream set-up (PYTHON* and locale variables),
- a game lock this process holds: the command must be another process to be refused,
- calls from several threads at once: in-process runs share sys.stdout and the cwd.
Signals, pipes closed by the reader, terminals (pty) and SIGKILL are tested with their own
Popen or pty code in the test files that need them.
"""

from __future__ import annotations

import io
import os
import subprocess as processes
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Set (to anything) to run every call in a fresh process, as before: to compare the two.
ALL_IN_SUBPROCESS = "CALEDONIA_TESTS_SUBPROCESS"
# Variables read by the interpreter as it starts: only a fresh process honours them.
_STARTUP_VARIABLES = ("PYTHON", "LANG", "LC_")


def run_cli(*args, env=None, input_text=None, subprocess=False, cwd=None):
    """Run `caledonia ARGS` as a user would, without a terminal: a CompletedProcess with
    the exit code and the text of stdout and stderr. `env` is added to the environment;
    `input_text` is stdin (else an empty one); `subprocess=True` runs a fresh interpreter;
    `cwd` is the working folder (else a scratch folder: a command never writes into the
    checkout)."""
    if subprocess or os.environ.get(ALL_IN_SUBPROCESS) or _needs_own_process(env or {}):
        return run_in_subprocess(*args, env=env, input_text=input_text, cwd=cwd)
    return run_in_process(*args, env=env, input_text=input_text, cwd=cwd)


def scratch_folder() -> Path:
    """The working folder of the commands a test runs: one of this process's own, out of
    the checkout, so that a relative path a command writes (`new NEWGAME`) lands there.
    The checkout's sample games and map modules are there by their relative paths
    (`sample_games/final-4p.yaml`), to be read."""
    global _scratch
    if _scratch is None:
        import atexit
        import shutil
        import tempfile

        _scratch = Path(tempfile.mkdtemp(prefix="caledonia-tests-"))
        atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
        for shared in ("sample_games", "maps"):
            (_scratch / shared).symlink_to(ROOT / shared, target_is_directory=True)
    return _scratch


_scratch: Path | None = None


def run_in_subprocess(*args, env=None, input_text=None, cwd=None):
    """`caledonia ARGS` in a fresh interpreter, from `cwd` (else the scratch folder)."""
    full_env = dict(os.environ, **(env or {}))
    return processes.run(
        [sys.executable, "-m", "caledonia.cli.main", *args],
        capture_output=True,
        text=True,
        env=full_env,
        input=input_text,
        cwd=cwd or scratch_folder(),
    )


def _needs_own_process(env: dict[str, str]) -> bool:
    if any(name.startswith(_STARTUP_VARIABLES) for name in env):
        return True
    if threading.current_thread() is not threading.main_thread():
        return True
    from caledonia.rules import locking

    return bool(locking._held)  # a lock of this process would let the command through


def run_in_process(*args, env=None, input_text=None, cwd=None, environ=None):
    """`caledonia ARGS` through the console script's `main`, in this process (see above),
    from the folder `cwd` (else the scratch folder); `environ` is the whole environment
    instead of this process's."""
    from caledonia.cli import main as cli

    saved_environ = dict(os.environ)
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_argv, saved_cwd = sys.argv, os.getcwd()
    out, err = _pipe_like(), _pipe_like()
    if environ is not None:
        os.environ.clear()
        os.environ.update(environ)
    os.environ.update(env or {})
    # main turns a bug into exit 3 and one line; with this it raises, and the test fails
    # with the traceback (unless the test itself asks for the user's view of a bug)
    os.environ.setdefault("CALEDONIA_DEBUG", "1")
    _reset_module_state()
    try:
        os.chdir(cwd or scratch_folder())
        sys.argv = ["caledonia", *args]
        sys.stdin = io.StringIO(input_text or "")
        sys.stdout, sys.stderr = out, err
        try:
            cli.main()
            code = 0  # main always exits; returning is a fault of its own
        except SystemExit as done:
            code = _exit_code(done.code, err)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        sys.argv = saved_argv
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_environ)
        _reset_module_state()
    _check_no_lock_left(args)
    return processes.CompletedProcess(["caledonia", *args], code, _text_of(out), _text_of(err))


def _pipe_like() -> io.TextIOWrapper:
    """A text stream like a subprocess's captured pipe: UTF-8, not a terminal, no fd."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n", write_through=True)


def _text_of(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8")


def _exit_code(code: object, err: io.TextIOWrapper) -> int:
    """SystemExit's code as the process's exit status: None is 0, a message is 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return int(code)  # an ExitCode as the plain number a process would give
    err.write(f"{code}\n")
    return 1


def _reset_module_state() -> None:
    """What one run leaves in modules, so that the next starts as a new process would: the
    rich consoles (created with the run's streams, width and colour variables), the box
    folder chosen by --box-dir, the files saved, and completion's reads of game files."""
    modules = sys.modules
    if "caledonia.cli.output" in modules:
        modules["caledonia.cli.output"]._consoles.clear()
    if "caledonia.rules.boxfolder" in modules:
        modules["caledonia.rules.boxfolder"].use_folder(None)
    if "caledonia.rules.yamlfile" in modules:
        modules["caledonia.rules.yamlfile"]._saved.clear()  # the files saved, for exit code 4
    if "caledonia.cli.completion_words" in modules:
        completion = modules["caledonia.cli.completion_words"]
        for name in ("_parts", "_file_data", "_setup"):
            getattr(completion, name).cache_clear()


def _check_no_lock_left(args: tuple[str, ...]) -> None:
    """A command that ends still holding a game lock would block every later writer."""
    from caledonia.rules import locking

    if locking._held:
        held = dict(locking._held)
        locking._held.clear()
        raise AssertionError(f"caledonia {' '.join(args)} left game locks held: {held}")
