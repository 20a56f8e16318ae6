/// Where the values being decoded came from: the configuration file, and the board profile
/// for the keys it supplied, so that an error names the file the bad value is in.
package struct ConfigSource: Sendable {
    /// The configuration file.
    package var file: String
    /// The board profile file, when one was applied.
    package var profileFile: String?
    /// Key paths (`reader.device`) whose values came from the profile.
    package var profileKeys: Set<String> = []
    /// The file `[[users]]` came from when it is not the configuration (a fleet snapshot).
    package var usersFile: String?

    /// Values from `file`, and from `profileFile` for `profileKeys`.
    package init(file: String, profileFile: String? = nil, profileKeys: Set<String> = []) {
        self.file = file
        self.profileFile = profileFile
        self.profileKeys = profileKeys
    }

    /// The file holding the value at `keyPath`.
    package func file(for keyPath: String) -> String {
        if let usersFile, keyPath == "users" || keyPath.hasPrefix("users[") || keyPath.hasPrefix("users.") { return usersFile }
        guard let profileFile else { return file }
        var prefix = ""
        for part in keyPath.split(separator: ".") {
            prefix += (prefix.isEmpty ? "" : ".") + part
            if profileKeys.contains(prefix) { return profileFile }
        }
        return file
    }
}
