#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Declared schemas of each released version, kept with a test suite beside the samples: the
// check a change needs before any sample of the new version exists, and what `karchive compat`
// compares from the command line.

extension ArchiveCompatibility {
    /// Saves the declared schema of `type` (its `archiveSchema`, with the defaults and aliases
    /// an archive cannot show) as the schema of `version` in `directory` (created if needed):
    /// the file `<version>.schema.json`, replacing an earlier one of that version. `karchive
    /// compat` compares two such files.
    ///
    /// - Returns: the file's URL.
    @discardableResult
    public static func saveSchema<T: ArchiveSchemaDescribing>(of type: T.Type, version: String, in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(version + schemaSuffix)
        try T.archiveSchema.write(to: url)
        return url
    }

    /// The schema files in `directory` (`<version>.schema.json`), in version order.
    public static func schemas(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(schemaSuffix) }
            .sorted { versionPrecedes($0.dropLast(schemaSuffix.count), $1.dropLast(schemaSuffix.count)) }
            .map { directory.appendingPathComponent($0) }
    }

    /// Every breaking change between each schema saved in `directory` and the current
    /// declared schema of `type` (``ArchiveSchema/breakingChanges(from:to:)``, the saved one
    /// as the old version), one problem per change, named by the schema's file and saying which
    /// direction breaks. `directions` keeps only the changes that break those: an app that
    /// never has an older version open a newer file can leave out `.oldReadingNew`. A
    /// directory without schemas is a problem too, so that a wrong path cannot pass.
    ///
    /// - Throws: the file system's error if `directory` cannot be read (it does not exist, say).
    public static func problems<T: ArchiveSchemaDescribing>(
        schemaOf type: T.Type, schemasIn directory: URL,
        breaking directions: Set<ArchiveBreakingChange.Direction> = [.newReadingOld, .oldReadingNew, .both]
    ) throws -> [Problem] {
        let files = try schemas(in: directory)
        guard !files.isEmpty else {
            return [Problem(sample: directory.lastPathComponent, detail: "no schemas (*\(schemaSuffix)) in \(directory.path)")]
        }
        let current = T.archiveSchema
        var problems: [Problem] = []
        for file in files {
            let saved: ArchiveSchema
            do { saved = try ArchiveSchema(contentsOf: file) } catch {
                problems.append(Problem(sample: file.lastPathComponent, detail: "not a schema: \(error)"))
                continue
            }
            for change in ArchiveSchema.breakingChanges(from: saved, to: current) where directions.contains(change.direction) {
                problems.append(Problem(sample: file.lastPathComponent, detail: "\(change) (\(change.direction.phrase))"))
            }
        }
        return problems
    }

    static let schemaSuffix = ".schema.json"
}

extension ArchiveBreakingChange.Direction {
    /// Which reading breaks, as a phrase that follows a change in `karchive schema check`'s
    /// report: "breaks the new type reading old archives", "breaks the old type reading new
    /// archives" or "breaks both directions".
    public var phrase: String {
        switch self {
        case .newReadingOld: "breaks the new type reading old archives"
        case .oldReadingNew: "breaks the old type reading new archives"
        case .both: "breaks both directions"
        }
    }
}
