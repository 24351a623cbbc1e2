"""tool/hashtable-convert end to end: the sample tree, and bad input.

The sample tree (testdata/sample-tree, see its README) is a program whose
tables span files. Its output under ASan and UBSan must be the same before and
after the conversion, the conversion must reach every file of a shared table,
the file whose check fails must stay as it was, and a second run must find
nothing to do. The same result must come from --in-place, from the diff with
patch -p1, and from the --format-patch series with git am.
"""
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, 'tool', 'hashtable-convert')
SAMPLE = os.path.join(ROOT, 'testdata', 'sample-tree')
CASES = os.path.join(ROOT, 'testdata', 'cases')
SANITIZE = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-g']


def run_tool(*args, cwd=None, quiet=True):
    return subprocess.run([sys.executable, TOOL, '-j', '2'] + (['--quiet'] if quiet else []) +
                          list(args), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def build_and_run(tree, out):
    sources = sorted(os.path.join(d, f) for d, _, fs in os.walk(tree) for f in fs if f.endswith('.c'))
    subprocess.run(['gcc', '-Wall', '-Wextra', '-Werror'] + SANITIZE +
                   ['-I', os.path.join(ROOT, 'include'), '-I', os.path.join(tree, 'include')] +
                   sources + ['-o', out], check=True)
    proc = subprocess.run([out], stdout=subprocess.PIPE, universal_newlines=True, check=True)
    return proc.stdout


def run_on_tree(files, *options):
    """Write files (path -> text) as a git tree, run the tool over it with options and a
    --json report; return the run and the tables of its report."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, 'tree')
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            with open(os.path.join(tree, rel), 'w') as f:
                f.write(text)
        subprocess.run(['git', 'init', '-q', tree], check=True)
        report = os.path.join(tmp, 'report.json')
        r = run_tool(*options, '--json', report, tree)
        with open(report) as f:
            return r, json.load(f)['tables']


def one_table_of_tree(files):
    """Run the tool over files (see run_on_tree()) with --check none and return the one
    table of its report (the run must change nothing)."""
    r, tables = run_on_tree(files, '--check', 'none')
    assert r.returncode == 0, r.stderr
    assert r.stdout == '', r.stdout
    [table] = tables
    return table


def snapshot(tree):
    out = {}
    for d, _, fs in os.walk(tree):
        if '.git' in d.split(os.sep):
            continue
        for f in fs:
            p = os.path.join(d, f)
            with open(p) as fh:
                out[os.path.relpath(p, tree)] = fh.read()
    return out


class SampleTreeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.tree = os.path.join(cls.tmp.name, 'tree')
        shutil.copytree(SAMPLE, cls.tree)
        cls.original = snapshot(cls.tree)
        cls.before = build_and_run(cls.tree, os.path.join(cls.tmp.name, 'before'))
        cls.json = os.path.join(cls.tmp.name, 'report.json')
        cls.series = os.path.join(cls.tmp.name, 'series')
        cls.result = run_tool('--in-place', '--check', 'header', '--json', cls.json,
                              '--format-patch', cls.series, '--root', cls.tree, cls.tree)
        with open(cls.json) as f:
            cls.report = json.load(f)
        # by key: two tables are called by_id (members of struct peer_set and flow_table)
        cls.tables = {t['key'] or t['name']: t for t in cls.report['tables']}
        cls.converted = snapshot(cls.tree)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_exit_status_says_a_check_failed(self):
        self.assertEqual(self.result.returncode, 1, self.result.stderr)
        self.assertEqual(self.result.stdout, '')      # --in-place prints no diff

    def test_verdicts(self):
        verdicts = {n: t['verdict'] for n, t in self.tables.items()}
        # by_id although quota.h has a member by_id (quota/quota.c uses that one)
        self.assertEqual(verdicts, {'session_hash': 'converted', 'by_port': 'converted',
                                    'cache_table': 'converted', 'stats_table': 'converted',
                                    'by_id@peer_set': 'converted', 'by_id@flow_table': 'skipped',
                                    'by_port_nr': 'converted', 'trace_hash': 'converted',
                                    'by_index': 'converted', 'registry_hash': 'skipped', 'by_dst': 'skipped',
                                    'legacy_table': 'skipped'})
        self.assertIn('EXPORT_SYMBOL', self.tables['registry_hash']['reasons'][0])
        self.assertIn('hash_add', self.tables['legacy_table']['reasons'][0])

    def test_shared_tables_convert_in_every_file(self):
        self.assertEqual(self.tables['session_hash']['files'],
                         ['session/dump.c', 'session/lookup.c', 'session/session.c'])
        self.assertEqual(self.tables['by_port']['files'], ['conn/conn.c', 'conn/lookup.c'])
        for name in ('session/dump.c', 'session/lookup.c', 'session/session.c',
                     'conn/conn.c', 'conn/lookup.c'):
            self.assertNotIn('hlist_add_head', self.converted[name])
            self.assertIn('#include <linux/hashtable.h>', self.converted[name])
        self.assertIn('DEFINE_HASHTABLE(session_hash, SESSION_HASH_BITS);',
                      self.converted['session/session.c'])
        # an extern declaration stays: it is a valid hashtable.h table
        self.assertEqual(self.converted['include/demo/session.h'],
                         self.original['include/demo/session.h'])

    def test_member_of_a_header_becomes_declare_hashtable(self):
        # used from three files; its size is BIT() of a macro two headers away, whose
        # name the field takes
        self.assertEqual(self.tables['by_id@peer_set']['files'],
                         ['peer/dump.c', 'peer/lookup.c', 'peer/peer.c', 'include/demo/peer.h'])
        self.assertEqual(self.converted['quota/quota.c'], self.original['quota/quota.c'])
        self.assertTrue(self.tables['by_id@peer_set']['declared'])
        header = self.converted['include/demo/peer.h']
        self.assertIn('\tDECLARE_HASHTABLE(by_id, PEER_HASH_BITS);\n', header)
        self.assertNotIn('struct hlist_head by_id', header)
        self.assertIn('#include <linux/list.h>\n#include <linux/hashtable.h>\n', header)
        self.assertEqual(self.report['counts']['declared'], 3)     # peer, link, slot

    def test_header_helper_that_picks_the_hash_min_bucket_stays(self):
        # link.h indexes by_port_nr in link_head() with hash_32() of the port and the
        # table's bits: the bucket hash_min() picks. link.c converts through it, and so
        # does find.c, which names no table and only calls it; link.h's own link_has()
        # keeps calling it, and still finds what hash_add() added
        # (test_program_output_is_unchanged: "links: 51")
        self.assertEqual(self.tables['by_port_nr']['files'],
                         ['link/find.c', 'link/link.c', 'include/demo/link.h'])
        self.assertIn('\thash_for_each_possible(set->by_port_nr, l, node, port)\n',
                      self.converted['link/find.c'])
        header = self.converted['include/demo/link.h']
        self.assertIn('\treturn &set->by_port_nr[hash_32(port, LINK_HASH_BITS)];\n', header)
        self.assertIn('\thlist_for_each_entry(l, link_head(set, port), node)\n', header)
        self.assertIn('\tDECLARE_HASHTABLE(by_port_nr, LINK_HASH_BITS);\n', header)
        self.assertIn('\thash_add(set->by_port_nr, &l->node, l->port);\n',
                      self.converted['link/link.c'])
        self.assertEqual(self.tables['by_port_nr']['kept_helpers'],
                         ['link_head() (include/demo/link.h:24)'])
        self.assertIn('links: 51 ', self.before)
        patch = [n for n in os.listdir(self.series) if 'by_port_nr' in n]
        with open(os.path.join(self.series, patch[0])) as f:
            self.assertIn('link_head() (include/demo/link.h:24) stays as it is', f.read())

    def test_header_helper_that_picks_its_bucket_its_own_way_stays_with_its_calls(self):
        # slot.h's slot_head() masks the index: slot.c keeps calling it to add, the header's
        # slot_find() to look up, and only what picks no bucket by key converts
        # (test_program_output_is_unchanged: "slots: 534")
        table = self.tables['by_index']
        self.assertEqual(table['files'], ['slot/slot.c', 'slot/sum.c', 'include/demo/slot.h'])
        self.assertEqual(table['own_bucket_helpers'], ['slot_head() (include/demo/slot.h:28)'])
        slot, header = self.converted['slot/slot.c'], self.converted['include/demo/slot.h']
        self.assertIn('\thash_init(set->by_index);\n', slot)
        self.assertIn('\thlist_add_head(&s->node, slot_head(set, s->index));\n', slot)
        self.assertIn('\thash_for_each(set->by_index, i, s, node)\n', self.converted['slot/sum.c'])
        self.assertEqual(header, self.original['include/demo/slot.h'].replace(
            '\tstruct hlist_head by_index[SLOT_BUCKETS];\n',
            '\tDECLARE_HASHTABLE(by_index, SLOT_HASH_BITS);\n').replace(
            '#include <linux/list.h>\n', '#include <linux/list.h>\n#include <linux/hashtable.h>\n'))
        self.assertIn('slots: 534 ', self.before)
        patch = [n for n in os.listdir(self.series) if 'by_index' in n]
        with open(os.path.join(self.series, patch[0])) as f:
            self.assertIn('slot_head() (include/demo/slot.h:28) stays as it is, and so does every '
                          'call of it', ' '.join(f.read().split()))

    def test_members_of_two_structs_named_alike_are_two_tables(self):
        # flow.h's by_id has a lock per bucket: refused in flow.c; peer.h's converts,
        # and flow.c, which names only the other, is no obstacle to it (nor the
        # reverse: peer/*.c name only struct peer_set's)
        flow = self.tables['by_id@flow_table']
        self.assertIn('flow/flow.c: index variable "b" is used for something else', flow['reasons'][0])
        self.assertEqual(len([r for r in flow['reasons'] if 'peer/' in r]), 0, flow['reasons'])
        self.assertEqual(self.converted['flow/flow.c'], self.original['flow/flow.c'])
        self.assertEqual(self.converted['include/demo/flow.h'], self.original['include/demo/flow.h'])

    def test_declare_hashtable_refused_where_an_includer_breaks(self):
        # main.c includes demo/conn.h and has a hash_add() of its own: the header may not
        # pull in hashtable.h, so by_port converts with its field kept as an array
        self.assertEqual(self.tables['by_port']['verdict'], 'converted')
        self.assertFalse(self.tables['by_port']['declared'])
        self.assertEqual(self.converted['include/demo/conn.h'], self.original['include/demo/conn.h'])
        note = [n for n in self.report['notes'] if 'conn.h' in n]
        self.assertEqual(len(note), 1, self.report['notes'])
        self.assertIn('breaks main.c', note[0])

    def test_shared_table_refused_in_one_file_is_converted_in_none(self):
        self.assertIn('route/lookup.c: ', self.tables['by_dst']['reasons'][0])
        self.assertEqual(self.converted['route/add.c'], self.original['route/add.c'])
        self.assertEqual(self.converted['route/lookup.c'], self.original['route/lookup.c'])

    def test_size_macro_from_a_header(self):
        self.assertIn('static DEFINE_HASHTABLE(stats_table, STATS_HASH_BITS);',
                      self.converted['stats/stats.c'])
        self.assertEqual(self.converted['include/demo/stats.h'], self.original['include/demo/stats.h'])

    def test_size_macro_of_two_header_branches(self):
        # 16 or 1 << CONFIG_DEMO_TRACE_HASH_BITS: the bits of whichever is in force
        self.assertIn('static DEFINE_HASHTABLE(trace_hash, ilog2(TRACE_HASH_SIZE));',
                      self.converted['trace/trace.c'])
        self.assertIn('\thash_for_each_possible(trace_hash, t, hash_entry, hash)\n',
                      self.converted['trace/trace.c'])
        self.assertIn('traces: 304 saved (304)\ntraces: 150 new of 300 (150)\n', self.before)

    def test_part_of_an_unknown_tree_converts_only_file_local_tables(self):
        part = os.path.join(self.tmp.name, 'part')
        shutil.copytree(SAMPLE, part)
        r = run_tool('--check', 'none', os.path.join(part, 'session'))
        self.assertEqual(r.stdout, '')           # session_hash spans files: refused
        r = run_tool('--check', 'none', '--json', os.path.join(self.tmp.name, 'part.json'),
                     os.path.join(part, 'session'), os.path.join(part, 'cache'))
        self.assertIn('+++ b/cache/cache.c', r.stdout)
        self.assertNotIn('session', r.stdout)

    def test_tree_inside_a_git_work_tree(self):
        # Regression (was a KeyError): the root is then the work tree's top; a shared
        # table whose check fails in two files is dropped once, and the header check
        # finds the sample's own include/ (testdata/sample-tree under a repository)
        repo = os.path.join(self.tmp.name, 'repo')
        shutil.copytree(SAMPLE, os.path.join(repo, 'sub', 'tree'))
        subprocess.run(['git', 'init', '-q', repo], check=True)
        r = run_tool('--check', 'header', os.path.join(repo, 'sub', 'tree'))
        self.assertEqual(r.returncode, 1, r.stderr)         # legacy.c only
        self.assertNotIn('Traceback', r.stderr)
        expected = run_tool('--check', 'header', '--root', repo, os.path.join(repo, 'sub', 'tree'))
        self.assertEqual(r.stdout, expected.stdout)
        self.assertIn('+++ b/sub/tree/stats/stats.c', r.stdout)
        self.assertIn('+++ b/sub/tree/conn/lookup.c', r.stdout)

    def test_failed_check_leaves_the_file_unwritten(self):
        self.assertEqual(self.converted['legacy/legacy.c'], self.original['legacy/legacy.c'])
        files = {f['path']: f for f in self.report['files']}
        self.assertFalse(files['legacy/legacy.c']['written'])
        self.assertFalse(files['legacy/legacy.c']['check']['passed'])
        self.assertIn('requires 3 arguments', files['legacy/legacy.c']['check']['message'])
        self.assertTrue(files['cache/cache.c']['written'])
        self.assertEqual(self.report['counts']['checks_failed'], 1)

    def test_program_output_is_unchanged(self):
        after = build_and_run(self.tree, os.path.join(self.tmp.name, 'after'))
        self.assertEqual(after, self.before)

    def test_second_run_changes_nothing(self):
        again = run_tool('--check', 'header', '--root', self.tree, self.tree)
        self.assertEqual(again.stdout, '')
        self.assertEqual(again.returncode, 1, again.stderr)     # legacy.c fails its check again

    def test_diff_applies_with_patch_p1(self):
        copy = os.path.join(self.tmp.name, 'by-diff')
        shutil.copytree(SAMPLE, copy)
        diff = run_tool('--check', 'header', '--root', copy, copy)
        self.assertEqual(diff.returncode, 1)
        subprocess.run(['patch', '-s', '-p1'], input=diff.stdout, cwd=copy, check=True,
                       universal_newlines=True)
        self.assertEqual(snapshot(copy), self.converted)

    def test_format_patch_series_applies_with_git_am(self):
        names = sorted(os.listdir(self.series))
        # session, conn, peer, link, slot, cache, stats, trace
        self.assertEqual(len(names), 8)
        with open(os.path.join(self.series, names[0])) as f:
            first = f.read()
        self.assertIn('Subject: [PATCH 1/8] ', first)
        self.assertIn('use hashtable.h for', first)
        self.assertIn('Why this is safe:', first)
        repo = os.path.join(self.tmp.name, 'by-git-am')
        shutil.copytree(SAMPLE, repo)
        env = dict(os.environ, GIT_AUTHOR_NAME='t', GIT_AUTHOR_EMAIL='t@example.org',
                   GIT_COMMITTER_NAME='t', GIT_COMMITTER_EMAIL='t@example.org')
        for cmd in (['git', 'init', '-q'], ['git', 'add', '.'], ['git', 'commit', '-qm', 'base'],
                    ['git', 'am', '-q'] + [os.path.join(self.series, n) for n in names]):
            subprocess.run(cmd, cwd=repo, env=env, check=True, stdout=subprocess.DEVNULL)
        self.assertEqual(snapshot(repo), self.converted)


class OldKernelTreeTest(unittest.TestCase):
    """A kernel tree without include/linux/hashtable.h (before 3.7) gets it with the conversion."""

    def old_tree(self, tmp, case, rel, list_h=None):
        """A kernel tree at tmp/linux with testdata case as rel, and list_h as its list.h."""
        tree = os.path.join(tmp, 'linux')
        for d in ('include/linux', 'scripts', os.path.dirname(rel)):
            os.makedirs(os.path.join(tree, d), exist_ok=True)
        for name in ('Kbuild', 'Makefile'):
            open(os.path.join(tree, name), 'w').close()
        if list_h is not None:
            shutil.copy(list_h, os.path.join(tree, 'include/linux/list.h'))
        shutil.copy(os.path.join(CASES, case + '.c'), os.path.join(tree, rel))
        return tree

    def assert_header_added(self, r, tree, header):
        """The diff applies with patch -p1 and adds exactly header as include/linux/hashtable.h."""
        subprocess.run(['patch', '-s', '-p1'], input=r.stdout, cwd=tree, check=True,
                       universal_newlines=True)
        with open(os.path.join(tree, 'include/linux/hashtable.h')) as got, \
                open(os.path.join(ROOT, header)) as want:
            self.assertEqual(got.read(), want.read())

    def test_bundled_header_is_added_first(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = self.old_tree(tmp, 'modulo', 'net/demo/modulo.c')
            series = os.path.join(tmp, 'series')
            r = run_tool('--check', 'none', '--format-patch', series, tree)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('diff --git a/include/linux/hashtable.h b/include/linux/hashtable.h\n'
                          'new file mode 100644\n--- /dev/null\n', r.stdout)
            self.assertIn('+++ b/net/demo/modulo.c', r.stdout)
            names = sorted(os.listdir(series))
            self.assertEqual(len(names), 2)
            with open(os.path.join(series, names[0])) as f:
                self.assertIn('Subject: [PATCH 1/2] hashtable: add the generic hashtable.h API', f.read())
            self.assert_header_added(r, tree, 'include/linux/hashtable.h')

    def test_pre39_tree_gets_the_header_of_its_era(self):
        # list.h of before 3.9: hlist_for_each_entry(tpos, pos, head, member)
        with tempfile.TemporaryDirectory() as tmp:
            tree = self.old_tree(tmp, 'pre39_ksm', 'mm/ksm.c',
                                 os.path.join(ROOT, 'include/pre-3.9/linux/list.h'))
            series = os.path.join(tmp, 'series')
            r = run_tool('--check', 'header', '--format-patch', series, tree)
            self.assertEqual(r.returncode, 0, r.stderr + r.stdout)
            self.assertIn('+\thash_for_each_possible(slots_hash, slot, node, link,', r.stdout)
            with open(os.path.join(series, sorted(os.listdir(series))[0])) as f:
                self.assertIn('take that cursor too', f.read())
            self.assert_header_added(r, tree, 'include/pre-3.9/linux/hashtable.h')


class DroppedInALaterRoundTest(unittest.TestCase):
    """A header declares a member table and an extern global table, each indexed from
    several files; the global fails its check in one file and is dropped in a later
    round (this ended in KeyError in cli.py): the member still converts."""

    HEADER = ('#include <linux/list.h>\n#define NB 16\n'
              'struct reg { struct hlist_head mt[NB]; };\n'
              'extern struct hlist_head gt[NB];\n'
              'struct item { unsigned int key; struct hlist_node node; };\n')
    USE = ('#include <linux/list.h>\n#include "t.h"\n%(extra)s'
           'void %(n)s_add(struct reg *r, struct item *it)\n{\n'
           '\thlist_add_head(&it->node, &r->mt[it->key & (NB - 1)]);\n'
           '\thlist_add_head(&it[1].node, &gt[it[1].key & (NB - 1)]);\n}\n'
           'int %(n)s_has(struct reg *r, unsigned int key)\n{\n\tstruct item *it;\n\n'
           '\thlist_for_each_entry(it, &r->mt[key & (NB - 1)], node)\n'
           '\t\tif (it->key == key)\n\t\t\treturn 1;\n'
           '\thlist_for_each_entry(it, &gt[key & (NB - 1)], node)\n'
           '\t\tif (it->key == key)\n\t\t\treturn 2;\n\treturn 0;\n}\n')

    GT_ONLY = ('#include <linux/list.h>\n#include "t.h"\n'
               'unsigned int hash_add(unsigned int a, unsigned int b);\n'
               'int c_has(unsigned int key)\n{\n\tstruct item *it;\n\n'
               '\thlist_for_each_entry(it, &gt[key & (NB - 1)], node)\n'
               '\t\tif (it->key == key)\n\t\t\treturn 1;\n\treturn 0;\n}\n')

    def test_member_converts_when_the_global_is_dropped(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            os.makedirs(os.path.join(tree, 'lib'))
            files = {'lib/t.h': self.HEADER,
                     'lib/a.c': self.USE % dict(n='a', extra='struct hlist_head gt[NB];\n'),
                     'lib/b.c': self.USE % dict(n='b', extra=''),
                     # gt only, and its own hash_add(): converted, it cannot compile
                     'lib/c.c': self.GT_ONLY}
            for rel, text in files.items():
                with open(os.path.join(tree, rel), 'w') as f:
                    f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            r = run_tool('--check', 'header', '--json', os.path.join(tmp, 'r.json'), tree)
            self.assertNotIn('Traceback', r.stderr)
            self.assertEqual(r.returncode, 0, r.stderr)   # what is left passes its check
            with open(os.path.join(tmp, 'r.json')) as f:
                report = json.load(f)
            verdicts = {t['name']: t['verdict'] for t in report['tables']}
            self.assertEqual(verdicts, {'mt': 'converted', 'gt': 'skipped'}, r.stderr)
            gt = next(t for t in report['tables'] if t['name'] == 'gt')
            self.assertIn('check failed in lib/c.c', gt['reasons'][0])
            self.assertEqual(report['problems'], [])
            self.assertEqual(r.stdout.count('+\thash_add(r->mt, &it->node, it->key);'), 2)
            self.assertNotIn('gt, &it', r.stdout)


    def test_fields_are_declared_beside_the_round_that_follows_a_refusal(self):
        # c.c hands gt to a function: the rule refuses it there, so a.c and b.c, which
        # converted it, go to spatch again without it; the member's field is declared
        # meanwhile, once (a spatch that logs its runs, and makes each rule run last 1 s)
        c = ('#include <linux/list.h>\n#include "t.h"\n'
             'void ext(struct hlist_head *h);\nvoid c_use(void)\n{\n\text(gt);\n}\n')
        files = {'lib/t.h': self.HEADER,
                 'lib/a.c': self.USE % dict(n='a', extra='struct hlist_head gt[NB];\n'),
                 'lib/b.c': self.USE % dict(n='b', extra=''), 'lib/c.c': c}
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, 'runs')
            spatch = os.path.join(tmp, 'spatch')
            with open(spatch, 'w') as f:
                f.write('#!/bin/sh\ncase "$*" in *declare_hashtable*) what=declare;; '
                        '*hashtable.cocci*) what=convert;; *) exec spatch "$@";; esac\n'
                        'echo "start $what" >> %s\nspatch "$@"; rc=$?\n'
                        '[ $what = convert ] && sleep 1\necho "end $what" >> %s\n'
                        'exit $rc\n' % (log, log))
            os.chmod(spatch, 0o755)
            r, tables = run_on_tree(files, '--check', 'header', '--spatch', spatch)
            self.assertEqual(r.returncode, 0, r.stderr)
            verdicts = {t['name']: (t['verdict'], t.get('declared')) for t in tables}
            self.assertEqual(verdicts, {'mt': ('converted', True), 'gt': ('skipped', False)})
            self.assertIn('+struct reg { DECLARE_HASHTABLE(mt, 4); };', r.stdout)
            self.assertEqual(r.stdout.count('+\thash_add(r->mt, &it->node, it->key);'), 2)
            self.assertNotIn('gt, &it', r.stdout)
            with open(log) as f:
                runs = f.read().split('\n')
            self.assertEqual(runs.count('start declare'), 1, runs)
            last_convert = max(i for i, line in enumerate(runs) if line == 'end convert')
            self.assertLess(runs.index('start declare'), last_convert, runs)


class IncludedUnitTest(unittest.TestCase):
    """A .c file that another .c includes is part of the includer's unit: the includer's
    code after the include sees its static table and indexes it with its own mask, which
    the rule, reading the file alone, never sees (converted, hash_add() would put entries
    where that code does not look). Its tables are refused and it is left unchanged; the
    same file that no one includes converts."""

    CORE = ('#include <linux/list.h>\n'
            'struct item { unsigned int key; struct hlist_node node; };\n'
            'static struct hlist_head tbl[16];\n'
            'void core_add(struct item *it)\n{\n'
            '\thlist_add_head(&it->node, &tbl[it->key & 15]);\n}\n'
            'int core_has(unsigned int key)\n{\n\tstruct item *it;\n\n'
            '\thlist_for_each_entry(it, &tbl[key & 15], node)\n'
            '\t\tif (it->key == key)\n\t\t\treturn 1;\n\treturn 0;\n}\n')
    USER = ('#include "core.c"\n'
            'int user_has(unsigned int key)\n{\n\treturn !hlist_empty(&tbl[key & 15]);\n}\n')

    def run_on(self, files):
        r, tables = run_on_tree(files, '--check', 'header')
        self.assertEqual(r.returncode, 0, r.stderr)
        return r, {t['name']: t for t in tables}

    def test_a_file_another_includes_is_left_unchanged(self):
        r, tables = self.run_on({'lib/core.c': self.CORE, 'lib/user.c': self.USER})
        self.assertEqual(tables['tbl']['verdict'], 'skipped')
        self.assertEqual(tables['tbl']['reasons'],
                         ['lib/core.c is included by lib/user.c, whose code after that '
                          'include sees its static tables and may index them otherwise: '
                          'the rule reads the file alone, so it is left unchanged'])
        self.assertEqual(r.stdout, '')

    def test_an_include_by_macro_counts(self):
        # #define SRC "core.c" / #include SRC: the include graph knows the macro's path
        user = '#define CORE_SRC "core.c"\n' + self.USER.replace('"core.c"', 'CORE_SRC')
        r, tables = self.run_on({'lib/core.c': self.CORE, 'lib/user.c': user})
        self.assertEqual(tables['tbl']['verdict'], 'skipped')
        self.assertIn('lib/core.c is included by lib/user.c', tables['tbl']['reasons'][0])
        self.assertEqual(r.stdout, '')

    def test_a_table_of_other_files_it_converted_is_dropped_with_it(self):
        # core.c also indexes gt, a global of g.c: leaving core.c unchanged leaves its gt
        # masked, so gt cannot convert in g.c either
        header = ('#include <linux/list.h>\nextern struct hlist_head gt[16];\n'
                  'struct gitem { unsigned int key; struct hlist_node node; };\n')
        core = self.CORE.replace('#include <linux/list.h>\n', '#include "t.h"\n') + \
            'void core_gadd(struct gitem *it)\n{\n\thlist_add_head(&it->node, &gt[it->key & 15]);\n}\n'
        g = ('#include "t.h"\nstruct hlist_head gt[16];\n'
             'int g_has(unsigned int key)\n{\n\tstruct gitem *it;\n\n'
             '\thlist_for_each_entry(it, &gt[key & 15], node)\n'
             '\t\tif (it->key == key)\n\t\t\treturn 1;\n\treturn 0;\n}\n')
        r, tables = self.run_on({'lib/t.h': header, 'lib/core.c': core,
                                 'lib/g.c': g, 'lib/user.c': self.USER})
        self.assertEqual({n: t['verdict'] for n, t in tables.items()},
                         {'tbl': 'skipped', 'gt': 'skipped'})
        self.assertIn('lib/core.c is included by lib/user.c', tables['gt']['reasons'][0])
        self.assertEqual(r.stdout, '')

    def test_the_same_file_alone_converts(self):
        r, tables = self.run_on({'lib/core.c': self.CORE,
                                 'lib/user.c': self.USER.replace('core.c', 'core.h')})
        self.assertEqual(tables['tbl']['verdict'], 'converted')
        self.assertIn('+\thash_add(tbl, &it->node, it->key);', r.stdout)


class LocalAndSharedInOneFileTest(unittest.TestCase):
    """A file with a static table of its own that also indexes a global table of the
    tree: it names a table few files name, so it waits for the global's spatch run
    instead of going with the file-local work (and to spatch again with the global's
    facts); both tables convert, in every file."""

    HEADER = ('#include <linux/list.h>\n#define NB 16\n'
              'extern struct hlist_head gt[NB];\n'
              'struct item { unsigned int key; struct hlist_node node; };\n')
    A = ('#include <linux/list.h>\n#include "t.h"\n'
         'struct hlist_head gt[NB];\nstatic struct hlist_head lt[8];\n'
         'void a_add(struct item *it, unsigned int key)\n{\n'
         '\tit->key = key;\n\tit[1].key = key;\n'
         '\thlist_add_head(&it->node, &gt[key & (NB - 1)]);\n'
         '\thlist_add_head(&it[1].node, &lt[key & 7]);\n}\n'
         'int a_has(unsigned int key)\n{\n\tstruct item *it;\n\n'
         '\thlist_for_each_entry(it, &lt[key & 7], node)\n'
         '\t\tif (it->key == key)\n\t\t\treturn 1;\n\treturn 0;\n}\n')
    B = ('#include <linux/list.h>\n#include "t.h"\n'
         'int b_has(unsigned int key)\n{\n\tstruct item *it;\n\n'
         '\thlist_for_each_entry(it, &gt[key & (NB - 1)], node)\n'
         '\t\tif (it->key == key)\n\t\t\treturn 1;\n\treturn 0;\n}\n')

    def test_both_tables_convert(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            os.makedirs(os.path.join(tree, 'lib'))
            for rel, text in {'lib/t.h': self.HEADER, 'lib/a.c': self.A, 'lib/b.c': self.B}.items():
                with open(os.path.join(tree, rel), 'w') as f:
                    f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            r = run_tool('--check', 'header', '--json', os.path.join(tmp, 'r.json'), tree)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(tmp, 'r.json')) as f:
                report = json.load(f)
            verdicts = {t['name']: (t['verdict'], t['reasons']) for t in report['tables']}
            self.assertEqual(verdicts, {'gt': ('converted', []), 'lt': ('converted', [])})
            self.assertIn('+\thash_add(gt, &it->node, key);', r.stdout)
            self.assertIn('+\thash_add(lt, &it[1].node, key);', r.stdout)
            self.assertIn('+\thash_for_each_possible(gt, it, node, key)', r.stdout)
            self.assertIn('+\thash_for_each_possible(lt, it, node, key)', r.stdout)

    def test_the_first_result_holds_when_the_shared_table_is_dropped(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            os.makedirs(os.path.join(tree, 'lib'))
            # c.c hands gt to a function: refused there, so dropped, after a.c converted it
            c = ('#include <linux/list.h>\n#include "t.h"\n'
                 'void ext(struct hlist_head *h);\nvoid c_use(void)\n{\n\text(gt);\n}\n')
            for rel, text in {'lib/t.h': self.HEADER, 'lib/a.c': self.A, 'lib/b.c': self.B,
                              'lib/c.c': c}.items():
                with open(os.path.join(tree, rel), 'w') as f:
                    f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            r = run_tool('--check', 'header', '--json', os.path.join(tmp, 'r.json'), tree)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(tmp, 'r.json')) as f:
                report = json.load(f)
            verdicts = {t['name']: t['verdict'] for t in report['tables']}
            self.assertEqual(verdicts, {'gt': 'skipped', 'lt': 'converted'})
            self.assertIn('+\thash_add(lt, &it[1].node, key);', r.stdout)
            self.assertNotIn('hash_add(gt', r.stdout)
            self.assertIn(' struct hlist_head gt[NB];', r.stdout)    # context: a.c keeps it
            self.assertNotIn('lib/b.c', r.stdout)

    def tree(self, tmp):
        tree = os.path.join(tmp, 'tree')
        os.makedirs(os.path.join(tree, 'lib'))
        for rel, text in {'lib/t.h': self.HEADER, 'lib/a.c': self.A, 'lib/b.c': self.B}.items():
            with open(os.path.join(tree, rel), 'w') as f:
                f.write(text)
        subprocess.run(['git', 'init', '-q', tree], check=True)
        return tree

    def test_the_file_goes_to_spatch_once(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = self.tree(tmp)
            log = os.path.join(tmp, 'files.log')
            spatch = os.path.join(tmp, 'spatch')       # logs the files of each batch
            with open(spatch, 'w') as f:
                f.write('#!/bin/sh\nprev=\nfor a; do [ "$prev" = --file-groups ] && '
                        'grep . "$a" >> %s; prev=$a; done\nexec spatch "$@"\n' % log)
            os.chmod(spatch, 0o755)
            r = run_tool('--check', 'none', '--spatch', spatch, tree)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('+\thash_add(lt, &it[1].node, key);', r.stdout)
            with open(log) as f:
                batches = f.read().split()
            self.assertEqual(sorted(batches), ['lib/a.c', 'lib/b.c'])

    def test_same_result_when_it_goes_to_spatch_twice(self):
        """Where the guess misses the file (a member named in many files, narrowed by
        its struct later), it goes to spatch with the local work and again: the same."""
        sys.path.insert(0, os.path.join(ROOT, 'tool'))
        try:
            from hashtable_convert import cli, shared
        finally:
            sys.path.pop(0)
        with tempfile.TemporaryDirectory() as tmp:
            tree = self.tree(tmp)
            outputs = []
            for guess in (shared.Plan.likely_shared_files, lambda *args: set()):
                out = io.StringIO()
                with mock.patch.object(shared.Plan, 'likely_shared_files', guess), \
                        contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                    rc = cli.main(['--check', 'none', '--quiet', '-j', '2', tree])
                self.assertEqual(rc, 0)
                outputs.append(out.getvalue())
            self.assertIn('+\thash_add(lt, &it[1].node, key);', outputs[0])
            self.assertIn('+\thash_add(gt, &it->node, key);', outputs[0])
            self.assertEqual(outputs[0], outputs[1])

    def test_same_result_where_spatch_tests_names_in_python(self):
        """The rule with its own is_shared() test of names (a spatch without PCRE) gives
        what the tool's regular expression gives."""
        sys.path.insert(0, os.path.join(ROOT, 'tool'))
        try:
            from hashtable_convert import cli, transform
        finally:
            sys.path.pop(0)
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            os.makedirs(os.path.join(tree, 'lib'))
            for rel, text in {'lib/t.h': self.HEADER, 'lib/a.c': self.A, 'lib/b.c': self.B}.items():
                with open(os.path.join(tree, rel), 'w') as f:
                    f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            outputs = []
            for syntax in ('PCRE', 'Str'):
                out = io.StringIO()
                with mock.patch.object(transform, 'regex_syntax', lambda program: syntax), \
                        contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                    rc = cli.main(['--check', 'none', '--quiet', '-j', '2', tree])
                self.assertEqual(rc, 0)
                outputs.append(out.getvalue())
            self.assertIn('+\thash_add(gt, &it->node, key);', outputs[0])
            self.assertEqual(outputs[0], outputs[1])


class OtherStructMemberTest(unittest.TestCase):
    """A header member table mt, and struct other in another header with a member mt
    that is no table: a file that uses only other's mt (by a variable of that type)
    does not block mt; one whose base type cannot be told does."""

    TABLE = ('#include <linux/list.h>\n#define NB 16\n'
             'struct reg { struct hlist_head mt[NB]; };\n'
             'struct item { unsigned int key; struct hlist_node node; };\n')
    OTHER = 'struct other { unsigned int mt[4]; };\n'
    USE = ('#include <linux/list.h>\n#include "t.h"\n'
           'void add(struct reg *r, struct item *it)\n{\n'
           '\thlist_add_head(&it->node, &r->mt[it->key & (NB - 1)]);\n}\n')
    OTHER_USE = ('#include "o.h"\n'
                 'unsigned int bump(struct other *o, unsigned int i)\n{\n'
                 '\treturn ++o->mt[i & 3];\n}\n')
    # (it includes t.h: a file that does not cannot see struct reg, nor name its mt)
    UNKNOWN_USE = ('#include "t.h"\n#include "o.h"\n#define OTHER(p) ((struct other *)(p))\n'
                   'unsigned int peek(void *p)\n{\n\treturn OTHER(p)->mt[0];\n}\n')

    def convert(self, extra):
        files = dict({'lib/t.h': self.TABLE, 'lib/o.h': self.OTHER, 'lib/a.c': self.USE,
                      'lib/b.c': self.OTHER_USE}, **extra)
        r, tables = run_on_tree(files, '--check', 'header')
        self.assertNotIn('Traceback', r.stderr)
        return r, {t.get('key') or t['name']: t for t in tables}

    def test_member_of_another_struct_does_not_block(self):
        r, tables = self.convert({})
        self.assertEqual(tables['mt']['verdict'], 'converted', tables['mt']['reasons'])
        self.assertEqual(tables['mt']['files'][0], 'lib/a.c')
        self.assertNotIn('lib/b.c', tables['mt']['files'])
        self.assertIn('+\thash_add(r->mt, &it->node, it->key);', r.stdout)
        self.assertNotIn('+++ b/lib/b.c', r.stdout)

    def test_member_whose_struct_cannot_be_told_blocks(self):
        r, tables = self.convert({'lib/c.c': self.UNKNOWN_USE})
        self.assertEqual(tables['mt']['verdict'], 'skipped')
        self.assertIn('lib/c.c: ', tables['mt']['reasons'][0])
        self.assertEqual(r.stdout, '')

    def test_file_that_cannot_see_the_struct_does_not_block(self):
        # the same use in a file without t.h: its mt can only be struct other's
        r, tables = self.convert({'lib/c.c': self.UNKNOWN_USE.replace('#include "t.h"\n', '')})
        self.assertEqual(tables['mt']['verdict'], 'converted', tables['mt']['reasons'])
        self.assertNotIn('lib/c.c', tables['mt']['files'])

    # p is a struct reg * through __typeof__ of a field of struct holder: a review found the
    # file taken for one naming only holder's members, and mt converted without it
    TYPEOF_USE = ('#include <linux/list.h>\n#include "t.h"\n'
                  'struct holder { struct reg *r; };\n'
                  'int has(struct holder *o, unsigned int key)\n{\n'
                  '\t__typeof__(((struct holder *)0)->r) p = o->r;\n\n'
                  '\treturn !hlist_empty(&p->mt[key & (NB - 1)]);\n}\n')
    # a second review: locals the rule cannot see declared, beside a global of struct other,
    # and a tag a header renames
    MACRO_LOCAL = ('#include <linux/list.h>\n#include "t.h"\n#include "o.h"\n#include "m.h"\n'
                   'static struct other *o;\n'
                   'void drop0(struct reg *r)\n{\n\twith_reg(o, r);\n'
                   '\to->mt[0].first = NULL;\n}\n')
    RENAMED_TAG = ('#include <linux/list.h>\n#include "t.h"\n#include "o.h"\n#include "m.h"\n'
                   'void drop0(struct reg *r)\n{\n\tstruct other *o = r;\n\n'
                   '\to->mt[0].first = NULL;\n}\n')
    FOR_COMMA = ('#include <linux/list.h>\n#include "t.h"\n#include "o.h"\n'
                 'static struct other *o;\n'
                 'void drop0(struct reg *r)\n{\n'
                 '\tfor (struct reg *p = r, *o = p; o; o = NULL)\n\t\to->mt[0].first = NULL;\n}\n')

    def test_bases_the_rule_cannot_type_block(self):
        for name, extra in (('typeof', {'lib/c.c': self.TYPEOF_USE}),
                            ('macro', {'lib/m.h': '#define with_reg(v, e) struct reg *v = (e)\n',
                                       'lib/c.c': self.MACRO_LOCAL}),
                            ('tag', {'lib/m.h': '#define other reg\n', 'lib/c.c': self.RENAMED_TAG}),
                            ('for', {'lib/c.c': self.FOR_COMMA})):
            with self.subTest(name):
                r, tables = self.convert(extra)
                self.assertEqual(tables['mt']['verdict'], 'skipped')
                self.assertIn('lib/c.c: ', tables['mt']['reasons'][0])
                self.assertEqual(r.stdout, '')


    def test_file_that_sees_both_structs_and_names_only_the_other_blocks(self):
        both = '#include "t.h"\n' + self.OTHER_USE
        r, tables = self.convert({'lib/c.c': both})
        self.assertEqual(tables['mt']['verdict'], 'skipped')
        self.assertEqual(tables['mt']['reasons'], [
            'lib/c.c: names mt only as a member of struct other by the declarations the rule '
            'reads, but it can see struct reg too: declarations read from tokens cannot prove '
            'which struct each use means'])
        self.assertEqual(r.stdout, '')

    def test_members_of_two_structs_in_one_file_block_both(self):
        other_table = ('#include <linux/list.h>\nstruct other { struct hlist_head mt[4]; };\n')
        other_use = ('#include <linux/list.h>\n#include "t.h"\n#include "o.h"\n'
                     'void put(struct other *o, struct item *it)\n{\n'
                     '\thlist_add_head(&it->node, &o->mt[it->key & 3]);\n}\n')
        r, tables = self.convert({'lib/o.h': other_table, 'lib/c.c': other_use,
                                  'lib/b.c': other_use.replace('#include "t.h"\n', '')
                                  .replace('put(', 'put_b(')})
        for key, struct in (('mt@reg', 'other'), ('mt@other', 'reg')):
            self.assertEqual(tables[key]['verdict'], 'skipped')
            self.assertIn('lib/c.c can see struct %s too' % struct, tables[key]['reasons'][-1])
        self.assertEqual(r.stdout, '')

    # a third review: files the rule read as naming only struct other's mt, with a use of
    # struct reg's mt that scopes, macros or attributes hid from its reading of tokens
    HEAD = '#include <linux/list.h>\n#include "t.h"\n#include "o.h"\n'
    ADD = '\thlist_add_head(&it->node, &%s->mt[it->key & (NB - 1)]);\n'
    HIDDEN = {
        'sibling block': {
            'lib/t.h': TABLE + 'extern struct reg *the_reg;\n',
            'lib/c.c': HEAD + 'struct other *get_other(void);\n'
                       'void put(struct item *it, int which)\n{\n\tif (which) {\n'
                       '\t\tstruct other *the_reg = get_other();\n\n\t\tthe_reg->mt[0]++;\n'
                       '\t} else {\n\t' + ADD % 'the_reg' + '\t}\n}\n'},
        'macro without the name': {
            'lib/m.h': 'struct reg *cur_reg(void);\n#define USE_REG struct reg *o = cur_reg()\n',
            'lib/c.c': HEAD + '#include "m.h"\nstatic struct other *o;\n'
                       'void put(struct item *it)\n{\n\tUSE_REG;\n\n' + ADD % 'o' + '}\n'},
        'pasted name': {
            'lib/m.h': 'struct reg *cur_reg(void);\n'
                       '#define DEFINE_REG_PTR(n) struct reg *n##_reg = cur_reg()\n',
            'lib/c.c': HEAD + '#include "m.h"\nstatic struct other *the_reg;\n'
                       'void put(struct item *it)\n{\n\tDEFINE_REG_PTR(the);\n\n'
                       + ADD % 'the_reg' + '}\n'},
        'attribute in a statement expression': {
            'lib/c.c': HEAD + 'static struct other *o;\n'
                       'void put(struct reg *r, struct item *it)\n{\n'
                       '\t({ struct reg *o __attribute__((unused)) = r;\n\t' + ADD % 'o' + '\t});\n}\n'},
        'variable renamed by a macro': {
            'lib/c.c': HEAD + 'static struct other *o;\n'
                       'unsigned int peek(void)\n{\n\treturn o->mt[0];\n}\n#define o rp\n'
                       'void put(struct reg *rp, struct item *it)\n{\n' + ADD % 'o' + '}\n'},
        'field of a struct defined by #if': {
            'lib/h.h': '#include "o.h"\n#ifdef CONFIG_REG\nstruct holder { struct reg *r; };\n'
                       '#else\nstruct holder { struct other *r; };\n#endif\n',
            'lib/c.c': '#include <linux/list.h>\n#include "t.h"\n#include "h.h"\n'
                       'void put(struct holder *h, struct item *it)\n{\n#ifdef CONFIG_REG\n'
                       + ADD % 'h->r' + '#endif\n}\n'},
        'tag renamed in an included fragment': {
            'lib/defs.c': '#define other reg\n',
            'lib/c.c': '#include <linux/list.h>\n#include "t.h"\n#include "defs.c"\n'
                       'void put(struct reg *r, struct item *it)\n{\n\tstruct other *o = r;\n\n'
                       + ADD % 'o' + '}\n'},
    }

    def test_tag_a_header_defines_blocks(self):
        # a fifth review: m.h's #define reg other makes b.c's struct reg *o a struct other,
        # whose array mt b.c filled by the mask; converted as the table's before
        other = ('#include <linux/list.h>\ntypedef struct hlist_head bucket_t[16];\n'
                 'struct other { bucket_t mt; };\n')
        use = ('#include <linux/list.h>\n#include "t.h"\n#include "m.h"\n'
               'void oadd(struct reg *o, struct item *it)\n{\n'
               '\thlist_add_head(&it->node, &o->mt[it->key & (NB - 1)]);\n}\n')
        r, tables = self.convert({'lib/o.h': other, 'lib/m.h': '#include "o.h"\n#define reg other\n',
                                  'lib/c.c': use})
        self.assertEqual(tables['mt']['verdict'], 'skipped')
        self.assertIn('lib/m.h #defines reg', tables['mt']['reasons'][0])
        self.assertNotIn('+++ b/lib/c.c', r.stdout)

    def test_file_that_can_form_the_struct_blocks(self):
        for name, extra in self.HIDDEN.items():
            with self.subTest(name):
                r, tables = self.convert(extra)
                self.assertEqual(tables['mt']['verdict'], 'skipped')
                self.assertIn('lib/c.c: ', tables['mt']['reasons'][0])
                self.assertEqual(r.stdout, '')


class ListMemberOfAnotherStructTest(unittest.TestCase):
    """vxlan's vni_list: a header member table mt, and struct other's struct list_head mt,
    in a file that can see both. Where the file passes &o->mt only to list.h (or stores it
    in a local that only list.h reads), no table can stand: a pointer to an array of
    struct hlist_head is no struct list_head *. That file has no use of the table
    whatever the declarations say; anywhere else the table stays refused."""

    TABLE = OtherStructMemberTest.TABLE.replace(
        'struct hlist_node node; };', 'struct hlist_node node; struct list_head link; };')
    OTHER = '#include <linux/list.h>\nstruct other { struct list_head mt; };\n'
    USE = OtherStructMemberTest.USE
    LIST_USE = ('#include <linux/list.h>\n#include "t.h"\n#include "o.h"\n%s'
                'unsigned int put(struct other *o, struct item *it)\n{\n'
                '\tstruct list_head *headp, *pos;\n\tunsigned int n = 0;\n\n'
                '\tINIT_LIST_HEAD(&o->mt);\n\tlist_add(&it->link, &o->mt);\n'
                '\theadp = &o->mt;\n\tlist_for_each_prev(pos, headp)\n\t\tn++;\n%s'
                '\treturn n;\n}\n')
    VISIT = 'void visit(void *p);\n'

    def convert(self, use):
        files = {'lib/t.h': self.TABLE, 'lib/o.h': self.OTHER, 'lib/a.c': self.USE,
                 'lib/b.c': use}
        r, tables = run_on_tree(files, '--check', 'header')
        self.assertNotIn('Traceback', r.stderr)
        return r, {t.get('key') or t['name']: t for t in tables}

    def test_list_operations_on_the_other_member_do_not_block(self):
        r, tables = self.convert(self.LIST_USE % ('', ''))
        self.assertEqual(tables['mt']['verdict'], 'converted', tables['mt']['reasons'])
        self.assertIn('+\thash_add(r->mt, &it->node, it->key);', r.stdout)
        self.assertNotIn('+++ b/lib/b.c', r.stdout)

    def test_other_uses_of_the_other_member_block(self):
        for name, use in (('argument', self.LIST_USE % (self.VISIT, '\tvisit(&o->mt);\n')),
                          ('local', self.LIST_USE % (self.VISIT, '\tvisit(headp);\n')),
                          ('own list_add', self.LIST_USE % (
                              self.VISIT + '#define list_add(a, b) visit(b)\n', '')),
                          ('macro of the local', self.LIST_USE % (
                              self.VISIT + '#define PEEK() visit(headp)\n', '\tPEEK();\n'))):
            with self.subTest(name):
                r, tables = self.convert(use)
                self.assertEqual(tables['mt']['verdict'], 'skipped')
                self.assertEqual(tables['mt']['reasons'], [
                    'lib/b.c: names mt only as a member of struct other by the declarations '
                    'the rule reads, but it can see struct reg too: declarations read from '
                    'tokens cannot prove which struct each use means'])
                self.assertEqual(r.stdout, '')

    def test_the_table_itself_in_list_positions_blocks(self):
        # a tenth review: the table's own &r->mt through a void * local, or given to a
        # hlist_add_head() that a header of the tree makes a macro of a void * function
        compat = ('#include <linux/list.h>\n'
                  'static inline void add_first(struct hlist_node *n, void *b)\n'
                  '{\n\thlist_add_head(n, (struct hlist_head *)b);\n}\n'
                  '#define hlist_add_head(n, h) add_first(n, h)\n')
        void_local = ('#include <linux/list.h>\n#include "t.h"\n'
                      'void add_first(struct reg *r, struct item *it)\n{\n\tvoid *headp;\n\n'
                      '\theadp = &r->mt;\n\thlist_add_head(&it->node, headp);\n}\n')
        header_macro = ('#include <linux/list.h>\n#include "t.h"\n#include "compat.h"\n'
                        'void put_first(struct reg *r, struct item *it)\n{\n'
                        '\thlist_add_head(&it->node, &r->mt);\n}\n')
        for name, extra in (('void local', {'lib/b.c': void_local}),
                            ('macro of a header', {'lib/b.c': header_macro,
                                                   'lib/compat.h': compat})):
            with self.subTest(name):
                files = dict({'lib/t.h': self.TABLE, 'lib/o.h': self.OTHER, 'lib/a.c': self.USE},
                             **extra)
                r, tables = run_on_tree(files, '--check', 'header')
                self.assertNotIn('Traceback', r.stderr)
                [table] = [t for t in tables if t['name'] == 'mt']
                self.assertEqual(table['verdict'], 'skipped')
                self.assertTrue(table['reasons'][0].startswith('lib/b.c: use not understood'),
                                table['reasons'])
                self.assertEqual(r.stdout, '')

    def test_a_unit_with_its_own_copy_of_the_struct_blocks(self):
        # a tenth review: b.c defines struct reg itself, as t.h does, and needs not include
        # it; C lets the two units share one struct reg, whose buckets both would pick
        own = ('#include <linux/list.h>\n#define NB 16\n'
               'struct reg { struct hlist_head mt[NB]; };\n'
               'struct item { unsigned int key; struct hlist_node node; };\n'
               'int first_empty(struct reg *r)\n{\n\treturn hlist_empty(&r->mt[0]);\n}\n')
        files = {'lib/t.h': self.TABLE, 'lib/a.c': self.USE, 'lib/b.c': own}
        r, tables = run_on_tree(files, '--check', 'header')
        self.assertNotIn('Traceback', r.stderr)
        self.assertEqual(sorted((t['file'], t['verdict']) for t in tables),
                         [('lib/b.c', 'skipped'), ('lib/t.h', 'skipped')])
        for t in tables:
            self.assertIn('struct reg is also defined in lib/', ' '.join(t['reasons']))
        self.assertEqual(r.stdout, '')


class HeaderIndexHelperMixTest(unittest.TestCase):
    """sunvnet's vnet_hashfn(): an index helper of a header whose mix is more than its key
    (mac[4] ^ mac[5]) stays as it is, and its mix is written out at each call. A pointer
    parameter converts its argument: a char * given to a const u8 * reads u8 there, so the
    written-out key casts it (a byte above 0x7f would otherwise be sign-extended and the
    add and the lookup would key differently)."""

    HEADER = ('#include <linux/types.h>\n#include <linux/list.h>\n'
              '#define PORT_HASH_SIZE 16\n#define PORT_HASH_MASK (PORT_HASH_SIZE - 1)\n'
              'struct port { u8 raddr[6]; int id; struct hlist_node hash; };\n'
              'struct vnet { struct hlist_head port_hash[PORT_HASH_SIZE]; };\n'
              '%s'
              'static inline unsigned int port_hashfn(const u8 *mac)\n{\n'
              '\tunsigned int val = mac[4] ^ mac[5]%s;\n\n'
              '\treturn val & PORT_HASH_MASK;\n}\n')
    MAIN = ('#include <stdio.h>\n#include <string.h>\n#include <port.h>\n'
            'static struct vnet vp;\n'
            'static void port_add(struct port *p)\n{\n'
            '\thlist_add_head(&p->hash, &vp.port_hash[port_hashfn(p->raddr)]);\n}\n'
            'static struct port *port_find(const char *data)\n{\n%s'
            '\tunsigned int hash = port_hashfn((const void *)data);\n'
            '\tstruct port *p;\n\n'
            '\thlist_for_each_entry(p, &vp.port_hash[hash], hash)\n'
            '\t\tif (!memcmp(p->raddr, data, 6))\n\t\t\treturn p;\n'
            '\treturn NULL;\n}\n'
            'int main(void)\n{\n\tstatic struct port ports[20];\n\tunsigned int found = 0;\n\tint i;\n\n'
            '\tfor (i = 0; i < 16; i++)\n\t\tINIT_HLIST_HEAD(&vp.port_hash[i]);\n'
            '\tfor (i = 0; i < 20; i++) {\n\t\tmemset(ports[i].raddr, 0x11 * (i %% 5), 6);\n'
            '\t\tports[i].raddr[4] = 0x70 + 9 * i;\n\t\tports[i].raddr[5] = 0xf0 - 7 * i;\n'
            '\t\tports[i].id = i;\n\t\tport_add(&ports[i]);\n\t}\n'
            '\tfor (i = 0; i < 24; i++) {\n\t\tchar data[6];\n\t\tstruct port *p;\n\n'
            '\t\tmemset(data, 0x11 * (i %% 5), 6);\n'
            '\t\tdata[4] = (char)(0x70 + 9 * i);\n\t\tdata[5] = (char)(0xf0 - 7 * i);\n'
            '\t\tp = port_find(data);\n\t\tfound = found * 3 + (p ? p->id + 1 : 0);\n\t}\n'
            '\tprintf("%%d\\n", found);\n\treturn 0;\n}\n')

    def run_tree(self, header, main):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            for rel, text in (('include/port.h', header), ('main.c', main)):
                os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
                with open(os.path.join(tree, rel), 'w') as f:
                    f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            before = build_and_run(tree, os.path.join(tmp, 'before'))
            report = os.path.join(tmp, 'report.json')
            r = run_tool('--in-place', '--check', 'header', '--json', report, tree)
            self.assertNotIn('Traceback', r.stderr)
            after = build_and_run(tree, os.path.join(tmp, 'after'))
            with open(os.path.join(tree, 'main.c')) as f:
                converted = f.read()
            with open(report) as f:
                [table] = json.load(f)['tables']
            return before, after, converted, table

    def test_mix_is_written_out_at_each_call(self):
        before, after, converted, table = self.run_tree(self.HEADER % ('', ''), self.MAIN % '')
        self.assertEqual(table['verdict'], 'converted', table['reasons'])
        self.assertEqual(after, before)
        self.assertIn('\thash_add(vp.port_hash, &p->hash,\n\t\t (unsigned int)(((const u8 *)'
                      'p->raddr)[4] ^ ((const u8 *)p->raddr)[5]));', converted)
        self.assertIn('\tunsigned int hash = (unsigned int)(((const u8 *)((const void *)data))[4] '
                      '^\n\t\t\t\t\t   ((const u8 *)((const void *)data))[5]);', converted)
        self.assertIn('\thash_for_each_possible(vp.port_hash, p, hash, hash)', converted)

    def test_mix_that_reads_what_the_caller_declares_too_is_refused(self):
        header = self.HEADER % ('static unsigned int salt = 3;\n', ' ^ salt')
        before, after, converted, table = self.run_tree(
            header, self.MAIN % '\tunsigned int salt = 5;\n\n\tif (salt > 9)\n\t\treturn NULL;\n')
        self.assertEqual(table['verdict'], 'skipped')
        self.assertIn('index helper port_hashfn() reads "salt", which the caller declares as '
                      'well', table['reasons'][0])
        self.assertEqual(after, before)

    def test_wide_parameters_given_bytes_of_either_sign_are_refused(self):
        # a twelfth review's: int parameters given the u8 raddr[4] where the entry is added
        # and the char data[4] where it is looked up: 0xf0 is 240 there and -16 here, one
        # bucket under the helper's mask, two under hash_min() of the written-out sums
        header = self.HEADER.replace(
            'static inline unsigned int port_hashfn(const u8 *mac)\n{\n'
            '\tunsigned int val = mac[4] ^ mac[5]%s;\n\n\treturn val & PORT_HASH_MASK;\n}\n',
            'static inline unsigned int port_hashfn(int a, int b)\n{\n'
            '\treturn (a + b) & PORT_HASH_MASK;\n}\n') % ''
        main = (self.MAIN % '').replace('port_hashfn(p->raddr)', 'port_hashfn(p->raddr[4], p->raddr[5])') \
            .replace('\tunsigned int hash = port_hashfn((const void *)data);\n', '') \
            .replace('vp.port_hash[hash]', 'vp.port_hash[port_hashfn(data[4], data[5])]')
        before, after, converted, table = self.run_tree(header, main)
        self.assertEqual(table['verdict'], 'skipped')
        self.assertIn('keys differ in width', table['reasons'][0])
        self.assertEqual(after, before)


    # an eleventh review: u8 arithmetic that spatch types u8, a side effect of a macro of a
    # header written out twice, a macro of the header that the file redefines
    REVIEW_HEADER = ('#include <linux/types.h>\n#include <linux/list.h>\n'
                     '#define NB 16\n#define NMASK (NB - 1)\n#define SALT 31\n%s'
                     'struct item { u8 c; int id; struct hlist_node node; };\n'
                     'struct reg { struct hlist_head tab[NB]; };\n'
                     'static inline unsigned int reg_hashfn(u8 a, u8 b)\n{\n'
                     '\tunsigned int v = a * SALT + b + b;\n\n\treturn v & NMASK;\n}\n')
    REVIEW_MAIN = ('#include <stdio.h>\n#include <port.h>\n%s'
                   'static struct reg r;\n'
                   'static void add(struct item *it)\n{\n\tu8 c = it->c;\n\n'
                   '\thlist_add_head(&it->node, &r.tab[reg_hashfn(c + 1, %s)]);\n}\n'
                   'static struct item *find(u8 c)\n{\n\tstruct item *it;\n\tu8 d = c + 1;\n\n'
                   '\thlist_for_each_entry(it, &r.tab[reg_hashfn(d, %s)], node)\n'
                   '\t\tif (it->c == c)\n\t\t\treturn it;\n\treturn NULL;\n}\n'
                   'int main(void)\n{\n\tstatic struct item items[16];\n\tint i;\n\n'
                   '\tfor (i = 0; i < NB; i++)\n\t\tINIT_HLIST_HEAD(&r.tab[i]);\n'
                   '\tfor (i = 0; i < 16; i++) {\n\t\titems[i].c = (u8)(240 + i);\n'
                   '\t\titems[i].id = i;\n\t\tadd(&items[i]);\n\t}\n'
                   '\tfor (i = 0; i < 16; i++) {\n\t\tstruct item *it = find((u8)(240 + i));\n\n'
                   '\t\tprintf("%%d ", it ? it->id : -1);\n\t}\n\tprintf("\\n");\n'
                   '\treturn 0;\n}\n')

    def test_an_eleventh_review(self):
        # c + 1 of a u8 c is an int: 256 for 255, cut to 0 by the parameter
        before, after, converted, table = self.run_tree(
            self.REVIEW_HEADER % '', self.REVIEW_MAIN % ('', 'c', 'c'))
        self.assertEqual(table['verdict'], 'converted', table['reasons'])
        self.assertEqual(after, before)
        self.assertIn('(u8)(c + 1)', converted)
        gen = 'extern unsigned int gen_calls;\n#define GEN() (gen_calls++, (u8)7)\n'
        for name, header, main, reason in (
                ('side effect', self.REVIEW_HEADER % gen,
                 self.REVIEW_MAIN % ('unsigned int gen_calls;\n', 'GEN()', 'GEN()'),
                 'index helper reg_hashfn() of a header is given "GEN()"'),
                ('redefined macro', self.REVIEW_HEADER % '',
                 self.REVIEW_MAIN % ('#undef SALT\n#define SALT 5\n', 'c', 'c'),
                 'index helper reg_hashfn() reads "SALT", which the file defines or undefines')):
            with self.subTest(name):
                before, after, converted, table = self.run_tree(header, main)
                self.assertEqual(table['verdict'], 'skipped')
                self.assertIn(reason, table['reasons'][0])
                self.assertEqual(after, before)


class OwnBucketHelperTest(unittest.TestCase):
    """A header function that returns a bucket it picks its own way (a mask here) stays,
    and so does every call of it: the table converts where no access picks a bucket by
    key (only hash_init(), hash_for_each()), and is refused where one does (hash_add()
    would put entries where that function does not look)."""

    HEADER = ('#include <linux/list.h>\n#define NB_BITS 4\n#define NB (1 << NB_BITS)\n'
              'struct reg { struct hlist_head mt[NB]; };\n'
              'struct item { unsigned int key; struct hlist_node node; };\n'
              'static inline struct hlist_head *reg_bucket(struct reg *r, unsigned int key)\n'
              '{\n\treturn &r->mt[key & (NB - 1)];\n}\n')
    INIT_ADD = ('#include <linux/list.h>\n#include "t.h"\n'
                'void reg_init(struct reg *r)\n{\n\tunsigned int i;\n\n'
                '\tfor (i = 0; i < NB; i++)\n\t\tINIT_HLIST_HEAD(&r->mt[i]);\n}\n\n'
                'void reg_add(struct reg *r, struct item *it)\n{\n'
                '\thlist_add_head(&it->node, reg_bucket(r, it->key));\n}\n')
    COUNT = ('#include <linux/list.h>\n#include "t.h"\n'
             'int reg_count(struct reg *r)\n{\n\tstruct item *it;\n\tunsigned int i;\n'
             '\tint n = 0;\n\n\tfor (i = 0; i < NB; i++)\n'
             '\t\thlist_for_each_entry(it, &r->mt[i], node)\n\t\t\tn++;\n\treturn n;\n}\n')
    KEYED = ('#include <linux/list.h>\n#include "t.h"\n'
             'void reg_put(struct reg *r, struct item *it)\n{\n'
             '\thlist_add_head(&it->node, %s);\n}\n')

    def convert(self, extra):
        files = dict({'lib/t.h': self.HEADER, 'lib/a.c': self.INIT_ADD, 'lib/b.c': self.COUNT},
                     **extra)
        r, tables = run_on_tree(files, '--check', 'header')
        self.assertNotIn('Traceback', r.stderr)
        [table] = tables
        return r, table

    def test_only_accesses_without_a_key_convert_and_the_helper_stays(self):
        r, table = self.convert({})
        self.assertEqual(table['verdict'], 'converted', table['reasons'])
        self.assertEqual(table['own_bucket_helpers'], ['reg_bucket() (lib/t.h:8)'])
        self.assertEqual(table['kept_helpers'], [])
        self.assertEqual(table['files'], ['lib/a.c', 'lib/b.c', 'lib/t.h'])
        self.assertIn('+\thash_init(r->mt);\n', r.stdout)
        self.assertIn('+\thash_for_each(r->mt, i, it, node)\n', r.stdout)
        self.assertIn('+struct reg { DECLARE_HASHTABLE(mt, NB_BITS); };\n', r.stdout)
        # the helper and its call stay
        self.assertNotIn('reg_bucket', ''.join(l for l in r.stdout.splitlines(True)
                                               if l[:1] in '+-'))
        self.assertNotIn('hash_add', r.stdout)

    def test_an_access_that_picks_a_bucket_by_key_blocks(self):
        for name, bucket in (('mask', '&r->mt[it->key & (NB - 1)]'),
                             ('hash_32', '&r->mt[hash_32(it->key, NB_BITS)]')):
            with self.subTest(name):
                r, table = self.convert({'lib/c.c': self.KEYED % bucket})
                self.assertEqual(table['verdict'], 'skipped')
                self.assertEqual(table['reasons'], [
                    'reg_bucket() (lib/t.h:8) stays as it is in its header and picks its bucket '
                    'its own way, but lib/c.c picks a bucket by key too, which the rule converts '
                    'to hash_min()\'s bucket: only accesses that pick no bucket by key may '
                    'convert beside that function'])
                self.assertEqual(r.stdout, '')

    def test_a_bucket_pointer_set_by_key_blocks(self):
        pointer = ('#include <linux/list.h>\n#include "t.h"\n'
                   'void reg_put(struct reg *r, struct item *it)\n{\n'
                   '\tstruct hlist_head *h = &r->mt[it->key & (NB - 1)];\n\n'
                   '\thlist_add_head(&it->node, h);\n}\n')
        r, table = self.convert({'lib/c.c': pointer})
        self.assertEqual(table['verdict'], 'skipped')
        self.assertIn('lib/c.c picks a bucket by key', table['reasons'][0])
        self.assertEqual(r.stdout, '')

    def test_the_file_that_defines_a_global_table_keeps_the_call(self):
        # (a review: the definition replaced the table the facts gave the rule, without its
        # own_bucket_helpers, and only decide.py kept g_add()'s call from becoming hash_add())
        header = ('#include <linux/list.h>\n#define GB 4\n#define GN (1 << GB)\n'
                  'struct item { unsigned int key; struct hlist_node node; };\n'
                  'extern struct hlist_head gt[GN];\n'
                  'static inline struct hlist_head *gbucket(unsigned int k)\n'
                  '{\n\treturn &gt[k & (GN - 1)];\n}\n')
        a = ('#include <linux/list.h>\n#include "t.h"\nstruct hlist_head gt[GN];\n\n'
             'void g_init(void)\n{\n\tunsigned int i;\n\n\tfor (i = 0; i < GN; i++)\n'
             '\t\tINIT_HLIST_HEAD(&gt[i]);\n}\n\n'
             'void g_add(struct item *it)\n{\n\thlist_add_head(&it->node, gbucket(it->key));\n}\n')
        r, tables = run_on_tree({'lib/t.h': header, 'lib/a.c': a}, '--check', 'header')
        [table] = tables
        self.assertEqual(table['verdict'], 'converted', table['reasons'])
        self.assertIn('+DEFINE_HASHTABLE(gt, GB);\n', r.stdout)
        self.assertIn('+\thash_init(gt);\n', r.stdout)
        self.assertNotIn('hash_add', r.stdout)

    def test_a_macro_defined_before_an_include_stays(self):
        # the header's reg_bucket() masks with REG_MASK, which a.c defines before including
        # it; a.c's loop was its only use there, but the header's code is a.c's too (a review:
        # deleted, the header took its own default of 7 and main.c's lookups missed)
        header = self.HEADER.replace('key & (NB - 1)', 'key & REG_MASK').replace(
            '#define NB (1 << NB_BITS)\n', '#define NB (1 << NB_BITS)\n#ifndef REG_MASK\n'
            '#define REG_MASK 7\n#endif\n')
        a = self.INIT_ADD.replace('#include "t.h"\n', '#define REG_MASK (NB - 1)\n#include "t.h"\n'
                                  ).replace('i < NB;', 'i <= REG_MASK;')
        r, table = self.convert({'lib/t.h': header, 'lib/a.c': a})
        self.assertEqual(table['verdict'], 'converted', table['reasons'])
        self.assertIn('+\thash_init(r->mt);\n', r.stdout)
        self.assertNotIn('-#define REG_MASK', r.stdout)

    def test_a_helper_that_does_not_return_the_bucket_blocks(self):
        header = self.HEADER.replace('static inline struct hlist_head *reg_bucket',
                                     'static inline void *reg_bucket')
        r, table = self.convert({'lib/t.h': header})
        self.assertEqual(table['verdict'], 'skipped')
        self.assertIn('named in header lib/t.h, which is not converted (line 8: reg_bucket() '
                      'picks a bucket by', table['reasons'][0])
        self.assertEqual(r.stdout, '')


class IncludedAfterTableTest(unittest.TestCase):
    """A file-local table, and a file included after its declaration: the rule reads the
    .c alone, so a header or fragment there that indexes the table (an inline lookup by
    the old mask) would keep the old buckets while the .c moves to hash_min()'s (a review
    found such a program converted: its output changed). The tool reads what follows the
    declaration, and what that includes in turn."""

    MAIN = ('#include <linux/list.h>\n'
            'struct item { unsigned int key; struct hlist_node node; };\n'
            'static struct hlist_head gt[16];\n%s\n'
            'void add(struct item *it)\n{\n\thlist_add_head(&it->node, &gt[it->key & 15]);\n}\n')
    HAS = ('static inline int g_has(unsigned int k)\n{\n\tstruct item *p;\n\n'
           '\thlist_for_each_entry(p, &gt[k & 15], node)\n\t\tif (p->key == k)\n'
           '\t\t\treturn 1;\n\treturn 0;\n}\n')

    def table(self, include, files):
        r, tables = run_on_tree(dict({'lib/main.c': self.MAIN % include}, **files), '--check', 'none')
        self.assertNotIn('Traceback', r.stderr)
        [table] = tables
        return r, table

    def test_a_file_included_after_that_names_the_table_blocks(self):
        for name, include, files, culprit in (
                ('header', '#include "h.h"', {'lib/h.h': self.HAS}, 'lib/h.h names it'),
                ('fragment', '#include "has.c"', {'lib/has.c': self.HAS}, 'lib/has.c names it'),
                ('through another', '#include "a.h"', {'lib/a.h': '#include "h.h"\n',
                                                       'lib/h.h': self.HAS}, 'lib/h.h names it'),
                ('not in the tree', '#include "gone.h"', {},
                 'an #include "gone.h" follows its declaration (line 4), and no such file is in '
                 'the tree: it may index the table')):
            with self.subTest(name):
                r, table = self.table(include, files)
                self.assertEqual(table['verdict'], 'skipped')
                self.assertIn(culprit, table['reasons'][0])
                self.assertEqual(r.stdout, '')
        r, table = self.table('#include "h.h"', {'lib/h.h': self.HAS})
        self.assertEqual(table['reasons'], [
            'line 4 includes lib/h.h after its declaration, and lib/h.h names it: the rule reads '
            'lib/main.c alone, and code there would keep the old buckets'])

    # a second review: code the rule does not read, in other spellings and places
    HELPER = ('#include <linux/list.h>\n'
              'struct item { unsigned int key; struct hlist_node node; };\n'
              'static struct hlist_head gt[16];\n'
              'static unsigned int gt_slot(unsigned int k)\n{\n\treturn (k ^ (k >> 4)) & 15;\n}\n'
              '#include "h.h"\n'
              'void add(struct item *it)\n{\n\thlist_add_head(&it->node, &gt[gt_slot(it->key)]);\n}\n')
    BEFORE = ('#include <linux/list.h>\n#include "before.h"\n'
              'struct item { unsigned int key; struct hlist_node node; };\n'
              'static struct hlist_head gt[16];\n'
              'void add(struct item *it)\n{\n\thlist_add_head(&it->node, &gt[it->key & 15]);\n}\n'
              'int first_empty(void)\n{\n\treturn G_FIRST() == NULL;\n}\n')
    UNREAD = {
        'a comment before the hash sign': ({'lib/h.h': HAS}, '/* x */ #include "h.h"',
                                           'which the wrapper did not read'),
        'a digraph': ({'lib/h.h': HAS}, '%:include "h.h"', 'which the wrapper did not read'),
        'a name pasted together': ({'lib/h.h': '#define CAT(a, b) a##b\n' + HAS.replace(
            '&gt[', '&CAT(g, t)[')}, '#include "h.h"', 'pastes tokens (##)'),
        'a folder of a makefile': ({'lib/priv/p.h': HAS, 'lib/Makefile': 'ccflags-y += -I$(src)/x\n'},
                                   '#include <p.h>', 'which a folder of a makefile may make'),
    }

    def test_code_the_rule_does_not_read_blocks(self):
        for name, (files, include, why) in self.UNREAD.items():
            with self.subTest(name):
                r, table = self.table(include, files)
                self.assertEqual(table['verdict'], 'skipped')
                self.assertIn(why, table['reasons'][0])
                self.assertEqual(r.stdout, '')
        for name, files, why in (
                ('a helper a file included after calls',
                 {'lib/main.c': self.HELPER, 'lib/h.h': 'static inline unsigned int again('
                  'unsigned int k)\n{\n\treturn gt_slot(k);\n}\n'}, 'gt_slot() may be used by'),
                ('a macro of a header included before',
                 {'lib/main.c': self.BEFORE, 'lib/before.h': '#define G_FIRST() (gt[0].first)\n'},
                 'a macro of a header the file includes names it')):
            with self.subTest(name):
                r, tables = run_on_tree(files, '--check', 'none')
                self.assertEqual(tables[0]['verdict'], 'skipped')
                self.assertIn(why, tables[0]['reasons'][0])
                self.assertEqual(r.stdout, '')

    def test_a_size_macro_goes_only_where_no_file_included_after_it_names_it(self):
        main = self.MAIN.replace('gt[16]', 'gt[GT_SIZE]').replace('& 15]', '& (GT_SIZE - 1)]')
        main = main.replace('static struct', '#define GT_SIZE 16\nstatic struct')
        for uses, kept in (('int other(void);\n', False), ('#if GT_SIZE > 8\n#endif\n', True),
                           ('#define GT_BIG (GT_SIZE > 8)\n', True)):
            with self.subTest(kept=kept):
                r, tables = run_on_tree({'lib/main.c': main % '#include "h.h"',
                                         'lib/h.h': uses}, '--check', 'none')
                self.assertEqual(tables[0]['verdict'], 'converted', tables[0]['reasons'])
                self.assertEqual('-#define GT_SIZE 16\n' in r.stdout, not kept, r.stdout)

    def test_a_file_included_after_that_does_not_name_it_does_not_block(self):
        for name, include, files in (
                ('header', '#include "h.h"', {'lib/h.h': self.HAS.replace('gt[', 'other[')}),
                ('the system\'s', '#include <stdio.h>', {})):
            with self.subTest(name):
                r, table = self.table(include, files)
                self.assertEqual(table['verdict'], 'converted', table['reasons'])
                self.assertIn('+\thash_add(gt, &it->node, it->key);', r.stdout)


class IncludeLineTest(unittest.TestCase):
    """A file that includes the table's header by a line the include search cannot read
    (a comment or a continuation where the target should be) may include anything: it
    stays a file of the table (a review found such files left out, with the old masking,
    while the others converted)."""

    PUT = ('void put%d(struct reg *r, struct item *it)\n{\n'
           '\thlist_add_head(&it->node, &r->mt[it->key & (NB - 1)]);\n}\n')

    def test_every_file_that_includes_the_header_is_a_file_of_the_table(self):
        lines = {'lib/c.c': '#include /* the table */ "t.h"\n',
                 'lib/d.c': '#include \\\n\t"t.h"\n',
                 'lib/e.c': '# /* x */ include "t.h"\n',
                 'lib/f.c': '/* x */ #include "t.h"\n'}
        files = {'lib/t.h': OtherStructMemberTest.TABLE, 'lib/a.c': OtherStructMemberTest.USE}
        for n, (rel, line) in enumerate(sorted(lines.items())):
            files[rel] = '#include <linux/list.h>\n' + line + self.PUT % n
        r, tables = run_on_tree(files, '--check', 'none')
        self.assertEqual(tables[0]['files'], sorted(files))
        self.assertEqual(r.stdout.count('+\thash_add(r->mt, &it->node, it->key);'), 5)


class HeaderOfAUnitThatSeesTheStructTest(unittest.TestCase):
    """A header that names the member in code, does not include the struct's header, and
    names neither the struct nor a name typed_names() finds declared with its type, but is
    included by a unit that has the struct: its code may use the table (a review: the
    names came through a qualifier after the * and through a macro of a header that names
    no struct). It is a file of the table, which it keeps refused here."""

    H2 = ('static inline void hput(struct item *it)\n{\n'
          '\thlist_add_head(&it->node, &%s->mt[it->key & (NB - 1)]);\n}\n')
    C = ('#include <linux/list.h>\n#include "t.h"\n#include "m.h"\n#include "h2.h"\n'
         'void put(struct item *it)\n{\n\thput(it);\n}\n')
    SHAPES = {
        'restrict': {'lib/m.h': 'extern struct reg *restrict greg;\n',
                     'lib/h2.h': H2 % 'greg'},
        'tag-free macro': {'lib/m.h': 'struct reg *cur_reg(void);\n',
                           'lib/m2.h': '#include "m.h"\n#define CUR_REG (cur_reg())\n',
                           'lib/h2.h': '#include "m2.h"\n' + H2 % 'CUR_REG'},
    }

    def test_it_is_a_file_of_the_table(self):
        for name, extra in self.SHAPES.items():
            with self.subTest(name):
                table = one_table_of_tree(dict({'lib/t.h': OtherStructMemberTest.TABLE,
                                                'lib/a.c': OtherStructMemberTest.USE,
                                                'lib/c.c': self.C}, **extra))
                self.assertEqual(table['verdict'], 'skipped')
                self.assertIn('named in header lib/h2.h', table['reasons'][0])


class MemberOfAnotherStructInAHeaderTest(unittest.TestCase):
    """struct port's member table hash, used from two files, beside struct pkt of another
    header whose inline functions read and write its own hash field (tcm_fc's hash beside
    skbuff.h's skb->hash): a use by a variable declared of struct pkt, a parameter called
    hash given to a function or a value macro, a macro's own parameter called hash. None
    is a use of the table, which converts; a macro that makes hash a member blocks."""

    PKT = ('#include <linux/types.h>\n#include <linux/hash.h>\n'
           'struct pkt { u32 hash; struct pkt *next; };\n'
           'void pkt_rehash(struct pkt *p, u32 hash);\n'
           'static inline void pkt_clear(struct pkt *p)\n{\n\tp->hash = 0;\n}\n'
           'static inline void pkt_set(struct pkt *p, u32 hash)\n{\n'
           '\tpkt_rehash(p, hash);\n\tp->hash = hash_32(hash, 16);\n}\n'
           'static inline void pkt_copy(struct pkt *to, const struct pkt *from)\n{\n'
           '\tto->hash = from->hash;\n}\n'
           '#define pkt_mix(hash, len) ((u64)(len) << 32 | (u32)(hash))\n')
    PORT = ('#include <linux/list.h>\n#include "pkt.h"\n#define SESS_BITS 3\n'
            '#define SESS_SIZE (1 << SESS_BITS)\n'
            'struct port {\n\tint n;\n\tstruct hlist_head hash[SESS_SIZE];\n};\n'
            'struct sess { u32 id; struct hlist_node node; };\n')
    ADD = ('#include <linux/list.h>\n#include "port.h"\n'
           'void sess_init(struct port *port)\n{\n\tint i;\n\n'
           '\tfor (i = 0; i < SESS_SIZE; i++)\n\t\tINIT_HLIST_HEAD(&port->hash[i]);\n}\n\n'
           'void sess_add(struct port *port, struct sess *s)\n{\n'
           '\thlist_add_head(&s->node, &port->hash[hash_32(s->id, SESS_BITS)]);\n}\n')
    COUNT = ('#include <linux/list.h>\n#include "port.h"\n'
             'int sess_count(struct port *port)\n{\n\tstruct hlist_head *head;\n'
             '\tstruct sess *s;\n\tint n = 0;\n\n'
             '\tfor (head = port->hash; head < &port->hash[SESS_SIZE]; head++)\n'
             '\t\thlist_for_each_entry(s, head, node)\n\t\t\tn++;\n\treturn n;\n}\n')

    def run_with(self, pkt):
        r, tables = run_on_tree({'lib/pkt.h': pkt, 'lib/port.h': self.PORT,
                                 'lib/add.c': self.ADD, 'lib/count.c': self.COUNT},
                                '--check', 'header')
        self.assertNotIn('Traceback', r.stderr)
        [table] = [t for t in tables if t['name'] == 'hash']
        return r, table

    def test_the_other_structs_field_does_not_block(self):
        r, table = self.run_with(self.PKT)
        self.assertEqual(table['verdict'], 'converted', table['reasons'])
        self.assertIn('+\tDECLARE_HASHTABLE(hash, SESS_BITS);\n', r.stdout)
        self.assertIn('+\thash_add(port->hash, &s->node, s->id);\n', r.stdout)
        self.assertNotIn('+++ b/lib/pkt.h', r.stdout)
        self.assertNotIn('+++ b/lib/count.c', r.stdout)     # the walk by pointer stays
        self.assertEqual(table['walks_open'][0]['why'], 'a walk by bucket pointer stays as it is')

    def test_a_macro_that_makes_it_a_member_blocks(self):
        for name, extra in (('macro', '#define PKT_HASH(p) ((p)->hash)\n'),
                            ('given to a macro', 'static inline u32 pkt_get(struct port *p, u32 hash)'
                                                 '\n{\n\treturn PKT_GET(p, hash);\n}\n')):
            with self.subTest(name):
                r, table = self.run_with(self.PKT + extra)
                self.assertEqual(table['verdict'], 'skipped')
                self.assertIn('named in header lib/pkt.h, which is not converted', table['reasons'][0])
                self.assertEqual(r.stdout, '')


class HeaderIncludedThroughAnotherTest(unittest.TestCase):
    """A header whose member table would become DECLARE_HASHTABLE() (and which would
    include <linux/hashtable.h>) is included by c.c only through wrap.h, and c.c has a
    hash_add() of its own: the header keeps its array, the table converts all the same."""

    FILES = {
        'include/demo/ours.h': '#include <linux/types.h>\n#include <linux/list.h>\n#define NB 16\n'
                               'struct item { u32 id; struct hlist_node node; };\n'
                               'struct ours { struct hlist_head tbl[NB]; };\n',
        'include/demo/wrap.h': '#include "demo/ours.h"\n',
        'a/a.c': '#include <linux/list.h>\n#include "demo/ours.h"\n'
                 'void ours_add(struct ours *o, struct item *it)\n{\n'
                 '\thlist_add_head(&it->node, &o->tbl[it->id & (NB - 1)]);\n}\n',
        'c/c.c': '#include "demo/wrap.h"\nstatic int counter;\n'
                 'static void hash_add(int x)\n{\n\tcounter += x;\n}\n'
                 'int bump(void)\n{\n\thash_add(2);\n\treturn counter;\n}\n',
    }

    def test_indirect_includer_that_breaks_keeps_the_array(self):
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            for rel, text in self.FILES.items():
                os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
                with open(os.path.join(tree, rel), 'w') as f:
                    f.write(text)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            r = run_tool('--check', 'header', '--json', os.path.join(tmp, 'r.json'), tree)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(tmp, 'r.json')) as f:
                report = json.load(f)
            tbl = report['tables'][0]
            self.assertEqual((tbl['verdict'], tbl['declared']), ('converted', False))
            self.assertIn('+\thash_add(o->tbl, &it->node, it->id);', r.stdout)
            self.assertNotIn('+++ b/include/demo/ours.h', r.stdout)
            self.assertTrue(any('breaks c/c.c' in n for n in report['notes']), report['notes'])


class InternalErrorTest(unittest.TestCase):
    """An exception inside a stage is a named problem, the run goes on, and exits 2."""

    def test_failing_stage_is_a_problem_not_a_traceback(self):
        sys.path.insert(0, os.path.join(ROOT, 'tool'))
        try:
            from hashtable_convert import cli, shared
        finally:
            sys.path.pop(0)
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, 'tree')
            shutil.copytree(SAMPLE, tree)
            subprocess.run(['git', 'init', '-q', tree], check=True)
            out = io.StringIO()

            def broken(*args, **kwargs):
                raise KeyError('session_hash')
            with mock.patch.object(shared, 'analyse', broken), \
                    contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                rc = cli.main(['--check', 'none', '--quiet', '--json',
                               os.path.join(tmp, 'r.json'), tree])
            self.assertEqual(rc, 2)
            with open(os.path.join(tmp, 'r.json')) as f:
                problems = json.load(f)['problems']
            self.assertEqual([p['path'] for p in problems], ['(tables shared between files)'])
            self.assertIn("internal error: KeyError: 'session_hash'", problems[0]['message'])
            self.assertIn('+++ b/cache/cache.c', out.getvalue())     # file-local: converted
            self.assertNotIn('session', out.getvalue())              # shared: refused


class BadInputTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        shutil.copy(os.path.join(CASES, 'modulo.c'), os.path.join(self.dir, 'good.c'))

    def tearDown(self):
        for d, _, fs in os.walk(self.dir):
            for f in fs:
                os.chmod(os.path.join(d, f), 0o644)
        self.tmp.cleanup()

    def write(self, name, text):
        with open(os.path.join(self.dir, name), 'w') as f:
            f.write(text)

    def assert_rest_converted(self, result):
        self.assertIn('+++ b/good.c', result.stdout)
        self.assertNotIn('Traceback', result.stderr)

    def test_missing_path(self):
        r = run_tool('--check', 'none', 'good.c', 'nowhere.c', cwd=self.dir, quiet=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn('nowhere.c: no such file or directory', r.stderr)
        self.assert_rest_converted(r)

    def test_not_a_c_file(self):
        self.write('notes.txt', 'struct hlist_head t[16];\n')
        r = run_tool('--check', 'none', 'good.c', 'notes.txt', cwd=self.dir, quiet=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn('notes.txt: not a C source file', r.stderr)
        self.assert_rest_converted(r)

    def test_unparseable_file(self):
        self.write('broken.c', 'static struct hlist_head t[16];\nstatic int f( {\n'
                               '\thlist_add_head(n, &t[k & 15]);\n')
        r = run_tool('--check', 'none', 'good.c', 'broken.c', cwd=self.dir, quiet=False)
        self.assertIn('broken.c: does not parse as C (line 2)', r.stderr)
        self.assertEqual(r.returncode, 2)
        self.assert_rest_converted(r)

    def test_table_the_rule_does_not_read_is_named_as_such(self):
        """A member of a struct without a name: the file parses, the rule reads no
        declaration of the table; the reason says so instead of asking whether it parses."""
        self.write('anon.c', '#include <linux/list.h>\nstatic struct {\n\tint lock;\n'
                             '\tstruct hlist_head hl[16];\n} socks;\n'
                             'struct item { unsigned int key; struct hlist_node node; };\n'
                             'void add(struct item *it)\n{\n'
                             '\thlist_add_head(&it->node, &socks.hl[it->key & 15]);\n}\n')
        json_path = os.path.join(self.dir, 'r.json')
        r = run_tool('--check', 'none', '--json', json_path, 'good.c', 'anon.c', cwd=self.dir)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(json_path) as f:
            tables = {t['name']: t for t in json.load(f)['tables']}
        self.assertEqual(tables['hl']['verdict'], 'skipped')
        self.assertEqual(tables['hl']['reasons'], [
            'spatch parses anon.c, but the rule read no declaration of the table there (a member '
            'of a struct without a name, or a form of declaration it does not know)'])
        self.assert_rest_converted(r)

    def test_garbage_from_the_first_line(self):
        # spatch counts such a file neither good nor bad: still named as unparseable
        self.write('garbage.c', 'static struct hlist_head tbl[16] = @@@ garbage {{{ tbl ]]]\n')
        r = run_tool('--check', 'none', 'good.c', 'garbage.c', cwd=self.dir, quiet=False)
        self.assertIn('garbage.c: does not parse as C (line 1)', r.stderr)
        self.assertEqual(r.returncode, 2)
        self.assert_rest_converted(r)

    def test_read_only_file_in_place(self):
        shutil.copy(os.path.join(CASES, 'p9_errmap.c'), os.path.join(self.dir, 'ro.c'))
        os.chmod(os.path.join(self.dir, 'ro.c'), 0o444)
        with open(os.path.join(self.dir, 'ro.c')) as f:
            before = f.read()
        r = run_tool('--in-place', '--check', 'none', 'good.c', 'ro.c', cwd=self.dir, quiet=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn('ro.c: not written: ', r.stderr)
        self.assertIn('read-only', r.stderr)
        with open(os.path.join(self.dir, 'ro.c')) as f:
            self.assertEqual(f.read(), before)
        with open(os.path.join(self.dir, 'good.c')) as f:
            self.assertIn('DEFINE_HASHTABLE', f.read())

    def test_spatch_crash(self):
        shutil.copy(os.path.join(CASES, 'p9_errmap.c'), os.path.join(self.dir, 'crash.c'))
        fake = os.path.join(self.dir, 'crashing-spatch')
        self.write('crashing-spatch', '#!/bin/sh\n'
                   '# a spatch that dies on crash.c, as a bug in spatch would\n'
                   'for a in "$@"; do\n'
                   '\tif [ -f "$a" ] && grep -qx crash.c "$a"; then kill -SEGV $$; fi\n'
                   'done\nexec spatch "$@"\n')
        os.chmod(fake, 0o755)
        r = run_tool('--check', 'none', '--spatch', fake, 'good.c', 'crash.c', cwd=self.dir,
                     quiet=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn('crash.c: spatch crashed (SIGSEGV)', r.stderr)
        self.assert_rest_converted(r)
        self.assertNotIn('b/crash.c', r.stdout)

    def test_spatch_time_limit(self):
        with open(os.path.join(self.dir, 'slow.c'), 'w') as f:
            f.write('#include <linux/list.h>\nstatic struct hlist_head slow[16];\n')
            for i in range(4000):
                f.write('int f%d(int k, struct hlist_node *n) { int r = 0; while (k--) r += k * %d; '
                        'hlist_add_head(n, &slow[k & 15]); return r; }\n' % (i, i))
        r = run_tool('--check', 'none', '--timeout', '1', 'good.c', 'slow.c', cwd=self.dir,
                     quiet=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn('slow.c: spatch exceeded its time limit (1 s)', r.stderr)
        self.assert_rest_converted(r)

    def test_bad_usage(self):
        r = run_tool('--check', 'sometimes', 'good.c', cwd=self.dir)
        self.assertEqual(r.returncode, 2)
        self.assertIn('invalid choice', r.stderr)
        r = run_tool('--check', 'kbuild', 'good.c', cwd=self.dir, quiet=False)
        self.assertEqual(r.returncode, 2)
        self.assertIn('needs a configured kernel tree', r.stderr)


if __name__ == '__main__':
    unittest.main()


class HeaderCursorTest(unittest.TestCase):
    """A walk that keeps its bucket number in a field of a struct of a header
    (net/ipv4/ping.c: state->bucket of struct ping_iter_state): other files may set
    that field to a key, so the table stays, and the reason says so (it said only
    "use not understood")."""

    HEADER = 'struct iter_state {\n\tint bucket;\n};\n'
    SOURCE = ('#include <linux/types.h>\n#include <linux/list.h>\n#include "inc/iter.h"\n\n'
              '#define NB 8\n\nstruct item {\n\tu32 key;\n\tstruct hlist_node node;\n};\n\n'
              'static struct hlist_head tab[NB];\n\nvoid add(struct item *it)\n{\n'
              '\thlist_add_head(&it->node, &tab[it->key & (NB - 1)]);\n}\n\n'
              'int count(struct iter_state *st)\n{\n\tstruct item *it;\n\tint n = 0;\n\n'
              '\tfor (st->bucket = 0; st->bucket < NB; st->bucket++)\n'
              '\t\thlist_for_each_entry(it, &tab[st->bucket], node)\n'
              '\t\t\tn++;\n\treturn n;\n}\n')

    def test_table_stays_with_the_reason(self):
        table = one_table_of_tree({'inc/iter.h': self.HEADER, 't.c': self.SOURCE})
        self.assertEqual(table['verdict'], 'skipped')
        self.assertIn('"st->bucket" is not a masked or hashed key: a field of a struct of '
                      'another file, which other files may set to anything', table['reasons'][0])


class HeaderRedefinesApiTest(unittest.TestCase):
    """A header of the tree that defines hash_for_each_possible() again (after
    <linux/hashtable.h>): the rule alone cannot see it (it reads no includes), so the
    tool hands it the definition, and the table that converted code would look up
    through it stays as it is (a review found it converted: the program then found
    other entries)."""

    HEADER = ('#include <linux/hashtable.h>\n#undef hash_for_each_possible\n'
              '#define hash_for_each_possible(name, obj, member, key) \\\n'
              '\thlist_for_each_entry(obj, &(name)[(key) & 1], member)\n')
    SOURCE = ('#include <linux/types.h>\n#include <linux/list.h>\n#include <linux/hash.h>\n'
              '#include "inc/myhash.h"\n\nstruct item {\n\tu32 key;\n\tstruct hlist_node node;\n};\n\n'
              'static struct hlist_head tab[8];\n\nvoid add(struct item *it)\n{\n'
              '\thlist_add_head(&it->node, &tab[hash_32(it->key, 3)]);\n}\n\n'
              'int find(u32 k)\n{\n\tstruct item *it;\n\n'
              '\thlist_for_each_entry(it, &tab[hash_32(k, 3)], node)\n'
              '\t\tif (it->key == k)\n\t\t\treturn 1;\n\treturn 0;\n}\n')

    def test_table_stays(self):
        with open(os.path.join(ROOT, 'include', 'linux', 'hashtable.h')) as f:
            api = f.read()
        # a body that reduces nothing (it walks bucket 0: a review found it converted)
        plain = ('#include <linux/hashtable.h>\n#undef hash_for_each_possible\n'
                 '#define hash_for_each_possible(name, obj, member, key) \\\n'
                 '\thlist_for_each_entry(obj, name, member)\n')
        # with the tree's own <linux/hashtable.h> too, which defines it first
        for header, files in ((self.HEADER, {}), (self.HEADER, {'include/linux/hashtable.h': api}),
                              (plain, {})):
            with self.subTest(sorted(files), header=header):
                r, tables = run_on_tree(dict({'inc/myhash.h': header, 't.c': self.SOURCE},
                                             **files), '--check', 'none')
                self.assertEqual(r.stdout, '')
                [table] = [t for t in tables if t['name'] == 'tab']
                self.assertEqual(table['verdict'], 'skipped')
                self.assertTrue(table['reasons'][0].startswith(
                    'a header of the file defines hash_for_each_possible() of <linux/hashtable.h> '
                    'again'), table['reasons'])
