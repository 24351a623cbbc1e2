"""The context and org modes of semantic-patches/hashtable.cocci (report is
checked for every case by run_cases.py)."""
import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COCCI = os.path.join(ROOT, 'semantic-patches', 'hashtable.cocci')
CASES = os.path.join(ROOT, 'testdata', 'cases')


def spatch(mode, *cases):
    files = [os.path.join(CASES, c + '.c') for c in cases]
    out = subprocess.run(['spatch', '--very-quiet', '--python', sys.executable, '-D', mode,
                          '--sp-file', COCCI] + files,
                         capture_output=True, text=True, timeout=300)
    return out.stdout


class ContextTest(unittest.TestCase):
    def test_marks_declaration_and_keyed_accesses_of_a_convertible_table(self):
        marked = [l[1:].strip() for l in spatch('context', 'mask_macro').splitlines()
                  if l.startswith('-') and not l.startswith('---')]
        self.assertEqual(marked, [
            'static struct hlist_head foo_hash[FOO_HASH_SIZE];',
            'hlist_for_each_entry(f, &foo_hash[id & FOO_HASH_MASK], node)',
            'hlist_add_head(&f->node, &foo_hash[f->id & FOO_HASH_MASK]);',
        ])

    def test_marks_nothing_for_a_refused_table(self):
        self.assertEqual(spatch('context', 'not_pow2'), '')


class OrgTest(unittest.TestCase):
    def test_one_todo_per_table_with_its_verdict(self):
        lines = spatch('org', 'mask_macro', 'not_pow2').splitlines()
        self.assertEqual(len(lines), 2)
        self.assertTrue(all(l.startswith('* TODO [[view:') for l in lines))
        self.assertIn('foo_hash[FOO_HASH_SIZE]: converted to DEFINE_HASHTABLE(foo_hash, 6)', lines[0])
        self.assertIn('is not a power of two', lines[1])


if __name__ == '__main__':
    unittest.main()
