/* SPDX-License-Identifier: Apache-2.0 */
#include <mdd_internal/common.h>

#include <mdd/container.h>

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const chunk_type_names[] = {
    "DIAGNOSTIC_DESCRIPTION", "CODE_FILE", "CODE_FILE_PARTIAL", "EMBEDDED_FILE"};

#define CHUNK_TYPE_NAME_COUNT (sizeof chunk_type_names / sizeof chunk_type_names[0])

const char *mdd_chunk_type_name(int32_t type)
{
    if (type >= 0 && (size_t)type < CHUNK_TYPE_NAME_COUNT)
        return chunk_type_names[type];
    return type >= MDD_CHUNK_VENDOR_SPECIFIC ? "VENDOR_SPECIFIC" : "RESERVED";
}

mdd_status mdd_chunk_type_parse(const char *s, int32_t *type, mdd_error *err)
{
    if (!s)
        return mdd_fail(err, MDD_ERR_ARG, "no chunk type");
    for (size_t i = 0; i < CHUNK_TYPE_NAME_COUNT; i++) {
        if (strcasecmp(s, chunk_type_names[i]) == 0) {
            *type = (int32_t)i;
            return MDD_OK;
        }
    }
    if (strcasecmp(s, "VENDOR_SPECIFIC") == 0) {
        *type = MDD_CHUNK_VENDOR_SPECIFIC;
        return MDD_OK;
    }
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < INT32_MIN || v > INT32_MAX)
        return mdd_fail(err, MDD_ERR_ARG,
                        "unknown chunk type '%s': a type name or a decimal 32-bit number", s);
    *type = (int32_t)v;
    return MDD_OK;
}

const mdd_chunk *mdd_file_find_chunk(const mdd_file *file, const char *name)
{
    for (size_t i = 0; i < file->chunk_count; i++)
        if (mdd_bytes_equal_str(file->chunks[i].name, name))
            return &file->chunks[i];
    return NULL;
}

const mdd_bytes *mdd_map_get(mdd_map_view map, const char *key)
{
    for (size_t i = map.count; i-- > 0;)
        if (mdd_bytes_equal_str(map.entries[i].key, key))
            return &map.entries[i].value;
    return NULL;
}
