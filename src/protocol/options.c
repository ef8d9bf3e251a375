#define _POSIX_C_SOURCE 200809L
/*
 * options.c - the option table every protocol offers (UCI's names; UCCI
 * and XBoard write them their own way), the settings the options set, and
 * how a value is checked before an option takes it. Parts of the engine
 * built in only some binaries (the cluster) add their options with
 * proto_add_options, so that no protocol file includes them.
 */
#include "options.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"
#include "numparse.h"
#include "protocol.h"
#include "skill.h"
#ifdef SEARCH_TUNING
#include "tt_lab.h"
#endif

EngineSettings g_settings = {.multipv = 1,
                             .move_overhead = 10,
                             .ponder = false,
                             .fairy_ranks = false,
                             .repetition_rule = "AXF",
                             .elo = SKILL_ELO_DEFAULT,
                             .skill_level = SKILL_MAX};

bool proto_parse_long(const char *v, long min, long max, long *out)
{
    int64_t x;
    if (num_parse_i64(v, min, max, &x) != NUM_OK)
        return false;
    *out = (long)x; /* in [min, max] */
    return true;
}

bool proto_parse_bool(const char *v, bool *out)
{
    if (!strcasecmp(v, "true") || !strcasecmp(v, "on")) {
        *out = true;
        return true;
    }
    if (!strcasecmp(v, "false") || !strcasecmp(v, "off")) {
        *out = false;
        return true;
    }
    return false;
}

/* Option values reach apply_* after proto_set_option checked them against the option's range. */
static long option_value(const char *v)
{
    long x = 0;
    proto_parse_long(v, LONG_MIN, LONG_MAX, &x);
    return x;
}

static bool apply_hash(const char *v, char *err, size_t len)
{
    long mb = option_value(v);
    engine_wait();
    const size_t most = tt_memory_limit_mb();
    if (most && (size_t)mb > most) {
        snprintf(err, len, "a %ld MiB table is more than this machine's memory (%zu MiB); keeping %zu MiB", mb, most,
                 tt_size_mb());
        return false;
    }
    if (!tt_resize((size_t)mb)) {
        snprintf(err, len, "could not allocate a %ld MiB table; keeping %zu MiB", mb, tt_size_mb());
        return false;
    }
    return true;
}

/* Forget everything learned, as a new game does: the table and each
 * thread's histories (the correction history included). */
static bool apply_clear_hash(const char *v, char *err, size_t len)
{
    (void)v, (void)err, (void)len;
    engine_new_game();
    return true;
}

static bool apply_threads(const char *v, char *err, size_t len)
{
    int n = (int)option_value(v); /* 1 .. MAX_THREADS */
    if (!engine_set_threads(n)) {
        snprintf(err, len, "could not start %d threads; keeping %d", n, engine_threads());
        return false;
    }
    tt_set_clear_threads(n);
    return true;
}

static bool apply_multipv(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.multipv = (int)option_value(v); /* 1 .. MAX_MULTIPV */
    return true;
}

static bool apply_overhead(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.move_overhead = option_value(v);
    return true;
}

static bool apply_ponder(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.ponder);
}

static bool apply_replace(const char *v, char *err, size_t len)
{
    TTScheme s;
    if (!tt_scheme_parse(v, &s)) {
        snprintf(err, len, "unknown TTReplace value '%s'", v);
        return false;
    }
    tt_set_scheme(s);
    tt_clear();
    return true;
}

static bool apply_depth0(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    bool on;
    if (!proto_parse_bool(v, &on))
        return false;
    tt_set_store_depth0(on);
    return true;
}

/* Hosts that set UCI_Variant talk to Fairy-Stockfish-style engines, which
 * write ranks 1-10: follow them unless the host has set FairyRanks itself. */
static bool apply_variant(const char *v, char *err, size_t len)
{
    if (strcmp(v, GAME_NAME)) {
        snprintf(err, len, "only UCI_Variant %s is supported", GAME_NAME);
        return false;
    }
    return true; /* ranks stay as they are: hosts that send it use both styles (see docs/protocol.md) */
}

#ifdef GAME_HAS_FAIRY_RANKS
static bool apply_fairy(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.fairy_ranks);
}
#endif

#ifdef GAME_HAS_CHESS960
static bool apply_chess960(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.chess960);
}
#endif

#ifdef GAME_REPETITION_RULES
static bool apply_repetition_rule(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    snprintf(g_settings.repetition_rule, sizeof g_settings.repetition_rule, "%s", v); /* a combo value */
    return true;
}
#endif

void proto_prepare_search(Position *pos)
{
#ifdef GAME_REPETITION_RULES
    pos_set_repetition_rule(pos, g_settings.repetition_rule);
#else
    (void)pos;
#endif
}

void proto_apply_strength(SearchLimits *limits)
{
    limits->weakened = g_settings.limit_strength || g_settings.skill_level < SKILL_MAX;
    limits->skill_level = g_settings.limit_strength ? skill_level_for_elo(g_settings.elo) : g_settings.skill_level;
}

static bool apply_limit_strength(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.limit_strength);
}

static bool apply_elo(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.elo = (int)option_value(v); /* SKILL_ELO_MIN .. SKILL_ELO_MAX */
    return true;
}

static bool apply_skill_level(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.skill_level = (int)option_value(v); /* 0 .. SKILL_MAX */
    return true;
}

static bool apply_wdl(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.show_wdl);
}

/* EvalFile: another net (a file `chariot-train` wrote), or "embedded" for the binary's own; a file that is
 * not a net of this game is refused and the net in use stays. */
static bool apply_eval_file(const char *v, char *err, size_t len)
{
    char why[256];
    if (engine_load_net(v, why, sizeof why))
        return true;
    char now[300];
    engine_net_describe(now, sizeof now);
    snprintf(err, len, "EvalFile '%s' refused: %s; the evaluation stays: %s", v, why, now);
    return false;
}

static bool apply_use_nnue(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    bool on;
    if (!proto_parse_bool(v, &on))
        return false;
    engine_use_net(on);
    return true;
}

#ifdef SEARCH_TUNING
/* The tuning build: each of the search's tunable numbers (search.h, SEARCH_PARAMS) is an option of its own name. */
#define SEARCH_PARAM_APPLY(name, value, lo, hi)                                                                        \
    static bool apply_sp_##name(const char *v, char *err, size_t len)                                                  \
    {                                                                                                                  \
        (void)err, (void)len;                                                                                          \
        engine_wait();                                                                                                 \
        search_param_set(SPI_##name, (int)option_value(v));                                                            \
        return true;                                                                                                   \
    }
SEARCH_PARAMS(SEARCH_PARAM_APPLY)
#undef SEARCH_PARAM_APPLY
#define SEARCH_PARAM_OPTION(name, value, lo, hi) {#name, OPT_SPIN, #value, lo, hi, NULL, apply_sp_##name},

/* The tuning build's table in KiB (0: as Hash sets it), so that a short fixed-node match puts the table under
 * the pressure a long game puts on a MiB table (docs/tt-lab.md, "The schemes in play"). */
static bool apply_hash_kib(const char *v, char *err, size_t len)
{
    long kb = option_value(v);
    if (kb == 0)
        return true;
    engine_wait();
    if (!tt_resize_kb((size_t)kb)) {
        snprintf(err, len, "could not allocate a %ld KiB table; keeping %zu MiB", kb, tt_size_mb());
        return false;
    }
    return true;
}
#endif

static const EngineOption ENGINE_OPTIONS[] = {
    {"Hash", OPT_SPIN, "64", 1, 1048576, NULL, apply_hash},
    {"Clear Hash", OPT_BUTTON, NULL, 0, 0, NULL, apply_clear_hash},
    {"Threads", OPT_SPIN, "1", 1, MAX_THREADS, NULL, apply_threads},
    {"MultiPV", OPT_SPIN, "1", 1, MAX_MULTIPV, NULL, apply_multipv},
    {"Ponder", OPT_CHECK, "false", 0, 0, NULL, apply_ponder},
    {"Move Overhead", OPT_SPIN, "10", 0, 5000, NULL, apply_overhead},
    {"UCI_Variant", OPT_COMBO, GAME_NAME, 0, 0, GAME_NAME, apply_variant},
#ifdef GAME_HAS_FAIRY_RANKS
    {"FairyRanks", OPT_CHECK, "false", 0, 0, NULL, apply_fairy},
#endif
#ifdef GAME_HAS_CHESS960
    {"UCI_Chess960", OPT_CHECK, "false", 0, 0, NULL, apply_chess960},
#endif
    {"UCI_ShowWDL", OPT_CHECK, "false", 0, 0, NULL, apply_wdl},
    {"UCI_LimitStrength", OPT_CHECK, "false", 0, 0, NULL, apply_limit_strength},
    {"UCI_Elo", OPT_SPIN, SKILL_TEXT(SKILL_ELO_DEFAULT), SKILL_ELO_MIN, SKILL_ELO_MAX, NULL, apply_elo},
    {"Skill Level", OPT_SPIN, SKILL_TEXT(SKILL_MAX), 0, SKILL_MAX, NULL, apply_skill_level},
#ifdef GAME_REPETITION_RULES
    {"Repetition Rule", OPT_COMBO, "AXF", 0, 0, GAME_REPETITION_RULES, apply_repetition_rule},
#endif
    {"EvalFile", OPT_STRING, "embedded", 0, 0, NULL, apply_eval_file},
    {"Use NNUE", OPT_CHECK, "true", 0, 0, NULL, apply_use_nnue},
    {"TTReplace", OPT_COMBO, "aged-bucket", 0, 0, "always depth two-tier two-layer aged-bucket", apply_replace},
    {"TTStoreDepth0", OPT_CHECK, "true", 0, 0, NULL, apply_depth0},
#ifdef SEARCH_TUNING
    {"HashKiB", OPT_SPIN, "0", 0, 1048576, NULL, apply_hash_kib},
    SEARCH_PARAMS(SEARCH_PARAM_OPTION)
#endif
};
enum { ENGINE_OPTION_COUNT = (int)(sizeof ENGINE_OPTIONS / sizeof ENGINE_OPTIONS[0]) };

/* Options another part adds (proto_add_options): listed after the table's own. */
static const EngineOption *added_options;
static int added_count;

void proto_add_options(const EngineOption *options, int n)
{
    added_options = options;
    added_count = n;
}

int proto_option_count(void) { return ENGINE_OPTION_COUNT + added_count; }

const EngineOption *proto_option(int i)
{
    return i < ENGINE_OPTION_COUNT ? &ENGINE_OPTIONS[i] : &added_options[i - ENGINE_OPTION_COUNT];
}

void proto_option_vars(const EngineOption *o, char *buf, size_t len)
{
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s", o->vars ? o->vars : "");
    buf[0] = 0;
    for (char *save = NULL, *t = strtok_r(tmp, " ", &save); t; t = strtok_r(NULL, " ", &save))
        snprintf(buf + strlen(buf), len - strlen(buf), " var %s", t);
}

/* Option names match case-insensitively, ignoring spaces and underscores
 * (UCCI writes "hashsize"-style one-word names). */
static bool name_eq(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '_')
            a++;
        while (*b == ' ' || *b == '_')
            b++;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
        if (!*a)
            return true;
        a++, b++;
    }
}

const EngineOption *proto_find_option(const char *name)
{
    for (int i = 0; i < proto_option_count(); i++)
        if (name_eq(proto_option(i)->name, name))
            return proto_option(i);
    return NULL;
}

bool proto_set_option(const char *name, const char *value, char *err, size_t errlen)
{
    const EngineOption *o = proto_find_option(name);
    if (!o) {
        snprintf(err, errlen, "unknown option '%s'", name);
        return false;
    }
    long x;
    bool b;
    switch (o->type) {
    case OPT_SPIN:
        if (!value || !proto_parse_long(value, o->min, o->max, &x)) {
            snprintf(err, errlen, "option %s needs a whole number from %ld to %ld, got '%s'", o->name, o->min, o->max,
                     value ? value : "");
            return false;
        }
        break;
    case OPT_CHECK:
        if (!value || !proto_parse_bool(value, &b)) {
            snprintf(err, errlen, "option %s needs true or false, got '%s'", o->name, value ? value : "");
            return false;
        }
        break;
    case OPT_COMBO: {
        bool found = false;
        char vars[128];
        snprintf(vars, sizeof vars, "%s", o->vars);
        for (char *tok = strtok(vars, " "); tok && value; tok = strtok(NULL, " "))
            found |= !strcmp(tok, value);
        if (!found) {
            snprintf(err, errlen, "option %s takes one of: %s; got '%s'", o->name, o->vars, value ? value : "");
            return false;
        }
        break;
    }
    default: break;
    }
    if (!o->apply(value ? value : "", err, errlen)) {
        if (!*err)
            snprintf(err, errlen, "bad value for option %s", o->name);
        return false;
    }
    return true;
}
