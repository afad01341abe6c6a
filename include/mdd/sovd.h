/* SPDX-License-Identifier: Apache-2.0 */
/* libmdd (advanced API): a layer's services as SOVD resources, as the reference adapter (the
 * Classic Diagnostic Adapter) presents them: data (identifiers read by 0x22 and written by
 * 0x2E), configurations (the same services in a coding functional class), operations
 * (routines, 0x31, with their Start, Stop and RequestResults services), modes (sessions 0x10,
 * security levels 0x27 with the seed and key services of each, communication control 0x28,
 * DTC setting 0x85) and faults (the 0x19 services that read DTCs, 0x14 that clears them).
 * Names follow the reference adapter's default naming convention (suffixes such as "_Read",
 * "_Write", "_Start" stripped), which the caller may change. The rules and their sources are
 * in docs/codec.md ("The SOVD view"); docs/adr/0030-describing-services.md says why this lives
 * in the query layer.
 *
 * Every answer is a view into the payload: nothing is copied and nothing allocated; lists come
 * back in caller arrays as in include/mdd/query.h. */
#ifndef MDD_ADVANCED_API
#error "<mdd/sovd.h> is the advanced API (may change before 1.0): define MDD_ADVANCED_API"
#endif
#ifndef MDD_SOVD_H
#define MDD_SOVD_H

#include <mdd/query.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The SOVD collection a resource belongs to. */
typedef enum mdd_sovd_category {
    MDD_SOVD_DATA = 1,
    MDD_SOVD_CONFIGURATION,
    MDD_SOVD_OPERATION,
    MDD_SOVD_MODE,
    MDD_SOVD_FAULT
} mdd_sovd_category;

/* What a service does for its resource. */
typedef enum mdd_sovd_role {
    MDD_SOVD_READ = 1,        /* 0x22 */
    MDD_SOVD_WRITE,           /* 0x2E */
    MDD_SOVD_START,           /* 0x31 01 */
    MDD_SOVD_STOP,            /* 0x31 02 */
    MDD_SOVD_REQUEST_RESULTS, /* 0x31 03 */
    MDD_SOVD_ENTER,           /* a mode's value: a session, a security level's key, ... */
    MDD_SOVD_SEED,            /* a security level's seed request (0x27, odd sub-function) */
    MDD_SOVD_READ_STATUS,     /* 0x19 reading DTCs by status (sub-functions 01 02 07 08 0A 0F
                               * 11 12 13 15 17) */
    MDD_SOVD_READ_SNAPSHOTS,  /* 0x19 03 04 05 18: snapshots (freeze frames), stored data */
    MDD_SOVD_READ_EXTENDED,   /* 0x19 06 10 16 19: extended data records */
    MDD_SOVD_READ_FAULTS,     /* another 0x19 report */
    MDD_SOVD_CLEAR_FAULTS     /* 0x14 */
} mdd_sovd_role;

/* The naming convention: which suffixes a service's short name loses to name its resource
 * (the first that ends it, compared without case, is stripped), which functional classes mark
 * configurations, and which prefix a DTC setting service's name loses to name its value. */
typedef struct mdd_sovd_naming {
    size_t size; /* see "Options" in include/mdd/status.h */
    const char *const *suffixes;         /* every service's, after the routine suffixes */
    size_t suffix_count;
    const char *const *routine_suffixes; /* 0x31 services', stripped first */
    size_t routine_suffix_count;
    const char *const *configuration_classes; /* functional classes, compared without case */
    size_t configuration_class_count;
    const char *dtc_setting_prefix;      /* 0x85 services' value: the name without it */
} mdd_sovd_naming;

/* The bytes of mdd_sovd_naming this header knows: through its last field. */
#define MDD_SOVD_NAMING_SIZE MDD_OPTIONS_END(mdd_sovd_naming, dtc_setting_prefix)

/* The reference adapter's defaults: suffixes "_read", "_write", "_read_dump", "_write_dump",
 * "_dump", their "_func" forms, "_control_func" and "_control"; routine suffixes "_start",
 * "_stop", "_requestresults" and their "_func" forms; the class "varcoding"; the prefix
 * "DTC_Setting_Mode_". */
static inline mdd_sovd_naming mdd_sovd_naming_default(void)
{
    static const char *const suffixes[] = {
        "_read",      "_write",          "_read_dump",      "_write_dump",
        "_dump",      "_read_func",      "_write_func",     "_read_dump_func",
        "_write_dump_func", "_dump_func", "_control_func",  "_control"};
    static const char *const routine[] = {"_start",      "_stop",      "_requestresults",
                                          "_start_func", "_stop_func", "_requestresults_func"};
    static const char *const classes[] = {"varcoding"};
    mdd_sovd_naming n = {MDD_SOVD_NAMING_SIZE, suffixes, sizeof suffixes / sizeof suffixes[0],
                         routine, sizeof routine / sizeof routine[0], classes, 1,
                         "DTC_Setting_Mode_"};
    return n;
}

/* One service as a SOVD resource. The names are views into the payload (id and value may be
 * a service's or a state's short name cut short). */
typedef struct mdd_sovd_entry {
    mdd_sovd_category category;
    mdd_sovd_role role;
    mdd_bytes id;          /* the resource: data and configurations the identifier's name,
                            * operations the routine's, modes "session", "security",
                            * "communication_control" or "dtc_setting", faults "faults" */
    mdd_bytes value;       /* modes: the state or setting the service enters (the target of
                            * the transition it triggers, else its name stripped) */
    mdd_bytes group;       /* the service's first functional class (the category the
                            * reference adapter maps data by); empty when it has none */
    uint32_t identifier;   /* the data or routine identifier, the sub-function of a mode or
                            * fault service (from the request prefix) */
    mdd_db_service service;
    mdd_db_service seed;   /* a security level's key: the seed service (sub-function one
                            * below); absent (seed.service.t.pos 0) otherwise */
    mdd_state_chart chart; /* modes: the chart whose state the service enters, else absent */
} mdd_sovd_entry;

/* The layer's effective services that are SOVD resources, in the order of the categories
 * above and then of the layer's services, into out[0..cap), their number in *total. naming
 * may be NULL for mdd_sovd_naming_default(). A key service's seed is the 0x27 service whose
 * sub-function is one below (its name is not trusted: the reference adapter once sent the
 * wrong sub-function by the name). Fails with MDD_ERR_ARG or MDD_ERR_UNSUPPORTED (a naming of
 * a size 0 or one this library does not know) or as mdd_db_layer_triggered_transitions();
 * *total is then 0. */
mdd_status mdd_sovd_entries(const mdd_db_layer *layer, const mdd_sovd_naming *naming,
                            mdd_sovd_entry *out, uint32_t cap, uint32_t *total, mdd_error *err);

/* name without the first of suffixes[0..n) that ends it (compared without case): a view into
 * name. */
mdd_bytes mdd_sovd_strip(mdd_bytes name, const char *const *suffixes, size_t n);

#ifdef __cplusplus
}
#endif

#endif
