# Chariot - one engine, two games: ./chariot plays xiangqi, ./chariot-chess
# chess (the same engine compiled against src/chess/game.h instead of
# src/xiangqi/game.h; docs/contract.md).  `make help` lists the targets.
#
# Variables:  CC=gcc|clang   WERROR=1 (warnings fail the build, as in CI)
#             DEPTH=N        bench depth for `make bench`
#             ARCH=A         the processors the optimised builds run on (`make help`; `make clean` first)
#             VERSION=V      what -v and the protocols' "id name" say (git describe by default)

.DEFAULT_GOAL := all # `make` builds both engines (the rules written by $(eval) below come first)
CC      ?= cc
WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wconversion -Wsign-conversion
ifeq ($(WERROR),1)
WARN    += -Werror
endif
INC     := -Isrc/engine -Isrc/nnue -Isrc/protocol -Isrc/cli -Isrc/xiangqi
# The version: a tag vX.Y gives X.Y (X.Y-N-gHASH N commits after it); with no tag, 0.1-gHASH; -dirty when the
# tree has uncommitted changes; 0.1 outside a git checkout. Every build and test of a tree gets the same one.
VERSION ?= $(shell v=$$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null) && echo "$${v\#v}" || \
               { h=$$(git describe --always --dirty 2>/dev/null) && echo "0.1-g$$h" || echo 0.1; })
# build/version.h holds it, rewritten only when it changes: every build depends on it (CORE_HDRS), so the
# binaries and the tests made after a change of version all say the new one.
VERSION_H := build/version.h
$(shell mkdir -p build && v='#define CHARIOT_VERSION "$(VERSION)"' && \
    { [ "$$(cat $(VERSION_H) 2>/dev/null)" = "$$v" ] || echo "$$v" > $(VERSION_H); })
VERSION_DEF := -include $(VERSION_H)
# ARCH: native (the default) uses every instruction of this machine, so the binary may stop with an
# illegal instruction elsewhere; the x86-64 levels run on any processor of that level or newer (v2:
# SSE4.2 and POPCNT, 2009 on; v3 = avx2: AVX2, BMI2, 2013 on; v4: AVX-512); generic names no -march.
ARCHS   := native x86-64 x86-64-v2 x86-64-v3 x86-64-avx2 x86-64-v4 generic
ARCH    ?= native
ifeq ($(filter $(ARCH),$(ARCHS)),)
$(error ARCH=$(ARCH) is not one of: $(ARCHS))
endif
MARCH   := $(if $(filter generic,$(ARCH)),,-march=$(if $(filter x86-64-avx2,$(ARCH)),x86-64-v3,$(ARCH)))
# Link-time optimisation where the compiler can do it (a gcc installed without its LTO plugin cannot).
LTO     := $(shell echo 'int main(void) { return 0; }' | $(CC) -flto=auto -x c - -o /dev/null 2>/dev/null && echo -flto=auto)
OPT     := -O3 $(MARCH) $(LTO)
LDLIBS  := -lm -lpthread
# The float tools (the trainer, the evaluation tuner) round every product and sum on its own, as ISO C reads
# them: clang would fuse a * b + c where the processor has FMA and gcc would not, and the same recipe would
# train other nets (tests/train_compilers_test.sh; the tuner's 3 passes on tests/tune-sample.tsv wrote the
# same header from both compilers before and after, 2026-11-30).
FLOAT_SAME := -ffp-contract=off

# One engine, built once per game: the engine, the front ends and one game folder, compiled against that
# game's src/GAME/game.h (through -Isrc/GAME). Every build of a game is made by the rules of game_builds
# below, so a rule is written once for both games; a third game adds its name to GAMES and a binary name.
GAMES        := xiangqi chess
BIN_xiangqi  := chariot
BIN_chess    := chariot-chess
TUNE_xiangqi := chariot-tune
TUNE_chess   := chariot-tune-chess
TRAIN_xiangqi := chariot-train
TRAIN_chess  := chariot-train-chess
CORE    := $(wildcard src/engine/*.c src/nnue/*.c src/protocol/*.c src/cli/*.c)  # the engine and the front ends
CORE_HDRS := $(wildcard src/engine/*.h src/nnue/*.h src/protocol/*.h src/cli/*.h) $(VERSION_H)
# The game's own sources, and its net (nets/GAME.nnue) as C, compiled into the binary (docs/nnue.md).
$(foreach g,$(GAMES),$(eval SRC_$(g) := $(wildcard src/$(g)/*.c) build/net_$(g).c))
$(foreach g,$(GAMES),$(eval INC_$(g) := $(VERSION_DEF) -Isrc/engine -Isrc/nnue -Isrc/protocol -Isrc/cli -Isrc/$(g)))
$(foreach g,$(GAMES),$(eval HDRS_$(g) := $(CORE_HDRS) $(wildcard src/$(g)/*.h)))
$(foreach g,$(GAMES),$(eval LIB_$(g) := $(filter-out src/cli/main.c,$(CORE)) $(SRC_$(g)))) # without main: tests, tools

TESTSRC := $(wildcard tests/*.c)
CTESTSRC := tests/main.c tests/util.c tests/test_usage.c tests/test_tt.c tests/test_timeman.c tests/test_smp.c tests/chess/groups.c tests/chess/test_uci.c tests/test_datagen.c tests/test_nnue.c tests/test_skill.c # the engine's own tests (and the data format's) run for both games

# Cluster (docs/cluster.md): the same engines over MPI ranks, built against Debian's Open MPI
# (libopenmpi-dev, openmpi-bin) and, side by side, against MPICH (libmpich-dev, mpich: BINARY-mpich, run
# with mpirun.mpich); the ordinary builds have no MPI in them.
MPICC       ?= mpicc
MPICC_MPICH ?= mpicc.mpich
CLUSTER     := $(wildcard src/cluster/*.c)

# Portable builds under their own names, beside ./chariot: `make chariot-x86-64-v2 chariot-chess-x86-64-v2`.
PORTABLE := x86-64 x86-64-v2 x86-64-v3 x86-64-v4

# Other systems (docs/platforms.md), each binary static, with nothing to install beside it: Windows x86-64
# through Debian's MinGW-w64 (gcc-mingw-w64-x86-64: `make windows`, chariot.exe and chariot-chess.exe) and
# Linux ARM64 through Debian's cross compiler (gcc-aarch64-linux-gnu: `make aarch64`). A binary made to
# leave this machine takes ARCH=native as x86-64-v2. Windows: MinGW's C99 printf (%zu, %lld), and no
# -Wfloat-conversion, which MinGW's own isfinite() macro trips.
MINGW_CC    ?= x86_64-w64-mingw32-gcc
AARCH64_CC  ?= aarch64-linux-gnu-gcc
XARCH        = $(if $(filter native,$(ARCH)),x86-64-v2,$(ARCH))
XMARCH       = $(if $(filter generic,$(XARCH)),,-march=$(if $(filter x86-64-avx2,$(XARCH)),x86-64-v3,$(XARCH)))
WIN_FLAGS   := -static -D__USE_MINGW_ANSI_STDIO=1 -Wno-float-conversion
lto_of       = $(shell echo 'int main(void) { return 0; }' | $(1) -flto=auto -x c - -o /dev/null 2>/dev/null && echo -flto=auto)
MINGW_LTO    = $(call lto_of,$(MINGW_CC))
AARCH64_LTO  = $(call lto_of,$(AARCH64_CC))

# $(call game_builds,GAME,BINARY,TUNER,TRAINER): every build of one game. BINARY is optimised for ARCH; BINARY-debug
# checks every invariant after each make and unmake; BINARY-san and BINARY-tsan run under the sanitizers;
# BINARY-x86-64... are the portable builds; BINARY-mpi and BINARY-mpich the cluster builds (Open MPI, MPICH);
# TUNER fits the evaluation weights; TRAINER fits a net to datagen's data (tools/nnue/train.c, docs/nnue.md);
# BINARY-tunable has the search's numbers as UCI options (search.h SEARCH_PARAMS; tools/tune/spsa.py, docs/tuning.md).
define game_builds
build/net_$(1).c: tools/build/embed_net.sh $$(wildcard nets/$(1).nnue)
	@mkdir -p build
	sh tools/build/embed_net.sh nets/$(1).nnue > $$@.tmp && mv $$@.tmp $$@

$(2): $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1)) Makefile
	$$(CC) $$(WARN) $$(OPT) -DNDEBUG $$(INC_$(1)) $$(LDFLAGS) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$(2).exe: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1)) Makefile
	$$(MINGW_CC) $$(WARN) $$(WIN_FLAGS) -O3 $$(XMARCH) $$(MINGW_LTO) -DNDEBUG $$(INC_$(1)) -o $$@ $$(CORE) $$(SRC_$(1)) \
	    $$(LDLIBS)

$(2)-aarch64: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1)) Makefile
	$$(AARCH64_CC) $$(WARN) -static -O3 $$(AARCH64_LTO) -DNDEBUG $$(INC_$(1)) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$(2)-tunable: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1)) Makefile
	$$(CC) $$(WARN) $$(OPT) -DNDEBUG -DSEARCH_TUNING $$(INC_$(1)) $$(LDFLAGS) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$(2)-debug: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1))
	$$(CC) $$(WARN) -O1 -g -DCHARIOT_CHECKS $$(INC_$(1)) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$(2)-san: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1))
	$$(CC) $$(WARN) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
	    $$(INC_$(1)) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$(2)-tsan: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1))
	$$(CC) $$(WARN) -O1 -g -fsanitize=thread $$(INC_$(1)) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$$(PORTABLE:%=$(2)-%): $(2)-%: $$(CORE) $$(SRC_$(1)) $$(HDRS_$(1)) Makefile
	$$(CC) $$(WARN) -O3 -march=$$* $$(LTO) -DNDEBUG $$(INC_$(1)) -o $$@ $$(CORE) $$(SRC_$(1)) $$(LDLIBS)

$(2)-mpi: $$(CORE) $$(SRC_$(1)) $$(CLUSTER) $$(HDRS_$(1)) src/cluster/cluster.h Makefile
	$$(MPICC) $$(WARN) $$(OPT) -DNDEBUG -DCHARIOT_CLUSTER $$(INC_$(1)) -Isrc/cluster -o $$@ $$(CORE) $$(SRC_$(1)) \
	    $$(CLUSTER) $$(LDLIBS)

$(2)-mpich: $$(CORE) $$(SRC_$(1)) $$(CLUSTER) $$(HDRS_$(1)) src/cluster/cluster.h Makefile
	$$(MPICC_MPICH) $$(WARN) $$(OPT) -DNDEBUG -DCHARIOT_CLUSTER $$(INC_$(1)) -Isrc/cluster -o $$@ $$(CORE) \
	    $$(SRC_$(1)) $$(CLUSTER) $$(LDLIBS)

$(3): tools/tune/tune.c $$(LIB_$(1)) $$(HDRS_$(1))
	$$(CC) $$(WARN) -O3 $$(MARCH) $$(FLOAT_SAME) -DNDEBUG -DEVAL_TUNING $$(INC_$(1)) -o $$@ tools/tune/tune.c $$(LIB_$(1)) $$(LDLIBS)

$(4): tools/nnue/train.c $$(LIB_$(1)) $$(HDRS_$(1))
	$$(CC) $$(WARN) -O3 $$(MARCH) $$(FLOAT_SAME) -DNDEBUG $$(INC_$(1)) -o $$@ tools/nnue/train.c $$(LIB_$(1)) $$(LDLIBS)
endef
$(foreach g,$(GAMES),$(eval $(call game_builds,$(g),$(BIN_$(g)),$(TUNE_$(g)),$(TRAIN_$(g)))))

.PHONY: windows windows-replay aarch64 test-cross dist test-dist print-version test-tools
.PHONY: install uninstall test-install all release debug san tsan test test-fast test-datagen test-annotate test-train test-rounds test-san test-tsan test-tune test-spsa tunable test-chess test-chess-san perft-deep bench bench-perft tune match net clean help format format-check test-match test-arch test-includes

all: chariot chariot-chess            ## build ./chariot (xiangqi) and ./chariot-chess (optimised; the default)

# The plain test suites take the binaries' instructions ($(MARCH): the net's AVX2 or NEON arithmetic); the
# sanitizer builds take none (its scalar arithmetic): both meet tests/test_nnue.c's reference.
tests/run-tests-chess: $(LIB_chess) $(CTESTSRC) $(HDRS_chess) tests/*.h chariot-chess
	$(CC) $(WARN) -O2 -g $(MARCH) $(INC_chess) -Itests -o $@ $(CTESTSRC) $(LIB_chess) $(LDLIBS)

tests/chess/perft-check: tests/chess/perft_check.c $(SRC_chess) $(HDRS_chess) src/engine/numparse.c src/engine/perft.c
	$(CC) $(WARN) -O3 $(MARCH) -DNDEBUG $(INC_chess) -o $@ tests/chess/perft_check.c $(SRC_chess) src/engine/numparse.c src/engine/perft.c -lm

tests/chess/rules-check: tests/chess/rules_check.c $(SRC_chess) $(HDRS_chess) src/engine/numparse.c
	$(CC) $(WARN) -O2 -g -DCHARIOT_CHECKS $(INC_chess) -o $@ tests/chess/rules_check.c $(SRC_chess) src/engine/numparse.c -lm

tests/chess/rules-check-san: tests/chess/rules_check.c $(SRC_chess) $(HDRS_chess) src/engine/numparse.c
	$(CC) $(WARN) -O1 -g -DCHARIOT_CHECKS -fsanitize=address,undefined -fno-sanitize-recover=undefined $(INC_chess) \
	    -o $@ tests/chess/rules_check.c $(SRC_chess) src/engine/numparse.c -lm

test-chess: tests/run-tests-chess tests/chess/perft-check tests/chess/rules-check ## chess: perft (counts up to 5 M), rules, UCI sessions
	./tests/chess/perft-check tests/chess/perft.epd 5000000
	./tests/chess/rules-check
	./tests/run-tests-chess --engine ./chariot-chess

test-chess-san: tests/chess/rules-check-san chariot-chess-san ## chess rules and UCI sessions under ASan+UBSan
	ASAN_OPTIONS=detect_leaks=0 ./tests/chess/rules-check-san
	./tests/run-tests-chess --engine ./chariot-chess-san uci xboard

perft-deep: tests/chess/perft-check   ## every chess perft count (6.7 billion nodes; about 30 s)
	./tests/chess/perft-check tests/chess/perft.epd 0

release: chariot chariot-chess        ## same as `all`: both engines, -O3 -march=native, LTO

windows: chariot.exe chariot-chess.exe ## both engines for Windows x86-64 (Debian's gcc-mingw-w64-x86-64; ARCH=, native is x86-64-v2)

aarch64: chariot-aarch64 chariot-chess-aarch64 ## both engines for Linux ARM64 (Debian's gcc-aarch64-linux-gnu), static

# Each system whose tools are missing is said skipped, naming the Debian packages (CI installs them).
test-cross: chariot chariot-chess      ## the Windows build under Wine, the ARM64 build under qemu-user: bench, perft, sessions (tests/cross_test.py), the net's NEON arithmetic
	@if command -v $(MINGW_CC) >/dev/null && command -v wine >/dev/null; then \
	    $(MAKE) --no-print-directory windows windows-replay && python3 tests/cross_test.py windows; \
	else echo "test-cross SKIPPED for Windows: no $(MINGW_CC) or wine (Debian: apt-get install gcc-mingw-w64-x86-64 wine wine64)"; fi
	@if command -v $(AARCH64_CC) >/dev/null && command -v qemu-aarch64 >/dev/null; then \
	    $(MAKE) --no-print-directory aarch64 tests/run-tests-aarch64 tests/run-tests-chess-aarch64 && \
	    python3 tests/cross_test.py aarch64 && qemu-aarch64 tests/run-tests-aarch64 --engine ./chariot nnue && \
	    qemu-aarch64 tests/run-tests-chess-aarch64 --engine ./chariot-chess nnue; \
	else echo "test-cross SKIPPED for ARM64: no $(AARCH64_CC) or qemu-aarch64 (Debian: apt-get install gcc-aarch64-linux-gnu qemu-user)"; fi

# The net's NEON arithmetic (every layout) against the reference: the engine's `nnue` test group for ARM64.
tests/run-tests-aarch64: $(LIB_xiangqi) $(TESTSRC) $(HDRS_xiangqi) tests/*.h
	$(AARCH64_CC) $(WARN) -static -O2 $(INC_xiangqi) -Itests -o $@ $(TESTSRC) $(LIB_xiangqi) $(LDLIBS)

tests/run-tests-chess-aarch64: $(LIB_chess) $(CTESTSRC) $(HDRS_chess) tests/*.h
	$(AARCH64_CC) $(WARN) -static -O2 $(INC_chess) -Itests -o $@ $(CTESTSRC) $(LIB_chess) $(LDLIBS)

dist:                                 ## release archives under dist/: Linux x86-64 (three levels), Linux ARM64, Windows (.zip), SHA256SUMS
	bash tools/build/dist.sh dist

test-dist:                            ## make dist into a scratch folder, then each archive's files, sums, version and bench (tests/dist_test.sh)
	bash tests/dist_test.sh

print-version:                        ## the version the builds say (-v, id name): git describe, or VERSION=
	@echo $(VERSION)

test-arch: chariot chariot-chess chariot-x86-64 chariot-chess-x86-64 ## the portable x86-64 builds give the native builds' bench signatures
	bash tests/arch_test.sh ./chariot ./chariot-x86-64 ./chariot-chess ./chariot-chess-x86-64

debug: chariot-debug                  ## ./chariot-debug: -O1 -g, invariants checked after every make/unmake

san: chariot-san                      ## ./chariot-san: AddressSanitizer + UndefinedBehaviorSanitizer

tsan: chariot-tsan                    ## ./chariot-tsan: ThreadSanitizer build

tests/run-tests: $(LIB_xiangqi) $(TESTSRC) $(HDRS_xiangqi) tests/*.h chariot
	$(CC) $(WARN) -O2 -g $(MARCH) $(INC_xiangqi) -Itests -o $@ $(TESTSRC) $(LIB_xiangqi) $(LDLIBS)

tests/run-tests-san: $(LIB_xiangqi) $(TESTSRC) $(HDRS_xiangqi) tests/*.h chariot-san
	$(CC) $(WARN) -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
	    $(INC_xiangqi) -Itests -o $@ $(TESTSRC) $(LIB_xiangqi) $(LDLIBS)

test: test-includes test-fast test-san test-tsan test-tune test-spsa test-datagen test-annotate test-train test-rounds test-fuzz-replay test-chess test-chess-san test-install test-mpi test-match test-arch test-cross test-tools ## build and run every test: plain, ASan+UBSan, ThreadSanitizer, tuner, fuzz corpora, chess, cluster

test-fast: tests/run-tests            ## the test suite, optimised build only
	./tests/run-tests --engine ./chariot

test-san: tests/run-tests-san         ## the test suite under ASan+UBSan (perft capped at smaller counts)
	ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 ./tests/run-tests-san --quick --engine ./chariot-san

test-tsan: tests/run-tests chariot-tsan ## parallel search stress, protocol fuzz and UCI/UCCI sessions, ThreadSanitizer build
	TSAN_OPTIONS="halt_on_error=1 exitcode=66 allocator_may_return_null=1" ./tests/run-tests --engine ./chariot-tsan smp fuzz uci ucci xboard

test-spsa: chariot chariot-chess tunable ## the tuning builds search as the engines do; tools/tune/spsa.py runs and resumes (tests/spsa_test.sh)
	bash tests/spsa_test.sh ./chariot ./chariot-tunable
	bash tests/spsa_test.sh ./chariot-chess ./chariot-chess-tunable tools/openings/openings-chess.epd

tunable: chariot-tunable chariot-chess-tunable ## the search's numbers as UCI options, for tools/tune/spsa.py (docs/tuning.md)

test-tune: chariot-tune chariot-tune-chess ## the evaluation tuner of each game on a small sample (tests/tune_test.sh)
	bash tests/tune_test.sh ./chariot-tune
	bash tests/tune_test.sh ./chariot-tune-chess tests/chess/tune-sample.tsv src/chess/eval_weights.h 'ROOK_MG,PAWN_MG_1*'

test-datagen: chariot chariot-chess  ## self-play training data of each game on tiny budgets: reproducible, resumable, read back (tests/datagen_test.sh)
	bash tests/datagen_test.sh ./chariot tools/openings/openings-xq.txt
	bash tests/datagen_test.sh ./chariot-chess tools/openings/openings-chess.epd

test-annotate: chariot chariot-chess ## the game review of each game on crafted games: the marks, read back, drawings (tests/annotate_test.sh)
	bash tests/annotate_test.sh ./chariot tests/annotate/xiangqi.pgn "C5+4"
	bash tests/annotate_test.sh ./chariot-chess tests/annotate/chess.pgn "Qg4 Nf6 d3"

test-train: chariot chariot-chess chariot-train chariot-train-chess ## the net trainer of each game on a small sample datagen makes (tests/train_test.sh)
	bash tests/train_test.sh ./chariot ./chariot-train
	bash tests/train_test.sh ./chariot-chess ./chariot-train-chess

test-rounds: chariot chariot-chess chariot-train chariot-train-chess ## tools/nnue/nnue_rounds.sh in miniature (SHRINK): every round, the same nets on 1 and 2 workers (tests/rounds_test.sh)
	bash tests/rounds_test.sh xiangqi
	bash tests/rounds_test.sh chess

bench: chariot chariot-chess          ## print both bench signatures (Nodes searched) and speed
	./chariot bench $(DEPTH)
	./chariot-chess bench $(DEPTH)

bench-perft: chariot                  ## perft speed against Fairy-Stockfish, same positions, same run
	python3 tools/bench/bench_perft.py ./chariot

tune: chariot-tune                    ## ./chariot-tune: fits the evaluation weights to games (docs/tuning.md)

# The two front doors of tools/ (tools/README.md). A match: A against B, each a command or KEY=VALUE settings
# of tools/match/match.py's --engine (e.g. B='cmd=/usr/games/fairy-stockfish option.UCI_Variant=xiangqi');
# Hash 64 and one thread each, on openings no net was trained on, one game a core. A net: every shipped net of
# GAME again from nothing (tools/nnue/nnue_rounds.sh: hours; SHRINK=N in miniature), into OUTDIR.
GAME      ?= xiangqi
A         ?= ./$(BIN_$(GAME))
TC        ?= 5+0.05
N         ?= 100
SEED      ?= 1
OPENINGS  ?= $(if $(filter chess,$(GAME)),tools/openings/openings-chess-400b.epd,tools/openings/openings-xq-400b.txt)
OUTDIR    ?= $(HOME)/.cache/chariot/rounds
match_engine = $(if $(findstring cmd=,$(1)),$(1),'cmd=$(1)')

match: chariot chariot-chess          ## a match: make match B=ENGINE [A=./chariot] [GAME=chess] [TC=5+0.05 | NODES=N] [N=100 games] [PGN=FILE]
	@[ -n "$(B)" ] || { echo "make match: B=ENGINE names the opponent (a command, or match.py's KEY=VALUE settings)" >&2; exit 2; }
	@[ -n "$(BIN_$(GAME))" ] || { echo "make match: GAME is xiangqi or chess, not '$(GAME)'" >&2; exit 2; }
	python3 tools/match/match.py --game $(GAME) --engine $(call match_engine,$(A)) --engine $(call match_engine,$(B)) \
	    --each option.Hash=64 option.Threads=1 $(if $(NODES),--nodes $(NODES),--tc $(TC)) --games $(N) \
	    --concurrency $$(nproc) --openings $(OPENINGS) --seed $(SEED) $(if $(PGN),--pgn $(PGN))

net:                                  ## every shipped net of GAME=xiangqi|chess from nothing, into OUTDIR (tools/nnue/nnue_rounds.sh; SHRINK=N)
	@[ -n "$(BIN_$(GAME))" ] || { echo "make net: GAME is xiangqi or chess, not '$(GAME)'" >&2; exit 2; }
	bash tools/nnue/nnue_rounds.sh $(GAME) $(OUTDIR)

# Install like any Unix program: PREFIX (/usr/local) and DESTDIR (staging, for packages).
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man

install: chariot chariot-chess          ## install both engines and the man page under PREFIX (DESTDIR honoured)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6
	install -m 755 chariot chariot-chess $(DESTDIR)$(BINDIR)/
	install -m 644 man/chariot.6 $(DESTDIR)$(MANDIR)/man6/chariot.6
	printf '.so man6/chariot.6\n' > $(DESTDIR)$(MANDIR)/man6/chariot-chess.6

uninstall:                              ## remove what install installed, and the folders below PREFIX it leaves empty
	rm -f $(DESTDIR)$(BINDIR)/chariot $(DESTDIR)$(BINDIR)/chariot-chess \
	    $(DESTDIR)$(MANDIR)/man6/chariot.6 $(DESTDIR)$(MANDIR)/man6/chariot-chess.6
	@# empty folders, deepest first, strictly below PREFIX (into a DESTDIR: below DESTDIR, which stays): PREFIX
	@# itself is the user's, never removed
	@stop="$(if $(DESTDIR),$(DESTDIR),$(PREFIX))"; stop="$${stop%/}"; \
	for d in $(MANDIR)/man6 $(BINDIR); do d="$(DESTDIR)$$d"; \
	    while d="$${d%/}"; [ "$${d#"$$stop"/}" != "$$d" ] && rmdir "$$d" 2>/dev/null; do d=$$(dirname "$$d"); done; \
	done

test-match: chariot chariot-chess      ## the match runner (tools/match/match.py): statistics, rules, a few fixed-node games
	python3 tests/match_test.py

test-tools: chariot chariot-chess     ## make help's groups (tests/make_help_test.sh); make match and make net (tests/front_doors_test.sh); make serve's server under dropped connections (tests/serve_web_test.py); the facts README and the man page state against the binaries (tests/docs_facts_test.py)
	bash tests/make_help_test.sh
	bash tests/front_doors_test.sh
	python3 tests/serve_web_test.py
	python3 tests/docs_facts_test.py
	python3 tests/docs_facts_test.py --self-test

test-install: chariot chariot-chess     ## make install and uninstall into a scratch DESTDIR (tests/install_test.sh)
	bash tests/install_test.sh

test-includes:                        ## who may include whom (docs/contract.md), and that a planted violation is caught
	python3 tools/check/include_check.py
	python3 tools/check/include_check.py --self-test

# The layout the C is written in (.clang-format); CI checks it (make format-check).
FORMAT_SRC := $(wildcard src/*/*.[ch] tests/*.[ch] tests/*/*.[ch] tools/*/*.c)

format:                               ## clang-format every C file in place (.clang-format)
	clang-format -i $(FORMAT_SRC)

format-check:                         ## fail, naming the files, where a C file is not as clang-format lays it out
	@bad=$$(for f in $(FORMAT_SRC); do clang-format --dry-run -Werror $$f >/dev/null 2>&1 || echo $$f; done); \
	if [ -n "$$bad" ]; then echo "not formatted (make format):" $$bad; exit 1; else echo "format: every C file as .clang-format lays it out"; fi

# WebAssembly (docs/web.md): each game's engine for the page in web/, built with Debian's emscripten into
# web/engine/ (git-ignored). chariot-GAME.js has no threads: the search yields to the Worker's event loop
# through Asyncify (src/web/web.c). chariot-GAME-mt.js runs the search on threads (Lazy SMP) and needs a
# cross-origin isolated page (SharedArrayBuffer; `make serve` sends the headers). The pool holds a worker
# for each core (at most 16) and one for the search thread: Threads above the cores is refused.
# Memory growth with threads slows only JavaScript's reads of the heap (one per output line), not the search.
EMCC       ?= emcc
# emscripten's optimiser needs Debian's node-acorn, which a Node.js not from Debian does not look for.
WASM_ENV   := NODE_PATH=/usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
WASM_DIR   := web/engine
WASM_FLAGS := -O3 -DNDEBUG -msimd128 -sMODULARIZE=1 -sEXPORT_NAME=ChariotEngine -sENVIRONMENT=web,worker,node \
              -sEXPORTED_FUNCTIONS=_chariot_start,_chariot_command,_chariot_query \
              -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB \
              -sMAXIMUM_MEMORY=2GB -sTOTAL_STACK=16MB --no-entry
WASM_ST    := -sASYNCIFY -sASYNCIFY_STACK_SIZE=1048576
WASM_MT    := -pthread -Wno-pthreads-mem-growth -sPTHREAD_POOL_SIZE_STRICT=2 \
              -sPTHREAD_POOL_SIZE='Math.min(16,(typeof navigator!="undefined"&&navigator.hardwareConcurrency)||4)+1'
WASM_XQ    := $(filter-out src/cli/main.c,$(CORE)) $(SRC_xiangqi) src/web/web.c
WASM_CH    := $(filter-out src/cli/main.c,$(CORE)) $(SRC_chess) src/web/web.c
WASM_OUT   := $(addprefix $(WASM_DIR)/,chariot-xiangqi.js chariot-xiangqi-mt.js chariot-chess.js chariot-chess-mt.js)

.PHONY: wasm serve test-web bench-web

wasm: $(WASM_OUT)                     ## the WebAssembly engines for web/ (Debian's emscripten; docs/web.md)

# $(call wasm_rule,NAME,BUILD FLAGS,INCLUDES,SOURCES,HEADERS)
define wasm_rule
$(WASM_DIR)/$(1).js: $(4) $(5) Makefile
	@mkdir -p $$(@D)
	$$(WASM_ENV) $$(EMCC) $$(WARN) $$(WASM_FLAGS) $(2) $(3) -o $$@ $(4) -lm
endef
$(eval $(call wasm_rule,chariot-xiangqi,$(WASM_ST),$(INC_xiangqi),$(WASM_XQ),$(HDRS_xiangqi)))
$(eval $(call wasm_rule,chariot-xiangqi-mt,$(WASM_MT),$(INC_xiangqi),$(WASM_XQ),$(HDRS_xiangqi)))
$(eval $(call wasm_rule,chariot-chess,$(WASM_ST),$(INC_chess),$(WASM_CH),$(HDRS_chess)))
$(eval $(call wasm_rule,chariot-chess-mt,$(WASM_MT),$(INC_chess),$(WASM_CH),$(HDRS_chess)))

serve: wasm                           ## serve web/ on http://localhost:8080 with the headers the threaded build needs
	python3 tools/web/serve_web.py web 8080

# The browser test: playwright-core (pinned in tests/web/package-lock.json) drives Debian's chromium.
tests/web/node_modules: tests/web/package.json tests/web/package-lock.json
	cd tests/web && npm ci --no-audit --no-fund
	@touch $@

test-web: wasm chariot chariot-chess tests/web/node_modules ## the page in headless chromium, threaded and single-threaded; each .wasm within 1 MiB
	bash tests/web/size_test.sh $(WASM_DIR)
	node tests/web/test_page.mjs
	node tests/web/test_page.mjs --no-isolation

bench-web: wasm chariot chariot-chess tests/web/node_modules ## WebAssembly against native: bench nodes/s, .wasm sizes, time to first move
	node tools/web/bench_web.mjs

.PHONY: mpi mpich test-mpi

mpi: chariot-mpi chariot-chess-mpi     ## chariot-mpi and chariot-chess-mpi (Open MPI; docs/cluster.md)

mpich: chariot-mpich chariot-chess-mpich ## the same against MPICH (run with mpirun.mpich)

# Each MPI that is not installed is said skipped (CI installs both). Under Open MPI the sessions run
# also with its one-sided and shared-memory windows refused (tests/cluster_test.sh), and start as
# docs/cluster.md tells a GUI to, through tools/cluster/cluster_launch.sh: Open MPI 4.1's mpirun forwards
# standard input unreliably (it can hold a line back, and under load it crashed), so tests that fed it
# directly failed by the machine's load; MPICH's forwarding is the one tested directly.
test-mpi: chariot                       ## 2-rank UCI, UCCI, XBoard and chess sessions under Open MPI and MPICH (tests/cluster_test.sh); a short soak (tests/cluster_soak.py)
	@if command -v $(MPICC) >/dev/null && command -v mpirun >/dev/null; then \
	    $(MAKE) --no-print-directory chariot-mpi chariot-chess-mpi && bash tests/cluster_test.sh openmpi && \
	    python3 tests/cluster_soak.py --mpi openmpi --launcher --sessions 16 --overlap 2 --ranks 2,4; \
	else echo "test-mpi SKIPPED for Open MPI: no $(MPICC) or mpirun (Debian: apt-get install libopenmpi-dev openmpi-bin)"; fi
	@if command -v $(MPICC_MPICH) >/dev/null && command -v mpirun.mpich >/dev/null; then \
	    $(MAKE) --no-print-directory chariot-mpich chariot-chess-mpich && bash tests/cluster_test.sh mpich && \
	    python3 tests/cluster_soak.py --mpi mpich --sessions 10 --overlap 2 --ranks 2,4; \
	else echo "test-mpi SKIPPED for MPICH: no $(MPICC_MPICH) or mpirun.mpich (Debian: apt-get install libmpich-dev mpich)"; fi

# Fuzzing (tests/fuzz/README.md). libFuzzer harnesses, built with clang
# against the library sources, and replay drivers that run the committed
# corpora without libFuzzer under $(CC) with ASan+UBSan. Builds, working
# corpora, logs and crash files go to fuzz-out/ (git-ignored).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 4096
FUZZ_HARNESS := fen move epd uci ucci xboard
CFUZZ_HARNESS := chess_fen chess_move chess_uci chess_xboard
ALL_FUZZ     := $(FUZZ_HARNESS) $(CFUZZ_HARNESS)
FUZZ_FLAGS   := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_HDRS    := $(wildcard tests/fuzz/*.h)
FUZZ_OBJ     := $(LIB_xiangqi:%.c=fuzz-out/obj-fuzz/%.o)
REPLAY_OBJ   := $(LIB_xiangqi:%.c=fuzz-out/obj-replay/%.o)
CFUZZ_OBJ    := $(LIB_chess:%.c=fuzz-out/obj-fuzz-chess/%.o)
CREPLAY_OBJ  := $(LIB_chess:%.c=fuzz-out/obj-replay-chess/%.o)
FUZZ_ENV     := ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

.PHONY: fuzz fuzz-merge test-fuzz-replay
.SECONDARY: $(FUZZ_OBJ) $(REPLAY_OBJ) $(CFUZZ_OBJ) $(CREPLAY_OBJ) # objects, kept between builds

# The search and what it calls at every node are built without libFuzzer's comparison hooks
# (trace-cmp), which had 56% of fuzz_ucci's samples (docs/reliability.md): their operands are the
# search's own values, not bytes of the input, and edge coverage and the sanitizers stay. The
# committed UCCI corpus runs in 1.05-1.21 s instead of 1.84-2.19 s (fuzz_ucci -runs=0).
FUZZ_NOCMP_SRC := src/engine/search.c src/engine/search_root.c src/engine/movepick.c src/engine/history.c \
                  src/engine/tt.c $(foreach g,xiangqi chess,$(addprefix src/$(g)/,attacks.c movegen.c eval.c see.c))
$(FUZZ_NOCMP_SRC:%.c=fuzz-out/obj-fuzz/%.o) $(FUZZ_NOCMP_SRC:%.c=fuzz-out/obj-fuzz-chess/%.o): \
    FUZZ_COV := -fno-sanitize-coverage=trace-cmp

fuzz-out/obj-fuzz/%.o: %.c $(HDRS_xiangqi)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) $(INC_xiangqi) -c -o $@ $<

fuzz-out/obj-replay/%.o: %.c $(HDRS_xiangqi)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(FUZZ_FLAGS) $(INC_xiangqi) -c -o $@ $<

fuzz-out/obj-fuzz-chess/%.o: %.c $(HDRS_chess)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) $(INC_chess) -c -o $@ $<

fuzz-out/obj-replay-chess/%.o: %.c $(HDRS_chess)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(FUZZ_FLAGS) $(INC_chess) -c -o $@ $<

# The chess harnesses (fuzz_chess_*.c) are built against src/chess; make takes the rule with the shorter stem.
fuzz-out/bin/fuzz_chess_%: tests/fuzz/fuzz_chess_%.c $(FUZZ_HDRS) $(CFUZZ_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer $(INC_chess) -o $@ $< $(CFUZZ_OBJ) $(LDLIBS)

fuzz-out/bin/replay_chess_%: tests/fuzz/fuzz_chess_%.c tests/fuzz/replay.c $(FUZZ_HDRS) $(CREPLAY_OBJ)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(FUZZ_FLAGS) $(INC_chess) -o $@ $< tests/fuzz/replay.c $(CREPLAY_OBJ) $(LDLIBS)

fuzz-out/bin/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_HDRS) $(FUZZ_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer $(INC_xiangqi) -o $@ $< $(FUZZ_OBJ) $(LDLIBS)

fuzz-out/bin/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_HDRS) $(REPLAY_OBJ)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(FUZZ_FLAGS) $(INC_xiangqi) -o $@ $< tests/fuzz/replay.c $(REPLAY_OBJ) $(LDLIBS)

fuzz: $(ALL_FUZZ:%=fuzz-out/bin/fuzz_%) ## run each libFuzzer harness FUZZ_SECONDS (60) s on fuzz-out/corpus
	@failed=""; for h in $(ALL_FUZZ); do \
	    mkdir -p fuzz-out/corpus/$$h fuzz-out/crashes/$$h fuzz-out/logs; \
	    dict=; [ -f tests/fuzz/$$h.dict ] && dict=-dict=tests/fuzz/$$h.dict; \
	    echo "fuzz_$$h: $(FUZZ_SECONDS) s, log in fuzz-out/logs/$$h.log"; \
	    $(FUZZ_ENV) fuzz-out/bin/fuzz_$$h -max_len=$(FUZZ_MAX_LEN) -timeout=10 -max_total_time=$(FUZZ_SECONDS) \
	        -print_final_stats=1 -artifact_prefix=fuzz-out/crashes/$$h/ $$dict \
	        fuzz-out/corpus/$$h tests/fuzz/corpus/$$h > fuzz-out/logs/$$h.log 2>&1 || failed="$$failed $$h"; \
	    grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' fuzz-out/logs/$$h.log | tail -n 1; \
	    grep -E 'stat::(number_of_executed_units|average_exec_per_sec)' fuzz-out/logs/$$h.log; \
	    grep -E 'Test unit written to|^SUMMARY' fuzz-out/logs/$$h.log || true; \
	done; [ -z "$$failed" ] || { echo "fuzz: crashes in:$$failed (fuzz-out/crashes)"; exit 1; }

# -use_counters=0: an input is kept for the edges it adds, not for running one more often (keeps the corpus small)
fuzz-merge: $(ALL_FUZZ:%=fuzz-out/bin/fuzz_%) ## merge new coverage from fuzz-out/corpus into tests/fuzz/corpus
	@for h in $(ALL_FUZZ); do \
	    mkdir -p tests/fuzz/corpus/$$h fuzz-out/corpus/$$h fuzz-out/logs; \
	    $(FUZZ_ENV) fuzz-out/bin/fuzz_$$h -merge=1 -use_counters=0 -max_len=$(FUZZ_MAX_LEN) -timeout=10 \
	        tests/fuzz/corpus/$$h fuzz-out/corpus/$$h > fuzz-out/logs/$$h-merge.log 2>&1 || exit 1; \
	    echo "$$h: $$(ls tests/fuzz/corpus/$$h | wc -l) files, $$(cat tests/fuzz/corpus/$$h/* | wc -c) bytes"; \
	done

# The same replay drivers built for Windows (no sanitizers there), which tests/cross_test.py runs under Wine.
WREPLAY_OBJ  := $(LIB_xiangqi:%.c=fuzz-out/obj-win/%.o)
CWREPLAY_OBJ := $(LIB_chess:%.c=fuzz-out/obj-win-chess/%.o)
.SECONDARY: $(WREPLAY_OBJ) $(CWREPLAY_OBJ)
WIN_REPLAY   := $(ALL_FUZZ:%=fuzz-out/win/replay_%.exe)

fuzz-out/obj-win/%.o: %.c $(HDRS_xiangqi)
	@mkdir -p $(@D)
	$(MINGW_CC) $(WARN) $(WIN_FLAGS) -O1 $(INC_xiangqi) -c -o $@ $<

fuzz-out/obj-win-chess/%.o: %.c $(HDRS_chess)
	@mkdir -p $(@D)
	$(MINGW_CC) $(WARN) $(WIN_FLAGS) -O1 $(INC_chess) -c -o $@ $<

fuzz-out/win/replay_chess_%.exe: tests/fuzz/fuzz_chess_%.c tests/fuzz/replay.c $(FUZZ_HDRS) $(CWREPLAY_OBJ)
	@mkdir -p $(@D)
	$(MINGW_CC) $(WARN) $(WIN_FLAGS) -O1 $(INC_chess) -o $@ $< tests/fuzz/replay.c $(CWREPLAY_OBJ) $(LDLIBS)

fuzz-out/win/replay_%.exe: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_HDRS) $(WREPLAY_OBJ)
	@mkdir -p $(@D)
	$(MINGW_CC) $(WARN) $(WIN_FLAGS) -O1 $(INC_xiangqi) -o $@ $< tests/fuzz/replay.c $(WREPLAY_OBJ) $(LDLIBS)

windows-replay: $(WIN_REPLAY)         ## the fuzz corpora's replay drivers for Windows (fuzz-out/win/), run under Wine by test-cross

test-fuzz-replay: $(ALL_FUZZ:%=fuzz-out/bin/replay_%) ## replay tests/fuzz/corpus under ASan+UBSan, no libFuzzer
	@for h in $(ALL_FUZZ); do \
	    $(FUZZ_ENV) fuzz-out/bin/replay_$$h tests/fuzz/corpus/$$h || exit 1; \
	done

clean:                                ## remove build outputs
	rm -f chariot chariot-debug chariot-tunable chariot-chess-tunable chariot-san chariot-tsan chariot-tune chariot-tune-chess chariot-train chariot-train-chess tests/run-tests tests/run-tests-san \
	    chariot-chess chariot-chess-debug chariot-chess-san tests/run-tests-chess tests/chess/perft-check \
	    tests/chess/rules-check tests/chess/rules-check-san tests/run-tests-aarch64 tests/run-tests-chess-aarch64
	rm -f chariot-mpi chariot-chess-mpi chariot-mpich chariot-chess-mpich $(PORTABLE:%=chariot-%) $(PORTABLE:%=chariot-chess-%)
	rm -f chariot.exe chariot-chess.exe chariot-aarch64 chariot-chess-aarch64
	rm -rf $(WASM_DIR) build
	rm -rf fuzz-out/bin fuzz-out/obj-fuzz fuzz-out/obj-replay fuzz-out/obj-fuzz-chess fuzz-out/obj-replay-chess \
	    fuzz-out/win fuzz-out/obj-win fuzz-out/obj-win-chess

help:                                 ## list the targets, by what they are for
	@grep -E '^[a-z0-9-]+:.*##' $(MAKEFILE_LIST) | sed -E 's/^([a-z0-9-]+):.*## /\1\t/' | awk -F'\t' ' \
	    function group(t) { \
	        if (t ~ /^(mpi|mpich|test-mpi)$$/) return 5; if (t ~ /^(wasm|serve|test-web|bench-web)$$/) return 4; \
	        if (t ~ /^(install|uninstall|test-install)$$/) return 6; if (t ~ /^(bench|bench-perft|match|net)$$/) return 3; \
	        if (t ~ /^(test|perft-deep|fuzz|fuzz-merge|windows-replay)$$/ || t ~ /^test-/) return 2; \
	        if (t ~ /^(format|format-check|clean|help)$$/) return 7; return 1 } \
	    { g = group($$1); text[g] = text[g] sprintf("  %-20s %s\n", $$1, $$2) } \
	    END { split("Build|Test|Measure|The page (WebAssembly)|Cluster (MPI)|Install|Other", name, "|"); \
	        for (g = 1; g <= 7; g++) if (text[g] != "") printf "%s:\n%s", name[g], text[g] }'
	@echo "Variables: CC=gcc|clang  WERROR=1  DEPTH=N (bench)  PREFIX=/usr/local DESTDIR= (install)  VERSION="
	@echo "  ARCH=native (this machine's instructions; the default) | x86-64 | x86-64-v2 | x86-64-v3 (= x86-64-avx2)"
	@echo "       | x86-64-v4 | generic: for other machines, e.g. make clean && make ARCH=x86-64-v2 (README)"
