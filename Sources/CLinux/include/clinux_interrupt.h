#ifndef CLINUX_INTERRUPT_H
#define CLINUX_INTERRUPT_H

/// Installs handlers for SIGINT, SIGTERM and SIGHUP (without SA_RESTART) that record the first
/// signal and make a pipe readable, so that a wait on a link ends at once and the command can
/// put the reader back before it exits. Signals a command blocks (a signalfd) never reach
/// them. Unblocks the three signals (a parent may have blocked them) unless a signalfd of this
/// process reads them. Returns 0, or -1 with errno set.
int clinux_interrupt_install(void);

/// Called by the signalfd functions: the process reads these signals itself, so
/// `clinux_interrupt_install` leaves them blocked.
void clinux_interrupt_mark_watched(void);

/// The pipe's read end to poll next to a device, or -1 when not installed or suspended.
int clinux_interrupt_descriptor(void);

/// The signal received, 0 when none, or while suspended.
int clinux_interrupt_pending(void);

/// The signal received, suspended or not; 0 when none.
int clinux_interrupt_received(void);

/// From now on links no longer see the signal, so that the reader can be put back in order.
void clinux_interrupt_suspend(void);

#endif
