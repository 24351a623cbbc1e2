"""Stage 4: verdicts per table, over every file that names it.

The rule decides each file on its own; here a table that spans files becomes
converted only when every file that uses it converted it, with keys of one
width reduced in one way (the old code found a key's bucket the same way
everywhere; hash_min() must too), and spatch rewrote each of those files.
"""

import os
import re
from typing import Dict, Iterable, List, Optional, Set

from .model import FORM_WORDS, Problem, Table
from .shared import Plan, SharedTable
from .sources import Declaration, blank_comments_and_strings, blank_includes, files_naming, read_text

# hash_64() and hash_long() sites of one table: hash_min() makes them agree (the rule's
# AGREEING_FORMS, analysis.py)
AGREEING_FORMS = {'hash64', 'hashlong'}
# a file that can see the table's struct, where the rule reads every occurrence of its
# name as another struct's member: it reads declarations from tokens, which scopes and
# macros fooled in three reviews (a missed use keeps the old buckets there)
OTHER_STRUCTS = ('%s: names %s only as a member of struct %s by the declarations the rule '
                 'reads, but it can see struct %s too: declarations read from tokens cannot '
                 'prove which struct each use means')
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
                 new_texts: Dict[str, str], problems: List[Problem],
                 tables: Set[str] = frozenset(),
                 naming: Optional[Dict[str, List[str]]] = None) -> Table:
    """The verdict on a table that spans files: all of its files or none. tables: the
    names of the tree's tables; naming: helper_naming() of the records, if known."""
    home = next((d for d in st.declarations if d.kind == 'global'), st.declarations[0])
    t = Table(st.name, home.path, home.line, st.scope, st.size, shared=True, key=st.key,
              kept_helpers=list(st.kept_helpers),
              own_bucket_helpers=list(st.own_bucket_helpers))
    if st.reasons:
        for r in st.reasons:
            t.skip(r)
        return t
    trouble = {p.path: p.message for p in problems}
    widths: Set[str] = set()
    forms: Set[str] = set()
    bits: Set[str] = set()      # of a member declared in a header: what each file made of it
    converted = []
    walks_open: List[dict] = []
    keyed = []          # files whose converted accesses pick a bucket by key
    for f in st.files:
        scopes = ('member',) if st.scope == 'member' else ('global', 'extern')
        rec = next((r for r in records.get(f, []) if r['name'] == st.name and r['shared']
                    and r['scope'] in scopes and r.get('key', st.key) == st.key), None)
        if f in trouble:
            t.skip('%s: %s' % (f, trouble[f]))
            continue
        if rec is None:
            if _uses(root, f, st):
                bases = _other_struct_bases(records.get(f, []), st)
                t.skip(OTHER_STRUCTS % (f, st.name, bases, st.struct) if bases
                       else '%s: %s' % (f, NO_VERDICT % f))
            continue
        if rec['verdict'] == 'unused':
            continue                 # named only where no bucket can be picked
        if rec['verdict'] == 'absent':
            t.skip(OTHER_STRUCTS % (f, st.name, ', '.join(rec.get('bases') or ['?']), st.struct))
            continue
        if rec['verdict'] != 'converted':
            t.skip('%s: %s' % (f, '; '.join(rec['reasons'])))
            continue
        if f not in new_texts and rec.get('expects_change', True):
            t.skip('%s: the rule approved it but spatch changed nothing' % f)
            continue
        widths.update(rec['key_widths'])
        forms.update(rec['forms'])
        if _picks_by_key(rec):
            keyed.append(f)
        if f in new_texts:
            converted.append((f, rec))
        # (a file that needs no change may still have a walk that stays as it is)
        walks_open.extend(dict(w, file=f) for w in rec['walks_open'])
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
    # a header function that stays and picks its bucket its own way (a mask, a key it
    # computes): hash_add() and hash_for_each_possible() pick hash_min()'s bucket, where it
    # would not look, and the other way round
    if st.own_bucket_helpers and keyed:
        t.skip('%s stays as it is in its header and picks its bucket its own way, but %s picks '
               'a bucket by key too, which the rule converts to hash_min()\'s bucket: only '
               'accesses that pick no bucket by key may convert beside that function'
               % (st.own_bucket_helpers[0], keyed[0]))
    elsewhere = _helpers_named_elsewhere(root, st, forms, tables, naming) \
        if not t.reasons else None
    if elsewhere:
        t.skip(elsewhere)
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
    t.walks_open = walks_open
    return t


def helper_naming(root: str, records: Dict[str, List[dict]], shared: Dict[str, SharedTable],
                  known: Optional[Dict[str, List[str]]] = None) -> Dict[str, List[str]]:
    """The files that name each helper that the shared tables' records pick buckets by
    and _helpers_named_elsewhere() asks about: one search of the tree for all of them
    (each one took a second on Linux 6.1). known: the files of names searched before
    (the tree does not change between rounds), updated with the new ones."""
    known = {} if known is None else known
    wanted: Set[str] = set()
    for st in shared.values():
        forms = {f for path in st.files for r in records.get(path, [])
                 if r.get('shared') and r['name'] == st.name for f in r.get('forms', ())}
        wanted.update(_helpers_to_search(root, st, forms))
    missing = sorted(wanted - set(known))
    if missing:
        known.update(files_naming(root, missing))
    return known


def _helpers_to_search(root: str, st: SharedTable, forms: Set[str]) -> List[str]:
    """The helpers of forms whose other callers may matter (_helpers_named_elsewhere())."""
    # (a header function that the header keeps is read with the header: header_uses.py)
    kept = set(st.kept_helper_names) | set(st.own_bucket_helper_names)
    names = sorted(f[len('helper '):] for f in forms
                   if f.startswith('helper ') and f[len('helper '):] not in kept)
    if not names:
        return []
    texts = {f: blank_comments_and_strings(read_text(os.path.join(root, f)) or '')
             for f in st.files if f.endswith('.c')}
    return [n for n in names if not any(
        re.search(r'\bstatic\b[^;{}()]*\b%s\s*\([^;{}]*\)\s*\{' % re.escape(n), text)
        for text in texts.values())]


def _helpers_named_elsewhere(root: str, st: SharedTable, forms: Set[str],
                             tables: Set[str],
                             naming: Optional[Dict[str, List[str]]] = None) -> str:
    """Why an index helper that the conversion stops calling keeps the table refused:
    another file names it where its result may pick a lock or a counter by the old
    bucket number ('' if none does). Harmless there: its definition, and an index of
    another table (tables: the names of the tree's tables; tipc_hashfn() of monitor.c's
    peers beside node_htable). A helper that a .c file of the table defines static is
    its own: it has no other caller. naming: helper_naming(), searched again for what
    it lacks."""
    names = _helpers_to_search(root, st, forms)
    missing = [n for n in names if naming is None or n not in naming]
    if missing:
        naming = dict(naming or {}, **files_naming(root, missing))
    for name, paths in sorted((n, naming.get(n, [])) for n in names):
        word = r'\b%s\b' % re.escape(name)
        harmless = (r'\b%s\s*\([^;{}]*\)\s*\{' % re.escape(name),     # its definition
                    r'\b(\w+)\s*\[\s*%s\s*\([^()\[\];]*\)\s*\]' % re.escape(name))
        for path in sorted(set(paths) - set(st.files)):
            code = blank_includes(blank_comments_and_strings(
                read_text(os.path.join(root, path)) or ''))
            used = {m.start() for m in re.finditer(word, code)}
            fine = {m.start() + m.group().index(name) for m in re.finditer(harmless[0], code)}
            fine |= {m.start() + m.group().rindex(name) for m in re.finditer(harmless[1], code)
                     if m.group(1) in tables and m.group(1) != st.name}
            # h = NAME(...); where the file reads h only as an index of another table
            for m in re.finditer(r'\b(\w+)\s*=\s*%s\s*\([^()\[\];]*\)\s*;' % re.escape(name),
                                 code):
                var = r'\b%s\b' % re.escape(m.group(1))
                reads = {x.start() for x in re.finditer(var, code)} - {m.start()}
                indexes = {x.start() + x.group().rindex(m.group(1)) for x in re.finditer(
                    r'\b(\w+)\s*\[\s*%s\s*\]' % re.escape(m.group(1)), code)
                    if x.group(1) in tables and x.group(1) != st.name}
                declared = {x.start() + x.group().rindex(m.group(1)) for x in re.finditer(
                    r'\b(?:int|unsigned|u32|u16|u64)\s+%s\s*[;=]' % re.escape(m.group(1)), code)}
                if not reads - indexes - declared:
                    fine.add(m.start() + m.group().rindex(name))
            if used - fine:
                return ('%s() picks its buckets and is named in %s too, where its result may '
                        'pick a lock or a counter by the old bucket number' % (name, path))
    return ''


def _picks_by_key(rec: dict) -> bool:
    """Does a file's record convert an access that picks a bucket by key (hash_add(),
    hash_for_each_possible(), a bucket pointer or index set from a key)?"""
    picks = rec['accesses']
    return bool(rec['forms'] or picks.get('keyed') or picks.get('bucket_pointers') or
                picks.get('index_assignments'))


def _other_struct_bases(records: List[dict], st: SharedTable) -> str:
    """The structs whose member the rule read each occurrence of st's name as, in a file
    with a member table of that name of its own ('' if it read another)."""
    bases = [r['bases'] for r in records if r['name'] == st.name and r.get('bases')]
    if not bases or any('?' in b or st.struct in b for b in bases):
        return ''
    return ', '.join(sorted({x for b in bases for x in b}))


def _uses(root: str, path: str, st: SharedTable) -> bool:
    """Does the code of path name st? Any occurrence may be a use (offsetof(S, T) is one)."""
    code = blank_includes(blank_comments_and_strings(read_text(os.path.join(root, path)) or ''))
    return re.search(r'\b%s\b' % re.escape(st.name), code) is not None


def files_of_converted(tables: Iterable[Table]) -> Set[str]:
    return {f for t in tables if t.verdict == 'converted' for f in t.files}


def plan_tables(p: Plan) -> Dict[str, SharedTable]:
    """The shared tables still worth sending to spatch."""
    return {n: t for n, t in p.shared.items() if not t.reasons}
