import ArchiveTestSupport
import Foundation
import Testing
@testable import KeyedArchive

/// `FormatValidator` (Wire/), the validator the wasm32 harness runs (`Tests/Wasm/run.sh`), gives
/// the verdict `karchive validate` gives (`InspectedArchive` and its walk): on every golden
/// vector and fuzz seed (compressed and checksummed ones too: both open them with
/// `OpenedArchive`), and on each of them cut short and with bytes changed.
@Suite struct FormatValidatorTests {
    /// The validator's verdict: nil when it accepts `bytes`.
    static func validatorVerdict(_ bytes: [UInt8], limits: ArchiveDecoder.Limits) -> ArchiveFormatError? {
        bytes.withUnsafeBytes { buffer in
            do throws(ArchiveFormatError) {
                try FormatValidator.validate(buffer, limits: limits)
                return nil
            } catch {
                return error
            }
        }
    }

    /// The inspection's verdict, as `karchive validate` reaches it.
    static func inspectionVerdict(_ bytes: [UInt8], limits: ArchiveDecoder.Limits) -> ArchiveFormatError? {
        struct Ignoring: ArchiveVisitor {}
        do throws(InspectionError) {
            var visitor = Ignoring()
            try InspectedArchive(bytes, limits: limits).walk(&visitor)
            return nil
        } catch {
            return error.error
        }
    }

    /// Every golden vector (with its `# limits:`) and fuzz seed, by name.
    static func inputs() throws -> [(name: String, bytes: [UInt8], limits: ArchiveDecoder.Limits)] {
        var inputs: [(String, [UInt8], ArchiveDecoder.Limits)] = []
        for folder in ["valid", "invalid"] {
            for name in Vector.names(in: folder) {
                let vector = try Vector(folder: folder, name: name)
                var limits = ArchiveDecoder.Limits()
                for setting in (vector["limits"] ?? "").split(separator: ",") {
                    let parts = setting.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2, let value = Int(parts[1]) else { continue }
                    if parts[0] == "maximumDepth" { limits.maximumDepth = value }
                    if parts[0] == "maximumCollectionCount" { limits.maximumCollectionCount = value }
                    if parts[0] == "maximumInflatedSize" { limits.maximumInflatedSize = value }
                }
                inputs.append(("\(folder)/\(name)", vector.bytes, limits))
            }
        }
        let corpus = TestSupport.repositoryRoot.appendingPathComponent("Tests/Fuzz/corpus")
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where !name.hasPrefix(".") {
            inputs.append(("corpus/\(name)", Array(try Data(contentsOf: corpus.appendingPathComponent(name))), ArchiveDecoder.Limits()))
        }
        return inputs
    }

    static func agree(_ bytes: [UInt8], limits: ArchiveDecoder.Limits) -> Bool {
        let validator = validatorVerdict(bytes, limits: limits)
        let inspection = inspectionVerdict(bytes, limits: limits)
        return validator?.kind == inspection?.kind && validator?.offset == inspection?.offset
    }

    @Test func everyVectorAndSeedHasTheInspectionsVerdict() throws {
        let inputs = try Self.inputs()
        #expect(inputs.count > 250)
        // Compressed or checksummed: opened before they are walked.
        #expect(inputs.filter { $0.bytes.count > 5 && $0.bytes[5] & (ArchiveHeader.Flag.zlib | ArchiveHeader.Flag.crc32) != 0 }.count > 40)
        var refused = 0
        for input in inputs {
            let validator = Self.validatorVerdict(input.bytes, limits: input.limits)
            let inspection = Self.inspectionVerdict(input.bytes, limits: input.limits)
            #expect(validator?.kind == inspection?.kind && validator?.offset == inspection?.offset,
                    "\(input.name): validator \(validator.map(String.init(describing:)) ?? "accepts"), inspection \(inspection.map(String.init(describing:)) ?? "accepts")")
            if validator != nil { refused += 1 }
        }
        // Both verdicts occur: a validator that accepted everything would agree with nothing here.
        #expect(refused > 40 && refused < inputs.count - 40)
    }

    /// Each input cut at every length, and with 16 random bytes changed (seeded).
    @Test func damagedInputsHaveTheInspectionsVerdict() throws {
        var generator = DiffSource(seed: 0xF0_4A7_7E57)
        var checked = 0
        for input in try Self.inputs() where input.bytes.count <= 4096 {
            for length in 0..<input.bytes.count {
                let cut = Array(input.bytes.prefix(length))
                #expect(Self.agree(cut, limits: input.limits), "\(input.name) cut to \(length) bytes")
                checked += 1
            }
            for _ in 0..<16 where input.bytes.count > 6 {
                var changed = input.bytes
                changed[6 + Int(generator.next() % UInt64(changed.count - 6))] = UInt8(truncatingIfNeeded: generator.next())
                #expect(Self.agree(changed, limits: input.limits), "\(input.name) changed: \(changed)")
                checked += 1
            }
        }
        #expect(checked > 5_000)
    }
}
