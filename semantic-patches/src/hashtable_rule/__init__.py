"""The Python half of semantic-patches/hashtable.cocci, as ordinary modules.

semantic-patches/amalgamate.py pastes these modules, in the order of MODULES
(each imports only from those before it), into the @initialize:python@ block
of the shipped rule, which must stay one self-contained file for
make coccicheck. Edit here, then run make rule.
"""

MODULES = ('tokens', 'cexpr', 'widths', 'files', 'helpers', 'sites', 'positional', 'params',
           'allocated', 'lookups', 'collect', 'analysis', 'approval', 'verdicts')
