# hashtable-convert — build, test, demo and install targets.
#
#   make check          all fast tests (header, rules, wrapper); installs what is missing
#   make demo           run the tool on the bundled sample tree
#   make check-kernel   the whole-kernel test on Debian's linux-source-6.1 (slow)
#   make bench          whole-tree timings on the same kernel tree

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
	@$(PYTHON) -m unittest discover -s tests -p 'test_*.py'

demo: deps
	@$(MAKE) --no-print-directory -C tests/header demo

clean:
	@$(MAKE) --no-print-directory -C tests/header clean
	rm -rf build
