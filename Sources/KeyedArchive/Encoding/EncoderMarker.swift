/// The encoder's own mark of a class instance's first occurrence (`preservesObjectIdentity`),
/// in its bytes before the late-write pass: `7E` + varint object number + the value. Later
/// occurrences are `12` + the object number. Never in an archive: `LateWritePass` turns
/// these into the format's shared objects (`13` + value) and references (`12` + value index),
/// `Spec/FORMAT.md` §9.5.
enum EncoderMarker {
    /// A tag the format does not use, so that a marker is never mistaken for a value.
    static let firstOccurrence: UInt8 = 0x7E
}

extension ReferenceForm {
    /// The encoder's bytes before the late-write pass (`EncoderMarker`).
    static var encoder: ReferenceForm { .numbered(sharedObjectTag: EncoderMarker.firstOccurrence) }
}
