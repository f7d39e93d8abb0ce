"""A lock for work done once per process (loading the selector, reading a document's
metadata) that a process forked while another thread holds it can still take."""

from __future__ import annotations

import os
from _thread import allocate_lock    # not threading: its import costs start-up


class ForkSafeLock:
    """A lock that a child process gets afresh after ``os.fork``.

    A process forked while another of its threads holds a lock inherits the lock held,
    and no thread of the child ever releases it: POSIX ``fork`` copies only the calling
    thread. So the child gets a new lock (``os.register_at_fork``). Take it as
    ``with guard.lock:``, which binds the lock of that moment, so that a thread that
    forks inside the block releases, in the child too, the lock it took.
    """

    __slots__ = ("lock", "__weakref__")

    def __init__(self) -> None:
        self.lock = allocate_lock()
        if hasattr(os, "register_at_fork"):     # POSIX only; other systems do not fork
            os.register_at_fork(after_in_child=self._renew)

    def _renew(self) -> None:
        self.lock = allocate_lock()
