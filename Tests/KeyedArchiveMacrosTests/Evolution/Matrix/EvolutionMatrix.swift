import KeyedArchive

/// Issue 61's matrix: every declaration shape `@ArchiveCodable` accepts × every attribute for
/// evolving types, each cell either working as documented on every path or refused by the
/// macro's own diagnostic — never compiled and ignored.
///
/// One model, two uses, as `DeclarationShape`: `EvolutionMatrixTests` expands every cell
/// in-process and checks its verdict; the accepted cells are rendered into
/// `GeneratedEvolutionMatrix.swift`, compiled with the real macro, and checked at run time
/// through `ArchiveDecoder` (generated code, its general path, the `Codable` path) and
/// `JSONDecoder` (`UPDATE_GENERATED_SHAPES=1 swift test --filter EvolutionMatrixTests` rewrites
/// the file).
struct EvolutionCell {
    enum Shape: String, CaseIterable {
        case structure
        /// In another type's body.
        case nestedStructure
        /// In an extension of another type.
        case structureInExtension
        case finalClass
        /// An app protocol in its declaration, which the macro cannot tell from a superclass.
        case classWithProtocol
        /// A superclass (not `Codable`, as a `Codable` class's subclass cannot restate it).
        case subclass
        case subclassWithProtocol
        /// A superclass and no initializer of its own: it inherits its superclass's, which the
        /// macro's initializers would take away, so it keeps its `Codable` path.
        case subclassWithoutInitializer
        /// An app protocol and no initializer: it may be a superclass's, as far as the macro can
        /// tell, so it keeps its `Codable` path as the subclass without one does.
        case classWithProtocolWithoutInitializer
        /// `public`, with an app protocol: the `init(from:)` the macro writes is `public` too.
        case publicClass
        case enumeration
        case generic
    }

    enum Attribute: String, CaseIterable {
        /// `@ArchiveAlias("colour") var color: String`
        case alias
        /// `defaultsForMissingKeys: true` with `var size = 14`
        case defaults
        /// `@ArchiveDefault<MatrixDefaultSize> var size: Int = 14`, the plain `Codable` way
        case archiveDefault
        /// `var unknownFields = ArchiveUnknownFields()`
        case unknownFields
    }

    /// What the macro does with a cell.
    enum Verdict: Hashable {
        /// Compiled, and the attribute works on every path.
        case works
        /// Refused, with this error.
        case refused(String)
        /// Not a declaration Swift has (an enum's stored property): no cell.
        case inexpressible
    }

    let shape: Shape
    let attribute: Attribute

    static var all: [EvolutionCell] {
        Shape.allCases.flatMap { shape in Attribute.allCases.map { EvolutionCell(shape: shape, attribute: $0) } }
    }

    var name: String { "Matrix_\(shape.rawValue)_\(attribute.rawValue)" }

    var verdict: Verdict {
        switch (shape, attribute) {
        case (.generic, _):
            return .refused("@ArchiveCodable does not support generic types")
        case (.enumeration, .defaults):
            return .refused("@ArchiveCodable(defaultsForMissingKeys:) gives the stored properties of a struct or final class their initial values as defaults; an enum has none: remove the argument")
        case (.enumeration, .alias):
            // On the only properties an enum has, static ones.
            return .refused("@ArchiveAlias names the keys a decoded property had: this property is never decoded (a static or computed property, a 'let' with an initial value, a property left out of CodingKeys, or the ArchiveUnknownFields property), so its aliases would never be read; remove the attribute")
        case (.enumeration, _):
            return .inexpressible
        case (.subclassWithoutInitializer, .archiveDefault), (.classWithProtocolWithoutInitializer, .archiveDefault):
            // The `Codable` path: the wrapper does its work there.
            return .works
        case (.subclassWithoutInitializer, _), (.classWithProtocolWithoutInitializer, _):
            return .refused("@ArchiveCodable reads @ArchiveAlias, defaultsForMissingKeys and ArchiveUnknownFields through the initializers it adds to the class, which would take away the initializers a class that declares no designated initializer inherits from its superclass; declare the class's designated initializers in its body, outside #if (or list the protocols the macro does not know in an extension)")
        case (_, .archiveDefault):
            return .refused("@ArchiveCodable does not support @ArchiveDefault, a property wrapper for plain Codable types: give the property its default as an initial value and write @ArchiveCodable(defaultsForMissingKeys: true)")
        default:
            return .works
        }
    }

    /// Whether the type has generated code (the class that keeps its `Codable` path has none).
    var hasGeneratedCode: Bool { !hasNoInitializer }

    /// A class that declares no initializer, and so keeps its `Codable` path.
    var hasNoInitializer: Bool { shape == .subclassWithoutInitializer || shape == .classWithProtocolWithoutInitializer }

    var isClass: Bool {
        [.finalClass, .classWithProtocol, .subclass, .subclassWithProtocol, .subclassWithoutInitializer,
         .classWithProtocolWithoutInitializer, .publicClass].contains(shape)
    }

    /// The type's declaration, annotated; `EvolutionSubject`'s members, in an extension, are
    /// rendered by `subjectExtension` (a class's initializer is in its body).
    var declaration: String {
        let attributeLine = attribute == .defaults ? "@ArchiveCodable(defaultsForMissingKeys: true)" : "@ArchiveCodable"
        if shape == .enumeration {
            let member = attribute == .alias ? "    @ArchiveAlias(\"colour\") static var color = \"\"\n" : ""
            return "\(attributeLine)\nenum \(name): Codable {\n    case plain, named(String)\n\(member)}"
        }
        var lines: [String] = []
        lines.append("    var name: String")
        switch attribute {
        case .alias: lines.append("    @ArchiveAlias(\"colour\") var color: String")
        case .defaults: lines.append("    var size = 14")
        case .archiveDefault: lines.append("    @ArchiveDefault<MatrixDefaultSize> var size: Int = 14")
        case .unknownFields: lines.append("    var unknownFields = ArchiveUnknownFields()")
        }
        if hasNoInitializer {
            // No initializer: every property needs a value.
            lines[0] = "    var name = \"\""
            if attribute == .alias { lines[1] = "    @ArchiveAlias(\"colour\") var color = \"\"" }
        }
        if isClass && !hasNoInitializer {
            var assignments = ["        self.name = name"]
            switch attribute {
            case .alias: assignments.append("        self.color = color")
            case .defaults, .archiveDefault: assignments.append("        self.size = size")
            case .unknownFields: break
            }
            let overrides = shape == .subclass || shape == .subclassWithProtocol
            lines.append("")
            lines.append("    \(shape == .publicClass ? "public " : "")init(name: String, color: String, size: Int) {")
            lines += assignments
            if overrides { lines.append("        super.init()") }
            lines.append("    }")
        }
        let body = lines.joined(separator: "\n")
        switch shape {
        case .structure:
            return "\(attributeLine)\nstruct \(name): Codable {\n\(body)\n}"
        case .nestedStructure:
            return "enum \(name)_Outer {\n    \(attributeLine)\n    struct Inner: Codable {\n\(indent(body))\n    }\n}\ntypealias \(name) = \(name)_Outer.Inner"
        case .structureInExtension:
            return "enum \(name)_Outer {}\n\nextension \(name)_Outer {\n    \(attributeLine)\n    struct Inner: Codable {\n\(indent(body))\n    }\n}\ntypealias \(name) = \(name)_Outer.Inner"
        case .finalClass:
            return "\(attributeLine)\nfinal class \(name): Codable {\n\(body)\n}"
        case .classWithProtocol:
            return "\(attributeLine)\nfinal class \(name): Codable, MatrixDescribable {\n\(body)\n}"
        case .subclass, .subclassWithoutInitializer:
            return "\(attributeLine)\nfinal class \(name): MatrixBase, Codable {\n\(body)\n}"
        case .subclassWithProtocol:
            return "\(attributeLine)\nfinal class \(name): MatrixBase, MatrixDescribable, Codable {\n\(body)\n}"
        case .classWithProtocolWithoutInitializer:
            return "\(attributeLine)\nfinal class \(name): Codable, MatrixDescribable {\n\(body)\n}"
        case .publicClass:
            return "\(attributeLine)\npublic final class \(name): Codable, MatrixDescribable {\n\(body.replacingOccurrences(of: "    var ", with: "    public var "))\n}"
        case .generic:
            return "\(attributeLine)\nstruct \(name)<T>: Codable {\n\(body)\n}"
        case .enumeration:
            preconditionFailure("rendered above")
        }
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// The conformance to `EvolutionSubject` of a compiled cell.
    var subjectExtension: String {
        let color = attribute == .alias ? "color" : "nil"
        let size = attribute == .defaults || attribute == .archiveDefault ? "size" : "nil"
        let unknown = attribute == .unknownFields ? "unknownFields" : "nil"
        var members: [String] = []
        if !isClass {
            var arguments = ["name: name"]
            if attribute == .alias { arguments.append("color: color") }
            if attribute == .defaults || attribute == .archiveDefault { arguments.append("size: size") }
            members.append("    init(name: String, color: String, size: Int) {\n        self.init(\(arguments.joined(separator: ", ")))\n    }")
        } else if hasNoInitializer {
            var assignments = ["        self.name = name"]
            if attribute == .alias { assignments.append("        self.color = color") }
            if attribute == .defaults || attribute == .archiveDefault { assignments.append("        self.size = size") }
            members.append("    convenience init(name: String, color: String, size: Int) {\n        self.init()\n\(assignments.joined(separator: "\n"))\n    }")
        }
        members.append("    static var attribute: EvolutionCell.Attribute { .\(attribute.rawValue) }")
        members.append("    static var hasGeneratedCode: Bool { \(hasGeneratedCode) }")
        members.append("    var colorValue: String? { \(color) }")
        members.append("    var sizeValue: Int? { \(size) }")
        members.append("    var unknownFieldsValue: ArchiveUnknownFields? { \(unknown) }")
        return "extension \(name): EvolutionSubject {\n\(members.joined(separator: "\n"))\n}"
    }

    /// `GeneratedEvolutionMatrix.swift`: every cell that works, and the list the tests walk.
    static func generatedFile() -> String {
        let cells = all.filter { $0.verdict == .works }
        var text = """
            // Generated from EvolutionMatrix.swift by EvolutionMatrixTests; do not edit.
            // UPDATE_GENERATED_SHAPES=1 swift test --filter EvolutionMatrixTests rewrites it.

            import KeyedArchiveMacros

            """
        for cell in cells {
            text += "\n" + cell.declaration + "\n\n" + cell.subjectExtension + "\n"
        }
        text += "\n/// Every cell that works.\nvar evolutionMatrixSubjects: [any EvolutionSubject.Type] {\n    [\n"
        for cell in cells { text += "        \(cell.name).self,\n" }
        text += "    ]\n}\n"
        return text
    }
}

/// A superclass of the matrix's subclasses: not `Codable`, with an `init()` that the
/// synthesized and the generated `init(from:)` call alike, and a stored property of its own.
class MatrixBase {
    var baseTag = "base"
    init() {}
}

/// An app's own protocol, which the macro cannot tell from a superclass in a declaration.
protocol MatrixDescribable {
    var summary: String { get }
}

extension MatrixDescribable {
    var summary: String { "described" }
}

/// The default of the matrix's `@ArchiveDefault` properties.
enum MatrixDefaultSize: ArchiveDefaultValue {
    static var defaultValue: Int { 14 }
}

/// A compiled cell: made from a name and, where it has them, a color and a size; read back.
protocol EvolutionSubject: Codable {
    init(name: String, color: String, size: Int)
    static var attribute: EvolutionCell.Attribute { get }
    static var hasGeneratedCode: Bool { get }
    var name: String { get }
    var colorValue: String? { get }
    var sizeValue: Int? { get }
    var unknownFieldsValue: ArchiveUnknownFields? { get }
}
