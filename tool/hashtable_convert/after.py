"""What a file includes after its tables are declared (part of stage 2).

The rule reads one file. A header or fragment that the file includes after a
table's declaration can index that table in code the rule never sees (static
inline int has(k) { ... &T[k & 15] ... }), which would keep the old buckets
while the file moves to hash_min()'s; and it can use a macro or helper the file
defined before including it, which the rule must then neither delete nor change.
So those files are read here, and what they include in turn, and the rule is
told (its facts: included_after, names_used_after: the names of the file that
each include line brings in again). A quoted include found nowhere, a computed
one, one that some file of the tree may be (an <include> kbuild may resolve
through a folder of a makefile), or more files than _CAP behind one include,
may hold anything. An <include> that no file of the tree ends with is the
system's, which cannot know the file's names. The rule refuses a table that an
include line follows which the facts do not list (one this scan does not read:
a comment before the hash sign, a digraph).
"""

import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from .sources import blank_comments_and_strings, include_dirs, read_text

_CAP = 200          # files read behind one include line
# every include line; a computed one (#include FOO_H) has no file name here
_INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include\b[ \t]*(?:([<"])([^>"\n]+)[>"])?', re.M)
_WORD_RE = re.compile(r'[A-Za-z_]\w*')


@dataclass
class IncludedAfter:
    # table -> why a file included after its declaration may index it
    reasons: Dict[str, str] = field(default_factory=dict)
    # include line (after the first table) -> the file's names that what it includes
    # names too, or None where that cannot be known
    names: Dict[int, Optional[List[str]]] = field(default_factory=dict)


def included_after(root: str, path: str, tables: List[Tuple[str, int]]) -> IncludedAfter:
    """What path's #include lines after its first table (name, declaration line) bring."""
    out = IncludedAfter()
    if not tables:
        return out
    text = read_text(os.path.join(root, path)) or ''
    first = min(line for _, line in tables)
    dirs = include_dirs(root, path)
    own = sorted(words(text))
    for m in _INCLUDE_RE.finditer(text):
        line = text.count('\n', 0, m.start()) + 1
        if line <= first:
            continue
        names = [name for name, at in tables if at < line]
        if m.group(1) is None:
            _add_reasons(out, names, 'line %d includes a file it computes after its '
                         'declaration: it may index the table' % line)
            out.names[line] = None
            continue
        target = resolve(root, path, m.group(1), m.group(2), dirs)
        if target is None:
            if m.group(1) == '"':
                why = ('an #include "%s" follows its declaration (line %d), and no such file '
                       'is in the tree: it may index the table' % (m.group(2), line))
            elif all(name in out.reasons for name in names):
                out.names[line] = None       # (refused already: no walk of the tree for it)
                continue
            elif _in_tree(root, m.group(2)):
                why = ('line %d includes <%s> after its declaration, which a folder of a '
                       'makefile may make a file of the tree: it may index the table'
                       % (line, m.group(2)))
            else:
                out.names[line] = []
                continue
            _add_reasons(out, names, why)
            out.names[line] = None
            continue
        found, unknown = _named_behind(root, target, own, dirs)
        if unknown:
            _add_reasons(out, names, 'line %d includes %s after its declaration, and %s: '
                         'code there may index the table' % (line, target, unknown))
            out.names[line] = None
            continue
        for name in names:
            if name in found:
                _add_reasons(out, [name], 'line %d includes %s after its declaration, and %s '
                             'names it: the rule reads %s alone, and code there would keep '
                             'the old buckets' % (line, target, found[name], path))
        out.names[line] = sorted(found)
    return out


def words(text: str) -> Set[str]:
    """The identifiers of C text, lines continued with a backslash joined first."""
    return set(_WORD_RE.findall(blank_comments_and_strings(text).replace('\\\n', '')))


_TREE_FILES: Dict[str, List[str]] = {}


def _in_tree(root: str, include: str) -> bool:
    """Does a file of the tree end with the path include (a folder of a makefile, -I,
    may make <include> that file)?"""
    if root not in _TREE_FILES:
        found = []
        for d, dirs, files in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith('.')]
            found.extend(os.path.join(d, f) for f in files)
        _TREE_FILES[root] = found
    tail = os.sep + os.path.normpath(include)
    return any(f.endswith(tail) for f in _TREE_FILES[root])


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
        if '##' in blank_comments_and_strings(raw):
            return {}, '%s pastes tokens (##), which may spell any name' % rel
        for name in sorted(wanted & words(raw)):
            found.setdefault(name, rel)
        for m in _INCLUDE_RE.finditer(raw.replace('\\\n', '')):
            if m.group(1) is None:
                return {}, '%s includes a file it computes' % rel
            target = resolve(root, rel, m.group(1), m.group(2), dirs)
            if target is None and m.group(1) == '"':
                return {}, '%s includes "%s", which is nowhere in the tree' % (rel, m.group(2))
            if target is not None and target not in seen:
                seen.add(target)
                todo.append(target)
    return found, ''
