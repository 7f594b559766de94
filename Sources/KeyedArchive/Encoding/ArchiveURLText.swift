/// A URL item (`0B`) holding exactly the given text, for tools that convert archives to and
/// from other forms (`karchive from-json`), not for models.
///
/// For the format a URL item is text (`Spec/FORMAT.md` §7): any well-formed archive may hold
/// `0B` with a string no URL parser accepts, such as `""` or `"a b"`, and whether it is a URL is
/// decided by the type that decodes it. A converter that gives such an archive back from its
/// JSON must write that text unchanged, which `URL` cannot carry (`URL(string: "")` is `nil`,
/// and `URL(string: "a b")` may give back `"a%20b"`).
///
/// `ArchiveEncoder` writes it as the URL item; any other encoder writes the text as a string.
@_spi(ArchiveTools)
public struct ArchiveURLText: Encodable, Sendable {
    /// The text of the URL item, written as it is.
    public let text: String

    /// A URL item holding `text`.
    public init(_ text: String) { self.text = text }

    /// Writes the URL item into an archive encoder's single-value slot, or the text as a
    /// string into any other encoder.
    public func encode(to encoder: any Encoder) throws {
        guard let archive = encoder as? EncoderImpl else {
            var container = encoder.singleValueContainer()
            return try container.encode(text)
        }
        // As `encodeNil` writes its tag: a native item in this encoder's slot, which cannot fail.
        let sink = archive.claimSingleValueSlot()
        NativeEncoding.writeUTF8(text, tag: WireTag.url, into: &sink.writer)
    }
}
