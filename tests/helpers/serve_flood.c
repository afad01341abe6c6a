/* SPDX-License-Identifier: Apache-2.0 */
/* serve_flood PORT hold N: opens N connections to 127.0.0.1:PORT, sends each half a request
 * head, prints "held N" and keeps them until SIGTERM.
 * serve_flood PORT cycle N PATH: N connections one after another, each GET PATH answered
 * before it closes (with a reset, which leaves no TIME_WAIT behind); prints how many were
 * answered 200, exits 1 unless all were.
 * The tests of mdd serve use it for what a shell cannot do quickly. */
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static struct sockaddr_in target;

static int open_connection(void)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    struct linger lin = {.l_onoff = 1, .l_linger = 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &lin, sizeof lin);
    if (connect(fd, (const struct sockaddr *)&target, sizeof target) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static int send_text(int fd, const char *text)
{
    size_t len = strlen(text);
    return send(fd, text, len, MSG_NOSIGNAL) == (ssize_t)len ? 0 : -1;
}

static int hold(unsigned long n)
{
    for (unsigned long i = 0; i < n; i++) {
        int fd = open_connection();
        if (fd < 0 || send_text(fd, "GET /health HTTP/1.1\r\nHost: flood\r\n") != 0) {
            perror("serve_flood: connect");
            return 1;
        }
    }
    printf("held %lu\n", n);
    fflush(stdout);
    for (;;)
        pause();
}

/* One request on a new connection: 1 when answered 200 (the status line is enough). */
static int one_request(const char *request)
{
    int fd = open_connection();
    if (fd < 0)
        return 0;
    char status[13] = {0};
    size_t got = 0;
    if (send_text(fd, request) == 0) {
        while (got < sizeof status - 1) {
            ssize_t n = recv(fd, status + got, sizeof status - 1 - got, 0);
            if (n <= 0)
                break;
            got += (size_t)n;
        }
    }
    close(fd);
    return strcmp(status, "HTTP/1.1 200") == 0;
}

static int cycle(unsigned long n, const char *path)
{
    char request[512];
    snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: flood\r\n\r\n", path);
    unsigned long ok = 0;
    for (unsigned long i = 0; i < n; i++)
        ok += (unsigned long)one_request(request);
    printf("%lu\n", ok);
    return ok == n ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc < 4 || (strcmp(argv[2], "hold") != 0 && strcmp(argv[2], "cycle") != 0) ||
        (strcmp(argv[2], "cycle") == 0 && argc != 5)) {
        fprintf(stderr, "usage: serve_flood PORT hold N | serve_flood PORT cycle N PATH\n");
        return 2;
    }
    target = (struct sockaddr_in){.sin_family = AF_INET,
                                  .sin_port = htons((uint16_t)atoi(argv[1])),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    unsigned long n = strtoul(argv[3], NULL, 10);
    return strcmp(argv[2], "hold") == 0 ? hold(n) : cycle(n, argv[4]);
}
