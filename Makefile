# hashtable-convert — build, test, demo and install targets.
#
#   make check          all fast tests (header, rules, their Python); installs what is missing
#   make demo           run the tool on testdata/sample-tree: a diff and the summary

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

demo: deps
	@echo "== tool/hashtable-convert testdata/sample-tree --check header"
	@echo "   (a diff on stdout, the summary on stderr; nothing is written)"
	@tool/hashtable-convert testdata/sample-tree --check header; \
		status=$$?; echo "== exit status $$status (1: a check failed, so that file is not in the diff)"; \
		test $$status -le 1
	@echo "== spatch -D report: the rule alone, on one file of the cases"
	@spatch --very-quiet -D report --sp-file semantic-patches/hashtable.cocci testdata/cases/bucket_locks.c

clean:
	@$(MAKE) --no-print-directory -C tests/header clean
	rm -rf build
