#define _GNU_SOURCE
#include "clinux_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Only async-signal-safe calls between fork and exec. */
static void fail(int report, int code) {
    ssize_t ignored = write(report, &code, sizeof code);
    (void)ignored;
    _exit(127);
}

static void child(const char *path, char *const argv[], char *const envp[], int input_fd, uid_t uid, gid_t gid, int report) {
    if (setpgid(0, 0) != 0) fail(report, errno);
    struct sigaction action = { .sa_handler = SIG_DFL };
    sigemptyset(&action.sa_mask);
    for (int signal = 1; signal < NSIG; signal++) {
        if (signal != SIGKILL && signal != SIGSTOP) (void)sigaction(signal, &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    if (sigprocmask(SIG_SETMASK, &none, NULL) != 0) fail(report, errno);
    int input = input_fd >= 0 ? input_fd : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0 || dup2(input, 0) != 0) fail(report, errno);
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) fail(report, errno);
    if (setgroups(1, &gid) != 0) fail(report, errno);
    if (setgid(gid) != 0) fail(report, errno);
    if (setuid(uid) != 0) fail(report, errno);
    /* A runner given CAP_SETUID and CAP_SETGID (not root) keeps them across setuid: clear
       every capability, so the check below and the program see none. */
    struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
    struct __user_cap_data_struct nothing[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
    if (syscall(SYS_capset, &header, nothing) != 0) fail(report, errno);
    if (getuid() != uid || geteuid() != uid || getgid() != gid || getegid() != gid) fail(report, EPERM);
    if (uid != 0 && (setuid(0) == 0 || seteuid(0) == 0)) fail(report, EPERM);
    execve(path, argv, envp);
    fail(report, errno);
}

int clinux_spawn_as(const char *path, char *const argv[], char *const envp[], int input_fd, unsigned int uid, unsigned int gid) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        int code = errno;
        close(report[0]);
        close(report[1]);
        errno = code;
        return -1;
    }
    if (pid == 0) child(path, argv, envp, input_fd, (uid_t)uid, (gid_t)gid, report[1]);
    close(report[1]);
    int code = 0;
    ssize_t count;
    do {
        count = read(report[0], &code, sizeof code);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof code) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        errno = code;
        return -1;
    }
    return pid;
}
