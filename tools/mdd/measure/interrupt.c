/* SPDX-License-Identifier: Apache-2.0 */
#include "interrupt.h"

#include <signal.h>
#include <string.h>

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    interrupted = sig;
}

void interrupt_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a blocking wait returns EINTR and looks at the flag. */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void interrupt_default(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

int interrupt_pending(void)
{
    return interrupted != 0;
}
