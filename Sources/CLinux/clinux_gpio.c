#include "clinux_gpio.h"

#include <linux/gpio.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>

int clinux_gpio_ioctl(int fd, unsigned long request, void *arg) {
    return ioctl(fd, request, arg);
}

unsigned long clinux_gpio_get_chipinfo_ioctl(void) { return GPIO_GET_CHIPINFO_IOCTL; }
unsigned long clinux_gpio_v2_get_lineinfo_ioctl(void) { return GPIO_V2_GET_LINEINFO_IOCTL; }
unsigned long clinux_gpio_v2_get_line_ioctl(void) { return GPIO_V2_GET_LINE_IOCTL; }
unsigned long clinux_gpio_v2_line_get_values_ioctl(void) { return GPIO_V2_LINE_GET_VALUES_IOCTL; }
unsigned long clinux_gpio_v2_line_set_values_ioctl(void) { return GPIO_V2_LINE_SET_VALUES_IOCTL; }

#define SIZE(type) { #type, sizeof(struct type) }
#define FIELD(type, field) { #type "." #field, offsetof(struct type, field) }

static const struct { const char *name; long value; } layout[] = {
    SIZE(gpiochip_info), FIELD(gpiochip_info, name), FIELD(gpiochip_info, label), FIELD(gpiochip_info, lines),
    SIZE(gpio_v2_line_values), FIELD(gpio_v2_line_values, bits), FIELD(gpio_v2_line_values, mask),
    SIZE(gpio_v2_line_attribute), FIELD(gpio_v2_line_attribute, id), FIELD(gpio_v2_line_attribute, flags),
    FIELD(gpio_v2_line_attribute, values), FIELD(gpio_v2_line_attribute, debounce_period_us),
    SIZE(gpio_v2_line_config_attribute), FIELD(gpio_v2_line_config_attribute, attr),
    FIELD(gpio_v2_line_config_attribute, mask),
    SIZE(gpio_v2_line_config), FIELD(gpio_v2_line_config, flags), FIELD(gpio_v2_line_config, num_attrs),
    FIELD(gpio_v2_line_config, padding), FIELD(gpio_v2_line_config, attrs),
    SIZE(gpio_v2_line_request), FIELD(gpio_v2_line_request, offsets), FIELD(gpio_v2_line_request, consumer),
    FIELD(gpio_v2_line_request, config), FIELD(gpio_v2_line_request, num_lines),
    FIELD(gpio_v2_line_request, event_buffer_size), FIELD(gpio_v2_line_request, padding),
    FIELD(gpio_v2_line_request, fd),
    SIZE(gpio_v2_line_info), FIELD(gpio_v2_line_info, name), FIELD(gpio_v2_line_info, consumer),
    FIELD(gpio_v2_line_info, offset), FIELD(gpio_v2_line_info, num_attrs), FIELD(gpio_v2_line_info, flags),
    FIELD(gpio_v2_line_info, attrs),
    SIZE(gpio_v2_line_event), FIELD(gpio_v2_line_event, timestamp_ns), FIELD(gpio_v2_line_event, id),
    FIELD(gpio_v2_line_event, offset), FIELD(gpio_v2_line_event, seqno), FIELD(gpio_v2_line_event, line_seqno),
};

long clinux_gpio_layout(const char *name) {
    for (size_t i = 0; i < sizeof layout / sizeof layout[0]; i++) {
        if (strcmp(layout[i].name, name) == 0) return layout[i].value;
    }
    return -1;
}
