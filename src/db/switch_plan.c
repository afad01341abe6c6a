/* SPDX-License-Identifier: Apache-2.0 */
/* The plan of a switch: which files of a directory an update adds, replaces and removes,
 * as a staged set (.mdd-update/stage/plan), a backup's way back (.mdd-update/backup/plan)
 * and a switch's journal (.mdd-update/journal). One text format for the three, a line per
 * fact, sealed by the SHA-512 of everything before its last line (docs/format.md, "Update
 * plans"), so that a torn or edited file is refused rather than half-followed. */
#include "db_impl.h"

#include <mdd_internal/codec.h>
#include <mdd_internal/db.h>
#include <mdd_internal/os.h>
#include <mdd_internal/store.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PLAN_MAGIC "mdd-update-plan 1"
/* A plan of DB_SWITCH_OPS_MAX ops of the longest names, ECUs and revisions, in hex. */
#define PLAN_LINE_MAX (32 + DB_SWITCH_NAME_MAX + 4 * MDD_DB_HISTORY_TEXT_MAX + 2 * 64)
#define PLAN_SIZE_MAX ((size_t)DB_SWITCH_OPS_MAX * PLAN_LINE_MAX + 4096)

static const char *const kind_names[] = {
    [DB_SWITCH_ADD] = "add",
    [DB_SWITCH_REPLACE] = "replace",
    [DB_SWITCH_REMOVE] = "remove",
};

static const char *const source_names[] = {
    [DB_SWITCH_FROM_STAGE] = "stage",
    [DB_SWITCH_FROM_BACKUP] = "backup",
};

int db_switch_name_ok(const char *name)
{
    size_t n = strnlen(name, DB_SWITCH_NAME_MAX + 1);
    return n > 4 && n <= DB_SWITCH_NAME_MAX && name[0] != '.' && !strchr(name, '/') &&
           strcmp(name + n - 4, ".mdd") == 0;
}

db_switch_op *db_switch_plan_add(db_switch_plan *plan, mdd_error *err)
{
    if (plan->count == DB_SWITCH_OPS_MAX) {
        mdd_fail(err, MDD_ERR_LIMIT, "more than %u files in one update", DB_SWITCH_OPS_MAX);
        return NULL;
    }
    db_switch_op *grown = realloc(plan->ops, (plan->count + 1) * sizeof *grown);
    if (!grown) {
        mdd_fail(err, MDD_ERR_NOMEM, "out of memory for the update's plan");
        return NULL;
    }
    plan->ops = grown;
    db_switch_op *op = &plan->ops[plan->count++];
    memset(op, 0, sizeof *op);
    return op;
}

db_switch_op *db_switch_plan_find(const db_switch_plan *plan, const char *name)
{
    for (size_t i = 0; i < plan->count; i++)
        if (strcmp(plan->ops[i].name, name) == 0)
            return &plan->ops[i];
    return NULL;
}

void db_switch_plan_free(db_switch_plan *plan)
{
    free(plan->ops);
    plan->ops = NULL;
    plan->count = 0;
}

/* ---- Encoding ---- */

typedef struct text_out {
    mdd_sink sink;
    mdd_error *err;
    mdd_status st;
} text_out;

static void put(text_out *o, const char *s, size_t n)
{
    if (o->st == MDD_OK)
        o->st = mdd_sink_write(&o->sink, s, n, o->err);
}

static void put_str(text_out *o, const char *s) { put(o, s, strlen(s)); }

/* " HEX", or " -" for no bytes. */
static void put_hex(text_out *o, const uint8_t *bytes, size_t len)
{
    char hex[2 * MDD_DB_HISTORY_TEXT_MAX + 1];
    put_str(o, " ");
    if (len == 0) {
        put_str(o, "-");
        return;
    }
    mdd_hex(bytes, len, hex);
    put(o, hex, 2 * len);
}

static void put_op(text_out *o, const db_switch_op *op)
{
    char head[DB_SWITCH_NAME_MAX + 32];
    snprintf(head, sizeof head, "op %s %s", kind_names[op->kind], op->name);
    put_str(o, head);
    put_hex(o, op->ecu, op->ecu_len);
    put_hex(o, op->revision, op->revision_len);
    char size[32];
    snprintf(size, sizeof size, " %llu", (unsigned long long)op->size);
    put_str(o, size);
    put_hex(o, op->sha512, sizeof op->sha512);
    put_str(o, "\n");
}

mdd_status db_switch_plan_encode(const db_switch_plan *plan, mdd_buffer *out, mdd_error *err)
{
    size_t start = out->len;
    text_out o = {mdd_buffer_sink(out), err, MDD_OK};
    put_str(&o, PLAN_MAGIC "\nsource ");
    put_str(&o, source_names[plan->source]);
    put_str(&o, plan->finishing ? "\nstate finishing\n" : "\nstate pending\n");
    for (size_t i = 0; i < plan->count; i++)
        put_op(&o, &plan->ops[i]);
    uint8_t digest[MDD_SHA512_SIZE];
    if (o.st == MDD_OK)
        o.st = mdd_sha512(out->data + start, out->len - start, digest, err);
    put_str(&o, "sha512");
    put_hex(&o, digest, sizeof digest);
    put_str(&o, "\n");
    return o.st;
}

/* ---- Parsing ---- */

typedef struct line_in {
    const char *name;
    const char *p, *end;
    size_t number;
    mdd_error *err;
} line_in;

static mdd_status bad(line_in *in, const char *why)
{
    return mdd_fail(in->err, MDD_ERR_FORMAT, "%s: line %zu: %s", in->name, in->number, why);
}

/* The next line into buf (without its newline); MDD_ERR_FORMAT when there is none, it is
 * too long, or holds a NUL. */
static mdd_status next_line(line_in *in, char *buf, size_t size)
{
    in->number++;
    const char *nl = memchr(in->p, '\n', (size_t)(in->end - in->p));
    if (!nl)
        return bad(in, in->p == in->end ? "missing (the plan ends early)" : "no newline");
    size_t n = (size_t)(nl - in->p);
    if (n >= size)
        return bad(in, "too long");
    if (memchr(in->p, '\0', n))
        return bad(in, "holds a NUL byte");
    memcpy(buf, in->p, n);
    buf[n] = '\0';
    in->p = nl + 1;
    return MDD_OK;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decodes the field hex ("-" for none) into out (at most cap bytes). -1 when malformed. */
static long parse_hex(const char *hex, uint8_t *out, size_t cap)
{
    if (strcmp(hex, "-") == 0)
        return 0;
    size_t n = strlen(hex);
    if (n == 0 || n % 2 || n / 2 > cap)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

/* The index of word among names[1..count), or 0. */
static int name_index(const char *const *names, int count, const char *word)
{
    for (int i = 1; i < count; i++)
        if (strcmp(names[i], word) == 0)
            return i;
    return 0;
}

/* Splits line at single spaces into at most max words; returns their count. */
static int split(char *line, char **words, int max)
{
    int n = 0;
    for (char *p = line; p && n < max;) {
        words[n++] = p;
        p = strchr(p, ' ');
        if (p)
            *p++ = '\0';
    }
    return n;
}

static mdd_status parse_size(line_in *in, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    /* Digits only, without leading zeros: one text per plan, as encoding writes it. */
    if (!*text || *end || errno || text[0] < '0' || text[0] > '9' || (text[0] == '0' && text[1]))
        return bad(in, "size: not a decimal number");
    *out = v;
    return MDD_OK;
}

static mdd_status parse_op(line_in *in, char *line, db_switch_plan *plan)
{
    char *w[8];
    if (split(line, w, 8) != 7 || strcmp(w[0], "op") != 0)
        return bad(in, "not 'op KIND NAME ECU REVISION SIZE SHA512'");
    int kind = name_index(kind_names, 4, w[1]);
    if (!kind)
        return bad(in, "unknown kind (add, replace, remove)");
    if (!db_switch_name_ok(w[2]))
        return bad(in, "not a file name NAME.mdd");
    if (db_switch_plan_find(plan, w[2]))
        return bad(in, "a second op for one file");
    db_switch_op *op = db_switch_plan_add(plan, in->err);
    if (!op)
        return in->err->status;
    op->kind = (db_switch_kind)kind;
    memcpy(op->name, w[2], strlen(w[2]) + 1);
    long ecu = parse_hex(w[3], op->ecu, sizeof op->ecu);
    long revision = parse_hex(w[4], op->revision, sizeof op->revision);
    long digest = parse_hex(w[6], op->sha512, sizeof op->sha512);
    if (ecu < 0 || revision < 0 || digest != (long)sizeof op->sha512)
        return bad(in, "ECU, revision or SHA-512: not hex of their size");
    op->ecu_len = (size_t)ecu;
    op->revision_len = (size_t)revision;
    return parse_size(in, w[5], &op->size);
}

/* "KEY VALUE" with VALUE one of names[1..count): its index. */
static mdd_status parse_keyword(line_in *in, const char *key, const char *const *names,
                                int count, int *out)
{
    char line[64];
    mdd_status st = next_line(in, line, sizeof line);
    size_t n = strlen(key);
    if (st != MDD_OK)
        return st;
    if (strncmp(line, key, n) != 0 || line[n] != ' ' || !(*out = name_index(names, count, line + n + 1)))
        return bad(in, key);
    return MDD_OK;
}

static const char *const state_names[] = {"", "pending", "finishing"};

/* Checks the seal: the last line is "sha512 HEX" of everything before it. Sets in->end to
 * where that line starts. */
static mdd_status check_seal(line_in *in, const uint8_t *data, size_t size)
{
    if (size == 0 || data[size - 1] != '\n')
        return mdd_fail(in->err, MDD_ERR_FORMAT, "%s: does not end in a newline (torn?)",
                        in->name);
    const uint8_t *last = data + size - 1;
    while (last > data && last[-1] != '\n')
        last--;
    /* Exactly "sha512 " and the hex digits: a NUL byte in the line must not end it early. */
    char seal[7 + 2 * MDD_SHA512_SIZE + 1];
    size_t n = (size_t)(data + size - 1 - last);
    uint8_t want[MDD_SHA512_SIZE], got[MDD_SHA512_SIZE];
    if (n != sizeof seal - 1)
        return mdd_fail(in->err, MDD_ERR_FORMAT, "%s: last line: not 'sha512 HEX'", in->name);
    memcpy(seal, last, n);
    seal[n] = '\0';
    if (strncmp(seal, "sha512 ", 7) != 0 || parse_hex(seal + 7, want, sizeof want) != MDD_SHA512_SIZE)
        return mdd_fail(in->err, MDD_ERR_FORMAT, "%s: last line: not 'sha512 HEX'", in->name);
    mdd_status st = mdd_sha512(data, (size_t)(last - data), got, in->err);
    if (st == MDD_OK && memcmp(want, got, sizeof got) != 0)
        return mdd_fail(in->err, MDD_ERR_CHECKSUM, "%s: SHA-512 mismatch: damaged", in->name);
    in->end = (const char *)last;
    return st;
}

static mdd_status parse_body(line_in *in, db_switch_plan *plan)
{
    char line[PLAN_LINE_MAX];
    mdd_status st = next_line(in, line, sizeof line);
    if (st == MDD_OK && strcmp(line, PLAN_MAGIC) != 0)
        return bad(in, "not '" PLAN_MAGIC "'");
    int source = 0, state = 0;
    if (st == MDD_OK)
        st = parse_keyword(in, "source", source_names, 3, &source);
    if (st == MDD_OK)
        st = parse_keyword(in, "state", state_names, 3, &state);
    plan->source = (db_switch_source)source;
    plan->finishing = state == 2;
    while (st == MDD_OK && in->p < in->end) {
        st = next_line(in, line, sizeof line);
        if (st == MDD_OK)
            st = parse_op(in, line, plan);
    }
    return st;
}

mdd_status db_switch_plan_parse(const char *name, const uint8_t *data, size_t size,
                                db_switch_plan *plan, mdd_error *err)
{
    *plan = (db_switch_plan){0};
    if (size > PLAN_SIZE_MAX)
        return mdd_fail(err, MDD_ERR_LIMIT, "%s: %zu bytes, more than a plan holds", name, size);
    line_in in = {name, (const char *)data, (const char *)data + size, 0, err};
    mdd_status st = check_seal(&in, data, size);
    if (st == MDD_OK)
        st = parse_body(&in, plan);
    if (st != MDD_OK)
        db_switch_plan_free(plan);
    return st;
}

/* ---- Files ---- */

static mdd_status read_trusted(int fd, const char *path, db_switch_plan *plan, mdd_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return mdd_fail(err, MDD_ERR_IO, "%s: fstat: %s", path, strerror(errno));
    mdd_status s = mdd_record_check_owner(&st, PLAN_SIZE_MAX, err);
    if (s != MDD_OK) {
        mdd_error_prefix(err, "%s: ", path);
        return s;
    }
    size_t size = (size_t)st.st_size, done;
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf)
        return mdd_fail(err, MDD_ERR_NOMEM, "%s: no memory for %zu bytes", path, size);
    int e = os_pread_exact(fd, buf, size, 0, &done);
    s = e ? mdd_fail(err, MDD_ERR_IO, "%s: read: %s", path, strerror(e))
          : done != size ? mdd_fail(err, MDD_ERR_IO, "%s: read: the file shrank", path)
                         : db_switch_plan_parse(path, buf, size, plan, err);
    free(buf);
    return s;
}

mdd_status db_switch_plan_read(const char *path, db_switch_plan *plan, mdd_error *err)
{
    *plan = (db_switch_plan){0};
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return errno == ENOENT ? mdd_fail(err, MDD_ERR_NOT_FOUND, "%s: none", path)
                               : mdd_fail(err, MDD_ERR_IO, "%s: open: %s", path, strerror(errno));
    mdd_status st = read_trusted(fd, path, plan, err);
    close(fd);
    return st;
}

static mdd_status write_plan(void *ctx, mdd_sink *out, mdd_error *err)
{
    mdd_buffer buf = {0};
    mdd_status st = db_switch_plan_encode(ctx, &buf, err);
    if (st == MDD_OK)
        st = mdd_sink_write(out, buf.data, buf.len, err);
    mdd_buffer_free(&buf);
    return st;
}

mdd_status db_switch_plan_write(const char *path, const db_switch_plan *plan, mdd_error *err)
{
    mdd_status st = mdd_write_file_atomic(path, 0644, write_plan, (void *)plan, err);
    if (st != MDD_OK && strncmp(err->message, path, strlen(path)) != 0)
        mdd_error_prefix(err, "%s: ", path);
    return st;
}
