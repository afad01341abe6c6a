/* SPDX-License-Identifier: Apache-2.0 */
/* A command's option table made into what getopt_long takes and into the "Options:" list of
 * its --help. */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most options one command has, --help and the included ones counted: a bound for the
 * tables built from a command's at run time. */
#define MAX_OPTIONS 40

/* The lines --help prints are at most this wide. */
#define HELP_WIDTH 80

/* An option's help starts in the column after the widest label up to this width (the indent
 * counted); a wider label goes on a line of its own, its help on the next. */
#define LABEL_MAX 24

static const cli_option help_option = {'h', "help", NULL, "show this help", NULL};

/* A command's options, its includes expanded, in the order --help lists them. */
typedef struct option_list {
    const cli_option *at[MAX_OPTIONS];
    size_t count;
} option_list;

/* A mistake in a table is the tool's own: it stops at once, whichever command line ran. */
static void table_error(const cli_command *cmd, const char *what, const char *name)
{
    fprintf(stderr, "mdd %s: option table: %s --%s\n", cmd->name, what, name);
    abort();
}

static void add_option(const cli_command *cmd, option_list *list, const cli_option *o)
{
    for (size_t i = 0; i < list->count; i++)
        if (list->at[i]->key == o->key || strcmp(list->at[i]->name, o->name) == 0)
            table_error(cmd, "declared twice:", o->name);
    if (list->count == MAX_OPTIONS)
        table_error(cmd, "more options than MAX_OPTIONS at", o->name);
    list->at[list->count++] = o;
}

static void add_table(const cli_command *cmd, option_list *list, const cli_option *table)
{
    for (const cli_option *o = table; o && (o->name || o->include); o++) {
        if (o->include)
            add_table(cmd, list, o->include);
        else
            add_option(cmd, list, o);
    }
}

static void list_options(const cli_command *cmd, option_list *list)
{
    list->count = 0;
    add_table(cmd, list, cmd->options);
    add_option(cmd, list, &help_option);
}

/* The short letter of o, or 0 when it has a long name only. */
static char short_letter(const cli_option *o)
{
    return o->key < CLI_KEY_LONG ? (char)o->key : 0;
}

/* getopt_long's tables for list: longopts (ended by a zero entry) and shortopts, which starts
 * with ':' so that a missing value is told apart from an unknown option. */
typedef struct getopt_tables {
    struct option longopts[MAX_OPTIONS + 1];
    char shortopts[2 + 2 * MAX_OPTIONS];
} getopt_tables;

static void build_getopt_tables(const option_list *list, getopt_tables *t)
{
    size_t n = 0;
    t->shortopts[n++] = ':';
    for (size_t i = 0; i < list->count; i++) {
        const cli_option *o = list->at[i];
        int argument = o->value ? required_argument : no_argument;
        t->longopts[i] = (struct option){o->name, argument, NULL, o->key};
        if (short_letter(o)) {
            t->shortopts[n++] = short_letter(o);
            if (o->value)
                t->shortopts[n++] = ':';
        }
    }
    t->longopts[list->count] = (struct option){NULL, 0, NULL, 0};
    t->shortopts[n] = '\0';
}

/* "  -s, --strategy S" or "      --cache-budget BYTES" into label (of size HELP_WIDTH + 1, cut
 * there); returns its length. */
static size_t format_label(const cli_option *o, char *label)
{
    char letter = short_letter(o);
    int n = snprintf(label, HELP_WIDTH + 1, "  %c%c%c --%s%s%s", letter ? '-' : ' ',
                     letter ? letter : ' ', letter ? ',' : ' ', o->name, o->value ? " " : "",
                     o->value ? o->value : "");
    return n < 0 ? 0 : strlen(label);
}

/* The column the help texts start in: two after the widest label that fits LABEL_MAX. */
static size_t help_column(const option_list *list)
{
    size_t widest = 0;
    char label[HELP_WIDTH + 1];
    for (size_t i = 0; i < list->count; i++) {
        size_t len = format_label(list->at[i], label);
        if (len <= LABEL_MAX && len > widest)
            widest = len;
    }
    return widest + 2;
}

/* Prints text word by word, the cursor being at column, wrapping at HELP_WIDTH to the same
 * column; a word longer than a line goes on one of its own. */
static void print_wrapped(const char *text, size_t column)
{
    size_t printed = column;
    for (const char *p = text + strspn(text, " "); *p; p += strspn(p, " ")) {
        size_t word = strcspn(p, " ");
        if (printed > column && printed + 1 + word > HELP_WIDTH) {
            printf("\n%*s", (int)column, "");
            printed = column;
        }
        if (printed > column) {
            putchar(' ');
            printed++;
        }
        printf("%.*s", (int)word, p);
        printed += word;
        p += word;
    }
    putchar('\n');
}

static void print_options(const option_list *list)
{
    size_t column = help_column(list);
    char label[HELP_WIDTH + 1];
    puts("Options:");
    for (size_t i = 0; i < list->count; i++) {
        size_t len = format_label(list->at[i], label);
        if (len + 2 > column)
            printf("%s\n%*s", label, (int)column, "");
        else
            printf("%s%*s", label, (int)(column - len), "");
        print_wrapped(list->at[i]->help, column);
    }
}

void cli_print_help(const cli_command *cmd)
{
    option_list list;
    list_options(cmd, &list);
    printf("Usage: mdd %s %s\n\n%s.\n\n%s\n", cmd->name, cmd->synopsis, cmd->summary, cmd->help);
    print_options(&list);
}

/* Reports what getopt_long rejected: with a leading ':' in shortopts it returns ':' for a
 * missing value and '?' for an unknown option, and argv[optind - 1] is the offending word. */
static int option_error(const cli_command *cmd, int option, char **argv)
{
    const char *word = argv[optind - 1];
    int is_long = strncmp(word, "--", 2) == 0;
    if (option == ':')
        return cli_usage_error(cmd, "option %s needs a value", cli_quote(word));
    if (optopt && !is_long)
        return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    /* A long option it knows, given a value it does not take (--json=1): optopt is the
     * option's key then, 0 for an option it does not know. */
    const char *equals = strchr(word, '=');
    if (optopt && is_long && equals)
        return cli_usage_error(cmd, "option '%.*s' takes no value", (int)(equals - word), word);
    return cli_usage_error(cmd, "unknown option %s", cli_quote(word));
}

int cli_parse_options(const cli_command *cmd, int argc, char **argv, cli_option_fn on_option,
                      void *ctx, int *first_arg)
{
    option_list list;
    list_options(cmd, &list);
    getopt_tables tables;
    build_getopt_tables(&list, &tables);
    /* Each process parses one command line, but reset anyway so the parser starts afresh. */
    optind = 0;
    opterr = 0;
    int option;
    while ((option = getopt_long(argc, argv, tables.shortopts, tables.longopts, NULL)) != -1) {
        if (option == 'h') {
            cli_print_help(cmd);
            return CLI_EXIT_OK;
        }
        if (option == ':' || option == '?')
            return option_error(cmd, option, argv);
        int rc = on_option(ctx, option, optarg);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    *first_arg = optind;
    return -1;
}

int cli_takes_option(const cli_command *cmd, const char *name)
{
    option_list list;
    list_options(cmd, &list);
    for (size_t i = 0; i < list.count; i++)
        if (strcmp(list.at[i]->name, name) == 0)
            return 1;
    return 0;
}

int cli_json_flag(void *ctx, int option, const char *value)
{
    (void)value;
    if (option == 'j')
        *(int *)ctx = 1;
    return CLI_EXIT_OK;
}

const cli_option cli_cache_budget_options[] = {
    {CLI_KEY_CACHE_BUDGET, "cache-budget", "BYTES",
     "with pread: the bytes each file's cache keeps beyond what is in use (K, M or G multiply "
     "by 2^10, 2^20, 2^30; default 16M)", NULL},
    CLI_OPTIONS_END,
};
