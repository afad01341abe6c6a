/* SPDX-License-Identifier: Apache-2.0 */
/* peak_rss COMMAND [ARGS...]: runs COMMAND with its stdout sent to /dev/null, prints its peak
 * resident set size in KB (ru_maxrss) on stdout and exits with its exit status. The tests use
 * it to hold commands to a memory budget. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: the command's output would mix with the figure we print. */
static void run_child(char **argv)
{
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null < 0 || dup2(null, STDOUT_FILENO) < 0) {
        perror("peak_rss: /dev/null");
        _exit(126);
    }
    execvp(argv[0], argv);
    perror(argv[0]);
    _exit(127);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: peak_rss COMMAND [ARGS...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peak_rss: fork");
        return 126;
    }
    if (pid == 0)
        run_child(argv + 1);
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("peak_rss: wait4");
        return 126;
    }
    printf("%ld\n", usage.ru_maxrss);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
