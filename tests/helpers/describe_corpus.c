/* SPDX-License-Identifier: Apache-2.0 */
/* The corpus's schemas and messages for a validator that is not the project's own
 * (tests/cli/uds_schema.sh), and an encoder for the values it makes up. With MDD_CORPUS set:
 *
 *   describe_corpus dump    one JSON line per message of every service of every variant:
 *                           {"file", "layer", "service", "kind", "index", "schema",
 *                           "instance" (the decoded message: the whole object for a response,
 *                           the params for a request; null when its sample did not encode),
 *                           "sample" (the values it was encoded from, requests)}; "error" and
 *                           no schema when mdd_uds_schema() fails
 *   describe_corpus encode  reads lines FILE<TAB>LAYER<TAB>SERVICE<TAB>VALUES and prints, per
 *                           line, "ok" when VALUES encode as the service's request, else
 *                           "refused<TAB>MESSAGE" */
#include "testutil.h"
#include "uds_corpus_msgs.h"

#include <mdd/uds_describe.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *current_file;

static void write_bytes(const void *data, size_t len) { fwrite(data, 1, len, stdout); }

static void json_string(const char *s)
{
    mdd_buffer b = {0};
    mdd_sink sink = mdd_buffer_sink(&b);
    uds_jw w;
    uds_jw_init(&w, &sink, NULL);
    uds_jw_string(&w, (mdd_bytes){(const uint8_t *)s, strlen(s)});
    uds_jw_flush(&w);
    write_bytes(b.data, b.len);
    mdd_buffer_free(&b);
}

static void json_bytes(mdd_bytes s)
{
    char *c = malloc(s.len + 1);
    if (!c)
        abort();
    memcpy(c, s.ptr, s.len);
    c[s.len] = '\0';
    json_string(c);
    free(c);
}

/* The decoded message: a response's whole object, a request's params. */
static void instance(const uds_corpus_msg *m)
{
    mdd_buffer b = {0};
    mdd_sink sink = mdd_buffer_sink(&b);
    mdd_error err;
    if (mdd_uds_decode_message_json(m->layer, m->service, &m->message, m->request,
                                    m->request_len, m->bytes, m->len, NULL, &sink,
                                    &err) != MDD_OK) {
        fprintf(stderr, "describe_corpus: %s: %s\n", current_file, err.message);
        exit(1);
    }
    const char *text = (const char *)b.data;
    size_t len = b.len;
    if (m->message.kind == MDD_UDS_REQUEST) {
        const char *params = strstr(text, "\"params\":") + strlen("\"params\":");
        len = tu_json_object_span(params);
        text = params;
    }
    write_bytes(text, len);
    mdd_buffer_free(&b);
}

static void dump_message(void *ctx, const uds_corpus_msg *m)
{
    (void)ctx;
    static const char *const kinds[] = {"", "request", "positive", "negative"};
    printf("{\"file\":");
    json_string(current_file);
    printf(",\"layer\":");
    json_bytes(mdd_db_layer_name(m->layer));
    printf(",\"service\":");
    json_bytes(mdd_diag_comm_short_name(mdd_diag_service_diag_comm(m->service->service)));
    printf(",\"kind\":\"%s\",\"index\":%u", kinds[m->message.kind], m->message.index);
    mdd_buffer b = {0};
    mdd_sink sink = mdd_buffer_sink(&b);
    mdd_error err;
    if (mdd_uds_schema(m->layer, m->service, &m->message, NULL, &sink, &err) == MDD_OK) {
        printf(",\"schema\":");
        write_bytes(b.data, b.len);
    } else {
        printf(",\"error\":");
        json_string(err.message);
    }
    mdd_buffer_free(&b);
    printf(",\"instance\":");
    if (m->bytes)
        instance(m);
    else
        printf("null");
    if (m->bytes && m->message.kind == MDD_UDS_REQUEST)
        printf(",\"sample\":%s", m->sample);
    printf("}\n");
}

static void dump_service(void *ctx, const mdd_db_layer *layer, const mdd_db_service *service)
{
    uds_corpus_each_msg(layer, service, dump_message, ctx);
}

static int dump(void)
{
    char **paths;
    size_t n = tu_corpus_files(&paths);
    for (size_t f = 0; f < n; f++) {
        const char *slash = strrchr(paths[f], '/');
        current_file = slash ? slash + 1 : paths[f];
        mdd_db_options opts = mdd_db_options_default();
        opts.store.strategy = MDD_STRATEGY_HEAP;
        const char *path = paths[f];
        mdd_db *db;
        mdd_error err;
        if (mdd_db_open(&path, 1, &opts, &db, &err) != MDD_OK) {
            fprintf(stderr, "describe_corpus: %s\n", err.message);
            return 1;
        }
        const mdd_db_ecu *ecu = mdd_db_ecu_at(db, 0);
        for (uint32_t v = 0; v < mdd_db_ecu_variant_count(ecu); v++) {
            const mdd_db_layer *layer = mdd_db_ecu_variant_at(ecu, v);
            for (uint32_t i = 0; i < mdd_db_layer_service_count(layer); i++) {
                mdd_db_service s = mdd_db_layer_service_at(layer, i);
                dump_service(NULL, layer, &s);
            }
        }
        mdd_db_close(db);
        free(paths[f]);
    }
    free(paths);
    return n ? 0 : 77;
}

/* One line FILE, LAYER, SERVICE, VALUES: its verdict. */
static void encode_line(char *line, mdd_db **db, char *open_file, size_t open_cap)
{
    char *fields[4];
    for (int i = 0; i < 4; i++) {
        fields[i] = line;
        char *tab = i < 3 ? strchr(line, '\t') : NULL;
        if (i < 3 && !tab) {
            printf("refused\tmalformed line\n");
            return;
        }
        if (tab) {
            *tab = '\0';
            line = tab + 1;
        }
    }
    if (!*db || strcmp(open_file, fields[0]) != 0) {
        if (*db)
            mdd_db_close(*db);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", tu_corpus_dir(), fields[0]);
        const char *p = path;
        mdd_db_options opts = mdd_db_options_default();
        opts.store.strategy = MDD_STRATEGY_HEAP;
        mdd_error err;
        if (mdd_db_open(&p, 1, &opts, db, &err) != MDD_OK) {
            fprintf(stderr, "describe_corpus: %s\n", err.message);
            exit(1);
        }
        snprintf(open_file, open_cap, "%s", fields[0]);
    }
    const mdd_db_layer *layer = mdd_db_ecu_find_variant(mdd_db_ecu_at(*db, 0), fields[1]);
    mdd_db_service s;
    if (!layer || !mdd_db_layer_find_service(layer, fields[2], &s)) {
        printf("refused\tno such variant or service\n");
        return;
    }
    uint8_t out[UDS_CORPUS_MSG_MAX];
    size_t len;
    mdd_error err;
    mdd_uds_message request = {MDD_UDS_REQUEST, 0};
    if (mdd_uds_encode(layer, &s, &request, NULL, 0, fields[3], strlen(fields[3]), NULL, out,
                       sizeof out, &len, &err) == MDD_OK)
        printf("ok\n");
    else
        printf("refused\t%s\n", err.message);
}

static int encode(void)
{
    static char line[1 << 16];
    char open_file[256] = "";
    mdd_db *db = NULL;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        encode_line(line, &db, open_file, sizeof open_file);
    }
    if (db)
        mdd_db_close(db);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "dump") == 0)
        return dump();
    if (argc == 2 && strcmp(argv[1], "encode") == 0)
        return encode();
    fprintf(stderr, "usage: describe_corpus dump|encode\n");
    return 2;
}
