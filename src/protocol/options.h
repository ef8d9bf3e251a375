/*
 * options.h - the engine's options as every protocol offers them (UCI names;
 * UCCI and XBoard write them their own way), and the settings they set.
 */
#ifndef CHARIOT_OPTIONS_H
#define CHARIOT_OPTIONS_H

#include "search.h"

typedef enum { OPT_SPIN, OPT_CHECK, OPT_COMBO, OPT_BUTTON, OPT_STRING } OptionType;

typedef struct {
    const char *name; /* UCI name; UCCI prints it in lower case without spaces */
    OptionType type;
    const char *def;
    long min, max;
    const char *vars; /* combo values, space separated */
    bool (*apply)(const char *value, char *err, size_t errlen);
} EngineOption;

/* Engine settings the protocols read. */
typedef struct {
    int multipv;
    int64_t move_overhead;
    bool ponder;
    bool fairy_ranks;         /* read and write ranks 1-10 (Fairy-Stockfish UCI) */
    bool show_wdl;            /* UCI_ShowWDL: win/draw/loss after the score */
    bool chess960;            /* UCI_Chess960: castling written king-takes-rook (chess) */
    char repetition_rule[16]; /* "Repetition Rule": a GAME_REPETITION_RULES name (xiangqi) */
    bool limit_strength;      /* UCI_LimitStrength: play at UCI_Elo */
    int elo;                  /* UCI_Elo */
    int skill_level;          /* Skill Level: below SKILL_MAX plays weaker (skill.h) */
} EngineSettings;

extern EngineSettings g_settings;

int proto_option_count(void);
const EngineOption *proto_option(int i); /* 0 <= i < proto_option_count(), in the order they are listed */
/* More options, listed after the table's own (the cluster's); `options` must outlive the program. */
void proto_add_options(const EngineOption *options, int n);
const EngineOption *proto_find_option(const char *name);                /* any case; spaces and underscores ignored */
void proto_option_vars(const EngineOption *o, char *buf, size_t len);   /* " var a var b" of a combo */
bool proto_parse_long(const char *text, long min, long max, long *out); /* the whole text, in range */
bool proto_parse_bool(const char *text, bool *out);                     /* true/on, false/off */
/* Checks the value against the option's type and range, then sets it; false: err says why. */
bool proto_set_option(const char *name, const char *value, char *err, size_t errlen);

/* Before a search: give the position the settings the game keeps in it (the repetition rule). */
void proto_prepare_search(Position *pos);
/* The strength settings (UCI_LimitStrength with UCI_Elo, or Skill Level) into a search's limits. */
void proto_apply_strength(SearchLimits *limits);

#endif
