"""semantic-patches/declare_hashtable.cocci and the stage that runs it (fields.py).

ToolDeclaresInItsFileTest runs the whole tool on a member table of a .c file,
where the size macro becomes the bits macro the field names.

The rule rewrites the member tables named in HASHTABLE_CONVERT_FIELDS to
DECLARE_HASHTABLE() in every struct shape it knows (testdata/declare/fields.res),
leaves alone a member named twice in a file and a header it cannot add the
include to; the stage puts that include after the last <linux/...> include
outside every #if; a second run changes nothing, and every struct keeps its layout:
the program prints the same sizes and offsets before and after.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tool'))

from hashtable_convert import fields                      # noqa: E402
from hashtable_convert.model import Table                 # noqa: E402
from hashtable_convert.transform import Spatch            # noqa: E402

DATA = os.path.join(ROOT, 'testdata', 'declare')
SANITIZE = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-g']


def declare(directory, facts='fields.json'):
    """The stage of the tool (fields.declare()): the rule, then the include it needs."""
    wanted = {}
    if facts:
        with open(os.path.join(directory, facts)) as f:
            wanted = json.load(f)
    done = fields.declare(directory, wanted, {}, Spatch())
    for rel, text in done.new_texts.items():
        with open(os.path.join(directory, rel), 'w') as f:
            f.write(text)
    return done


def read(path):
    with open(path) as f:
        return f.read()


def layout(directory, out):
    subprocess.run(['gcc', '-Wall', '-Wextra', '-Werror'] + SANITIZE +
                   ['-I', os.path.join(ROOT, 'include'), 'fields.c', '-o', out],
                   cwd=directory, check=True)
    return subprocess.run([out], stdout=subprocess.PIPE, universal_newlines=True,
                          check=True).stdout


class DeclareRuleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = os.path.join(cls.tmp.name, 'declare')
        shutil.copytree(DATA, cls.dir)
        cls.before = layout(cls.dir, os.path.join(cls.tmp.name, 'before'))
        declare(cls.dir)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_result_is_the_expected_file(self):
        self.assertEqual(read(os.path.join(self.dir, 'fields.c')),
                         read(os.path.join(DATA, 'fields.res')))

    def test_header_without_an_include_to_follow_is_left_alone(self):
        self.assertEqual(read(os.path.join(self.dir, 'bare.h')), read(os.path.join(DATA, 'bare.h')))

    def test_include_goes_after_the_last_one_outside_every_if(self):
        # after one inside #ifdef CONFIG_X, a build without X would lack it
        self.assertEqual(read(os.path.join(self.dir, 'guarded.h')),
                         read(os.path.join(DATA, 'guarded.res')))

    def test_layout_is_unchanged(self):
        self.assertEqual(layout(self.dir, os.path.join(self.tmp.name, 'after')), self.before)

    def test_second_run_changes_nothing(self):
        again = os.path.join(self.tmp.name, 'again')
        shutil.copytree(self.dir, again)
        declare(again)
        self.assertEqual(read(os.path.join(again, 'fields.c')), read(os.path.join(DATA, 'fields.res')))

    def test_nothing_named_nothing_changed(self):
        alone = os.path.join(self.tmp.name, 'alone')
        shutil.copytree(DATA, alone)
        declare(alone, facts=None)
        self.assertEqual(read(os.path.join(alone, 'fields.c')), read(os.path.join(DATA, 'fields.c')))


class DeclareMemoTest(unittest.TestCase):
    """fields.declare() with a memo: a file with the text and fields it was declared with
    before is not given to spatch again (a pass begun early, beside a round of spatch,
    serves the one after it); another text or other fields are."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        with open(os.path.join(DATA, 'fields.json')) as f:
            self.wanted = {'fields.c': json.load(f)['fields.c']}
        self.text = read(os.path.join(DATA, 'fields.c'))
        # a spatch that cannot run: only the memo can give a result
        self.broken = Spatch(program=os.path.join(self.tmp.name, 'no-spatch'))

    def test_the_same_file_comes_from_the_memo(self):
        memo = {}
        first = fields.declare(DATA, self.wanted, {'fields.c': self.text}, Spatch(), memo)
        self.assertEqual(first.new_texts['fields.c'], read(os.path.join(DATA, 'fields.res')))
        again = fields.declare(DATA, self.wanted, {'fields.c': self.text}, self.broken, memo)
        self.assertEqual(again.note, '')
        self.assertEqual(again.new_texts, first.new_texts)
        self.assertEqual(again.fields, first.fields)

    def test_another_text_or_other_fields_run_spatch(self):
        memo = {}
        fields.declare(DATA, self.wanted, {'fields.c': self.text}, Spatch(), memo)
        other = fields.declare(DATA, self.wanted, {'fields.c': self.text + '\n'}, self.broken, memo)
        self.assertIn('cannot run', other.note)
        self.assertEqual(other.new_texts, {})
        fewer = {'fields.c': dict(list(self.wanted['fields.c'].items())[:1])}
        other = fields.declare(DATA, fewer, {'fields.c': self.text}, self.broken, memo)
        self.assertIn('cannot run', other.note)

    def test_a_failed_run_is_not_remembered(self):
        memo = {}
        fields.declare(DATA, self.wanted, {'fields.c': self.text}, self.broken, memo)
        self.assertEqual(memo, {})


class WarmDeclareTest(unittest.TestCase):
    """fields.WarmDeclare: the rule begun before its fields are known (compiling its
    OCaml script takes spatch a second) gives what a run begun with them gives; the
    files it has are a superset, and it is used once; ended unused, it leaves nothing."""

    def setUp(self):
        with open(os.path.join(DATA, 'fields.json')) as f:
            self.wanted = {'fields.c': json.load(f)['fields.c']}
        self.before = {'fields.c': read(os.path.join(DATA, 'fields.c'))}

    def test_it_gives_what_a_run_begun_with_the_fields_gives(self):
        warm = fields.WarmDeclare(['fields.c', 'other.h', 'sub/more.h'], Spatch(jobs=2))
        self.assertTrue(warm.covers(self.wanted))
        done = fields.declare(DATA, self.wanted, self.before, Spatch(program='no-spatch'),
                              warm=warm)
        cold = fields.declare(DATA, self.wanted, self.before, Spatch())
        self.assertEqual(done.note, '')
        self.assertEqual(done.new_texts['fields.c'], read(os.path.join(DATA, 'fields.res')))
        self.assertEqual((done.new_texts, done.fields), (cold.new_texts, cold.fields))
        self.assertFalse(os.path.exists(warm.scratch))
        self.assertFalse(warm.covers(self.wanted))          # used once

    def test_fields_of_a_file_it_lacks_run_spatch_anew(self):
        warm = fields.WarmDeclare(['other.h'], Spatch())
        self.addCleanup(warm.close)
        self.assertFalse(warm.covers(self.wanted))
        done = fields.declare(DATA, self.wanted, self.before, Spatch(program='no-spatch'),
                              warm=warm)
        self.assertIn('cannot run no-spatch', done.note)

    def test_ended_unused_it_stops_and_leaves_nothing(self):
        warm = fields.WarmDeclare(['fields.c'], Spatch())
        started = time.monotonic()
        warm.close()
        self.assertLess(time.monotonic() - started, 30)
        self.assertFalse(warm.thread.is_alive())
        self.assertFalse(os.path.exists(warm.scratch))
        warm.close()                                     # again: nothing to do

    def test_interrupted_while_it_runs_it_stops_and_leaves_nothing(self):
        warm = fields.WarmDeclare(['fields.c'], Spatch())
        join = warm.thread.join
        interrupts = [KeyboardInterrupt()]

        def interrupted(*args):          # Ctrl-C while run() waits for spatch
            if interrupts:
                raise interrupts.pop()
            return join(*args)
        warm.thread.join = interrupted
        with self.assertRaises(KeyboardInterrupt):
            warm.run(self.wanted, self.before)
        self.assertFalse(warm.thread.is_alive())
        self.assertFalse(os.path.exists(warm.scratch))

    def test_the_rule_stops_waiting_when_the_process_to_write_the_fields_is_gone(self):
        # the tool killed outright: spatch would wait an hour for fields that never come
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, 'a.h'), 'w') as f:
                f.write('')
            writer = subprocess.Popen(['sleep', '4'])
            env = dict(os.environ, HASHTABLE_CONVERT_FIELDS=os.path.join(tmp, 'fields.json'),
                       HASHTABLE_CONVERT_FIELDS_WAIT='3600',
                       HASHTABLE_CONVERT_FIELDS_WRITER=str(writer.pid))
            spatch = subprocess.Popen(['spatch', '--very-quiet', '-D', 'patch', '--sp-file',
                                       fields.RULE, '--no-includes', 'a.h'], cwd=tmp, env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                time.sleep(2.5)                         # its OCaml compiled by then
                self.assertIsNone(spatch.poll())        # waits while the writer lives
                writer.wait()
                self.assertEqual(spatch.wait(60), 0)
            finally:
                spatch.kill()
                spatch.wait()


class ToolDeclaresInItsFileTest(unittest.TestCase):
    """The tool on a member table of its own .c file (testdata/declare/in_file.c): the
    field becomes DECLARE_HASHTABLE(buckets, CACHE_BITS), the size macro the bits
    macro; the program's output under ASan and UBSan is the same, a second run
    changes nothing."""

    def convert_in_place(self, name):
        """The tool over a tree of testdata/declare/NAME.c alone: it becomes NAME.res, the
        program prints the same, a second run changes nothing."""
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            os.makedirs(tree)
            shutil.copy(os.path.join(DATA, name + '.c'), tree)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            before = run_program(tree, os.path.join(tmp, 'before'), name + '.c')
            tool = [sys.executable, os.path.join(ROOT, 'tool', 'hashtable-convert'), '-q',
                    '--check', 'header']
            r = subprocess.run(tool + ['--in-place', tree], stderr=subprocess.PIPE,
                               universal_newlines=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(read(os.path.join(tree, name + '.c')),
                             read(os.path.join(DATA, name + '.res')))
            self.assertEqual(run_program(tree, os.path.join(tmp, 'after'), name + '.c'), before)
            again = subprocess.run(tool + [tree], stdout=subprocess.PIPE, universal_newlines=True)
            self.assertEqual(again.stdout, '')

    def test_in_file_member(self):
        self.convert_in_place('in_file')

    def test_in_file_member_used_through_the_api(self):
        # hash_add() and the rest on c->tbl already; only the field changes
        self.convert_in_place('in_file_api')

    def test_api_member_without_ocaml_is_refused_with_the_reason(self):
        # nothing but the field would change, and it cannot be written without OCaml:
        # the table is refused, not reported converted with no change
        with tempfile.TemporaryDirectory() as tmp:
            tree, bin_dir = os.path.join(tmp, 'tree'), os.path.join(tmp, 'bin')
            os.makedirs(tree)
            os.makedirs(bin_dir)
            for program in ('spatch', 'rg', 'grep', 'nice'):
                if shutil.which(program):
                    os.symlink(shutil.which(program), os.path.join(bin_dir, program))
            # spatch finds its Python library through the python3 of PATH (Debian's)
            os.symlink('/usr/bin/python3' if os.path.exists('/usr/bin/python3') else sys.executable,
                       os.path.join(bin_dir, 'python3'))
            shutil.copy(os.path.join(DATA, 'in_file_api.c'), tree)
            os.makedirs(os.path.join(tree, '.git'))
            report = os.path.join(tmp, 'report.json')
            r = subprocess.run([sys.executable, os.path.join(ROOT, 'tool', 'hashtable-convert'),
                                '-q', '--check', 'none', '--json', report, tree],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True, env=dict(os.environ, PATH=bin_dir))
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout, '')
            with open(report) as f:
                [table] = json.load(f)['tables']
            self.assertEqual(table['verdict'], 'skipped')
            self.assertTrue(table['reasons'][0].startswith(
                'its files use <linux/hashtable.h> on it already'), table['reasons'])

    def test_aligned_member_keeps_its_field_and_size(self):
        # DECLARE_HASHTABLE() cannot carry the alignment: the field stays an array, and
        # so does its size macro (the rule leaves such a table alone today)
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            os.makedirs(tree)
            text = read(os.path.join(DATA, 'in_file.c')).replace(
                'struct hlist_head buckets[CACHE_SIZE];',
                'struct hlist_head buckets[CACHE_SIZE] __attribute__((aligned(64)));')
            with open(os.path.join(tree, 'in_file.c'), 'w') as f:
                f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            before = run_program(tree, os.path.join(tmp, 'before'))
            r = subprocess.run([sys.executable, os.path.join(ROOT, 'tool', 'hashtable-convert'),
                                '-q', '--check', 'header', '--in-place', tree],
                               stderr=subprocess.PIPE, universal_newlines=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            after = read(os.path.join(tree, 'in_file.c'))
            self.assertIn('struct hlist_head buckets[CACHE_SIZE] __attribute__((aligned(64)));', after)
            self.assertIn('#define CACHE_SIZE\t16', after)
            self.assertEqual(run_program(tree, os.path.join(tmp, 'after')), before)


class HeaderCheckTest(unittest.TestCase):
    """testdata/declare/header_check: two headers, each with a member table that a.c
    converts. b.c includes t.h and has a function named hash_add(), which the
    <linux/hashtable.h> a DECLARE_HASHTABLE() field brings would break: t.h keeps its
    array (a note says why), u.h gets its field; the program prints the same."""

    def test_a_header_that_breaks_an_includer_keeps_its_array(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            shutil.copytree(os.path.join(DATA, 'header_check'), tree)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            before = run_files(tree, ['a.c', 'b.c', 'c.c'], os.path.join(tmp, 'before'))
            report = os.path.join(tmp, 'report.json')
            r = subprocess.run([sys.executable, os.path.join(ROOT, 'tool', 'hashtable-convert'),
                                '-q', '--check', 'header', '--in-place', '--json', report, tree],
                               stderr=subprocess.PIPE, universal_newlines=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(report) as f:
                data = json.load(f)
            self.assertEqual(read(os.path.join(tree, 'include/demo/t.h')),
                             read(os.path.join(DATA, 'header_check/include/demo/t.h')))
            self.assertIn('\tDECLARE_HASHTABLE(ubl, U_BITS);\n',
                          read(os.path.join(tree, 'include/demo/u.h')))
            self.assertEqual(len(data['notes']), 1, data['notes'])
            self.assertTrue(data['notes'][0].startswith(
                'include/demo/t.h keeps struct hlist_head tbl[]: DECLARE_HASHTABLE() there '
                'breaks b.c, which includes it: build fails after the change: b.c:'),
                data['notes'])
            self.assertEqual(sorted((t['name'], t['verdict']) for t in data['tables']),
                             [('tbl', 'converted'), ('ubl', 'converted')])
            self.assertIn('hash_add(tc.tbl, &it->node, it->key);', read(os.path.join(tree, 'a.c')))
            self.assertEqual(run_files(tree, ['a.c', 'b.c', 'c.c'], os.path.join(tmp, 'after')),
                             before)


class ApiOnlyTest(unittest.TestCase):
    """testdata/declare/api_only: two member tables of a header, filled with hash_add()
    in a.c (code half converted to <linux/hashtable.h>). b.c reads vtbl with
    hash_for_each_possible(): only its field changes, to DECLARE_HASHTABLE(). b.c reads
    wtbl by a masked bucket, where hash_add() did not put the entries: converting it
    would change what the program finds, so it stays; the program prints the same."""

    def test_only_the_field_of_a_table_used_through_the_api_changes(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            shutil.copytree(os.path.join(DATA, 'api_only'), tree)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            before = run_files(tree, ['a.c', 'b.c'], os.path.join(tmp, 'before'))
            report = os.path.join(tmp, 'report.json')
            r = subprocess.run([sys.executable, os.path.join(ROOT, 'tool', 'hashtable-convert'),
                                '-q', '--check', 'header', '--in-place', '--json', report, tree],
                               stderr=subprocess.PIPE, universal_newlines=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(report) as f:
                tables = {t['name']: t for t in json.load(f)['tables']}
            self.assertEqual(tables['vtbl']['verdict'], 'converted')
            self.assertTrue(tables['vtbl']['declared'])
            self.assertEqual(tables['wtbl']['verdict'], 'skipped')
            self.assertIn('the index is computed in different ways in different files: and, api',
                          tables['wtbl']['reasons'])
            header = read(os.path.join(tree, 'include/demo/v.h'))
            self.assertIn('\tDECLARE_HASHTABLE(vtbl, V_BITS);\n', header)
            self.assertIn('\tstruct hlist_head wtbl[W_SIZE];\n', header)
            for unchanged in ('a.c', 'b.c'):
                self.assertEqual(read(os.path.join(tree, unchanged)),
                                 read(os.path.join(DATA, 'api_only', unchanged)))
            self.assertEqual(run_files(tree, ['a.c', 'b.c'], os.path.join(tmp, 'after')), before)


def run_files(tree, files, out):
    subprocess.run(['gcc', '-Wall', '-Wextra', '-Werror'] + SANITIZE +
                   ['-I', os.path.join(ROOT, 'include'), '-I', 'include'] + files + ['-o', out],
                   cwd=tree, check=True)
    return subprocess.run([out], stdout=subprocess.PIPE, universal_newlines=True,
                          check=True).stdout


def run_program(tree, out, source='in_file.c'):
    subprocess.run(['gcc', '-Wall', '-Wextra', '-Werror'] + SANITIZE +
                   ['-I', os.path.join(ROOT, 'include'), source, '-o', out],
                   cwd=tree, check=True)
    return subprocess.run([out], stdout=subprocess.PIPE, universal_newlines=True,
                          check=True).stdout


class WantedFieldsTest(unittest.TestCase):
    """Which converted tables the stage asks the rule to declare."""

    def tree(self, tmp, header, source=''):
        os.makedirs(os.path.join(tmp, 'include', 'demo'))
        with open(os.path.join(tmp, 'include', 'demo', 'limits.h'), 'w') as f:
            f.write('#define FAR_BITS 5\n')
        with open(os.path.join(tmp, 'include', 'demo', 't.h'), 'w') as f:
            f.write(header)
        with open(os.path.join(tmp, 'a.c'), 'w') as f:
            f.write(source)

    def table(self, name, bits, shared=True, line=4, verdict='converted'):
        return Table(name, 'include/demo/t.h' if shared else 'a.c', line, 'member', 'N',
                     bits=bits, verdict=verdict, shared=shared)

    def test_bits_must_name_macros_defined_above_the_field(self):
        fields = ''.join('\tstruct hlist_head %s[16];\n' % n
                         for n in ('near', 'far', 'late', 'lit', 'gone'))
        header = ('#include "demo/limits.h"\n#define NEAR_BITS 4\nstruct s {\n' + fields +
                  '};\n#define LATE_BITS 4\n')
        with tempfile.TemporaryDirectory() as tmp:
            self.tree(tmp, header)
            tables = [self.table('near', 'NEAR_BITS'), self.table('far', 'FAR_BITS'),
                      self.table('late', 'LATE_BITS'), self.table('lit', '4'),
                      self.table('gone', 'NOWHERE_BITS')]
            got = fields_of(tmp, tables)
        self.assertEqual(got, {'include/demo/t.h': {'near': 'NEAR_BITS', 'far': 'FAR_BITS',
                                                    'lit': '4'}})

    def test_bits_the_fields_own_size_reaches_are_named_there(self):
        # the header uses OUTER_BITS in its size without including where it is defined
        # (its includers do): the field compiles, so OUTER_BITS is defined at it
        # (under its include guard); not a size under #if, an #ifndef default that an
        # includer may have defined first (a review's), or one #undef'd later
        header = ('#ifndef T_H\n#define T_H\n#define REACH_SIZE (1 << OUTER_BITS)\n'
                  '#ifdef TWO\n#define TWO_SIZE (1 << OUTER_BITS)\n#else\n'
                  '#define TWO_SIZE (1 << OTHER_BITS)\n#endif\n'
                  '#ifndef DEF_SIZE\n#define DEF_SIZE (1 << OUTER_BITS)\n#endif\n'
                  '#define GONE_SIZE (1 << OUTER_BITS)\n#define UNIT_SIZE (OUTER_UNIT << OUTER_BITS)\n'
                  '#define ONE_SIZE (1UL << OUTER_BITS)\nstruct s {\n'
                  '\tstruct hlist_head reach[REACH_SIZE];\n\tstruct hlist_head plain[32];\n'
                  '\tstruct hlist_head two[TWO_SIZE];\n\tstruct hlist_head def[DEF_SIZE];\n'
                  '\tstruct hlist_head gone[GONE_SIZE];\n\tstruct hlist_head unit[UNIT_SIZE];\n'
                  '\tstruct hlist_head one[ONE_SIZE];\n};\n#undef GONE_SIZE\n#endif\n')
        # (and not a size that names more than the bits: OUTER_UNIT may be 2 and OUTER_BITS
        # 3 in another includer, the same 16 buckets with other bits; a review's)
        with tempfile.TemporaryDirectory() as tmp:
            self.tree(tmp, header)
            tables = [Table(name, 'include/demo/t.h', line, 'member', size, bits='OUTER_BITS',
                            verdict='converted', shared=True)
                      for name, line, size in (('reach', 16, 'REACH_SIZE'), ('plain', 17, '32'),
                                               ('two', 18, 'TWO_SIZE'), ('def', 19, 'DEF_SIZE'),
                                               ('gone', 20, 'GONE_SIZE'), ('unit', 21, 'UNIT_SIZE'),
                                               ('one', 22, 'ONE_SIZE'))]
            got = fields_of(tmp, tables)
        self.assertEqual(got, {'include/demo/t.h': {'reach': 'OUTER_BITS', 'one': 'OUTER_BITS'}})

    def test_an_ifndef_default_first_in_a_header_is_no_include_guard(self):
        # (a review's) no guard: the default closes before the struct, which an
        # includer that defined OUTER_SIZE first reads without OUTER_BITS
        for header in ('#ifndef OUTER_SIZE\n#define OUTER_SIZE (1 << OUTER_BITS)\n#endif\n'
                       'struct s {\n\tstruct hlist_head heads[OUTER_SIZE];\n};\n',
                       '#ifndef OUTER_SIZE\n#define OUTER_SIZE (1 << OUTER_BITS)\n'
                       'struct s {\n\tstruct hlist_head heads[OUTER_SIZE];\n};\n#endif\n'
                       'struct after;\n'):
            with tempfile.TemporaryDirectory() as tmp:
                self.tree(tmp, header)
                table = Table('heads', 'include/demo/t.h', header.split('\n').index(
                    '\tstruct hlist_head heads[OUTER_SIZE];') + 1, 'member', 'OUTER_SIZE',
                    bits='OUTER_BITS', verdict='converted', shared=True)
                self.assertEqual(fields_of(tmp, [table]), {}, header)

    def test_only_plain_fields_of_converted_members_with_bits(self):
        header = ('struct s {\n\tint x;\n\tstruct hlist_head ok[16];\n'
                  '\tstruct hlist_head aligned[16] __aligned(64);\n'
                  '\tconst struct hlist_head konst[16];\n'
                  '\tstruct hlist_head two[16], spare[2];\n'
                  '\tstruct hlist_head skipped[16];\n\tstruct hlist_head nobits[16];\n'
                  '\tstruct hlist_head refused[16];\n};\n'
                  'typedef struct { struct hlist_head ok2[4]; } t1;\n'
                  'typedef struct { struct hlist_head ok2[4]; } t2;\n')
        with tempfile.TemporaryDirectory() as tmp:
            self.tree(tmp, header, 'struct c { struct hlist_head local[16]; };\n')
            tables = [self.table(n, '4') for n in ('ok', 'aligned', 'konst', 'two', 'ok2')]
            tables += [self.table('skipped', '4', verdict='skipped'), self.table('nobits', None),
                       self.table('refused', '4'), self.table('local', 'L_BITS', shared=False)]
            static = Table('st', 'a.c', 3, 'static', 'N', bits='4', verdict='converted')
            got = fields_of(tmp, tables + [static], {('include/demo/t.h', 'refused')})
        # aligned, const, a second declarator: DECLARE_HASHTABLE() would drop them;
        # ok2 is a field of two structs of that header
        self.assertEqual(got, {'a.c': {'local': 'L_BITS'}, 'include/demo/t.h': {'ok': '4'}})

    def test_a_field_after_a_preprocessor_line_is_plain_unless_in_a_macro(self):
        # bnxt.h: #define lines between the fields
        self.assertTrue(fields.plain_field('struct s {\n\tint x;\n#define S_SIZE 16\n'
                                           '\tstruct hlist_head t[S_SIZE];\n};\n', 't'))
        self.assertTrue(fields.plain_field('struct s {\n#ifdef X\n'
                                           '\tstruct hlist_head t[16];\n#endif\n};\n', 't'))
        # the last line of a macro body is no field
        self.assertFalse(fields.plain_field('#define S_FIELDS \\\n'
                                            '\tstruct hlist_head t[16];\n', 't'))
        self.assertFalse(fields.plain_field('struct s {\n#define A 1\n'
                                            '\tstruct hlist_head t[16] __aligned(8);\n};\n', 't'))


def fields_of(root, tables, refused=frozenset()):
    return fields.wanted(root, tables, {}, set(refused))


if __name__ == '__main__':
    unittest.main()
