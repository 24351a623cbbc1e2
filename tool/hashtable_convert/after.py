"""What a file includes after its tables are declared (part of stage 2).

The rule reads one file. A header or fragment that the file includes after a
table's declaration can index that table in code the rule never sees (static
inline int has(k) { ... &T[k & 15] ... }), which would keep the old buckets
while the file moves to hash_min()'s; and it can use a macro the file defined
before including it, which the rule must then not delete as dead. So those
files are read here, and what they include in turn, and the rule is told (its
facts: included_after, macros_used_after). A quoted include found nowhere, or
more files than _CAP behind one include, may hold anything. An <include> that
is not in the tree is the system's, which cannot know the file's names.
"""

import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from .sources import blank_comments_and_strings, include_dirs, read_text

_CAP = 200          # files read behind one include line
# every include line; a computed one (#include FOO_H) has no file name here
_INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include\b[ \t]*(?:([<"])([^>"\n]+)[>"])?', re.M)
_DEFINE_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)', re.M)


@dataclass
class IncludedAfter:
    # table -> why a file included after its declaration may index it
    reasons: Dict[str, str] = field(default_factory=dict)
    # include line (after the first table) -> the file's macros that what it includes
    # names, or None where that cannot be known
    macros: Dict[int, Optional[List[str]]] = field(default_factory=dict)


def included_after(root: str, path: str, tables: List[Tuple[str, int]]) -> IncludedAfter:
    """What path's #include lines after its first table (name, declaration line) bring."""
    out = IncludedAfter()
    if not tables:
        return out
    text = read_text(os.path.join(root, path)) or ''
    first = min(line for _, line in tables)
    dirs = include_dirs(root, path)
    for m in _INCLUDE_RE.finditer(text):
        line = text.count('\n', 0, m.start()) + 1
        if line <= first:
            continue
        before = text[:m.start()]
        names = [name for name, at in tables if at < line]
        macros = sorted(set(_DEFINE_RE.findall(before)))
        if m.group(1) is None:
            _add_reasons(out, names, 'line %d includes a file it computes after its '
                         'declaration: it may index the table' % line)
            out.macros[line] = None
            continue
        target = resolve(root, path, m.group(1), m.group(2), dirs)
        if target is None:
            if m.group(1) == '"':
                why = ('an #include "%s" follows its declaration (line %d), and no such file '
                       'is in the tree: it may index the table' % (m.group(2), line))
                _add_reasons(out, names, why)
                out.macros[line] = None
            else:
                out.macros[line] = []
            continue
        found, unknown = _named_behind(root, target, names + macros, dirs)
        if unknown:
            _add_reasons(out, names, 'line %d includes %s after its declaration, and %s: '
                         'code there may index the table' % (line, target, unknown))
            out.macros[line] = None
            continue
        for name in names:
            if name in found:
                _add_reasons(out, [name], 'line %d includes %s after its declaration, and %s '
                             'names it: the rule reads %s alone, and code there would keep '
                             'the old buckets' % (line, target, found[name], path))
        out.macros[line] = [m for m in macros if m in found]
    return out


def _add_reasons(out: IncludedAfter, names: List[str], why: str) -> None:
    for name in names:
        out.reasons.setdefault(name, why)


def resolve(root: str, path: str, kind: str, target: str, dirs: List[str]) -> Optional[str]:
    """The file (relative to root) that #include <target> or "target" in path names."""
    bases = ([os.path.dirname(path)] if kind == '"' else []) + list(dirs)
    for base in bases:
        rel = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(os.path.join(root, rel)):
            return rel
    return None


def _named_behind(root: str, first: str, names: List[str],
                  dirs: List[str]) -> Tuple[Dict[str, str], str]:
    """({name: the file that names it} of names, first and what it includes in turn
    name in code; '') or ({}, why they cannot all be read)."""
    found: Dict[str, str] = {}
    wanted: Set[str] = set(names)
    seen, todo = {first}, [first]
    while todo:
        if len(seen) > _CAP:
            return {}, 'more than %d files are behind it, which are not read' % _CAP
        rel = todo.pop()
        raw = read_text(os.path.join(root, rel)) or ''
        words = set(re.findall(r'[A-Za-z_]\w*', blank_comments_and_strings(raw)))
        for name in sorted(wanted & words):
            found.setdefault(name, rel)
        for m in _INCLUDE_RE.finditer(raw):
            if m.group(1) is None:
                return {}, '%s includes a file it computes' % rel
            target = resolve(root, rel, m.group(1), m.group(2), dirs)
            if target is None and m.group(1) == '"':
                return {}, '%s includes "%s", which is nowhere in the tree' % (rel, m.group(2))
            if target is not None and target not in seen:
                seen.add(target)
                todo.append(target)
    return found, ''
