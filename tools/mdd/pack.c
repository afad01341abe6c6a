/* SPDX-License-Identifier: Apache-2.0 */
/* mdd pack: builds an MDD file from payload files. Inputs are mapped, not read: a plain
 * chunk's data is written straight from its input's mapping. Every chunk gets the
 * sha512_uncompressed signature real files carry. */
#include "cli.h"

#include <mdd_internal/codec.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The format version real files carry. */
#define PACK_DEFAULT_VERSION "2025-05-21"
/* As xz's default: a good ratio without the large dictionaries of the higher presets. */
#define PACK_DEFAULT_PRESET 6
#define PACK_STRINGIFY(x) #x
#define PACK_STRING(x) PACK_STRINGIFY(x)

/* The keys of the options with a long name only. */
enum { KEY_ECU = CLI_KEY_OWN, KEY_VERSION, KEY_REVISION, KEY_META, KEY_PRESET, KEY_CHUNK };

/* A present but empty field needs a non-NULL pointer (NULL means absent). */
static const uint8_t empty_bytes[1];

typedef struct pack_options {
    const char *out;
    const char *ecu;
    const char *version;
    const char *revision;
    uint64_t preset;
    mdd_kv *meta; /* views into the --meta arguments */
    size_t meta_count;
    const char **specs; /* the --chunk arguments */
    size_t spec_count;
} pack_options;

/* One --chunk: its parsed spec, its mapped input and, for lzma, the compressed data. */
typedef struct pack_input {
    char *spec; /* a copy of the argument, cut into NUL-terminated parts */
    const char *path;
    int lzma;
    mdd_mapping map;
    mdd_buffer packed;
    uint8_t digest[MDD_SHA512_SIZE];
} pack_input;

/* The chunks being built and what they point into. */
typedef struct pack_build {
    pack_input *inputs;
    mdd_chunk *chunks;
    mdd_signature *signatures;
    size_t count;
} pack_build;

static mdd_bytes cstr_bytes(const char *s) { return (mdd_bytes){(const uint8_t *)s, strlen(s)}; }

static int add_meta(pack_options *o, const char *value)
{
    const char *eq = strchr(value, '=');
    if (!eq)
        return cli_usage_error(&cli_pack_command, "--meta needs KEY=VALUE, not %s",
                               cli_quote(value));
    o->meta[o->meta_count++] = (mdd_kv){{(const uint8_t *)value, (size_t)(eq - value)},
                                        cstr_bytes(eq + 1)};
    return CLI_EXIT_OK;
}

static int on_option(void *ctx, int option, const char *value)
{
    pack_options *o = ctx;
    switch (option) {
    case 'o': o->out = value; break;
    case KEY_ECU: o->ecu = value; break;
    case KEY_VERSION: o->version = value; break;
    case KEY_REVISION: o->revision = value; break;
    case KEY_CHUNK: o->specs[o->spec_count++] = value; break;
    case KEY_META: return add_meta(o, value);
    case KEY_PRESET:
        if (cli_parse_uint(value, 9, &o->preset) != 0)
            return cli_usage_error(&cli_pack_command, "--preset needs 0 to 9, not %s",
                                   cli_quote(value));
        break;
    }
    return CLI_EXIT_OK;
}

/* Cuts "…:lzma" or "…:plain" off s; returns whether the chunk is to be compressed. */
static int take_compression(char *s)
{
    size_t len = strlen(s);
    if (len >= 6 && strcmp(s + len - 6, ":plain") == 0) {
        s[len - 6] = '\0';
        return 0;
    }
    if (len >= 5 && strcmp(s + len - 5, ":lzma") == 0)
        s[len - 5] = '\0';
    return 1;
}

/* Splits TYPE:NAME:PATH[:lzma|plain]. TYPE ends at the first ':' and PATH starts after the
 * last one, so NAME may hold "::" (CODE_FILE_PARTIAL names do). An empty NAME is no name. */
static int parse_spec(const char *arg, pack_input *in, mdd_chunk *c)
{
    in->spec = strdup(arg);
    if (!in->spec)
        return cli_error(arg, "out of memory");
    char *name = strchr(in->spec, ':');
    if (!name)
        return cli_usage_error(&cli_pack_command, "--chunk needs TYPE:NAME:PATH, not %s",
                               cli_quote_name(arg));
    *name++ = '\0';
    in->lzma = take_compression(name);
    char *path = strrchr(name, ':');
    if (!path || path[1] == '\0')
        return cli_usage_error(&cli_pack_command, "--chunk needs TYPE:NAME:PATH, not %s",
                               cli_quote_name(arg));
    *path++ = '\0';
    in->path = path;
    if (mdd_chunk_type_parse(in->spec, &c->type, NULL) != MDD_OK)
        return cli_usage_error(&cli_pack_command, "unknown chunk type %s", cli_quote(in->spec));
    if (*name)
        c->name = cstr_bytes(name);
    return CLI_EXIT_OK;
}

/* Maps the input, signs it and, for lzma, compresses it into in->packed. */
static int load_input(pack_input *in, uint32_t preset, mdd_chunk *c, mdd_signature *sig)
{
    mdd_error err;
    if (mdd_mapping_open(in->path, &in->map, &err) != MDD_OK)
        return cli_error(in->path, "%s", err.message);
    mdd_bytes raw = {in->map.data ? in->map.data : empty_bytes, in->map.size};
    if (mdd_sha512(raw.ptr, raw.len, in->digest, &err) != MDD_OK)
        return cli_error(in->path, "%s", err.message);
    *sig = (mdd_signature){.algorithm = cstr_bytes(MDD_SIG_SHA512_UNCOMPRESSED),
                           .signature = {in->digest, sizeof in->digest}};
    c->signatures = sig;
    c->signature_count = 1;
    c->data = raw;
    if (!in->lzma)
        return CLI_EXIT_OK;
    if (mdd_lzma_encode(raw.ptr, raw.len, preset, &in->packed, &err) != MDD_OK)
        return cli_error(in->path, "%s", err.message);
    c->compression_algorithm = cstr_bytes("lzma");
    c->has_uncompressed_size = 1;
    c->uncompressed_size = raw.len;
    c->data = (mdd_bytes){in->packed.data ? in->packed.data : empty_bytes, in->packed.len};
    return CLI_EXIT_OK;
}

static mdd_status encode_file(void *ctx, mdd_sink *out, mdd_error *err)
{
    return mdd_file_encode(ctx, out, err);
}

static int build_chunks(const pack_options *o, pack_build *b)
{
    for (size_t i = 0; i < b->count; i++) {
        int rc = parse_spec(o->specs[i], &b->inputs[i], &b->chunks[i]);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    for (size_t i = 0; i < b->count; i++) {
        int rc = load_input(&b->inputs[i], (uint32_t)o->preset, &b->chunks[i],
                            &b->signatures[i]);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    return CLI_EXIT_OK;
}

static int write_output(const pack_options *o, const pack_build *b)
{
    mdd_file file = {
        .version = cstr_bytes(o->version),
        .ecu_name = cstr_bytes(o->ecu),
        .revision = o->revision ? cstr_bytes(o->revision) : (mdd_bytes){0},
        .metadata = {o->meta, o->meta_count},
        .chunks = b->chunks,
        .chunk_count = b->count,
    };
    mdd_error err;
    if (cli_write_file(o->out, encode_file, &file, &err) != MDD_OK)
        return cli_error(cli_output_name(o->out), "%s", err.message);
    return CLI_EXIT_OK;
}

static void pack_build_free(pack_build *b)
{
    for (size_t i = 0; b->inputs && i < b->count; i++) {
        free(b->inputs[i].spec);
        mdd_mapping_close(&b->inputs[i].map);
        mdd_buffer_free(&b->inputs[i].packed);
    }
    free(b->inputs);
    free(b->chunks);
    free(b->signatures);
}

static int pack(const pack_options *o)
{
    pack_build b = {
        .inputs = calloc(o->spec_count, sizeof *b.inputs),
        .chunks = calloc(o->spec_count, sizeof *b.chunks),
        .signatures = calloc(o->spec_count, sizeof *b.signatures),
        .count = o->spec_count,
    };
    int rc = b.inputs && b.chunks && b.signatures ? build_chunks(o, &b)
                                                  : cli_error(o->out, "out of memory");
    if (rc == CLI_EXIT_OK)
        rc = write_output(o, &b);
    pack_build_free(&b);
    return rc;
}

/* Returns -1 when the command line asks for a pack, or the exit code to stop with. */
static int parse_command_line(pack_options *o, int argc, char **argv)
{
    int first;
    int rc = cli_parse_options(&cli_pack_command, argc, argv, on_option, o, &first);
    if (rc >= 0)
        return rc;
    if (first < argc)
        return cli_usage_error(&cli_pack_command, "unexpected argument %s",
                               cli_quote_name(argv[first]));
    if (!o->out)
        return cli_usage_error(&cli_pack_command, "-o OUT is required");
    if (!o->ecu)
        return cli_usage_error(&cli_pack_command, "--ecu NAME is required");
    if (o->spec_count == 0)
        return cli_usage_error(&cli_pack_command, "at least one --chunk is required");
    return -1;
}

static int run(int argc, char **argv)
{
    /* Each option takes at least one word, so argc bounds how many of each there can be. */
    pack_options o = {.version = PACK_DEFAULT_VERSION,
                      .preset = PACK_DEFAULT_PRESET,
                      .meta = calloc((size_t)argc, sizeof *o.meta),
                      .specs = calloc((size_t)argc, sizeof *o.specs)};
    int rc = o.meta && o.specs ? parse_command_line(&o, argc, argv)
                               : cli_error("pack", "out of memory");
    if (rc < 0)
        rc = pack(&o);
    free(o.meta);
    free(o.specs);
    return rc;
}

static const cli_option option_table[] = {
    {'o', "output", "OUT", "the file to write (required)", NULL},
    {KEY_ECU, "ecu", "NAME", "the ECU name (required)", NULL},
    {KEY_VERSION, "version", "V", "the format version (default " PACK_DEFAULT_VERSION ")", NULL},
    {KEY_REVISION, "revision", "R", "the revision (default: none)", NULL},
    {KEY_META, "meta", "KEY=VALUE", "a file metadata entry; repeat for more", NULL},
    {KEY_PRESET, "preset", "N",
     "the LZMA preset, 0 (fast) to 9 (small); default " PACK_STRING(PACK_DEFAULT_PRESET), NULL},
    {KEY_CHUNK, "chunk", "SPEC", "a chunk, as above; repeat for more (at least one)", NULL},
    CLI_OPTIONS_END,
};

const cli_command cli_pack_command = {
    .name = "pack",
    .summary = "Build an MDD file from payload files",
    .synopsis = "-o OUT --ecu NAME [--version V] [--revision R] [--meta KEY=VALUE]...\n"
                "                [--preset 0-9] --chunk TYPE:NAME:PATH[:lzma|:plain]...",
    .help = "Each --chunk adds one chunk, in order, whose payload is the file PATH. TYPE is a\n"
            "number or a name: DIAGNOSTIC_DESCRIPTION (0), CODE_FILE (1), CODE_FILE_PARTIAL\n"
            "(2), EMBEDDED_FILE (3), VENDOR_SPECIFIC (1024). NAME is everything between the\n"
            "first and the last ':', so it may contain \"::\"; an empty NAME leaves the chunk\n"
            "unnamed. PATH cannot contain ':'. Chunks are LZMA-alone compressed unless\n"
            "':plain' ends the spec. Each chunk is signed with sha512_uncompressed (the SHA-512\n"
            "of its payload). OUT is written as cat -o writes: a regular file (or the one a\n"
            "symbolic link leads to) replaced atomically, a new one with mode 0666 less the\n"
            "umask; a device or a FIFO written in place; '-' is stdout.\n",
    .options = option_table,
    .run = run,
};
