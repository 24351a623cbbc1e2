"""Is a walk of the bucket of a key a lookup of that key?

Converted, hlist_for_each_entry(p, &T[k & MASK], m) becomes
hash_for_each_possible(T, p, m, k): it visits the bucket hash_min() picks for k,
and meets there the entries of k (hash_add() put them there too) and of other
keys than before. Only a body that skips the entries of other keys does the same
before and after: a lookup. So the body is read statement by statement, and every
statement that has an effect (a call, a store, a break or return, a loop) must
come after a test that the entry holds the key (if (p->key != k) continue;) or
stand under one (if (p->key == k) return p;). A sum of the bucket, a count of its
chain, a trace printed for every entry, or a test of something else (a range
that holds the key, the bucket number) is no lookup, and its table is refused.

A test of the key compares an expression of the entry (the cursor, or a local of
the body computed from it) with one of the key's names: ==, !=, a comparison
function given both (memcmp() and other *cmp() functions: equal when zero; any
other function: equal when true), a flag assigned such a test, or x < k || x > k.
An entry that the function adds to the same bucket (hlist_add_head(&new->node, head)
after a search of head for it) stands for the key too: a walk that looks for its
equal (match(p, new)) is a lookup of a duplicate.
"""

from .cexpr import Unknown, free_names, parse_tokens
from .files import declared_type, function_range, occurrences, statement_end
from .helpers import _ASSIGN_OPS
from .sites import key_names
from .tokens import argument_spans, matching_close


# calls that only hand on the truth of their (first) argument
_TRANSPARENT = {'likely', 'unlikely', 'READ_ONCE', 'data_race'}
# and those that warn when it is true: an effect for the entries of the key alone, if so
_WARNINGS = {'WARN_ON', 'WARN_ON_ONCE', 'WARN', 'WARN_ONCE'}
# calls that read an entry without changing anything
_READS = {'container_of', 'container_of_const', 'hlist_entry', 'hlist_entry_safe',
          'list_entry', 'rcu_dereference', 'rcu_dereference_raw', 'rcu_dereference_check',
          'rcu_dereference_protected', 'rcu_dereference_bh', 'rcu_access_pointer',
          'hlist_unhashed', 'hlist_empty', 'atomic_read', 'refcount_read', 'test_bit',
          'read_pnet'}


class NotALookup(Exception):
    """Why a walk's body is no lookup (a phrase: "it calls printf() first")."""


def lookup_failure(fs, t, s, helpers):
    """Why the walk at site s of table t is no lookup of its key, or None when it is one
    (or is no walk, or walks the very bucket hash_min() picks, so that it meets the same
    entries)."""
    if not s.kind.startswith('hlist_for_each'):
        return None
    reds = _reductions(fs, t, s)
    if reds and all(red.picks_hash_min_bucket() for red in reds):
        return None
    keys = set()
    for red in reds:
        keys |= set(key_names(red)[0]) if red.key is not None else set()
    keys -= _index_variables(fs, t, s)
    text = fs.toks.text
    at = fs.toks.at_pos(s.op_pos)
    rng = function_range(fs, s.op_pos)
    if at is None or rng is None or at + 1 >= len(text) or text[at + 1] != '(':
        return 'its body is not found'
    cursors = _cursors(fs, at)
    keys -= cursors
    if not keys:
        return 'its key is not known'
    try:
        _Body(fs, at, rng, keys, _added_entries(fs, t, s, rng) - cursors, cursors,
              helpers).check()
    except NotALookup as e:
        return str(e)
    except (Unknown, IndexError) as e:
        return 'its body is not understood (%s)' % e
    return None


def _reductions(fs, t, s):
    """The reductions that pick the bucket of site s: its own, that of the bucket pointer
    it walks, and those assigned to the index variables they name in its function."""
    reds = [s.red] if s.red is not None else []
    if s.how == 'bptr':
        reds += [bp['red'] for bp in t.bucket_ptrs
                 if s in bp.get('uses', ()) and bp.get('red') is not None]
    names = {s.var} if s.var else set()
    for red in reds:
        names |= set(key_names(red)[0]) if red.key is not None else set()
    rng = function_range(fs, s.op_pos)
    for pos, red, _assign in getattr(t, 'var_assigns', ()):
        if fs.toks.text[fs.toks.at_pos(pos)] in names and function_range(fs, pos) == rng:
            reds.append(red)
    return [red for red in reds if red.form != 'var']


def _sources(fs, rng, name):
    """The names that the values of variable name are computed from in the function rng
    (u32 hash = jhash(name, len, 0): equal names give equal hashes), or None where it
    gets a value otherwise too (its address passed on)."""
    text, kind = fs.toks.text, fs.toks.kind
    out = set()
    for i in occurrences(fs, name, rng[0], rng[1]):
        if text[i - 1] in ('->', '.'):
            continue
        if text[i - 1] == '&':
            return None
        if text[i + 1] not in _ASSIGN_OPS:
            continue
        depth, j = 0, i + 2
        while j < rng[1] and not (depth == 0 and text[j] in (';', ',')):
            depth += text[j] in ('(', '[') and 1 or text[j] in (')', ']') and -1 or 0
            if depth < 0:
                break
            if kind[j] == 'id' and text[j + 1] != '(' and text[j - 1] not in ('->', '.'):
                out.add(text[j])
            j += 1
    out.discard(name)
    return out


def _cursors(fs, at):
    """The arguments of the iterator at token at that are one name (its cursors; the
    bucket pointer and member name too, which no test compares)."""
    text = fs.toks.text
    return {text[lo] for lo, hi in argument_spans(text, at + 1)
            if hi == lo + 1 and fs.toks.kind[lo] == 'id'}


def _added_entries(fs, t, s, rng):
    """Names of the entries that the function of walk s adds to the very bucket it walks
    (the same bucket pointer, or the same key)."""
    out = set()
    text = fs.toks.text
    for other in t.sites:
        if not other.kind.startswith('hlist_add') or function_range(fs, other.op_pos) != rng:
            continue
        same = other.var == s.var if s.how == other.how == 'bptr' else \
            other.key_text is not None and other.key_text == s.key_text
        at = fs.toks.at_pos(other.op_pos)
        if same and at is not None and text[at + 1] == '(':
            lo, hi = argument_spans(text, at + 1)[0]
            out |= {text[k] for k in range(lo, hi)
                    if fs.toks.kind[k] == 'id' and text[k - 1] not in ('->', '.')}
    return out


def _index_variables(fs, t, s):
    """The index variables of the function of site s: they hold a bucket number, not a key."""
    rng = function_range(fs, s.op_pos)
    return {fs.toks.text[fs.toks.at_pos(pos)] for pos, _red, _assign in getattr(t, 'var_assigns', ())
            if function_range(fs, pos) == rng}


NOT_A_LOOKUP = ('the walk of the bucket of "%s" is no lookup (%s): hash_for_each_possible() '
                'would visit the entries of other keys than before')


# what is known of an entry where no entry goes on (after continue, return)
_ALL = frozenset({'*'})


def _meet(a, b):
    """What is known after two paths meet."""
    return b if '*' in a else a if '*' in b else a & b


class _Body:
    """The body of the walk whose iterator is token at, read as a lookup of keys.

    It is read path by path, with the set of names that the tests passed so far prove
    the entry to hold (or _ALL where no entry goes on): an effect is allowed once that
    covers the key. keys: the names of the key (required), with those they are computed
    from; added: entries the function adds to the same bucket (each stands for the key).
    """

    def __init__(self, fs, at, rng, keys, added, cursors, helpers):
        self.fs, self.text, self.rng, self.helpers = fs, fs.toks.text, rng, helpers
        self.required, self.added = set(keys), set(added)
        self.sources = {}            # name -> its sources, or None
        todo = list(keys)
        while todo and len(self.sources) < 32:
            name = todo.pop()
            if name in self.sources:
                continue
            found = _sources(fs, rng, name) if self.is_variable(name) else None
            self.sources[name] = found
            todo.extend(found or ())
        self.keys = set(self.sources) | self.added
        close = matching_close(self.text, at + 1)
        self.derived = set(cursors)  # names of the entry: its cursors, and locals from them
        self.lo, self.hi = close + 1, statement_end(fs, at)
        self.flags = {}              # name -> the key test assigned to it

    def is_variable(self, name):
        return declared_type(self.fs, name, self.rng) is not None

    def check(self):
        """Raise NotALookup unless every effect of the body is after or under a key test."""
        for name in self.keys:
            if any(_written(self.text, i) for i in occurrences(self.fs, name, self.lo, self.hi)):
                raise NotALookup('it changes "%s"' % name)
        self.block(self.lo, self.hi, frozenset())

    def covers(self, known):
        """Does known prove that the entry holds the key?"""
        if '*' in known or known & self.added:
            return True
        ok, tested = self._cover(self.required, known, 0)
        return ok and tested

    def _cover(self, names, known, depth):
        """(whether every variable of names is tested or computed from tested ones,
        whether any is): a global or a constant (a seed) is the same for every entry."""
        tested = False
        for name in sorted(names):
            if name in known:
                tested = True
                continue
            if not self.is_variable(name):
                continue
            srcs = self.sources.get(name)
            ok, some = self._cover(srcs, known, depth + 1) if srcs and depth < 4 else (False, False)
            if not (ok and some):
                return False, False
            tested = True
        return True, tested

    def untested(self, known):
        """The names of the key that known leaves untested, for a reason."""
        names = sorted(n for n in self.required if n not in known)
        return ', '.join('"%s"' % n for n in names) or 'the key'

    def effect(self, known, what):
        if not self.covers(known):
            raise NotALookup('%s comes before a test of %s' % (what, self.untested(known)))

    def block(self, lo, hi, known):
        """Read the statement lo..hi (one, or a block) on the paths that reach it with
        known: what is known where it ends (_ALL where none goes on)."""
        text = self.text
        if text[lo] != '{':
            return self.statement(lo, self.statement_end(lo), known)
        k = lo + 1
        while k < hi:
            end = self.statement_end(k)
            known = self.statement(k, end, known)
            k = end + 1
        return known

    def statement_end(self, k):
        """The last token of the statement at token k, an else branch included."""
        text = self.text
        if text[k] == 'if':
            end = self.statement_end(matching_close(text, k + 1) + 1)
            return self.statement_end(end + 2) if text[end + 1] == 'else' else end
        if text[k] == '{':
            return matching_close(text, k)
        return statement_end(self.fs, k)

    def statement(self, k, end, known):
        text = self.text
        if text[k] == ';':
            return known
        if text[k] == '{':
            return self.block(k, end, known)
        if text[k] == 'if':
            return self.condition(k, end, known)
        if text[k] == 'continue':
            return _ALL              # the entry is skipped: nothing done
        if text[k] in ('return', 'break', 'goto'):
            self.effect(known, '"%s"' % text[k])
            return _ALL
        if text[k] in ('for', 'while', 'do', 'switch') or text[k + 1] == ':':
            self.effect(known, '"%s"' % text[k])
            return known
        if not self.covers(known):
            self.plain(k, end, known)
        return known

    def condition(self, k, end, known):
        """if (C) S [else S2]: each branch is read with what C proves there."""
        text = self.text
        close = matching_close(text, k + 1)
        cond = parse_tokens(self.fs.toks, k + 2, close)
        self.effect_free(cond, 'the test', known)
        then_end = self.statement_end(close + 1)
        when_true, when_false = known | self.proves(cond, True), known | self.proves(cond, False)
        after_then = self.block(close + 1, then_end, when_true)
        after_else = self.block(then_end + 2, end, when_false) if then_end < end else when_false
        return _meet(after_then, after_else)

    def plain(self, k, end, known):
        """An expression statement or a declaration where the key is not yet tested: only
        a local of the body (or one read nowhere else) may be given a value, by an
        expression without effects; n += <a test of the key> adds nothing for the
        entries of other keys."""
        text = self.text
        depth, eq = 0, None
        for j in range(k, end):
            if text[j] in ('(', '[', '{'):
                depth += 1
            elif text[j] in (')', ']', '}'):
                depth -= 1
            elif depth == 0 and text[j] == ',':
                self.effect(known, '"%s"' % self.quote(k, end + 1))
            elif depth == 0 and text[j] in _ASSIGN_OPS and eq is None:
                eq = j
        if eq is None:
            if not all(self.fs.toks.kind[j] in ('id', 'num') or text[j] in ('*', '[', ']')
                       for j in range(k, end)):
                self.effect(known, '"%s"' % self.quote(k, end + 1))
            return                   # a declaration: struct entry *e;
        var = text[eq - 1]
        lhs = text[k:eq]
        value = parse_tokens(self.fs.toks, eq + 1, end)
        if text[eq] in ('+=', '-=', '|=', '^=') and \
                not any(t in ('(', '++', '--') for t in lhs) and \
                self.covers(known | self.zero_unless(value)):
            self.effect_free(value, '"%s"' % var, known)
            return                   # n += e->key == key: adds nothing for another key
        if text[eq] != '=' or self.fs.toks.kind[eq - 1] != 'id' or \
                self.fs.toks.kind[k] != 'id' or \
                any(t in ('->', '.', '[', ']', '(', ')') for t in lhs) or \
                len(lhs) == 1 and not self.private(var):
            self.effect(known, '"%s"' % self.quote(k, end + 1))
        self.effect_free(value, '"%s"' % var, known, tests=value[0] == 'call')
        if free_names(value) & self.derived:
            self.derived.add(var)
        if self.proves(value, True) or self.proves(value, False):
            self.flags[var] = value

    def private(self, var):
        """Is var, declared outside the body, read only in it (found = key_eq(p, k))?"""
        decls = {d[0] for d in self.fs.decls.get(var, ()) if 'static' not in d[1].split()}
        pos = self.fs.toks.pos
        head = self.rng[0]
        while head > 0 and self.text[head - 1] not in (';', '}'):
            head -= 1
        for i in occurrences(self.fs, var, head, self.rng[1]):
            if not self.lo <= i <= self.hi and pos[i] not in decls:
                return False
        return bool(decls)

    # -- the conditions

    def effect_free(self, node, what, known, tests=True):
        """Raise NotALookup if node may have an effect before it has tested the key
        (tests: whether a call given the entry and the key is read as a comparison, as
        in a condition or a flag, found = key_eq(p, k))."""
        if self.covers(known):
            return
        kind = node[0]
        if kind == 'bin' and node[1] in ('&&', '||'):
            self.effect_free(node[2], what, known, tests)
            self.effect_free(node[3], what, known | self.proves(node[2], node[1] == '&&'), tests)
            return
        if kind == 'call':
            name = node[1][1] if node[1][0] == 'id' else None
            if tests and self.key_call(node):
                return               # a comparison: equal or not
            if name in _WARNINGS and node[2] and \
                    not self.covers(known | self.proves(node[2][0], True)):
                raise NotALookup('%s may warn before a test of %s' % (what, self.untested(known)))
            if not self.reads_only(name):
                raise NotALookup('%s calls %s() before a test of %s'
                                 % (what, name or 'a function pointer', self.untested(known)))
            for a in node[2]:
                self.effect_free(a, what, known, tests)
            return
        for part in node[1:-1]:
            if isinstance(part, tuple):
                self.effect_free(part, what, known, tests)

    def reads_only(self, name):
        """May a call of name stand in a test or give a local its value? The file's own
        functions and macros are read (they may write); the kernel's, unseen, by their
        convention: a predicate or a getter (fib6_info_nh_dev(), net_eq()) changes
        nothing."""
        if name is None:
            return False             # a function pointer
        if name in _TRANSPARENT or name in _READS or name in _WARNINGS:
            return True
        d = self.helpers.get(name)
        return d is None or not d.local or self.helpers.is_pure(name)

    def proves(self, node, truth):
        """Key names that node being truth (True or False) proves the entry holds."""
        kind = node[0]
        if kind == 'paren' or kind == 'cast':
            return self.proves(node[1], truth)
        if kind == 'un' and node[1] == '!':
            return self.proves(node[2], not truth)
        if kind == 'id':
            flag = self.flags.get(node[1])
            return self.proves(flag, truth) if flag is not None else set()
        if kind == 'call':
            name = node[1][1] if node[1][0] == 'id' else ''
            if name in _TRANSPARENT | _WARNINGS and node[2]:
                return self.proves(node[2][0], truth)
            zero_when_equal = 'cmp' in name or 'compare' in name
            return self.key_call(node) if truth != zero_when_equal else set()
        if kind != 'bin':
            return set()
        op, a, b = node[1], node[2], node[3]
        if op in ('&&', '||'):
            if (op == '&&') == truth:          # both hold
                both = self.proves(a, truth) | self.proves(b, truth)
                return both or (self.outside(a, b) if op == '||' else set())
            return self.proves(a, truth) & self.proves(b, truth)     # one of them holds
        if op in ('==', '!='):
            for x, y in ((a, b), (b, a)):
                if y[0] in ('num', 'id') and y[1] in ('0', 'NULL'):
                    return self.proves(x, truth != (op == '=='))
            return self.compares(a, b) if truth == (op == '==') else set()
        return set()

    def zero_unless(self, node):
        """The key names that node being other than 0 proves (a test of the key, or a
        product of one)."""
        kind = node[0]
        if kind in ('paren', 'cast'):
            return self.zero_unless(node[1])
        if kind == 'bin' and node[1] in ('*', '&'):
            return self.zero_unless(node[2]) | self.zero_unless(node[3])
        return self.proves(node, True)

    def outside(self, a, b):
        """x < k || x > k (or the same with k first) false: x == k."""
        if not a[0] == b[0] == 'bin' or {a[1], b[1]} - {'<', '>'}:
            return set()
        other = (b[2], b[3]) if a[1] != b[1] else (b[3], b[2])
        if self.source(a[2]) != self.source(other[0]) or self.source(a[3]) != self.source(other[1]):
            return set()
        return self.compares(a[2], a[3])

    def quote(self, lo, hi):
        """The source of tokens lo..hi-1, cut short."""
        out = self.fs.toks.source_of(lo, hi)
        return out if len(out) <= 60 else out[:57] + '...'

    def source(self, node):
        lo, hi = node[-1]
        return ' '.join(self.text[lo:hi])

    def compares(self, a, b):
        """Key names compared when a is of the entry and b of the key (or the reverse)."""
        for x, y in ((a, b), (b, a)):
            xn, yn = free_names(x), free_names(y)
            if xn & self.derived and yn & self.keys and not yn & self.derived:
                return yn & self.keys
        return set()

    def key_call(self, node):
        """Key names that a call compares: those of its arguments, where another is of
        the entry (ip_vs_addr_equal(af, &e->addr, addr))."""
        args = node[2]
        names = [free_names(a) for a in args]
        if not any(n & self.derived for n in names):
            return set()
        return {k for n in names if not n & self.derived for k in n & self.keys}


def _written(text, i):
    """Is the variable at token i assigned or stepped there?"""
    if text[i - 1] in ('->', '.'):
        return False
    return text[i + 1] in _ASSIGN_OPS or text[i + 1] in ('++', '--') or text[i - 1] in ('++', '--')
