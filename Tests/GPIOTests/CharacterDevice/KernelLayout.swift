import CLinux

/// Sizes, offsets and ioctl numbers straight from <linux/gpio.h>, through the C shim.
enum KernelLayout {
    /// `sizeof(struct name)` or `offsetof(struct type, field)` for "type.field".
    static func value(_ name: String) -> Int { Int(clinux_gpio_layout(name)) }

    static let getChipInfo = UInt(clinux_gpio_get_chipinfo_ioctl())
    static let getLineInfo = UInt(clinux_gpio_v2_get_lineinfo_ioctl())
    static let getLine = UInt(clinux_gpio_v2_get_line_ioctl())
    static let getValues = UInt(clinux_gpio_v2_line_get_values_ioctl())
    static let setValues = UInt(clinux_gpio_v2_line_set_values_ioctl())
}
