/* SPDX-License-Identifier: Apache-2.0 */
/* Tables of test cases, each run by one function: every row becomes a cmocka test of its own,
 * named by the row, so a failing case is reported under its name and the others still run.
 * Include after <cmocka.h>. Header-only. */
#ifndef MDD_TEST_CASE_TABLE_H
#define MDD_TEST_CASE_TABLE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* count rows of row_size bytes, each starting with its name (a const char *); run is given
 * the row as *state. */
typedef struct tu_case_table {
    CMUnitTestFunction run;
    const void *rows;
    size_t row_size, count;
} tu_case_table;

/* The table of the array rows, run by fn. */
#define TU_CASES(fn, rows) {(fn), (rows), sizeof(rows)[0], sizeof(rows) / sizeof(rows)[0]}

/* Runs tests[0..test_count), then every row of every table as a test, all one group with
 * setup and teardown; returns what cmocka_run_group_tests() does. */
static inline int tu_run_group_with_cases(const char *group, const struct CMUnitTest *tests,
                                          size_t test_count, const tu_case_table *tables,
                                          size_t table_count, CMFixtureFunction setup,
                                          CMFixtureFunction teardown)
{
    size_t total = test_count;
    for (size_t t = 0; t < table_count; t++)
        total += tables[t].count;
    struct CMUnitTest *all = calloc(total, sizeof *all);
    if (!all) {
        fprintf(stderr, "%s: no memory for %zu tests\n", group, total);
        return 1;
    }
    if (test_count)
        memcpy(all, tests, test_count * sizeof *all);
    size_t n = test_count;
    for (size_t t = 0; t < table_count; t++) {
        for (size_t r = 0; r < tables[t].count; r++) {
            const char *row = (const char *)tables[t].rows + r * tables[t].row_size;
            /* cmocka hands the state over as a void *; the run functions only read it. */
            all[n++] = (struct CMUnitTest){*(const char *const *)(const void *)row, tables[t].run,
                                           NULL, NULL, (void *)row};
        }
    }
    int failed = _cmocka_run_group_tests(group, all, total, setup, teardown);
    free(all);
    return failed;
}

/* tu_run_group_with_cases() of the arrays tests and tables. */
#define TU_RUN_GROUP_WITH_CASES(tests, tables, setup, teardown)                                  \
    tu_run_group_with_cases(#tests, (tests), sizeof(tests) / sizeof(tests)[0], (tables),          \
                            sizeof(tables) / sizeof(tables)[0], (setup), (teardown))

#endif
