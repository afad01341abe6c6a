/* SPDX-License-Identifier: Apache-2.0 */
/* `write_states_fixture FILE` writes the EcuData payload of the ECU whose services need and
 * enter states (tests/support/states_ecu.h) to FILE, for the CLI tests to pack. */
#include "states_ecu.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: write_states_fixture FILE\n");
        return 2;
    }
    static tb b;
    eb_build(&b, &states_ecu);
    FILE *out = fopen(argv[1], "wb");
    if (!out || fwrite(b.buf, 1, b.len, out) != b.len || fclose(out) != 0) {
        perror(argv[1]);
        return 2;
    }
    return 0;
}
