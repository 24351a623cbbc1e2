"""Load the Python half of semantic-patches/hashtable.cocci for unit tests.

The rule file is self-contained (SPEC section 6), so its @initialize:python@
block is the one copy of the decision code; tests exec it from there.
"""
import os
import types

COCCI = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                     'semantic-patches', 'hashtable.cocci')


def load():
    with open(COCCI) as f:
        text = f.read()
    start = text.index('@initialize:python@\n@@\n') + len('@initialize:python@\n@@\n')
    end = text.index('\n// -----', start)
    module = types.ModuleType('hashtable_cocci')
    exec(compile(text[start:end], COCCI, 'exec'), module.__dict__)
    return module
