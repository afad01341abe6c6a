/* SPDX-License-Identifier: Apache-2.0 */
/* `write_uds_fixture FILE` writes the EcuData payload of the UDS codec's test database
 * (tests/support/uds_msg_fixture.h: ECU "ECU", variant "V", one service per DOP and parameter
 * kind) to FILE, for the CLI tests to pack into an MDD file. */
/* The fixture needs more room than fb_builder.h gives by default. */
#define TB_CAP 65536
#include "uds_msg_fixture.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: write_uds_fixture FILE\n");
        return 2;
    }
    static tb b;
    mb_build(&b, &um_ecu);
    FILE *out = fopen(argv[1], "wb");
    if (!out || fwrite(b.buf, 1, b.len, out) != b.len || fclose(out) != 0) {
        perror(argv[1]);
        return 2;
    }
    return 0;
}
