"""The rule abandons a file rather than convert part of a table.

Each test removes one rewriting rule from semantic-patches/hashtable.cocci, as a
bug in it would, and runs the result over a case that needs that rule: the
decision still approves the table, so the leftover checks at the end of the
rule file must find the site left as it was and leave the file unchanged.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COCCI = os.path.join(ROOT, 'semantic-patches', 'hashtable.cocci')
CASES = os.path.join(ROOT, 'testdata', 'cases')

# rewriting rule -> a case that cannot be converted without it
NEEDED_BY = {
    'define_patch': 'p9_errmap',
    'define_read_mostly_patch': 'read_mostly',
    'init_patch': 'p9_errmap',
    'init_drop_patch': 'init_drop',
    'init_while_patch': 'init_variants',
    'walk_patch': 'mask_macro',
    'empty_patch': 'empty_scan',
    'op_patch': 'mask_macro',
    'op_iter_patch': 'mask_macro',
    'op_iter_old_patch': 'pre39_tracepoint',
    'assign_patch': 'p9_errmap',
    'bucket_ptr_remove': 'tracepoint_table',
    'bucket_ptr_decl_remove': 'ptr_arith',
    'bucket_ptr_step_remove': 'bucket_step',
    'delete_patch': 'p9_errmap',
    'bits_macro_patch': 'p9_errmap',
    'drop_function_patch': 'masked_helper',
    'drop_macro_patch': 'bucket_helper',
    'drop_statement_patch': 'helper_statements',
    'replace_return_patch': 'seeded_helper',
    'replace_macro_patch': 'seeded_helper',
    'replace_assign_patch': 'helper_statements',
    'retype_var_patch': 'narrow_index',
    'retype_init_var_patch': 'narrow_var',
    'retype_function_patch': 'helper_widen',
    'replace_arg_patch': 'user_ns_shape',
    'init_while_drop_patch': 'helper_statements',
    'define_global_patch': 'global_table',
    'drop_param_patch': 'user_ns_shape',
    'replace_param_patch': 'user_ns_shape',
    'drop_arg_patch': 'user_ns_shape',
    'define_pointer_patch': 'allocated_tables',
    'define_pointer_read_mostly_patch': 'kzalloc_table',
    'drop_alloc_patch': 'kzalloc_table',
    'alloc_init_patch': 'allocated_tables',
    'drop_if_patch': 'kzalloc_table',
    'drop_free_patch': 'kzalloc_table',
    'drop_null_patch': 'kzalloc_table',
}

# cases run as the tool runs them for a table of several files (-D crossfile)
SHARED = {'global_table': {'tables': {'gtab': {'scope': 'global', 'size': '16'}}}}

# rules whose removal leaves valid, unchanged code: nothing to fail
UNTESTABLE = {'include_patch', 'dead_macro_patch', 'dead_var_patch'}
# (define_global_read_mostly_patch: the same rule as define_global_patch but for the word)
UNTESTED = {'define_global_read_mostly_patch'}


def without_rule(text, name):
    start = text.index('\n@%s ' % name)
    end = text.index('\n@', text.index('\n@@\n', start) + 4)
    return text[:start] + text[end:]


class FailSafeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(COCCI) as f:
            cls.rules = f.read()

    def check(self, rule, case):
        with tempfile.TemporaryDirectory() as tmp:
            cocci = os.path.join(tmp, 'mutant.cocci')
            with open(cocci, 'w') as f:
                f.write(without_rule(self.rules, rule))
            src = os.path.join(CASES, case + '.c')
            work = os.path.join(tmp, case + '.c')
            shutil.copyfile(src, work)
            env = dict(os.environ)
            cmd = ['spatch', '--very-quiet', '--python', sys.executable, '-D', 'patch', '-D', 'gated',
                   '--sp-file', cocci, work, '--in-place']
            if case in SHARED:
                facts = os.path.join(tmp, 'facts.json')
                with open(facts, 'w') as f:
                    json.dump(SHARED[case], f)
                env['HASHTABLE_CONVERT_FACTS'] = facts
                cmd[2:2] = ['-D', 'crossfile']
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
            with open(src) as a, open(work) as b:
                self.assertEqual(a.read(), b.read(), 'without %s, %s was changed' % (rule, case))
            self.assertIn('approved but not rewritten', out.stderr)

    def test_every_rewriting_rule(self):
        for rule, case in sorted(NEEDED_BY.items()):
            with self.subTest(rule=rule):
                self.check(rule, case)

    def test_every_rewriting_rule_is_tested(self):
        rewriting = set(re.findall(r'^@(\w+(?:_patch|_remove)) depends on patch\b', self.rules, re.M))
        leftovers = {r for r in rewriting if r.startswith('leftover_')}
        self.assertEqual(sorted(rewriting - leftovers - set(NEEDED_BY) - UNTESTABLE - UNTESTED), [])

    def test_complete_rule_file_converts_those_cases(self):
        # the mutants above must fail for the missing rule, not for any rule
        for case in sorted(set(NEEDED_BY.values()) - set(SHARED)):
            with open(os.path.join(CASES, case + '.c')) as a, \
                    open(os.path.join(CASES, case + '.res')) as b:
                self.assertNotEqual(a.read(), b.read(), case)


if __name__ == '__main__':
    unittest.main()
