/* SPDX-License-Identifier: Apache-2.0 */
/* mdd serve under abuse: a loopback load test against a running server.
 *
 *   bench_serve [--clients N] [--requests K] [--slow M] [--slow-readers R]
 *               [--path PATH] [--chunk-path PATH] PORT
 *
 * N keep-alive clients (default 32) send GET PATH (default /health) one after another,
 * each waiting for its answer, until K requests (default 200000) were answered; their
 * throughput and the p50 and p99 of their latency are what it prints, measured after a
 * warm-up of K/10 requests (the server has accepted the slow clients by then). Meanwhile M slow
 * clients (default 0) each send half a request head and then a byte a second, reconnecting
 * when the server closes them, and R slow readers (default 0) each ask for CHUNK-PATH and
 * read 4 KiB of it every 100 ms from a small receive buffer. One thread, one epoll loop:
 * the figures are the server's, as long as this process is not the bottleneck (it does
 * little per request; its CPU time over the measurement, cpu_s, says how much it took from the
 * server's). Exits 1 when a normal request failed or was answered other than 200. */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum kind { NORMAL, SLOW_HEAD, SLOW_READER };

typedef struct client {
    enum kind kind;
    int fd;
    size_t got;      /* NORMAL: bytes of the current answer read */
    char buf[8192];  /* NORMAL: the answer's head and body */
    uint64_t sent_ns; /* NORMAL: when the request went out; others: when it last acted */
} client;

typedef struct bench {
    struct sockaddr_in addr;
    const char *path, *chunk_path;
    uint64_t requests, done, failed;
    uint64_t *latencies; /* ns, one per answered request */
    uint64_t reconnects;  /* of slow clients the server closed */
    int ep;
} bench;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The CPU time this process has used, user and system, in seconds. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int connect_to(const bench *b, int rcvbuf)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (rcvbuf > 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    /* Closed with a reset: a run of many connections leaves no TIME_WAIT behind. */
    struct linger lin = {.l_onoff = 1, .l_linger = 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &lin, sizeof lin);
    if (connect(fd, (const struct sockaddr *)&b->addr, sizeof b->addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static int send_all(int fd, const char *s)
{
    size_t len = strlen(s);
    while (len > 0) {
        ssize_t n = send(fd, s, len, MSG_NOSIGNAL);
        if (n <= 0)
            return -1;
        s += n;
        len -= (size_t)n;
    }
    return 0;
}

/* (Re)opens c and sends what its kind sends first. Returns 0 or -1. */
static int start_client(bench *b, client *c)
{
    c->fd = connect_to(b, c->kind == SLOW_READER ? 4096 : 0);
    if (c->fd < 0)
        return -1;
    char req[512];
    if (c->kind == SLOW_HEAD)
        snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: bench\r\nX-Slow: ", b->path);
    else
        snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: bench\r\n\r\n",
                 c->kind == SLOW_READER ? b->chunk_path : b->path);
    c->got = 0;
    c->sent_ns = now_ns();
    struct epoll_event ev = {.events = c->kind == SLOW_READER ? 0 : EPOLLIN, .data.ptr = c};
    if (send_all(c->fd, req) != 0 || epoll_ctl(b->ep, EPOLL_CTL_ADD, c->fd, &ev) != 0) {
        close(c->fd);
        return -1;
    }
    return 0;
}

static void restart_client(bench *b, client *c)
{
    close(c->fd);
    b->reconnects++;
    if (start_client(b, c) != 0)
        c->fd = -1;
}

/* The answer in c->buf is complete: returns its length when it is, 0 when more is to come,
 * -1 when it is not an answer. */
static ssize_t answer_length(const client *c)
{
    const char *end = memmem(c->buf, c->got, "\r\n\r\n", 4);
    if (!end)
        return c->got == sizeof c->buf ? -1 : 0;
    size_t head = (size_t)(end - c->buf) + 4;
    const char *cl = memmem(c->buf, head, "Content-Length: ", 16);
    if (!cl)
        return -1;
    size_t total = head + strtoull(cl + 16, NULL, 10);
    if (total > sizeof c->buf)
        return -1;
    return c->got >= total ? (ssize_t)total : 0;
}

static void normal_readable(bench *b, client *c)
{
    ssize_t n = recv(c->fd, c->buf + c->got, sizeof c->buf - c->got, 0);
    if (n <= 0) {
        b->failed++;
        restart_client(b, c);
        return;
    }
    c->got += (size_t)n;
    ssize_t len = answer_length(c);
    if (len == 0)
        return;
    if (len < 0 || strncmp(c->buf, "HTTP/1.1 200 ", 13) != 0) {
        b->failed++;
        restart_client(b, c);
        return;
    }
    /* Past the count, the answers of the requests still out are not recorded, but clients
     * keep going: the next phase (after the warm-up) needs them. */
    if (b->done < b->requests)
        b->latencies[b->done++] = now_ns() - c->sent_ns;
    c->got = 0;
    c->sent_ns = now_ns();
    char req[512];
    snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: bench\r\n\r\n", b->path);
    if (send_all(c->fd, req) != 0) {
        b->failed++;
        restart_client(b, c);
    }
}

/* Once in a while: a slow client sends a byte of its head, a slow reader reads a little. */
static void slow_tick(bench *b, client *c, uint64_t now)
{
    if (c->fd < 0) {
        if (start_client(b, c) != 0)
            c->fd = -1;
        return;
    }
    if (c->kind == SLOW_HEAD && now - c->sent_ns >= 1000000000u) {
        c->sent_ns = now;
        if (send(c->fd, "x", 1, MSG_NOSIGNAL) != 1)
            restart_client(b, c);
    } else if (c->kind == SLOW_READER && now - c->sent_ns >= 100000000u) {
        c->sent_ns = now;
        char sink[4096];
        ssize_t n = recv(c->fd, sink, sizeof sink, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN))
            restart_client(b, c);
    }
}

/* A slow head client the server closed: it comes back. */
static void slow_readable(bench *b, client *c)
{
    char sink[512];
    ssize_t n = recv(c->fd, sink, sizeof sink, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN))
        restart_client(b, c);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void run(bench *b, client *clients, size_t count)
{
    struct epoll_event events[256];
    uint64_t last_tick = 0;
    while (b->done < b->requests) {
        int n = epoll_wait(b->ep, events, 256, 10);
        for (int i = 0; i < n; i++) {
            client *c = events[i].data.ptr;
            if (c->kind == NORMAL)
                normal_readable(b, c);
            else
                slow_readable(b, c);
        }
        uint64_t now = now_ns();
        if (now - last_tick >= 10000000u) {
            last_tick = now;
            for (size_t i = 0; i < count; i++)
                if (clients[i].kind != NORMAL)
                    slow_tick(b, &clients[i], now);
        }
    }
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_serve [--clients N] [--requests K] [--slow M] "
                    "[--slow-readers R] [--path PATH] [--chunk-path PATH] PORT\n");
    return 2;
}

/* Room for every connection: the soft descriptor limit raised to the hard one. */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

int main(int argc, char **argv)
{
    bench b = {.path = "/health", .chunk_path = "/health", .requests = 200000};
    size_t normal = 32, slow = 0, readers = 0;
    int i = 1;
    for (; i + 1 < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
        const char *v = argv[i + 1];
        if (strcmp(argv[i], "--clients") == 0)
            normal = strtoull(v, NULL, 10);
        else if (strcmp(argv[i], "--requests") == 0)
            b.requests = strtoull(v, NULL, 10);
        else if (strcmp(argv[i], "--slow") == 0)
            slow = strtoull(v, NULL, 10);
        else if (strcmp(argv[i], "--slow-readers") == 0)
            readers = strtoull(v, NULL, 10);
        else if (strcmp(argv[i], "--path") == 0)
            b.path = v;
        else if (strcmp(argv[i], "--chunk-path") == 0)
            b.chunk_path = v;
        else
            return usage();
    }
    if (i + 1 != argc || normal == 0 || b.requests == 0)
        return usage();
    raise_fd_limit();
    b.addr = (struct sockaddr_in){.sin_family = AF_INET,
                                  .sin_port = htons((uint16_t)atoi(argv[i])),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    size_t count = normal + slow + readers;
    client *clients = calloc(count, sizeof *clients);
    b.latencies = malloc(b.requests * sizeof *b.latencies);
    b.ep = epoll_create1(EPOLL_CLOEXEC);
    if (!clients || !b.latencies || b.ep < 0) {
        fprintf(stderr, "bench_serve: out of memory\n");
        return 1;
    }
    /* The slow ones first: they are there before the measured clients start. */
    for (size_t k = 0; k < count; k++) {
        client *c = &clients[(k + normal) % count];
        c->kind = k < slow ? SLOW_HEAD : k < slow + readers ? SLOW_READER : NORMAL;
        if (start_client(&b, c) != 0) {
            fprintf(stderr, "bench_serve: cannot connect to port %s: %s\n", argv[i],
                    strerror(errno));
            return 1;
        }
    }
    uint64_t requests = b.requests;
    b.requests = requests / 10;
    run(&b, clients, count);
    b.done = 0;
    b.requests = requests;
    uint64_t start = now_ns();
    double cpu_start = cpu_seconds();
    run(&b, clients, count);
    double seconds = (double)(now_ns() - start) / 1e9;
    double cpu = cpu_seconds() - cpu_start;
    qsort(b.latencies, b.done, sizeof *b.latencies, compare_u64);
    printf("{\"clients\": %zu, \"slow\": %zu, \"slow_readers\": %zu, \"requests\": %llu, "
           "\"failed\": %llu, \"seconds\": %.3f, \"requests_per_s\": %.0f, "
           "\"p50_us\": %.1f, \"p99_us\": %.1f, \"slow_reconnects\": %llu, \"cpu_s\": %.3f}\n",
           normal, slow, readers, (unsigned long long)b.done, (unsigned long long)b.failed,
           seconds, (double)b.done / seconds, (double)b.latencies[b.done / 2] / 1e3,
           (double)b.latencies[b.done * 99 / 100] / 1e3, (unsigned long long)b.reconnects, cpu);
    for (size_t k = 0; k < count; k++)
        if (clients[k].fd >= 0)
            close(clients[k].fd);
    free(clients);
    free(b.latencies);
    close(b.ep);
    return b.failed ? 1 : 0;
}
