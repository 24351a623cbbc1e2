"""Stage 4: verdicts per table, over every file that names it.

The rule decides each file on its own; here a table that spans files becomes
converted only when every file that uses it converted it, with keys of one
width reduced in one way (the old code found a key's bucket the same way
everywhere; hash_min() must too), and spatch rewrote each of those files.
"""

import os
import re
import subprocess
from typing import Dict, Iterable, List, Set

from .includes import unit_reaches_struct
from .model import FORM_WORDS, Problem, Table
from .shared import Plan, SharedTable
from .sources import Declaration, _search_command, blank_comments_and_strings, blank_includes, read_text

# hash_64() and hash_long() sites of one table: hash_min() makes them agree (the rule's
# AGREEING_FORMS, analysis.py)
AGREEING_FORMS = {'hash64', 'hashlong'}
# a file the rule finds naming the member only as other structs' can still form the
# table's struct: the rule's reading of declarations from tokens is not proof enough
REACHES = ('%s: names %s only as a member of struct %s by the declarations the rule reads, '
           'but can form a struct %s there (through "%s"): only the compiler could tell its uses apart')
NO_VERDICT = 'spatch reported no verdict for it (does the file parse? try spatch --parse-c %s)'


def local_tables(records: Dict[str, List[dict]], files: Iterable[str],
                 declarations: List[Declaration], new_texts: Dict[str, str],
                 problems: List[Problem]) -> List[Table]:
    """Tables of files processed on their own; every declaration found gets a verdict."""
    trouble = {p.path: p.message for p in problems}
    out = []
    for f in sorted(files):
        seen = set()
        for rec in records.get(f, []):
            if rec['shared']:
                continue
            t = Table.from_record(rec, f)
            seen.add(t.name)
            if t.verdict == 'converted' and f not in new_texts:
                t.files = []
                # (a member used through <linux/hashtable.h> already: only its field changes)
                if not (t.scope == 'member' and f not in trouble and t.bits and
                        not rec.get('expects_change', True)):
                    t.skip(trouble.get(f, 'the rule approved it but spatch changed nothing'))
            out.append(t)
        for d in declarations:
            if d.path == f and d.name not in seen and d.kind in ('static', 'pointer', 'member'):
                t = Table(d.name, f, d.line, d.kind, d.size or '?')
                if f in trouble or d.size or d.kind == 'pointer':
                    t.skip(trouble.get(f, NO_VERDICT % f))
                else:
                    t.skip('a flexible array member: its number of buckets is not fixed')
                seen.add(d.name)
                out.append(t)
    return out


POINTER_REASON = ('an allocated table in a header: every file that includes it gets its own '
                  'pointer')


def pointer_tables(declarations: List[Declaration], seen: Set[tuple]) -> List[Table]:
    """static struct hlist_head *T: refused as the rule would, without parsing the file."""
    out = []
    for d in declarations:
        if (d.path, d.name) not in seen:
            t = Table(d.name, d.path, d.line, 'pointer', '?')
            t.skip(POINTER_REASON)
            out.append(t)
    return out


def header_static_tables(declarations: List[Declaration]) -> List[Table]:
    out = []
    for d in declarations:
        t = Table(d.name, d.path, d.line, d.kind, d.size or '?')
        t.skip('static table in a header: every file including it gets a copy it may index')
        out.append(t)
    return out


def shared_table(root: str, st: SharedTable, records: Dict[str, List[dict]],
                 new_texts: Dict[str, str], problems: List[Problem]) -> Table:
    """The verdict on a table that spans files: all of its files or none."""
    home = next((d for d in st.declarations if d.kind == 'global'), st.declarations[0])
    t = Table(st.name, home.path, home.line, st.scope, st.size, shared=True, key=st.key,
              kept_helpers=list(st.kept_helpers))
    if st.reasons:
        for r in st.reasons:
            t.skip(r)
        return t
    trouble = {p.path: p.message for p in problems}
    widths: Set[str] = set()
    forms: Set[str] = set()
    bits: Set[str] = set()      # of a member declared in a header: what each file made of it
    converted = []
    for f in st.files:
        scopes = ('member',) if st.scope == 'member' else ('global', 'extern')
        rec = next((r for r in records.get(f, []) if r['name'] == st.name and r['shared']
                    and r['scope'] in scopes and r.get('key', st.key) == st.key), None)
        if f in trouble:
            t.skip('%s: %s' % (f, trouble[f]))
            continue
        if rec is None:
            if _uses(root, f, st) and not _other_structs_only(root, records.get(f, []), st):
                t.skip('%s: %s' % (f, NO_VERDICT % f))
            elif _uses(root, f, st):
                reach = unit_reaches_struct(root, st.struct, f)
                if reach:
                    bases = sorted({b for r in records.get(f, []) if r['name'] == st.name
                                    for b in r.get('bases') or ()})
                    t.skip(REACHES % (f, st.name, ', '.join(bases), st.struct, reach))
            continue
        if rec['verdict'] == 'absent':
            renamed = renamed_tags(root, rec.get('bases', []))
            if renamed:
                t.skip('%s: names %s only as a member of struct %s, a tag that a #define in %s '
                       'may rename' % (f, st.name, renamed[0][0], renamed[0][1]))
            else:
                reach = unit_reaches_struct(root, st.struct, f)
                if reach:
                    t.skip(REACHES % (f, st.name, ', '.join(rec.get('bases', [])), st.struct, reach))
            continue                 # only members of other structs of that name there
        if rec['verdict'] != 'converted':
            t.skip('%s: %s' % (f, '; '.join(rec['reasons'])))
            continue
        if f not in new_texts and rec.get('expects_change', True):
            t.skip('%s: the rule approved it but spatch changed nothing' % f)
            continue
        widths.update(rec['key_widths'])
        forms.update(rec['forms'])
        if f in new_texts:
            converted.append((f, rec))
        if f == home.path:
            t.bits, t.read_mostly = rec['bits'], rec['read_mostly']
        bits.add(rec['bits'])
    if len(widths) > 1:
        t.skip('keys differ in width between files: %s' % ', '.join(sorted(widths)))
    if len(forms) > 1 and forms != AGREEING_FORMS:
        t.skip('the index is computed in different ways in different files: %s'
               % ', '.join(sorted(forms)))
    # a header function that stays picks hash_min()'s bucket of its key: an access that
    # the rule converts another way (a mask, a hash of a wider key) moves to hash_min()'s
    # bucket of its own key, which that function's callers would not look in
    kept = {'helper ' + name for name in st.kept_helper_names}
    other_ways = sorted(forms - kept) if kept else []
    if other_ways:
        t.skip('%s stays as it is in its header, but an access picks its bucket by %s: '
               'converted, it could move away from the bucket that function picks'
               % (st.kept_helpers[0], FORM_WORDS.get(other_ways[0], other_ways[0])))
    if not converted and not (st.scope == 'member' and bits and None not in bits):
        # (a member that its files use through <linux/hashtable.h> already: only its
        # field changes, to DECLARE_HASHTABLE())
        t.skip('no file converted it')
    if t.reasons:
        return t
    t.verdict = 'converted'
    if st.scope == 'member' and len(bits) == 1:
        t.bits = bits.pop()
    t.files = [f for f, _ in converted]
    t.key_widths, t.forms = sorted(widths), sorted(forms)
    t.keys = sorted({k for _, r in converted for k in r['keys']})
    for f, rec in converted:
        for k, v in rec['accesses'].items():
            t.accesses[k] = t.accesses.get(k, 0) + v
        t.walks_open.extend(dict(w, file=f) for w in rec['walks_open'])
    return t


def _other_structs_only(root: str, records: List[dict], st: SharedTable) -> bool:
    """Did the rule, given another member table of st's name in this file, find that
    every occurrence of the name is a member of some other struct than st's (whose tag
    no #define of the tree renames)?"""
    bases = [r['bases'] for r in records if r['name'] == st.name and r.get('bases')]
    return bool(bases) and all('?' not in b and st.struct not in b and not renamed_tags(root, b)
                               for b in bases)


_RENAMED: Dict[tuple, List[tuple]] = {}       # (root, tag) -> [(tag, file)]


def renamed_tags(root: str, tags: Iterable[str]) -> List[tuple]:
    """(tag, file) for each struct tag of tags that a #define of the tree names: the rule
    reads the tag as written (struct other *o), and a header's #define other reg would
    make it another struct. One search for the tags not asked for before in the run."""
    tags = sorted({t for t in tags if re.fullmatch(r'[A-Za-z_]\w*', t)})
    wanted = [t for t in tags if (root, t) not in _RENAMED]
    if wanted:
        found: Dict[str, List[tuple]] = {t: [] for t in wanted}
        cmd = _search_command('-o', extended=True, suffixes=('h', 'inc', 'inl', 'def')) + [
            '-e', r'^[[:space:]]*#[[:space:]]*define[[:space:]]+(%s)\b' % '|'.join(wanted), '.']
        try:
            out = subprocess.run(cmd, cwd=root, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, universal_newlines=True,
                                 errors='replace').stdout
        except OSError:
            out = None
        if out is None:
            found = {t: [(t, '?')] for t in wanted}     # cannot tell: as if renamed
        for line in (out or '').splitlines():
            path, _, directive = line.partition(':')
            name = re.sub(r'^.*define\s*', '', directive).strip()
            if name in found:
                found[name].append((name, os.path.normpath(path)))
        for t, where in found.items():
            _RENAMED[(root, t)] = where
    return sorted({x for t in tags for x in _RENAMED[(root, t)]})


def search_renamed_tags(root: str, records: Dict[str, List[dict]]) -> None:
    """Ask renamed_tags() once for every struct tag the rule read as another struct's in
    records (its 'absent' tables): the verdicts then find them known. A search of the
    tree (1 s on Linux 6.1) that the caller can run while spatch still runs elsewhere."""
    renamed_tags(root, {b for recs in records.values() for r in recs for b in r.get('bases') or ()})


def _uses(root: str, path: str, st: SharedTable) -> bool:
    """Does the code of path name st? Any occurrence may be a use (offsetof(S, T) is one)."""
    code = blank_includes(blank_comments_and_strings(read_text(os.path.join(root, path)) or ''))
    return re.search(r'\b%s\b' % re.escape(st.name), code) is not None


def files_of_converted(tables: Iterable[Table]) -> Set[str]:
    return {f for t in tables if t.verdict == 'converted' for f in t.files}


def plan_tables(p: Plan) -> Dict[str, SharedTable]:
    """The shared tables still worth sending to spatch."""
    return {n: t for n, t in p.shared.items() if not t.reasons}
