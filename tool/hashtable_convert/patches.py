"""--format-patch: a git am-ready series, one patch per converted table.

Tables whose files overlap (two tables of one file, or a table spanning
files) share a patch, since spatch converts a file as a whole. Each message
says what changed and why the change is safe, from what the rule recorded.
"""

import os
import re
import subprocess
import time
from typing import Dict, List, Optional

from .model import FORM_WORDS, FileChange, Table
from .report import unified_diff

_GENERIC_DIRS = {'core', 'common', 'util', 'utils', 'lib', 'src', 'main', 'base'}
_WIDTHS = {'small': '32 bits or less', 'long': 'a long', 'pointer': 'a pointer'}


def subsystem(path: str) -> str:
    """The subject prefix a kernel developer would write for a file: its directory."""
    parts = [p for p in os.path.dirname(path).split('/') if p]
    if not parts:
        return os.path.splitext(os.path.basename(path))[0]
    if parts[-1] in _GENERIC_DIRS and len(parts) > 1:
        return '%s/%s' % (parts[-2], parts[-1])       # net/core, perf/util
    return parts[-1]                                   # 9p, bpf, vhost, lockd


def _git_identity(root: str) -> str:
    def get(key):
        try:
            return subprocess.run(['git', 'config', key], cwd=root, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, universal_newlines=True).stdout.strip()
        except OSError:
            return ''
    name, email = get('user.name'), get('user.email')
    return '%s <%s>' % (name, email) if name and email else 'hashtable-convert <hashtable-convert@localhost>'


def describe(t: Table) -> str:
    """Why converting table t is safe, in the words of a commit message."""
    out = []
    size = t.size if t.bits is None else '%s (2^%s)' % (t.size, t.bits)
    where = ' (%s)' % ', '.join(t.files) if len(t.files) > 1 else ''
    if t.scope in ('static', 'global'):
        decl = 'DEFINE_READ_MOSTLY_HASHTABLE' if t.read_mostly else 'DEFINE_HASHTABLE'
        out.append('Convert %s, an array of %s struct hlist_head, to %s(%s, %s)%s.'
                   % (t.name, size, decl, t.name, t.bits, where))
    elif t.declared:
        out.append('Convert %s, a struct member of %s buckets, to DECLARE_HASHTABLE(%s, %s)%s.'
                   % (t.name, size, t.name, t.bits, where))
    else:
        out.append('Convert the uses of %s, a struct member of %s buckets, to hashtable.h%s. '
                   'The declaration stays: an array of a power of two of hlist_head is '
                   'what DECLARE_HASHTABLE() declares.' % (t.name, size, where))
    a = t.accesses
    done = []
    for key, words in (('keyed', 'keyed access(es) become hash_add()/hash_for_each_possible*()'),
                       ('bucket_pointers', 'bucket pointer(s) folded into the access'),
                       ('index_assignments', 'bucket index variable(s) now hold the key'),
                       ('inits', 'init loop(s) dropped or turned into hash_init()'),
                       ('walks', 'walk(s) over all buckets become hash_for_each*()'),
                       ('emptiness_tests', 'emptiness test(s) become hash_empty()')):
        if a.get(key):
            done.append('%d %s' % (a[key], words))
    if done:
        out.append('Converted: ' + '; '.join(done) + '.')
    out.append('')
    out.append('Why this is safe:')
    out.append('- the bucket count %s is a power of two;' % t.size)
    forms = ' or '.join(FORM_WORDS.get(f, f) for f in t.forms) or 'the key'
    widths = ', '.join(_WIDTHS.get(w, w) for w in t.key_widths) or 'one width'
    out.append('- every access picked its bucket by %s, with the key %s (%s) at every site; '
               'hash_add() and hash_for_each_possible() now hash that same key with '
               'hash_min(), so inserts and lookups still agree;'
               % (forms, ', '.join(t.keys) or '-', widths))
    if {'hash64', 'hashlong'} <= set(t.forms):
        out.append('- some sites hashed with hash_64() and others with hash_long(): they agree on '
                   '64-bit, but on 32-bit hash_long() is hash_32() of the truncated key, so an '
                   'entry could be looked up in another bucket than the one it was added to; '
                   'every site now hashes alike (a fix on 32-bit, no change on 64-bit);')
    out.append('- no bucket index or bucket pointer is used for anything else (stored, '
               'returned, or used to index another array);')
    if t.shared:
        out.append('- every file that names %s is converted in this patch;' % t.name)
    for h in t.kept_helpers:
        out.append('- %s stays as it is: it picks its bucket with hash_32() of a 32-bit '
                   'parameter (or hash_long() of a long) and the table\'s bits, the bucket '
                   'hash_min() picks for the same argument; every converted access picked its '
                   'bucket through it, so its other callers agree with hash_add() and '
                   'hash_for_each_possible();' % h)
    for h in t.own_bucket_helpers:
        out.append('- %s stays as it is, and so does every call of it: it picks its bucket its '
                   'own way, in an array of the same type and size as before; no converted '
                   'access picks a bucket by key, so none can disagree with it;' % h)
    for w in t.walks_open:
        out.append('- the walk at %sline %s stays open-coded: %s.'
                   % (w['file'] + ':' if 'file' in w else '', w['line'], w['why']))
    return '\n'.join(out)


def _wrap(text: str, width: int = 72) -> str:
    out = []
    for para in text.split('\n'):
        indent = '  ' if para.startswith('- ') else ''
        line = ''
        for word in para.split(' '):
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = indent + word
            else:
                line = line + ' ' + word if line else word
        out.append(line)
    return '\n'.join(out)


def _slug(subject: str) -> str:
    return re.sub(r'[^A-Za-z0-9._]+', '-', subject).strip('-')[:52]


def series(root: str, tables: List[Table], changes: List[FileChange], check_mode: str,
           header: Optional[FileChange]) -> List[tuple]:
    """(subject, message, diff) per patch, in order."""
    by_file: Dict[str, FileChange] = {c.path: c for c in changes}
    groups: List[List[Table]] = []
    for t in sorted((t for t in tables if t.verdict == 'converted'), key=lambda t: (t.files, t.name)):
        files = set(t.files)
        merged = [g for g in groups if files & {f for x in g for f in x.files}]
        group = [t] + [x for g in merged for x in g]
        groups = [g for g in groups if g not in merged] + [group]
    out = []
    if header is not None:
        if re.search(r'#define hash_for_each\(name, bkt, node, obj, member\)', header.new_text):
            era = ('Its hlist iterators take a struct hlist_node cursor, as before 3.9:\n'
                   'this is the header in the form of 3.7 and 3.8, whose iterators\n'
                   'take that cursor too.')
        else:
            era = 'This is the header in the form of 3.9 and later.'
        out.append(('hashtable: add the generic hashtable.h API',
                    'This tree predates include/linux/hashtable.h (merged in Linux 3.7).\n'
                    'Add it, so that the open-coded hash tables converted in the\n'
                    'following patches can use DEFINE_HASHTABLE(), hash_add() and the\n'
                    'rest of the API. ' + era,
                    unified_diff(header.path, None, header.new_text)))
    for group in sorted(groups, key=lambda g: sorted(f for t in g for f in t.files)):
        files = sorted({f for t in group for f in t.files if f in by_file})
        if not files:
            continue
        names = sorted(t.name for t in group)
        subject = '%s: use hashtable.h for %s' % (subsystem(files[0]), ', '.join(names))
        body = '\n\n'.join(_wrap(describe(t)) for t in sorted(group, key=lambda t: t.name))
        body += '\n\n' + _wrap('Generated by hashtable-convert (semantic-patches/hashtable.cocci); '
                               'the result was checked with --check %s.' % check_mode)
        diff = ''.join(unified_diff(f, by_file[f].old_text, by_file[f].new_text) for f in files)
        out.append((subject, body, diff))
    return out


def write_series(directory: str, root: str, tables: List[Table], changes: List[FileChange],
                 check_mode: str, header: Optional[FileChange] = None) -> List[str]:
    os.makedirs(directory, exist_ok=True)
    patches = series(root, tables, changes, check_mode, header)
    author = _git_identity(root)
    date = time.strftime('%a, %d %b %Y %H:%M:%S +0000', time.gmtime())
    written = []
    for n, (subject, body, diff) in enumerate(patches, 1):
        prefix = '[PATCH %d/%d]' % (n, len(patches)) if len(patches) > 1 else '[PATCH]'
        name = os.path.join(directory, '%04d-%s.patch' % (n, _slug(subject)))
        with open(name, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.write('From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
                    'From: %s\nDate: %s\nSubject: %s %s\n\n%s\n---\n%s-- \nhashtable-convert\n\n'
                    % (author, date, prefix, subject, body, diff))
        written.append(name)
    return written
