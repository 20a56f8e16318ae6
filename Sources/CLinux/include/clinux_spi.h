#ifndef CLINUX_SPI_H
#define CLINUX_SPI_H

#include <stddef.h>
#include <stdint.h>

/// One transfer of an SPI message, as `struct spi_ioc_transfer` holds it: `length` bytes out of
/// `transmit` (zeros when NULL) and into `receive` (discarded when NULL), then `delay_usecs`
/// with chip select still asserted; `cs_change` deselects after it (mid-message) or asks to
/// keep it selected (last transfer); `speed_hz` 0 is the device's rate.
struct clinux_spi_transfer {
    const uint8_t *transmit;
    uint8_t *receive;
    uint32_t length;
    uint32_t speed_hz;
    uint16_t delay_usecs;
    uint8_t cs_change;
};

/// ioctl(fd, SPI_IOC_MESSAGE(count), …) with the `count` transfers, every unused field of
/// `struct spi_ioc_transfer` zeroed (8 bits a word). Returns what the kernel returns: the sum
/// of the lengths, or -1 with errno set (EMSGSIZE past spidev's bufsiz). At most 64 transfers.
int clinux_spi_message(int fd, const struct clinux_spi_transfer *transfers, size_t count);

/// SPI_IOC_WR_MODE32 with `mode`, then SPI_IOC_WR_BITS_PER_WORD 8 and SPI_IOC_WR_MAX_SPEED_HZ
/// `speed_hz`. Returns 0, or -1 with errno set and `*step` naming the request that failed.
int clinux_spi_configure(int fd, uint32_t mode, uint32_t speed_hz, const char **step);

/// SPI_IOC_WR_LSB_FIRST with `lsb_first`. Returns 0, or -1 with errno set (EINVAL when the
/// controller cannot, as the Raspberry Pi's spi-bcm2835).
int clinux_spi_set_lsb_first(int fd, int lsb_first);

#endif
