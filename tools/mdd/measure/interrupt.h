/* SPDX-License-Identifier: Apache-2.0 */
/* SIGINT and SIGTERM in the parent: it stops at the next wait and still removes the scratch
 * directory, which holds several hundred MB (measure.c). */
#ifndef MDD_BENCH_STRATEGIES_INTERRUPT_H
#define MDD_BENCH_STRATEGIES_INTERRUPT_H

/* Catches the signals from now on; blocking waits then return EINTR. */
void interrupt_catch(void);

/* In a forked process: dies of the signals again, as any program would. */
void interrupt_default(void);

/* Whether a signal was caught. */
int interrupt_pending(void);

#endif
