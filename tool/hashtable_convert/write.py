"""Writing files into the user's tree: atomically, and undoably for checks."""

import errno
import os
import tempfile
from typing import Dict, Optional

from .sources import read_text


def write_atomic(path: str, text: str) -> None:
    """Replace path by text: a reader sees the old file or the new one, never half.

    Refuses a read-only file (rename would replace it anyway).
    """
    if os.path.exists(path) and (not os.access(path, os.W_OK) or
                                 not os.stat(path).st_mode & 0o222):   # read-only even for root
        raise PermissionError(errno.EACCES, 'the file is read-only', path)
    directory = os.path.dirname(path) or '.'
    fd, tmp = tempfile.mkstemp(prefix='.' + os.path.basename(path) + '.', dir=directory)
    try:
        with os.fdopen(fd, 'w', encoding='utf-8', errors='surrogateescape', newline='') as f:
            f.write(text)
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class Swap:
    """Put new texts into the tree for a build, and take them out again.

    Used as a context manager: on leaving (normally, on an exception or on
    Ctrl-C) every file is restored to what it was, and added files removed,
    except those named in keep().
    """

    def __init__(self, root: str, texts: Dict[str, str]):
        self.root, self.texts = root, texts
        self.saved: Dict[str, Optional[str]] = {}
        self.kept = set()

    def __enter__(self):
        try:
            for rel, text in self.texts.items():
                path = os.path.join(self.root, rel)
                old = read_text(path) if os.path.exists(path) else None
                if old is None:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                write_atomic(path, text)
                self.saved[rel] = old
        except BaseException:
            self.__exit__()
            raise
        return self

    def keep(self, rel: str) -> None:
        self.kept.add(rel)

    def __exit__(self, *exc):
        for rel, old in self.saved.items():
            if rel in self.kept:
                continue
            path = os.path.join(self.root, rel)
            if old is None:
                os.unlink(path)
            else:
                write_atomic(path, old)
        return False
