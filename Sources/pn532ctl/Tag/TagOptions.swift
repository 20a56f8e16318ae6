import ArgumentParser

/// Options of the commands that work on one tag.
struct TagOptions: ParsableArguments {
    @OptionGroup var device: DeviceOptions

    @Option(help: ArgumentHelp("Seconds to wait for a tag, more than 0 and at most 86400 (default: a short poll).", valueName: "SECONDS"))
    var wait: Double?

    func validate() throws {
        if let wait, !(wait > 0 && wait <= 86_400) {
            throw ValidationError("--wait must be more than 0 and at most 86400 seconds, not \(wait) (leave it out for a short poll)")
        }
    }
}
