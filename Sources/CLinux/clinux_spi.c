#include "clinux_spi.h"

#include <errno.h>
#include <linux/spi/spidev.h>
#include <string.h>
#include <sys/ioctl.h>

int clinux_spi_message(int fd, const struct clinux_spi_transfer *transfers, size_t count) {
    struct spi_ioc_transfer message[64];
    if (count == 0 || count > 64) {
        errno = EINVAL;
        return -1;
    }
    memset(message, 0, sizeof(message));
    for (size_t index = 0; index < count; index++) {
        message[index].tx_buf = (unsigned long)transfers[index].transmit;
        message[index].rx_buf = (unsigned long)transfers[index].receive;
        message[index].len = transfers[index].length;
        message[index].speed_hz = transfers[index].speed_hz;
        message[index].delay_usecs = transfers[index].delay_usecs;
        message[index].bits_per_word = 8;
        message[index].cs_change = transfers[index].cs_change;
    }
    return ioctl(fd, SPI_IOC_MESSAGE(count), message);
}

int clinux_spi_configure(int fd, uint32_t mode, uint32_t speed_hz, const char **step) {
    uint8_t bits = 8;
    *step = "SPI_IOC_WR_MODE32";
    if (ioctl(fd, SPI_IOC_WR_MODE32, &mode) < 0) return -1;
    *step = "SPI_IOC_WR_BITS_PER_WORD";
    if (ioctl(fd, SPI_IOC_WR_BITS_PER_WORD, &bits) < 0) return -1;
    *step = "SPI_IOC_WR_MAX_SPEED_HZ";
    if (ioctl(fd, SPI_IOC_WR_MAX_SPEED_HZ, &speed_hz) < 0) return -1;
    return 0;
}

int clinux_spi_set_lsb_first(int fd, int lsb_first) {
    uint8_t value = lsb_first ? 1 : 0;
    return ioctl(fd, SPI_IOC_WR_LSB_FIRST, &value);
}
