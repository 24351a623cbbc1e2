"""Line layout of the converted files: the kernel's 100-column limit.

spatch breaks a long call between its arguments, but not inside one: a key
moved from a helper into hash_add() (net_hash_mix(dev_net(d)) ^ d->ifindex)
can leave a line that checkpatch.pl reports. Such a line, new in the result,
is broken after a binary operator or a comma, and continued under the
bracket that is open there, as the kernel's coding style has it.
"""

import re
from typing import List, Optional

LIMIT = 100
TAB = 8

# where a line may break: after one of these, followed by a space
_BREAK_RE = re.compile(r'(?:\^|\|\||&&|\||\+|-|\*|,|\?|:)(?= )')


def width(line: str) -> int:
    """Columns of line, tabs to the next multiple of 8."""
    col = 0
    for c in line:
        col = (col // TAB + 1) * TAB if c == '\t' else col + 1
    return col


def indent_to(col: int) -> str:
    return '\t' * (col // TAB) + ' ' * (col % TAB)


def wrap_long_lines(old: str, new: str, limit: int = LIMIT) -> str:
    """new, with every line longer than limit that old does not have broken up where it can."""
    if all(width(line) <= limit for line in new.splitlines()):
        return new
    kept = set(old.splitlines())
    out = []
    previous = ''
    for line in new.splitlines(True):
        body = line.rstrip('\n')
        # a preprocessor line (a #define, a line it continues) stays: a break there
        # would end the directive
        directive = body.lstrip().startswith('#') or previous.endswith('\\')
        if body in kept or width(body) <= limit or directive:
            out.append(line)
        else:
            # a line that continues a statement goes on at its own indentation, the
            # first line of one a tab further in
            indent = body[:len(body) - len(body.lstrip())]
            column = width(indent) + (0 if previous.rstrip().endswith(_OPEN_ENDS) else TAB)
            out.append('\n'.join(_wrap(body, limit, column)) + line[len(body):])
        previous = body
    return ''.join(out)


# a line that ends so is continued by the next one
_OPEN_ENDS = (',', '(', '^', '|', '&', '+', '-', '*', '?', ':', '=')


def _wrap(line: str, limit: int, column: int) -> List[str]:
    pieces = []
    while width(line) > limit:
        cut = _break_point(line, limit, column)
        if cut is None:
            break
        at, col = cut
        pieces.append(line[:at].rstrip())
        line = indent_to(col) + line[at:].lstrip()
    return pieces + [line]


def _break_point(line: str, limit: int, column: int) -> Optional[tuple]:
    """(offset to break at, column to continue at): the last break within the limit,
    outside strings; the column is the one after the bracket open there, or column
    outside brackets. None if there is none."""
    code_start = len(line) - len(line.lstrip())
    opened = [column]                # columns just after each open bracket
    best = None
    col, i, quote = 0, 0, None
    while i < len(line):
        c = line[i]
        if quote:
            if c == '\\':
                i, col = i + 2, col + 2
                continue
            if c == quote:
                quote = None
        elif line.startswith(('/*', '//'), i):
            break                    # nothing in a comment is code to break
        elif c in '"\'':
            quote = c
        elif c in '([':
            opened.append(col + 1)
        elif c in ')]' and len(opened) > 1:
            opened.pop()
        elif i > code_start:
            m = _BREAK_RE.match(line, i)
            if m and line[i - 1] == ' ' or m and c == ',':
                end = m.end()
                if width(line[:end]) <= limit and opened[-1] < width(line[:end]):
                    best = (end, opened[-1])
        col = (col // TAB + 1) * TAB if c == '\t' else col + 1
        i += 1
    return best
