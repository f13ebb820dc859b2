# Kiln: configure, build and test every preset of CMakePresets.json.
#
#   make test              all presets in order, stopping at the first failure, then a summary
#   make test-<preset>     one preset: host m4 m55 m55-portable host-upstream m55-upstream m0plus
#   make build-<preset>    configure and build only
#   make clean             remove build/
#   make demo [CORE=m55]   keyword-spotting demo (m55, m4, m55-portable, host)
#   make bench, make planner  see below
#
# Variables: JOBS (parallel build and test jobs, default 2), KILN_SHARED_DIR (the shared test
# vectors, default ../shared), CMAKE_ARGS (extra configure options), CTEST_ARGS (e.g. -R conv).
# The cross presets run their tests on QEMU (tests/target/qemu-run; KILN_QEMU_TIMEOUT limits
# each program, default 600 s).

PRESETS := host m4 m55 m55-portable host-upstream m55-upstream m0plus
JOBS ?= 2
CMAKE ?= cmake
CTEST ?= ctest
CMAKE_ARGS ?=
CTEST_ARGS ?=

configure_args = $(if $(KILN_SHARED_DIR),-DKILN_SHARED_DIR=$(KILN_SHARED_DIR)) $(CMAKE_ARGS)

.PHONY: all test clean help $(addprefix test-,$(PRESETS)) $(addprefix build-,$(PRESETS))

all: test

help:
	@sed -n '2,13p' $(firstword $(MAKEFILE_LIST)) | sed 's/^# \{0,1\}//'

define kiln_preset_rules
build-$(1):
	$(CMAKE) --preset $(1) $(configure_args)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $(CMAKE) --build --preset $(1) --parallel $(JOBS)

test-$(1): build-$(1)
	$(CTEST) --preset $(1) --output-on-failure --parallel $(JOBS) $(CTEST_ARGS)
endef
$(foreach p,$(PRESETS),$(eval $(call kiln_preset_rules,$(p))))

# Each preset runs in a sub-make so that a failure can be reported before stopping.
test:
	@passed=""; remaining="$(PRESETS)"; \
	for p in $(PRESETS); do \
	    remaining=$${remaining#"$$p"}; remaining=$${remaining# }; \
	    echo ""; echo "=== kiln: preset $$p ==="; \
	    start=$$(date +%s); \
	    if $(MAKE) --no-print-directory test-$$p; then \
	        passed="$$passed $$p($$(( $$(date +%s) - start ))s)"; \
	    else \
	        echo ""; echo "=== kiln: summary ==="; \
	        echo "  passed:$${passed:- (none)}"; \
	        echo "  FAILED: $$p"; \
	        echo "  not run: $${remaining:-(none)}"; \
	        exit 1; \
	    fi; \
	done; \
	echo ""; echo "=== kiln: summary ==="; \
	echo "  passed:$$passed"; \
	echo "  all $(words $(PRESETS)) presets passed"

clean:
	rm -rf build

# The quick-start demo: DS-CNN keyword spotting end to end on the emulated Cortex-M55 (CORE=m4,
# m55-portable or host for the others), bit-exact check against the reference output.
CORE ?= m55
.PHONY: demo
demo:
	@KILN_SHARED_DIR=$(KILN_SHARED_DIR) JOBS=$(JOBS) examples/kws/run-demo --core $(CORE)

# Benchmarks and planner (issue 6).
#   make bench     bench_kiln on the emulated M4 (DSP, portable C) and M55 (MVE, portable C):
#                  build/bench/results.md and results.json
#   make planner   build kiln-plan (host preset): build/host/tools/planner/kiln-plan --help
.PHONY: bench planner
bench:
	KILN_SHARED_DIR=$(KILN_SHARED_DIR) KILN_BENCH_OUT=$(CURDIR)/build/bench JOBS=$(JOBS) bench/run-bench

planner:
	$(CMAKE) --preset host $(configure_args)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL $(CMAKE) --build --preset host --target kiln-plan --parallel $(JOBS)
	@echo "kiln-plan: $(CURDIR)/build/host/tools/planner/kiln-plan (try: --file examples/kws/ds_cnn_s.net)"
