"""Unit tests of the decision code inside semantic-patches/hashtable.cocci."""
import tempfile
import types
import unittest

import cocci_python

M = cocci_python.load()


def values(macros, *texts):
    return M.evaluate_all(macros, list(texts))


class EvaluateTest(unittest.TestCase):
    def test_arithmetic_and_macros(self):
        macros = {'BITS': ['6'], 'SIZE': ['(1 << BITS)'], 'MASK': ['(SIZE - 1)']}
        self.assertEqual(values(macros, 'SIZE', 'MASK'), [(64, 63)])
        self.assertEqual(values({}, '0x20u'), [(32,)])
        self.assertEqual(values({}, '-7 / 2', '-7 % 2'), [(-3, -1)])

    def test_config_condition_gives_every_branch(self):
        macros = {'B': ['(CONFIG_BASE_SMALL ? 3 : 7)'], 'N': ['(1 << B)']}
        self.assertEqual(sorted(values(macros, 'N', 'N - 1')), [(8, 7), (128, 127)])

    def test_unknown_symbol_in_arithmetic_is_refused(self):
        with self.assertRaises(M.Unknown):
            values({}, 'CONFIG_FOO * 4')
        with self.assertRaises(M.Unknown):
            values({}, 'sizeof(long)')

    def test_alternative_definitions_are_choices(self):
        self.assertEqual(sorted(values({'N': ['16', '32']}, 'N')), [(16,), (32,)])


class BitsTest(unittest.TestCase):
    def test_existing_bits_macro_is_reused(self):
        macros = {'TP_BITS': ['6'], 'TP_SIZE': ['(1 << TP_BITS)']}
        self.assertEqual(M.bits_expression(macros, 'TP_SIZE'), 'TP_BITS')

    def test_literal_size_gives_literal_bits(self):
        self.assertEqual(M.bits_expression({'SZ': ['32']}, 'SZ'), '5')

    def test_configuration_dependent_literal_has_no_bits(self):
        self.assertIsNone(M.bits_expression({'SZ': ['16', '32']}, 'SZ'))


class SymbolicTest(unittest.TestCase):
    """Constants equal by spelling, for sizes the rule cannot evaluate (CONFIG_ values)."""

    MACROS = {'CHAIN_BITS': ['(CONFIG_CHAIN_BITS - 1)'], 'CHAIN_SIZE': ['(1UL << CHAIN_BITS)'],
              'CHAIN_MASK': ['(CHAIN_SIZE - 1)'], 'OTHER_SIZE': ['(1 << CONFIG_OTHER_BITS)'],
              'TWICE': ['4', '8']}

    def test_bits_of_a_shift_need_no_value(self):
        self.assertEqual(M.bits_expression(self.MACROS, 'CHAIN_SIZE', evaluate=False),
                         'CHAIN_BITS')
        self.assertIsNone(M.bits_expression(self.MACROS, 'CONFIG_SMALL_SIZE', evaluate=False))

    def test_same_constant_by_spelling(self):
        self.assertTrue(M.same_constant(self.MACROS, 'CHAIN_BITS', '(CHAIN_BITS)'))
        self.assertTrue(M.same_constant(self.MACROS, 'CHAIN_SIZE', '(1UL << CHAIN_BITS)'))
        self.assertEqual(M.minus_one(self.MACROS, 'CHAIN_MASK'), 'CHAIN_SIZE')
        self.assertFalse(M.same_constant(self.MACROS, 'CHAIN_SIZE', 'OTHER_SIZE'))
        self.assertFalse(M.same_constant(self.MACROS, 'CHAIN_SIZE', None))

    def test_macro_of_several_definitions_is_not_trusted(self):
        self.assertFalse(M.same_constant(self.MACROS, 'TWICE', 'TWICE'))


class HeaderAlternativesTest(unittest.TestCase):
    """A size macro defined in #if branches of a header (lockdep's STACK_TRACE_HASH_SIZE:
    8192, or 1 << CONFIG_LOCKDEP_STACK_TRACE_HASH_BITS): one of them is in force in the
    whole file, so its name is one constant there, and its bits are ilog2() of it when
    every branch is a power of two."""

    def macros(self, **defs):
        m = M.Macros({'STH_SIZE': ['8192', '(1 << CONFIG_STH_BITS)'], 'ODD': ['8192', '(3 << 2)'],
                      'LOOSE': ['8', '4 << 1'], 'TWO': ['16', '(1 << TWO_BITS)'], 'TWO_BITS': ['3']})
        m.alternatives.update(defs.get('alternatives', ('STH_SIZE', 'ODD', 'LOOSE', 'TWO')))
        return m

    def test_bits_of_alternatives(self):
        self.assertEqual(M.bits_expression(self.macros(), 'STH_SIZE'), 'ilog2(STH_SIZE)')
        self.assertEqual(M.bits_expression(self.macros(), 'STH_SIZE', evaluate=False),
                         'ilog2(STH_SIZE)')
        self.assertEqual(M.bits_expression(self.macros(), 'TWO'), 'ilog2(TWO)')
        self.assertIsNone(M.bits_expression(self.macros(), 'ODD'))          # 12 buckets
        self.assertIsNone(M.bits_expression(self.macros(alternatives=()), 'STH_SIZE', evaluate=False))

    def test_alternatives_are_one_constant_in_a_file(self):
        self.assertTrue(M.same_constant(self.macros(), 'STH_SIZE', '(STH_SIZE)'))
        self.assertEqual(M.minus_one(self.macros(), '(STH_SIZE - 1)'), 'STH_SIZE')
        self.assertFalse(M.same_constant(self.macros(alternatives=()), 'STH_SIZE', 'STH_SIZE'))
        self.assertFalse(M.same_constant(self.macros(), 'LOOSE', 'LOOSE'))   # 4 << 1 - 1


class WritesThroughPointerTest(unittest.TestCase):
    """Writes between a pick and its use that may change what a key reads through a
    pointer: not the declaration of a pointer with its initial value."""

    def writes(self, src):
        text = M.Tokens('{ %s }' % src).text
        return M._writes_through_pointer(text, next(k for k, x in enumerate(text) if x in ('=', '++')))

    def test_writes(self):
        for src in ('*p = 1;', 'p->x = 1;', 'a[2] = 1;', 'return *p = 3;', '(*p)++;',
                    'if (force) p->x = -1;', 'if (k) *p = 2;'):
            self.assertTrue(self.writes(src), src)

    def test_no_writes(self):
        for src in ('struct fib_info *prev_fi = NULL;', 'int x = 1;', 'x = 1;', 'u8 *q = p;', 'x++;',
                    'if (force) scope = -1;'):
            self.assertFalse(self.writes(src), src)


class UnionAndAliasTest(unittest.TestCase):
    """A field a call writes may be another name of a key field: a member of the same
    union (named or not, with attributes after it), or a macro that spells the field."""

    def test_unions(self):
        for src in ('struct s { union { u32 id; u32 raw; }; };',
                    'struct s { union u { u32 id; u32 raw; } u; };',
                    'struct s { union { u32 id; u32 raw; } __attribute__((packed)); };'):
            self.assertTrue(M.in_union(M.Tokens(src).text, 'raw'), src)
        self.assertFalse(M.in_union(M.Tokens('struct s { u32 id; u32 raw; };').text, 'raw'))

    def test_macro_spellings(self):
        fs = types.SimpleNamespace(macros={'it_id': ['hdr.id'], 'OTHER': ['(4)']})
        self.assertEqual(M._aliased_fields(fs, {'hdr', 'id'}), {'hdr', 'id', 'it_id'})
        self.assertEqual(M._aliased_fields(fs, {'it_id'}), {'it_id', 'hdr', 'id'})


class PowerOfTwoByConstructionTest(unittest.TestCase):
    """Sizes with no value here that are a power of two on every architecture."""

    def test_pages_and_pointer_pairs(self):
        macros = {'DFR_HASHSIZE': ['(PAGE_SIZE/sizeof(struct list_head))']}
        self.assertTrue(M.power_of_two_by_construction(macros, 'DFR_HASHSIZE'))
        self.assertTrue(M.power_of_two_by_construction({}, 'PAGE_SIZE / 2 / sizeof(struct hlist_head)'))
        self.assertTrue(M.power_of_two_by_construction({}, '4 * (1 << CONFIG_X)'))

    def test_anything_else(self):
        self.assertFalse(M.power_of_two_by_construction({}, 'PAGE_SIZE / 3'))
        self.assertFalse(M.power_of_two_by_construction({}, 'PAGE_SIZE - 1'))
        self.assertFalse(M.power_of_two_by_construction({}, 'sizeof(struct item)'))
        self.assertFalse(M.power_of_two_by_construction({}, 'PAGE_SIZE + PAGE_SIZE'))
        self.assertFalse(M.power_of_two_by_construction({'PAGE_SIZE': ['4000']}, 'PAGE_SIZE'))
        self.assertFalse(M.power_of_two_by_construction({}, 'NR_CPUS'))

    def test_sizeof_of_a_type_may_end_the_text(self):
        self.assertEqual(M.parse_text('sizeof(struct list_head)')[1][0], 'sizeof')


class StructPointersTest(unittest.TestCase):
    def test_fields_that_point_to_structs(self):
        toks = M.Tokens('struct vlan { unsigned char addr[8]; struct port *port;\n'
                        'const struct ops *ops; struct port **all; };\n'
                        'struct outer { union { int a; } u; struct port *p; };\n')
        self.assertEqual(M.struct_pointer_fields(toks), {'vlan': {'port': 'port', 'ops': 'ops'}})


class WidthTest(unittest.TestCase):
    def test_classes(self):
        self.assertEqual(M.width_class('unsigned int'), 'small')
        self.assertEqual(M.width_class('u32'), 'small')
        self.assertEqual(M.width_class('unsigned long'), 'long')
        self.assertEqual(M.width_class('u64'), 'long')
        self.assertEqual(M.width_class('struct mm *'), 'pointer')
        self.assertEqual(M.width_class('my_key_t'), 'type my_key_t')

    def test_sparse_annotations_are_no_type(self):
        # (__force u32)vni is a u32 to the compiler; __be32 is 32 bits, as hash_32() takes
        self.assertEqual(M.width_class('__force u32'), 'small')
        self.assertTrue(M.is_32_bits('__force u32'))
        self.assertTrue(M.is_32_bits('__be32'))
        self.assertFalse(M.is_32_bits('__be16'))


class TokensTest(unittest.TestCase):
    def test_positions_skip_comments_and_strings(self):
        t = M.Tokens('int a; /* T */\n\tfoo(T, "T");\n')
        self.assertEqual([p for p, x in zip(t.pos, t.text) if x == 'T'], [(2, 5)])

    def test_a_string_continued_on_the_next_line_moves_the_lines_after_it(self):
        # spatch counts the lines of the file: the tokens after the string are on line
        # 3 and 4 there (a position of line 3 was looked up on the line after it)
        t = M.Tokens('p("a \\\n b");\nT = 1;\n  T++;\n')
        self.assertEqual([p for p, x in zip(t.pos, t.text) if x == 'T'], [(3, 0), (4, 2)])
        self.assertEqual([x for x, b in zip(t.text, t.bol) if b], ['p', 'T', 'T'])
        # spatch --tokens-c: after '\<newline>n' the line stays and the columns run on
        t = M.Tokens("int f(void)\n{\n\treturn g(\"a\\\nb\") + h('\\\nn');\n}\nint T;\n")
        self.assertEqual([p for p, x in zip(t.pos, t.text) if x in (')', 'T')],
                         [(1, 10), (4, 2), (4, 13), (6, 4)])



class BlocksTest(unittest.TestCase):
    def test_a_macro_that_opens_a_block_does_not_shift_the_functions(self):
        src = ('#define for_each_slot(p) {\t\\\n\tint i;\n#define end_slot }\n'
               'static int f(void)\n{\n\treturn 1;\n}\n'
               '#define WRAP(x) do { x; } while (0)\n'
               'static int g(void)\n{\n\tfor_each_slot(p) {\n\t} end_slot\n\treturn 2;\n}\n')
        t = M.Tokens(src)
        bodies = [(t.pos[a][0], t.pos[b][0]) for a, b in t.blocks()]
        # f, the balanced block of WRAP on its own line, g
        self.assertEqual(bodies, [(5, 7), (8, 8), (10, 14)])


def file_state(src):
    """A FileState of src with its local pointer declarations (as the rule collects them)."""
    with tempfile.NamedTemporaryFile('w', suffix='.c') as f:
        f.write(src)
        f.flush()
        fs = M.FileState(f.name)
    for i, tok in enumerate(fs.toks.text):
        if tok == '*' and fs.toks.text[i + 2] == ';':
            fs.decls.setdefault(fs.toks.text[i + 1], []).append((fs.toks.pos[i + 1], 'struct hlist_head *', False))
    return fs


class DeclarationScopeTest(unittest.TestCase):
    SRC = ('void f(void)\n{\n'
           '\tif (a) {\n\t\tstruct hlist_head *head;\n\t\thead = x;\n\t}\n'
           '\t{\n\t\tstruct hlist_head *head;\n\t\thead = y;\n\t}\n'
           '\tuse(head);\n}\n')

    def test_each_block_declares_a_variable_of_its_own(self):
        fs = file_state(self.SRC)
        rng = M.function_range(fs, (3, 1))
        first = M.declaration_scope(fs, 'head', (5, 2), rng)
        second = M.declaration_scope(fs, 'head', (9, 2), rng)
        self.assertEqual((fs.toks.pos[first[0]][0], fs.toks.pos[first[1]][0]), (3, 6))
        self.assertEqual((fs.toks.pos[second[0]][0], fs.toks.pos[second[1]][0]), (7, 10))

    def test_a_use_outside_the_blocks_sees_the_function(self):
        fs = file_state(self.SRC)
        rng = M.function_range(fs, (3, 1))
        self.assertEqual(M.declaration_scope(fs, 'head', (11, 5), rng), rng)


class BucketsUnchangedTest(unittest.TestCase):
    def table(self, *reds):
        t = types.SimpleNamespace(sites=[types.SimpleNamespace(red=r) for r in reds],
                                  bucket_params=[], var_assigns=[], bucket_ptrs=[])
        return t

    def red(self, form, width, exact=False):
        r = M.reduction_of_text(form, 'k', width)
        r.exact = exact
        return r

    def test_hash_32_of_a_small_key_is_what_hash_min_computes(self):
        self.assertTrue(M.buckets_unchanged(self.table(self.red('hash32', 'small'))))
        self.assertTrue(M.buckets_unchanged(self.table(self.red('helper h', 'small', exact=True))))

    def test_other_reductions_move_buckets(self):
        self.assertFalse(M.buckets_unchanged(self.table(self.red('hash32', 'long'))))
        self.assertFalse(M.buckets_unchanged(self.table(self.red('mask', 'small'))))
        self.assertFalse(M.buckets_unchanged(self.table(self.red('hash32', 'small'),
                                                        self.red('helper h', 'small'))))
        self.assertFalse(M.buckets_unchanged(self.table()))


class AlignTest(unittest.TestCase):
    def test_unchanged_and_reindented_tokens_map_back(self):
        old = M.Tokens('int f(void)\n{\n\tfor (;;)\n\t\tg(x);\n\th(y);\n}\n')
        new = M.Tokens('int f(void)\n{\n\tg(x);\n\th(y);\n}\n')
        mapping = M.align(old, new)
        self.assertEqual(mapping[(3, 1)], (4, 2))      # g, re-indented, one line up
        self.assertEqual(mapping[(4, 1)], (5, 1))      # h, shifted up
        self.assertNotIn((1, 100), mapping)

    def test_a_copy_of_one_function_maps_into_that_function(self):
        # spatch hands a rule a copy of the one function it changed; g() ends as f() does
        body = ('\tstruct h *head;\n\tstruct s *s;\n\n%s\tlock();\n\tif (s) {\n\t\tunlock();\n'
                '\t\treturn s;\n\t}\n\tunlock();\n\treturn 0;\n}\n')
        old = M.Tokens('int f(int k)\n{\n' + body % '\thead = a(k);\n' +
                       '\nint g(int k)\n{\n' + body % '\thead = b(k);\n')
        new = M.Tokens('int g(int k)\n{\n' + body % '')
        mapping = M.align(old, new)
        self.assertEqual(mapping[(3, 11)], (18, 11))    # head of g, not of f (line 3)
        self.assertEqual(mapping[(1, 4)], (16, 4))

    def test_new_tokens_do_not_map(self):
        old = M.Tokens('a(b);\n')
        new = M.Tokens('c(b);\n')
        self.assertNotIn((1, 0), M.align(old, new))



class TidyKeyTest(unittest.TestCase):
    def test_generated_keys_read_like_hand_written_ones(self):
        self.assertEqual(M.tidy_key('(unsigned long)((unsigned long)(&mk->spec)->id)'),
                         '(unsigned long)mk->spec.id')
        self.assertEqual(M.tidy_key('(&p->q)->r->s'), 'p->q.r->s')
        # different casts are two conversions: both stay
        self.assertEqual(M.tidy_key('(u32)((u64)x)'), '(u32)((u64)x)')
        self.assertEqual(M.tidy_key('(u32)((u32)f(x))'), '(u32)((u32)f(x))')
        # get_unaligned() of a T * is a T: the cast to T says nothing
        self.assertEqual(M.tidy_key('(unsigned long)get_unaligned((unsigned long *)&s->u)'),
                         'get_unaligned((unsigned long *)&s->u)')
        self.assertEqual(M.tidy_key('(u32)get_unaligned((u64 *)p)'), '(u32)get_unaligned((u64 *)p)')
        # a helper's (unsigned long) net, copied into a key twice, is checkpatch's "No space
        # is necessary after a cast" twice: the key drops the space; not after a variable
        self.assertEqual(M.tidy_key('jhash(n, strlen(n), (unsigned long) net)'),
                         'jhash(n, strlen(n), (unsigned long)net)')
        self.assertEqual(M.tidy_key('(struct key *) p->key'), '(struct key *)p->key')
        self.assertEqual(M.tidy_key('(fn) (arg) + (x) y'), '(fn) (arg) + (x) y')
        self.assertEqual(M.tidy_key('(u32)get_unaligned_le64((u32 *)p)'),
                         '(u32)get_unaligned_le64((u32 *)p)')

class ReadsThroughTest(unittest.TestCase):
    """Does a key read memory through a pointer (so that a call may change it)?"""

    def reads(self, key, name='p', helpers=None):
        toks = M.Tokens(key)
        return M.reads_through(toks, 0, len(toks.text), name, helpers)

    def test_value_uses_do_not_read(self):
        self.assertFalse(self.reads('(unsigned long)p + uid'))
        self.assertFalse(self.reads('hash_ptr(p, 4)'))
        self.assertFalse(self.reads('hash_long((unsigned long)(p), 4)'))

    def test_dereferences_and_unknown_calls_read(self):
        self.assertTrue(self.reads('p->id'))
        self.assertTrue(self.reads('*p + 1'))
        self.assertTrue(self.reads('p[2]'))
        self.assertTrue(self.reads('jhash(p, 4, 0)'))          # jhash reads the bytes at p
        self.assertTrue(self.reads('f((unsigned long)p)'))    # f may cast it back


class WritesOtherFieldTest(unittest.TestCase):
    """A counter or initialiser call between the pick of a bucket and its use writes
    the field its first argument points to: the key stays the same unless that is
    one of the key's fields."""

    def writes_other(self, call, fields=('id',)):
        toks = M.Tokens(call)
        return M.writes_other_field(toks.text, toks.text.index('('), set(fields))

    def test_another_field_of_the_entry(self):
        self.assertTrue(self.writes_other('atomic_inc_not_zero(&e->users)'))
        self.assertTrue(self.writes_other('spin_lock_init(&e->stats.lock)'))

    def test_the_keys_field_or_an_address_not_understood(self):
        self.assertFalse(self.writes_other('atomic_set(&e->id, 0)'))
        self.assertFalse(self.writes_other('atomic_set(&e->inner.id, 0)'))
        self.assertFalse(self.writes_other('atomic_set((atomic_t *)&e->id, 0)'))
        self.assertFalse(self.writes_other('atomic_inc(counter_of(e))'))
        self.assertFalse(self.writes_other('atomic_inc(&e[1].users)'))

    def test_stores_name_the_field_itself(self):
        toks = M.Tokens('WRITE_ONCE(s->tunnel, t)')
        self.assertTrue(M.writes_other_field(toks.text, 1, {'id'}, address=False))
        self.assertFalse(M.writes_other_field(toks.text, 1, {'tunnel'}, address=False))
        toks = M.Tokens('WRITE_ONCE(*p, t)')
        self.assertFalse(M.writes_other_field(toks.text, 1, {'id'}, address=False))


class FieldsWrittenByTest(unittest.TestCase):
    """A function of the file called between the pick of a bucket and its use: the
    fields it writes, when its body only bumps or stores fields of what its
    parameters point to, or takes locks; else None (it may write anything)."""

    def written(self, text):
        toks = M.Tokens(text)
        i = next(k for k, tok in enumerate(toks.text) if toks.text[k + 1] == '(')
        return M.fields_written_by(M.function_at(toks, i, local=True))

    def test_counters_and_stores_of_parameters(self):
        self.assertEqual(self.written('void get(struct t *t)\n{\n\trefcount_inc(&t->ref);\n}\n'),
                         {'ref'})
        self.assertEqual(self.written('static void set(struct s *s, struct t *t)\n{\n'
                                      '\tspin_lock(&s->lock);\n\tWRITE_ONCE(s->owner, t);\n'
                                      '\tatomic_inc(&t->stats.users);\n\tspin_unlock(&s->lock);\n}\n'),
                         {'owner', 'stats', 'users'})
        self.assertEqual(self.written('static void nop(struct s *s)\n{\n}\n'), set())

    def test_anything_else(self):
        for body in ('\ts->id++;\n',                       # a write of its own
                     '\tatomic_inc(&g->ref);\n',            # through a global
                     '\tatomic_inc(&s[1].ref);\n',
                     '\tWRITE_ONCE(*s, v);\n',
                     '\tWRITE_ONCE(s->f, next(s));\n',      # a call in the arguments
                     '\tkfree(s);\n',
                     '\tif (s)\n\t\tatomic_inc(&s->ref);\n',
                     '\tother(s);\n',
                     '\treturn (*s->fn)(s);\n'):
            self.assertIsNone(self.written('static void f(struct s *s, int v)\n{\n%s}\n' % body),
                              body)
        self.assertIsNone(M.fields_written_by(None))

    def test_what_returns_a_value_and_writes_nothing(self):
        text = ('static struct pn *pernet(const struct net *net)\n{\n'
                '\treturn net_generic(net, pn_id);\n}\n'
                'static struct b *bucket(struct pn *pn, u32 id)\n{\n'
                '\treturn &pn->tbl[hash_32(id, 4)];\n}\n'
                'static void get(struct pn *pn)\n{\n\tstruct pn *q = pernet(0);\n}\n'
                'static struct pn *outer(const struct net *net)\n{\n'
                '\treturn pernet(net);\n}\n'
                'static int bump(struct pn *pn)\n{\n\treturn pn->n++;\n}\n'
                'static int outer_bump(struct pn *pn)\n{\n\treturn bump(pn);\n}\n')
        toks = M.Tokens(text)
        defs = {}
        for i, tok in enumerate(toks.text):
            if toks.kind[i] == 'id' and toks.text[i + 1] == '(' and toks.text[i - 1] in ('*', 'void', 'int'):
                defs[tok] = M.function_at(toks, i, local=True)
        helpers = types.SimpleNamespace(get=defs.get)
        self.assertEqual(M.fields_written_by(defs['pernet'], helpers), set())
        self.assertEqual(M.fields_written_by(defs['bucket'], helpers), set())
        self.assertEqual(M.fields_written_by(defs['outer'], helpers), set())
        self.assertIsNone(M.fields_written_by(defs['outer'], None))     # pernet() unseen
        self.assertIsNone(M.fields_written_by(defs['get'], helpers))    # a declaration
        self.assertIsNone(M.fields_written_by(defs['bump'], helpers))
        self.assertIsNone(M.fields_written_by(defs['outer_bump'], helpers))


class AddressOnlyTest(unittest.TestCase):
    """A call between the pick of a bucket and its use that only returns container_of()
    of what it is given (fat's MSDOS_I()) writes nothing; one named in capitals does
    not say so by its name alone."""

    def address_only(self, name, text, unit=''):
        """text: the helper's definition in a header; unit: the code of the file."""
        defs = M.header_definitions({name: text})
        fs = types.SimpleNamespace(toks=M.Tokens(unit), directive_names=None)
        return M._address_only(fs, types.SimpleNamespace(get=defs.get), name)

    def test_container_of_wrappers(self):
        self.assertTrue(self.address_only('MSDOS_I', 'static inline struct m *MSDOS_I(struct inode *i)\n'
                                          '{\n\treturn container_of(i, struct m, vfs);\n}\n'))
        self.assertTrue(self.address_only('to_big', '#define to_big(p) container_of(p, struct big, s)\n'))
        self.assertTrue(self.address_only('to_big', '#define to_big(p) (container_of((p), struct big, s))\n'))

    def test_anything_more(self):
        self.assertFalse(self.address_only('BUMP', 'static inline struct m *BUMP(struct inode *i)\n'
                                           '{\n\ti->n++;\n\treturn container_of(i, struct m, vfs);\n}\n'))
        self.assertFalse(self.address_only('NEXT', 'static inline struct m *NEXT(struct inode *i)\n'
                                           '{\n\treturn container_of(step(i), struct m, vfs);\n}\n'))
        self.assertFalse(self.address_only('SET', '#define SET(p) container_of((p)->n = 0, struct m, vfs)\n'))
        self.assertFalse(self.address_only('WRITE_ONCE', '#define WRITE_ONCE(x, v) ((x) = (v))\n'))
        self.assertFalse(self.address_only('missing', ''))
        # what the container_of() is given: a parameter, nothing that may call
        self.assertFalse(self.address_only('P_I', 'static inline struct m *P_I(struct inode *i)\n'
                                           '{\n\treturn container_of((bump)(i), struct m, vfs);\n}\n'))
        self.assertFalse(self.address_only('O_I', '#define O_I(p) container_of(BUMPED, struct m, vfs)\n'))
        self.assertFalse(self.address_only('T_I', '#define T_I(p) container_of(p, p, vfs)\n'))

    def test_a_name_the_file_defines_again(self):
        wrapper = 'static inline struct m *W_I(struct inode *i)\n{\n\treturn container_of(i, struct m, vfs);\n}\n'
        self.assertTrue(self.address_only('W_I', wrapper, 'int f(struct inode *i) { return W_I(i)->n; }\n'))
        self.assertFalse(self.address_only('W_I', wrapper, '#undef W_I\n#define W_I bump\n'))
        self.assertFalse(self.address_only('W_I', wrapper, '#ifdef DEBUG\n#define W_I(i) checked(i)\n#endif\n'))


class EraTest(unittest.TestCase):
    """Which argument of an hlist iterator is its bucket, by era (node cursor before 3.9)."""

    def file(self, old=(), new=(), ops=()):
        return types.SimpleNamespace(old_iters=set(old), new_iters=set(new), ops=list(ops))

    def test_era_of_a_file(self):
        op = ((3, 1), 'hlist_for_each_entry', None)
        self.assertEqual(M.file_era(self.file()), None)
        self.assertEqual(M.file_era(self.file(ops=[op])), 'new')
        self.assertEqual(M.file_era(self.file(old=[(3, 1)], ops=[op])), 'old')
        self.assertEqual(M.file_era(self.file(old=[(3, 1)], new=[(9, 1)], ops=[op])), 'mixed')
        add = ((5, 1), 'hlist_add_head', None)          # the same in both eras
        self.assertEqual(M.file_era(self.file(old=[(3, 1)], ops=[op, add])), 'old')

    def test_bucket_argument(self):
        new, old = self.file(ops=[((1, 1), 'hlist_for_each_entry', None)]), self.file(old=[(1, 1)])
        self.assertEqual(M.walker_bucket(new, 'hlist_for_each_entry', 3), 1)
        self.assertEqual(M.walker_bucket(new, 'hlist_for_each_entry', 4), 2)
        self.assertEqual(M.walker_bucket(new, 'hlist_for_each_entry_safe', 5), 3)
        self.assertEqual(M.walker_bucket(new, 'hlist_for_each_entry', 2), None)
        # (pos, head, member, cond) since 5.4, (tpos, pos, head, member) before 3.9
        self.assertEqual(M.walker_bucket(new, 'hlist_for_each_entry_rcu', 4), 1)
        self.assertEqual(M.walker_bucket(old, 'hlist_for_each_entry_rcu', 4), 2)


class GateTest(unittest.TestCase):
    """The gate of a family of patch rules opens exactly when its kinds were approved."""

    def gate(self, approved, functions, *kinds):
        verdicts = cocci_python.module('verdicts')
        verdicts._CONVERTING['file'] = types.SimpleNamespace(
            path='f.c', approved=approved, functions=functions)
        try:
            return M.gate_function(*kinds)
        finally:
            verdicts._CONVERTING.clear()

    def test_open_on_a_matched_function(self):
        approved = {(7, 1): ('op', ('t', 'k')), (9, 1): ('del', None)}
        functions = {'lookup': (5, 0), 'add': (12, 0)}
        self.assertEqual(self.gate(approved, functions, 'op'), 'add')
        self.assertEqual(self.gate(approved, functions, 'init', 'del'), 'add')

    def test_shut_when_nothing_of_its_kinds_is_approved(self):
        approved = {(7, 1): ('op', ('t', 'k'))}
        self.assertEqual(self.gate(approved, {'add': (12, 0)}, 'retype'), M.NO_SUCH_FUNCTION)

    def test_no_function_to_open_it_abandons_the_file(self):
        with self.assertRaisesRegex(RuntimeError, 'left unchanged'):
            self.gate({(7, 1): ('op', ('t', 'k'))}, {}, 'op')


class SharedMacrosTest(unittest.TestCase):
    def test_only_the_headers_of_the_files_own_shared_tables_count(self):
        from unittest import mock
        analysis = cocci_python.module('analysis')
        tables = {'mine': dict(name='mine', macros={'M_BITS': ['4']}, fields={'key': ['u32']}),
                  'other': dict(name='other', macros={'O_BITS': ['9']},
                                fields={'bucket': ['unsigned int']})}
        facts = dict(tables=tables, files={'a.c': dict(tables=['mine'], macros={'F': ['1']})})
        fs = types.SimpleNamespace(path='a.c', macros={}, field_types={},
                                   local_fields={'bucket', 'key'})
        with mock.patch.object(analysis, '_SHARED', tables), mock.patch.object(analysis, '_FACTS', facts):
            analysis.shared_macros(fs)
        self.assertEqual(fs.macros, {'M_BITS': ['4'], 'F': ['1']})
        self.assertEqual(fs.field_types, {'key': {'u32'}})
        # a field of a header struct of another table (its cursor "bucket") stays the file's
        self.assertEqual(fs.local_fields, {'bucket'})


if __name__ == '__main__':
    unittest.main()


class InjectiveTest(unittest.TestCase):
    """A fold that goes with its helper's hash must be one-to-one in the key."""

    def fold(self, text, keeps=lambda t: t.split() == ['u32'], values=None, v_type='u32',
             macros=None):
        toks = M.Tokens(text)
        # w: another local of the helper, which the fold may not read as a constant
        return M.injective(M.Parser(toks.text).parse(), {'v'}, toks, keeps, values, {'v', 'w'},
                           {'v': v_type, 'w': 'u32'}, macros)

    def test_one_to_one(self):
        for text in ('v', 'v + 7', 'KEY_SALT ^ v', '-v', '~v', 'v * 0x45d9f3bu',
                     'v ^ (v >> 16)', '(v << 5) ^ v', '(v ^ (v >> 16)) * 0x45d9f3b + 7',
                     '(u32)v * 3', 'v * PRIME'):
            with self.subTest(text):
                self.assertEqual(self.fold(text, values={'PRIME': '4294967291UL'}), 'one-to-one')

    def test_keys_that_differ_may_share_the_value(self):
        for text in ('v >> 12', 'v / 8', 'v & 0xff', 'v % 7', 'v | 1', 'v * 4', 'v << 3',
                     '(v >> 3) + v', 'v ^ (v >> 0)', 'v ^ (w >> 4)', '(u16)v', '(u8)v * 3',
                     'v * PRIME', 'v ^ v', 'f(v)', 'v - w', 'w + 1'):
            with self.subTest(text):
                self.assertIsNone(self.fold(text))

    def test_a_signed_xorshift_is_not_one_to_one(self):
        # -1 ^ (-1 >> 3) == 0 ^ (0 >> 3): >> copies the sign bit
        self.assertIsNone(self.fold('v ^ (v >> 3)', v_type='int'))
        self.assertEqual(self.fold('v ^ (v << 3)', v_type='int'), 'one-to-one')
        self.assertEqual(self.fold('(u32)v ^ ((u32)v >> 3)', v_type='int'), 'one-to-one')

    def test_a_macro_that_reads_a_variable_is_no_constant(self):
        self.assertIsNone(self.fold('v - PAGE_OFF', macros={'PAGE_OFF': ['(v & 0xfff)']}))
        self.assertEqual(self.fold('v - SALT', macros={'SALT': ['0x1234']}), 'one-to-one')

    def test_constants(self):
        self.assertEqual(self.fold('BITS + 1'), 'const')
        self.assertEqual(self.fold('ARRAY_SIZE(tab)'), 'const')


class UnknownArgumentNumbersTest(unittest.TestCase):
    def test_each_file_numbers_its_untyped_arguments_from_one(self):
        # (the numbers were per spatch process: a refusal read otherwise by the files
        # spatch had read before it)
        d = M.Definition('mix', 'function', M.Tokens('int x;'), [('a', 'int'), ('b', 'unsigned int')],
                         (0, 0))
        M.restart_unknown_numbers()
        self.assertEqual(M.converted_arguments(d, [None, 'u32']), ' from (a: ?1)')
        self.assertEqual(M.converted_arguments(d, [None, None]), ' from (a: ?2, b: ?3)')
        M.restart_unknown_numbers()
        self.assertEqual(M.converted_arguments(d, ['char', None]), ' from (a: char, b: ?1)')
