"""What the SmPL rules ask of the decision, and the verdicts it reports.

approved() and its kin are the constraints of the patch and context rules;
record() writes the verdicts of a file for the wrapper; verdict_line() is the
report and org text.
"""

import hashlib
import json
import os

from .analysis import member_bases
from .approval import decide
from .files import SHARED_NAMES, state, table_occurrences, translate, translate_end


def table_record(fs, t):
    """What the wrapper needs to know of table t: a JSON-ready dict."""
    sites = getattr(t, 'sites', [])
    walks_open = [dict(line=w['pos'][0], why=w.get('why')) for w in t.walks
                  if not w.get('convert')]
    keys = {s.key_text for s in sites if s.key_text}
    keys |= {bp['red'].key_text for bp in t.bucket_ptrs if bp.get('red') is not None}
    for pos, red, a in getattr(t, 'var_assigns', []):
        keys.add(red.key_text)
    return dict(
        name=t.name, file=fs.path, line=t.pos[0] if t.pos else None,
        key=t.key, scope=t.scope,
        shared=t.injected or (t.scope == 'global' and t.name in SHARED_NAMES),
        size=t.size_text, bits=t.bits, read_mostly=t.read_mostly,
        verdict=t.verdict, reasons=list(t.reasons),
        key_widths=sorted(t.widths), forms=sorted(t.forms), keys=sorted(keys),
        accesses=dict(
            keyed=len(sites), bucket_pointers=len(t.bucket_ptrs),
            index_assignments=len(getattr(t, 'var_assigns', [])),
            inits=len([l for l in t.inits if not l.get('scan')]),
            emptiness_tests=len([l for l in t.inits if l.get('scan')]),
            walks=len(t.walks) - len(walks_open)),
        walks_open=walks_open,
        # only read by bucket number here, the file may need no change at all
        expects_change=bool(fs.approved),
        positional=len(t.positional) + len(t.macro_walks),
        bases=member_bases(fs, t.name) if t.scope == 'member' else [])


def record(p):
    """Decide the file of p and, for the wrapper, write its verdicts once."""
    fs = state(p)
    decide(fs)
    out = os.environ.get('HASHTABLE_CONVERT_RESULTS')
    if not out or fs.recorded:
        return
    fs.recorded = True
    tables = [table_record(fs, t) for t in fs.tables.values()
              if not (t.injected and t.verdict == 'skipped' and not table_occurrences(fs, t))]
    # named here only as members of other structs: this file has no use of them
    tables += [dict(name=name, key=key, file=fs.path, scope='member', shared=True,
                    verdict='absent', bases=structs,
                    reasons=['named here only as a member of struct %s' % ', '.join(structs)])
               for name, (key, structs) in sorted(fs.absent.items())]
    tables += [dict(name=name, key=key, file=fs.path, scope='member', shared=True,
                    verdict='unused', bases=[],
                    reasons=['named here only as a list or hlist argument, where no table '
                             'can stand'])
               for name, key in sorted(fs.unused.items())]
    name = hashlib.md5(fs.path.encode()).hexdigest() + '.json'
    tmp = os.path.join(out, name + '.tmp')
    with open(tmp, 'w') as f:
        json.dump(dict(file=fs.path, tables=tables), f)
    os.replace(tmp, os.path.join(out, name))


# the file that converts() was last asked about: the one spatch is on
_CONVERTING = {}
# a name no C file has: a gate bound to it matches nothing
NO_SUCH_FUNCTION = 'hashtable_convert_gate_closed'


def converts(p):
    """Does the file of p convert anything (has the decision approved any change)?"""
    fs = state(p)
    decide(fs)
    _CONVERTING['file'] = fs
    return bool(fs.approved)


def gate_function(*kinds):
    """The function that opens the gate of the rules making changes of these kinds.

    A function of the current file that function_def matched, when the decision
    approved a change of one of these kinds (the gate is the same pattern, so it
    matches); otherwise a name no file has. The rules that call converts() ran
    just before, on the same file.
    """
    fs = _CONVERTING.get('file')
    if fs is not None and not any(a[0] in kinds for a in fs.approved.values()):
        return NO_SUCH_FUNCTION
    if fs is None or not fs.functions:
        # the rules must run and nothing opens their gate: change nothing
        raise RuntimeError('%s:1: %s approved in a file with no function definition; '
                           'the file is left unchanged' % (fs.path if fs else '?', kinds[0]))
    return min(fs.functions)


def approved(p, kind, extra=None):
    fs = state(p)
    decide(fs)
    got = fs.approved.get(translate(p))
    if got is None or got[0] != kind:
        return False
    return extra is None or got[1] == extra


def approved_iterator(p, era):
    """An approved keyed iterator of the pre-3.9 form (era "old") or of the 3.9 form ("new")."""
    if not approved(p, 'op'):
        return False
    return (translate(p) in state(p).old_iters) == (era == 'old')


def _squash(text):
    return ''.join(str(text).split())


def approved_expression(p, kind, expr, leftover=False):
    """Is the expression at p exactly the one approved (same first and last token)?

    After its rewrite, the expression at p ends elsewhere: only one left as
    it was still ends at the approved last token (leftover checks).
    """
    fs = state(p)
    decide(fs)
    pos = translate(p)
    got = fs.approved.get(pos) if pos is not None else None
    if got is None or got[0] != kind or len(got) < 3:
        return False
    return translate_end(p) == got[2]


def still_pending(p, kind=None):
    """Is p a site the patch approved (of that kind) but left as it was?"""
    fs = state(p)
    decide(fs)
    pos = translate(p)
    got = fs.approved.get(pos) if pos is not None else None
    if got is None or got[0] in ('include', 'replace'):
        return False
    if kind is None and got[0] == 'retype':
        return False                 # a declaration keeps its name: see still_pending_retype()
    return kind is None or got[0] == kind


def still_pending_assignment(p, rhs):
    """An approved assignment whose right-hand side is still the reduced one."""
    if not still_pending(p):
        return False
    fs = state(p)
    pos = translate(p)
    kind = fs.approved[pos][0]
    if kind != 'assign':
        return True
    spans = [a[1] for v in fs.assigns.values() for a in v if a[0] == pos]
    return any(_squash(fs.toks.source_of(_index_range(fs, span)[0], _index_range(fs, span)[1])) == _squash(rhs)
               for span in spans)


def still_pending_retype(p, type_text):
    """An approved declaration that still has its old type (not the key type), or its
    old name (a renamed variable is a new token, which has no position in the original)."""
    if not still_pending(p, 'retype'):
        return False
    extra = state(p).approved[translate(p)][1]
    if isinstance(extra, tuple):
        if extra[1] is not None:
            return True
        extra = extra[0]
    return _squash(type_text) != _squash(extra)


def retyped_type(p, type_text):
    """The type an approved variable declaration takes: that of its key, or its own."""
    extra = approved_extra(p)
    return (extra[0] or type_text) if isinstance(extra, tuple) else extra


def retyped_name(p, name):
    """The name an approved variable declaration takes: that of its key, or its own."""
    extra = approved_extra(p)
    return (extra[1] or name) if isinstance(extra, tuple) else name


def retyped_init(p):
    """The key an approved variable declaration is now initialised with (its initialiser
    was an index of the key), or None: the initialiser stays."""
    extra = approved_extra(p)
    return extra[2] if isinstance(extra, tuple) and len(extra) > 2 else None


def assigned_name(p):
    """The variable an approved assignment assigns: renamed for the key it now holds."""
    fs = state(p)
    pos = translate(p)
    return fs.new_names.get(pos) or fs.toks.text[fs.toks.at_pos(pos)]


def _index_range(fs, span):
    idx = fs.toks.span(span[0], span[1])
    return (idx[0], idx[-1] + 1) if idx else (0, 0)


def fail_incomplete(p):
    """Abandon the file: converting part of a table would change its meaning."""
    fs = state(p)
    pos = translate(p)
    raise RuntimeError('%s:%d: %s approved but not rewritten; the file is left unchanged'
                       % (fs.path, pos[0], fs.approved[pos][0]))


def context_site(p):
    """A keyed access that the patch would rewrite."""
    return approved(p, 'op')


def approved_extra(p):
    """What the approval of p carries: the bits of a table, the table and key of a use."""
    return state(p).approved[translate(p)][1]


def verdict_line(t):
    what = '%s[%s]' % (t.name, t.size_text)
    if t.verdict == 'converted' and t.scope == 'member':
        return '%s: converted (struct member: its accesses use hashtable.h)' % what
    if t.verdict == 'converted' and t.scope == 'extern':
        return '%s: converted (declared in another file: its accesses use hashtable.h)' % what
    if t.verdict == 'converted':
        return '%s: converted to DEFINE_HASHTABLE(%s, %s)%s' % (
            what, t.name, t.bits, ' (read mostly)' if t.read_mostly else '')
    return '%s: skipped: %s' % (what, '; '.join(t.reasons))
