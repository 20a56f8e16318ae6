#ifndef CLINUX_SOCKET_H
#define CLINUX_SOCKET_H

#include <stddef.h>

/// The credentials the kernel recorded for the peer of the connected unix socket `fd` when it
/// connected (getsockopt SO_PEERCRED): its uid in `*uid` and pid in `*pid`. The peer cannot
/// choose them. Returns 0 or -1 with errno set.
int clinux_peer_credentials(int fd, unsigned int *uid, int *pid);

/// accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC): the next waiting connection on the
/// listening socket `fd`, non-blocking and closed on exec. Returns its descriptor or -1 with
/// errno set (EAGAIN: none waiting).
int clinux_accept(int fd);

/// One message from the SOCK_SEQPACKET socket `fd` without waiting (recvmsg, MSG_DONTWAIT),
/// at most `length` bytes into `buffer`. `*truncated` is 1 when the message was longer than
/// `length` (the rest is discarded). Returns the bytes read, 0 when the peer has closed, or -1
/// with errno set (EAGAIN: none waiting).
long clinux_receive_message(int fd, void *buffer, size_t length, int *truncated);

#endif
