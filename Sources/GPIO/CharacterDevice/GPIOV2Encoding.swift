import Basics


/// Builds and decodes the uAPI v2 structs' bytes.
enum GPIOV2Encoding {
    /// A `gpio_v2_line_request` for one line at `offset`.
    static func lineRequest(offset: Int, request: GPIOLineRequest, eventBufferSize: UInt32 = 16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: GPIOV2.Request.size)
        bytes.store(UInt32(offset), at: GPIOV2.Request.offsets)
        bytes.storeString(request.consumer, at: GPIOV2.Request.consumer, capacity: GPIOV2.nameSize)
        let config = GPIOV2.Request.config
        var flags: UInt64 = request.activeLow ? GPIOV2.Flag.activeLow : 0
        var attributes: [(id: UInt32, value: UInt64)] = []
        switch request.direction {
        case .asIs:
            break  // neither INPUT nor OUTPUT: the kernel leaves the direction as it is
        case .output(let initiallyOn):
            flags |= GPIOV2.Flag.output
            // OUTPUT_VALUES: the initial level travels in the request, so the line never glitches.
            attributes.append((GPIOV2.Attribute.outputValues, initiallyOn ? 1 : 0))
        case .input(let bias, let debounce):
            flags |= GPIOV2.Flag.input | GPIOV2.Flag.edgeRising | GPIOV2.Flag.edgeFalling
            switch bias {
            case .asIs: break
            case .pullUp: flags |= GPIOV2.Flag.pullUp
            case .pullDown: flags |= GPIOV2.Flag.pullDown
            case .disabled: flags |= GPIOV2.Flag.biasDisabled
            }
            let microseconds = debounce.nanoseconds / 1_000
            if microseconds > 0 { attributes.append((GPIOV2.Attribute.debounce, UInt64(min(microseconds, Int64(UInt32.max))))) }
        }
        bytes.store(flags, at: config + GPIOV2.Config.flags)
        bytes.store(UInt32(attributes.count), at: config + GPIOV2.Config.attributeCount)
        for (index, attribute) in attributes.enumerated() {
            let base = config + GPIOV2.Config.attributes + index * GPIOV2.ConfigAttribute.size
            bytes.store(attribute.id, at: base + GPIOV2.Attribute.id)
            if attribute.id == GPIOV2.Attribute.debounce {
                bytes.store(UInt32(attribute.value), at: base + GPIOV2.Attribute.value)
            } else {
                bytes.store(attribute.value, at: base + GPIOV2.Attribute.value)
            }
            bytes.store(UInt64(1), at: base + GPIOV2.ConfigAttribute.mask)  // line 0 of the request
        }
        bytes.store(UInt32(1), at: GPIOV2.Request.lineCount)
        if case .input = request.direction { bytes.store(eventBufferSize, at: GPIOV2.Request.eventBufferSize) }
        return bytes
    }

    /// A `gpio_v2_line_values` for line 0 of a request.
    static func values(high: Bool) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: GPIOV2.Values.size)
        bytes.store(UInt64(high ? 1 : 0), at: GPIOV2.Values.bits)
        bytes.store(UInt64(1), at: GPIOV2.Values.mask)
        return bytes
    }

    /// A `gpio_v2_line_info` asking about `offset`.
    static func lineInfoQuery(offset: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: GPIOV2.LineInfo.size)
        bytes.store(UInt32(offset), at: GPIOV2.LineInfo.offset)
        return bytes
    }

    /// Decodes a `gpio_v2_line_info`.
    static func lineDescription(_ bytes: [UInt8]) -> GPIOLineDescription {
        let flags = bytes.load(UInt64.self, at: GPIOV2.LineInfo.flags)
        return GPIOLineDescription(
            offset: Int(bytes.load(UInt32.self, at: GPIOV2.LineInfo.offset)),
            name: bytes.loadString(at: GPIOV2.LineInfo.name, capacity: GPIOV2.nameSize),
            used: flags & GPIOV2.Flag.used != 0,
            consumer: bytes.loadString(at: GPIOV2.LineInfo.consumer, capacity: GPIOV2.nameSize),
            direction: flags & GPIOV2.Flag.output != 0 ? "out" : "in")
    }

    /// Decodes a `gpiochip_info`: name, label, line count.
    static func chipInfo(_ bytes: [UInt8]) -> (name: String, label: String, lines: Int) {
        (bytes.loadString(at: GPIOV2.ChipInfo.name, capacity: GPIOV2.nameSize),
         bytes.loadString(at: GPIOV2.ChipInfo.label, capacity: GPIOV2.nameSize),
         Int(bytes.load(UInt32.self, at: GPIOV2.ChipInfo.lines)))
    }
}
