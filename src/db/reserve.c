#include "db_impl.h"

#include <stdlib.h>

void *db_reserve(void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
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
