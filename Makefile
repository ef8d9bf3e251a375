# Chariot - a xiangqi engine.  `make help` lists the targets.
#
# Variables:  CC=gcc|clang   WERROR=1 (warnings fail the build, as in CI)
#             DEPTH=N        bench depth for `make bench`

CC      ?= cc
WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes
ifeq ($(WERROR),1)
WARN    += -Werror
endif
INC     := -Isrc/core -Isrc/xiangqi
OPT     := -O3 -march=native -flto=auto
LDLIBS  := -lm -lpthread

CORE    := $(wildcard src/core/*.c)
GAME    := $(wildcard src/xiangqi/*.c)
LIBSRC  := $(filter-out src/core/main.c,$(CORE)) $(GAME)
HDRS    := $(wildcard src/core/*.h src/xiangqi/*.h)
TESTSRC := $(wildcard tests/*.c)

.PHONY: all release debug san tsan test test-fast test-san test-tsan test-tune bench bench-perft tune clean help format

all: chariot                          ## build ./chariot (optimised; the default)

chariot: $(CORE) $(GAME) $(HDRS) Makefile
	$(CC) $(WARN) $(OPT) -DNDEBUG $(INC) -o $@ $(CORE) $(GAME) $(LDLIBS)

release: chariot                      ## same as `all`: -O3 -march=native, LTO

debug: chariot-debug                  ## ./chariot-debug: -O1 -g, invariants checked after every make/unmake

chariot-debug: $(CORE) $(GAME) $(HDRS)
	$(CC) $(WARN) -O1 -g -DCHARIOT_CHECKS $(INC) -o chariot-debug $(CORE) $(GAME) $(LDLIBS)

san: chariot-san                      ## ./chariot-san: AddressSanitizer + UndefinedBehaviorSanitizer

chariot-san: $(CORE) $(GAME) $(HDRS)
	$(CC) $(WARN) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
	    $(INC) -o chariot-san $(CORE) $(GAME) $(LDLIBS)

tsan: chariot-tsan                    ## ./chariot-tsan: ThreadSanitizer build

chariot-tsan: $(CORE) $(GAME) $(HDRS)
	$(CC) $(WARN) -O1 -g -fsanitize=thread $(INC) -o chariot-tsan $(CORE) $(GAME) $(LDLIBS)

tests/run-tests: $(LIBSRC) $(TESTSRC) $(HDRS) tests/*.h chariot
	$(CC) $(WARN) -O2 -g $(INC) -Itests -o $@ $(TESTSRC) $(LIBSRC) $(LDLIBS)

tests/run-tests-san: $(LIBSRC) $(TESTSRC) $(HDRS) tests/*.h chariot-san
	$(CC) $(WARN) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
	    $(INC) -Itests -o $@ $(TESTSRC) $(LIBSRC) $(LDLIBS)

test: test-fast test-san test-tsan test-tune ## build and run every test: plain, ASan+UBSan, ThreadSanitizer, tuner

test-fast: tests/run-tests            ## the test suite, optimised build only
	./tests/run-tests --engine ./chariot

test-san: tests/run-tests-san         ## the test suite under ASan+UBSan (perft capped at smaller counts)
	ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 ./tests/run-tests-san --quick --engine ./chariot-san

test-tsan: tests/run-tests chariot-tsan ## parallel search stress test and protocol fuzz sessions, ThreadSanitizer build
	TSAN_OPTIONS="halt_on_error=1 exitcode=66 allocator_may_return_null=1" ./tests/run-tests --engine ./chariot-tsan smp fuzz

test-tune: chariot-tune               ## the evaluation tuner on a small sample (tests/tune_test.sh)
	bash tests/tune_test.sh ./chariot-tune

bench: chariot                        ## print the bench signature (Nodes searched) and speed
	./chariot bench $(DEPTH)

bench-perft: chariot                  ## perft speed against Fairy-Stockfish, same positions, same run
	python3 tools/bench_perft.py ./chariot

tune: chariot-tune                    ## ./chariot-tune: fits the evaluation weights to games (docs/tuning.md)

chariot-tune: tools/tune.c $(LIBSRC) $(HDRS)
	$(CC) $(WARN) -O3 -march=native -DNDEBUG -DEVAL_TUNING $(INC) -o $@ tools/tune.c $(LIBSRC) $(LDLIBS)

format:                               ## clang-format every source file in place
	clang-format -i src/core/*.[ch] src/xiangqi/*.[ch] tests/*.[ch]

clean:                                ## remove build outputs
	rm -f chariot chariot-debug chariot-san chariot-tsan chariot-tune tests/run-tests tests/run-tests-san

help:                                 ## list the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## /  \1\t/' | expand -t 16
