"""The rule's Python for unit tests: the modules of semantic-patches/src/hashtable_rule.

The shipped semantic-patches/hashtable.cocci carries the same code, pasted in
by semantic-patches/amalgamate.py (tests/test_amalgamation.py keeps the two in
sync); tests import the modules themselves, so that coverage and tracebacks
name the real files.
"""
import importlib
import os
import sys
import types

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'semantic-patches', 'src')
if SRC not in sys.path:
    sys.path.insert(0, SRC)

import hashtable_rule  # noqa: E402


def module(name):
    return importlib.import_module('hashtable_rule.' + name)


def load():
    """Every name of every module in one namespace, as inside the rule."""
    merged = types.SimpleNamespace()
    for name in hashtable_rule.MODULES:
        for key, value in vars(module(name)).items():
            if not key.startswith('__'):
                setattr(merged, key, value)
    return merged
