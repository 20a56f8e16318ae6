#ifndef CLINUX_SOCKET_H
#define CLINUX_SOCKET_H

#include <stddef.h>

/// setsockopt(fd, SOL_SOCKET, SO_PASSCRED, 1): the kernel attaches the sender's pid, uid and
/// gid (SCM_CREDENTIALS) to every datagram received on `fd`, whatever the sender sent.
/// Returns 0 or -1 with errno set.
int clinux_enable_passcred(int fd);

/// One datagram from `fd` without waiting (recvmsg, MSG_DONTWAIT), at most `length` bytes into
/// `buffer`. `*has_credentials` is 1 when it carried SCM_CREDENTIALS, with the sender's uid in
/// `*uid` and pid in `*pid`, else 0. `*truncated` is 1 when the datagram was longer than
/// `length`. Returns the bytes read, or -1 with errno set (EAGAIN: none waiting).
long clinux_receive_with_credentials(int fd, void *buffer, size_t length, int *has_credentials, unsigned int *uid, int *pid, int *truncated);

#endif
