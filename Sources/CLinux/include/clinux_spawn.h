#ifndef CLINUX_SPAWN_H
#define CLINUX_SPAWN_H

/// Starts the program at the absolute `path` with `argv` and `envp` (NULL-terminated) as the
/// account `uid`:`gid` with no supplementary groups. The forked child, in this order: makes a
/// process group of its own, restores default signal dispositions and an empty signal mask,
/// takes standard input from `input_fd` (or /dev/null when it is -1), clears the ambient
/// capabilities, then drops privileges with setgroups(1, {gid}), setgid(gid), setuid(uid),
/// checks that neither id can be taken back, and execs. A step that fails ends the child
/// before exec: nothing runs with the wrong account. Returns the pid, or -1 with errno set
/// (from fork, or the child's failed step: EPERM when the drop is refused).
int clinux_spawn_as(const char *path, char *const argv[], char *const envp[], int input_fd, unsigned int uid, unsigned int gid);

#endif
