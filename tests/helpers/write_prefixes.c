/* SPDX-License-Identifier: Apache-2.0 */
/* `write_prefixes FILE DIR` writes every proper prefix of FILE (lengths 0 .. size-1) as
 * DIR/prefix-<LENGTH>.mdd, for truncation tests that run the CLI over all of them at once. */
#include <stdio.h>
#include <stdlib.h>

static void die(const char *what)
{
    perror(what);
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: write_prefixes FILE DIR\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in || fseek(in, 0, SEEK_END) != 0)
        die(argv[1]);
    long size = ftell(in);
    unsigned char *buf = malloc(size > 0 ? (size_t)size : 1);
    if (!buf || fseek(in, 0, SEEK_SET) != 0 || fread(buf, 1, (size_t)size, in) != (size_t)size)
        die(argv[1]);
    fclose(in);
    for (long n = 0; n < size; n++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/prefix-%06ld.mdd", argv[2], n);
        FILE *out = fopen(path, "wb");
        if (!out || fwrite(buf, 1, (size_t)n, out) != (size_t)n || fclose(out) != 0)
            die(path);
    }
    free(buf);
    return 0;
}
