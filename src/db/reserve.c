/* SPDX-License-Identifier: Apache-2.0 */
#include "db_impl.h"

#include <stdlib.h>

void *db_reserve(void *array, size_t *cap, size_t need, size_t size)
{
    /* An array never allocated is NULL even when nothing is needed yet (an ECU whose first
     * layers have no services): allocate, so that NULL only ever means out of memory. */
    if (need <= *cap && array)
        return array;
    size_t grown = *cap ? *cap : 16;
    while (grown < need) {
        if (grown > SIZE_MAX / 2 / size)
            return NULL;
        grown *= 2;
    }
    void *p = realloc(array, grown * size);
    if (p)
        *cap = grown;
    return p;
}
