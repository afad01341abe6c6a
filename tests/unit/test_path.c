/* SPDX-License-Identifier: Apache-2.0 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <mdd_internal/common.h>

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *dir, *name, *path;
} joins[] = {
    {"cv", "FLXC1000.mdd", "cv/FLXC1000.mdd"},
    {"cv/", "FLXC1000.mdd", "cv/FLXC1000.mdd"},
    {"/", "a.mdd", "/a.mdd"},
    {"", "a.mdd", "a.mdd"},
    {"a//", "b", "a//b"}, /* only the '/' the join would add is left out */
};

static void join_allocates_one_separator(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof joins / sizeof joins[0]; i++) {
        char *path = mdd_path_join(joins[i].dir, joins[i].name);
        assert_non_null(path);
        assert_string_equal(path, joins[i].path);
        free(path);
    }
}

static void join_to_fits_or_refuses(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof joins / sizeof joins[0]; i++) {
        char buf[32];
        size_t n = strlen(joins[i].path);
        assert_int_equal(mdd_path_join_to(buf, sizeof buf, joins[i].dir, joins[i].name), n);
        assert_string_equal(buf, joins[i].path);
        /* Exactly the room it needs, then one byte less. */
        assert_int_equal(mdd_path_join_to(buf, n + 1, joins[i].dir, joins[i].name), n);
        memset(buf, 'x', sizeof buf);
        assert_int_equal(mdd_path_join_to(buf, n, joins[i].dir, joins[i].name), -1);
        assert_string_equal(buf, "");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_allocates_one_separator),
        cmocka_unit_test(join_to_fits_or_refuses),
    };
    return cmocka_run_group_tests_name("path", tests, NULL, NULL);
}
