"""Line layout of the converted files: the kernel's 100-column limit, and comments
of a body that moved.

spatch breaks a long call between its arguments, but not inside one: a key
moved from a helper into hash_add() (net_hash_mix(dev_net(d)) ^ d->ifindex)
can leave a line that checkpatch.pl reports. Such a line, new in the result,
is broken after a binary operator or a comma, and continued under the
bracket that is open there, as the kernel's coding style has it.

spatch indents the continuation of a call it rewrote with spaces after the tabs
(two tabs and 13 spaces); checkpatch.pl wants tabs wherever they reach: such a
line, new in the result, keeps its column with as many tabs as fit.

A walk over the buckets that becomes hash_for_each() moves its body one tab
to the left; spatch moves the code but not a comment between two moved
lines, which then stays a tab too far in. Such a comment follows the code.
"""

import difflib
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


def tabs_for_spaces(old: str, new: str) -> str:
    """new, with each line old does not have that indents 8 or more spaces after its tabs
    indented to the same column by tabs first."""
    kept = set(old.splitlines())
    out = []
    for line in new.splitlines(True):
        indent = _indent(line)
        if line.rstrip('\n') not in kept and ' ' * TAB in indent.lstrip('\t'):
            line = indent_to(width(indent)) + line[len(indent):]
        out.append(line)
    return ''.join(out)


def line_opcodes(a: List[str], b: List[str]) -> List[tuple]:
    """difflib's opcodes from lines a to lines b: the lines between their common head
    and tail (as diff takes them), with difflib's heuristic, as in the diff the run
    prints (a line frequent in b, a blank one or a lone brace, starts no match). Each
    line compared with each took 1.7 s over the 13 files of Linux 6.1's shared tables."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    middle = difflib.SequenceMatcher(None, a[head:len(a) - tail],
                                     b[head:len(b) - tail]).get_opcodes()
    ops = [('equal', 0, head, 0, head)] if head else []
    ops += [(tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in middle]
    if tail:
        ops.append(('equal', len(a) - tail, len(a), len(b) - tail, len(b)))
    return ops


def reindent_moved_comments(old: str, new: str) -> str:
    """new, with each run of comment lines that spatch kept as they were between lines
    it rewrote at another indentation indented as the line after them."""
    a, b = old.splitlines(True), new.splitlines(True)
    out = list(b)
    ops = line_opcodes(a, b)
    for n, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag != 'equal' or n == 0 or n + 1 == len(ops) or \
                ops[n - 1][0] == 'equal' or ops[n + 1][0] != 'replace':
            continue
        lines = b[j1:j2]
        if not all(_is_comment_line(l) for l in lines) or not _opens_comment(lines[0]):
            continue
        after = b[j2]                # the rewritten line after the comment
        old_after = a[i2]            # and what it was
        shift = width(_indent(after)) - width(_indent(old_after))
        if shift >= 0 or after.lstrip().startswith('}') or \
                width(_indent(lines[0])) != width(_indent(old_after)):
            continue
        for k in range(j1, j2):
            line = b[k]
            col = width(_indent(line)) + shift
            out[k] = indent_to(col) + line[len(_indent(line)):] if line.strip() else line
    return ''.join(out)


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(' \t'))]


def _opens_comment(line: str) -> bool:
    return line.lstrip().startswith(('/*', '//'))


def _is_comment_line(line: str) -> bool:
    body = line.strip()
    return body.startswith(('/*', '//', '*')) or body == ''


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
