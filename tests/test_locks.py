"""Locks for once-only work (webfold.locks) after a fork: the selector's loading and
a document's metadata, taken in a child forked while another thread holds them."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import webfold
from webfold import pipeline, select
from webfold.locks import ForkSafeLock

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is POSIX")


def exit_code_of_forked(child, seconds: float = 60) -> int:
    """Fork, run ``child()`` in the child (exit 0 if it returns true), and give the
    child's exit code (see :func:`exit_code_of`)."""
    pid = os.fork()
    if pid == 0:                                        # pragma: no cover (the child)
        try:
            os._exit(0 if child() else 1)
        finally:
            os._exit(2)
    return exit_code_of(pid, seconds)


def exit_code_of(pid: int, seconds: float = 60) -> int:
    """The exit code of the child ``pid``; fail if it has not ended in ``seconds``."""
    deadline = time.monotonic() + seconds
    while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    if done[0] == 0:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the forked child waited for ever on a lock")
    return os.waitstatus_to_exitcode(done[1])


def held_by_another_thread(lock, then):
    """Run ``then()`` while a second thread holds ``lock``; give its result."""
    taken, done = threading.Event(), threading.Event()

    def hold():
        with lock:
            taken.set()
            done.wait(60)

    thread = threading.Thread(target=hold)
    thread.start()
    taken.wait(60)
    try:
        return then()
    finally:
        done.set()
        thread.join()


def test_the_selector_loads_in_a_child_forked_while_another_thread_loads_it(monkeypatch):
    monkeypatch.setattr(select, "_SELECTOR", None)
    assert held_by_another_thread(select._LOADING.lock, lambda: exit_code_of_forked(
        lambda: select.selector().threshold > 0)) == 0


def test_metadata_is_read_in_a_child_forked_while_another_thread_reads_some():
    document = webfold.to_document(b"<title>Tides</title><p>Text about the tides.</p>")
    assert held_by_another_thread(pipeline._METADATA_READING.lock, lambda: exit_code_of_forked(
        lambda: document.metadata.title == "Tides")) == 0


def test_a_thread_that_forks_inside_the_lock_leaves_it_in_the_child_too():
    # The block's end releases the lock it took, not the child's new one (which would
    # raise RuntimeError: release unlocked lock), and the child can take the lock after.
    guard = ForkSafeLock()
    pid = -1
    try:
        with guard.lock:
            pid = os.fork()
        if pid == 0:                                    # pragma: no cover (the child)
            os._exit(0 if guard.lock.acquire(timeout=10) else 1)
    except BaseException:
        if pid == 0:                                    # pragma: no cover (the child)
            os._exit(3)
        raise
    assert exit_code_of(pid) == 0
