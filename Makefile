# hashtable-convert — build, test, demo and install targets.
#
#   make check          all fast tests (header, rules, their Python); installs what is missing
#   make demo           run the rule on bundled samples: a diff and the verdicts

PYTHON ?= /usr/bin/python3
CC ?= gcc
export PYTHON

.PHONY: all deps check check-header check-rules check-tool demo clean

all: check

deps:
	@tool/install-deps

check: deps check-header check-rules check-tool
	@echo "make check: all tests passed"

check-header: deps
	@$(MAKE) --no-print-directory -C tests/header

check-rules: deps
	@$(PYTHON) tests/run_cases.py

check-tool: deps
	@cd tests && $(PYTHON) -m unittest test_cocci_python test_modes test_failsafe test_tool_cli

DEMO_CASES = testdata/cases/p9_errmap.c testdata/cases/tracepoint_table.c testdata/cases/bucket_locks.c

demo: deps
	@echo "== spatch -D patch: the conversion of two sample files"
	@for f in testdata/cases/p9_errmap.c testdata/cases/tracepoint_table.c; do \
		spatch --very-quiet -D patch --sp-file semantic-patches/hashtable.cocci $$f; done
	@echo "== spatch -D report: the verdict on every table of three samples"
	@for f in $(DEMO_CASES); do \
		spatch --very-quiet -D report --sp-file semantic-patches/hashtable.cocci $$f; done
	@echo "== the bundled header in a userspace program"
	@$(MAKE) --no-print-directory -C tests/header demo

clean:
	@$(MAKE) --no-print-directory -C tests/header clean
	rm -rf build
