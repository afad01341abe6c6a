/* SPDX-License-Identifier: Apache-2.0 */
/* The one little-endian loader (mdd_internal/common.h): the same values from the same bytes on
 * every host (the cross build runs this on a big-endian one), at any alignment. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <mdd_internal/common.h>

/* Nine bytes, so that every width is also read one byte off its alignment. */
static const uint8_t bytes[] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xf0};

static void fixed_widths_read_least_significant_first(void **state)
{
    (void)state;
    assert_int_equal(mdd_le_get16(bytes), 0x2301);
    assert_int_equal(mdd_le_get16(bytes + 1), 0x4523);
    assert_int_equal(mdd_le_get32(bytes), 0x67452301u);
    assert_int_equal(mdd_le_get32(bytes + 1), 0x89674523u);
    assert_true(mdd_le_get64(bytes) == 0xefcdab8967452301ull);
    assert_true(mdd_le_get64(bytes + 1) == 0xf0efcdab89674523ull);
}

static void any_width_reads_as_the_fixed_ones(void **state)
{
    (void)state;
    assert_true(mdd_le_get(bytes, 0) == 0);
    assert_true(mdd_le_get(bytes, 1) == 0x01);
    assert_true(mdd_le_get(bytes, 2) == 0x2301);
    assert_true(mdd_le_get(bytes, 3) == 0x452301);
    assert_true(mdd_le_get(bytes + 1, 4) == 0x89674523u);
    assert_true(mdd_le_get(bytes, 5) == 0x8967452301ull);
    assert_true(mdd_le_get(bytes + 1, 8) == 0xf0efcdab89674523ull);
}

static void stores_write_what_loads_read(void **state)
{
    (void)state;
    uint8_t out[9] = {0};
    mdd_le_put(out + 1, 0xefcdab8967452301ull, 8);
    assert_int_equal(out[0], 0);
    assert_memory_equal(out + 1, bytes, 8);
    mdd_le_put(out, 0x1122334455667788ull, 3);
    assert_int_equal(out[0], 0x88);
    assert_int_equal(out[1], 0x77);
    assert_int_equal(out[2], 0x66);
    assert_int_equal(out[3], 0x45); /* still the first store's: only 3 bytes written */
    assert_true(mdd_le_get(out, 3) == 0x667788);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_widths_read_least_significant_first),
        cmocka_unit_test(any_width_reads_as_the_fixed_ones),
        cmocka_unit_test(stores_write_what_loads_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
