import PN532Simulator

extension CLIError {
    /// A simulated tag's image that cannot be used, after `context` (`--tag SPEC`,
    /// `--device TEXT`): 66 when the file cannot be read, 65 when it is not a tag image.
    init(tagImage error: TagImageError, context: String) {
        let message = "\(context): \(error)"
        switch error {
        case .unreadable: self = .noInput(message)
        case .wrongSize, .fileTooLarge: self = .data(message)
        }
    }
}
