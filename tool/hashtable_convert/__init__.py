"""hashtable-convert: convert open-coded hlist_head hash tables to <linux/hashtable.h>.

The stages, one module each, in the order a run goes through them:
sources (find candidate files) -> shared (tables that span files) ->
transform (spatch with semantic-patches/hashtable.cocci) -> decide (verdicts
over all files of a table) -> check (compile before and after) -> report
(summary, JSON, diff) and patches (--format-patch).
"""
