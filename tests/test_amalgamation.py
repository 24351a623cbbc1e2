"""The shipped rule is its sources, assembled; the assembler refuses what spatch would break.

semantic-patches/hashtable.cocci must be exactly what semantic-patches/amalgamate.py
makes of semantic-patches/src/ (run make rule after editing there), and the
rule's Python must pass pyflakes.
"""
import ast
import os
import shutil
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'semantic-patches'))

import amalgamate  # noqa: E402


class InSyncTest(unittest.TestCase):
    def test_shipped_rule_is_up_to_date(self):
        proc = subprocess.run([sys.executable, os.path.join(ROOT, 'semantic-patches', 'amalgamate.py'),
                               '--check'], stderr=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)

    def test_every_module_is_in_the_rule(self):
        with open(os.path.join(ROOT, 'semantic-patches', 'hashtable.cocci')) as f:
            rule = f.read()
        for name in amalgamate.module_order('hashtable_rule'):
            self.assertIn('# %s %s.py\n' % ('-' * 64, name), rule)
        self.assertNotIn('%%PYTHON', rule)
        self.assertNotIn('from .', rule)

    @unittest.skipUnless(shutil.which('pyflakes3'), 'pyflakes3 is not installed (make deps)')
    def test_pyflakes_finds_nothing(self):
        proc = subprocess.run(['pyflakes3', 'semantic-patches/src', 'semantic-patches/amalgamate.py',
                               'tool/hashtable_convert', 'tests'], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        self.assertEqual(proc.returncode, 0, proc.stdout)


class LexerTest(unittest.TestCase):
    """Each of these was seen to break spatch 1.1.1 inside @initialize:python@."""

    def problems(self, code):
        return amalgamate.lexer_problems(code, 'm.py')

    def test_floor_division_is_refused(self):
        self.assertEqual(len(self.problems('x = 7 // 2\n')), 1)
        self.assertEqual(self.problems('x = "a//b"\n'), [])

    def test_decorators_and_matmul_are_refused(self):
        self.assertEqual(len(self.problems('@f\ndef g():\n    pass\n')), 1)
        self.assertEqual(self.problems('s = "@@"\n# a comment @ alone\n'), [])

    def test_comment_after_code_with_odd_quotes_or_at_is_refused(self):
        self.assertEqual(len(self.problems("x = 1  # it's\n")), 1)
        self.assertEqual(len(self.problems('x = 1  # e@mail\n')), 1)
        self.assertEqual(self.problems("# it's alone on its line\nx = 1  # \"both\"\n"), [])

    def test_star_after_parenthesis_hides_single_quotes(self):
        # "(*" opens an OCaml comment for spatch: '#' is then a quote and a comment
        self.assertEqual(len(self.problems("a = [1]\nx = len(*a)\ny = '#'\n")), 1)
        self.assertEqual(self.problems("x = len(a)\ny = '#'\n"), [])

    def test_the_open_ocaml_comment_is_named_with_its_line(self):
        problems = amalgamate.lexer_problems("a = [1]\nx = len(*a)\ny = str('#')\n", 'm.py', 10)
        self.assertIn('m.py:12:', problems[0])
        self.assertIn('"(*" of line 11', problems[0])

    def test_apostrophe_in_an_indented_comment_is_refused(self):
        problems = self.problems("if 1:\n    # it's here\n    x = '#'\n")
        self.assertEqual(len(problems), 1)
        self.assertIn(':2:', problems[0])

    def test_comment_parentheses_are_harmless(self):
        self.assertEqual(self.problems("x = 1   # one (#if branches)\n"), [])

    def test_what_spatch_reads_is_the_text_where_all_is_well(self):
        text = 'x = "a#b" + \'c"d\'  # note\n# it\'s fine here\n'
        read, events = amalgamate.spatch_reads(text)
        self.assertEqual(read, 'x = "a#b" + \'c"d\'  # note\n\n')

    def test_a_line_starting_with_spatch_options_is_refused(self):
        self.assertEqual(len(self.problems('s = """\n# spatch --foo\n"""\n')), 1)


class OrderTest(unittest.TestCase):
    def test_a_module_importing_a_later_one_is_refused(self):
        with self.assertRaises(amalgamate.AmalgamationError):
            amalgamate.split_module('hashtable_rule', 'cexpr', [])


if __name__ == '__main__':
    unittest.main()


class BlocksTest(unittest.TestCase):
    """spatch reads a script block in time that grows with the square of its length:
    the assembled Python is cut into blocks at top-level statements."""

    CODE = ('import os\n\n\n# the first function\n# (two comment lines)\ndef a():\n    return 1\n\n\n'
            'X = """\n# not a comment\n"""\n# about b\ndef b():\n    x = 1\n    y = 2\n'
            '    return x + y\n\n\nY = 3\n')

    def test_pieces_are_whole_statements_with_their_comments(self):
        pieces = amalgamate.cut_blocks(self.CODE, 4)
        for piece in pieces:
            compile(piece, 'piece', 'exec')
        self.assertEqual(pieces[1], '# the first function\n# (two comment lines)\ndef a():\n    return 1\n')
        self.assertTrue(any(p.startswith('# about b\ndef b():') for p in pieces), pieces)
        self.assertEqual(''.join(pieces).replace('\n', ''), self.CODE.replace('\n', ''))

    def test_a_long_statement_is_a_piece_of_its_own(self):
        pieces = amalgamate.cut_blocks(self.CODE, 1)
        self.assertIn('# about b\ndef b():\n    x = 1\n    y = 2\n    return x + y\n', pieces)

    def test_short_code_is_one_piece(self):
        self.assertEqual(amalgamate.cut_blocks(self.CODE, 1000), [self.CODE.strip('\n') + '\n'])

    def test_the_shipped_rule_has_short_blocks(self):
        with open(os.path.join(ROOT, 'semantic-patches', 'hashtable.cocci')) as f:
            blocks = f.read().split('@initialize:python@\n@@\n')[1:]
        self.assertGreater(len(blocks), 10)
        for block in blocks:
            python = block.split('\n// ')[0]     # the last one runs on into the SmPL rules
            if python.count('\n') > amalgamate.BLOCK_LINES + 2:
                # longer only when it is one statement (a function of more lines)
                self.assertEqual(len(ast.parse(python).body), 1, python[:200])
