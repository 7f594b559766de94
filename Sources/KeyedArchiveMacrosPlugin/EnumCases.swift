import SwiftSyntax
import SwiftSyntaxBuilder

/// What the synthesized `Codable` conformance of an enum without a raw value reads and writes:
/// a keyed container with one entry, keyed by the case's name, holding a keyed container of the
/// case's associated values, each keyed by its label (or `_0`, `_1`… where it has none), an
/// optional one written only when it is not `nil`. A case without associated values holds an
/// empty container.
///
/// The keys are the compiler's own `CodingKeys` and `<Case>CodingKeys`, so a declaration that
/// brings any of them itself (to rename a case, say) is not taken: `init` returns `nil`, and the
/// enum keeps its `Codable` conformance.
struct EnumCases {
    struct Case {
        /// The case's name as written (backticks kept).
        let name: String
        /// The key of each associated value, in order.
        let valueKeys: [String]
        /// The label of each associated value in a call (`nil` for none).
        let labels: [String?]
        /// The type of each associated value, as written: the generated reader's locals.
        let types: [String]
    }

    let cases: [Case]

    init?(_ declaration: EnumDeclSyntax) {
        var cases: [Case] = []
        for member in declaration.memberBlock.members {
            if let nested = member.decl.asProtocol(NamedDeclSyntax.self), nested.name.text.hasSuffix("CodingKeys") {
                return nil
            }
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                // A raw value means a raw type the macro could not read from the declaration.
                if element.rawValue != nil { return nil }
                let parameters = Array(element.parameterClause?.parameters ?? [])
                let labels = parameters.map { parameter -> String? in
                    guard let label = parameter.firstName, label.tokenKind != .wildcard else { return nil }
                    return label.trimmedDescription
                }
                let keys = labels.enumerated().map { index, label in label ?? "_\(index)" }
                cases.append(Case(name: element.name.trimmedDescription, valueKeys: keys, labels: labels,
                                  types: parameters.map { $0.type.trimmedDescription }))
            }
        }
        // An enum without cases has no value to write.
        guard !cases.isEmpty else { return nil }
        self.cases = cases
    }

    /// `privateDocument` → `PrivateDocumentCodingKeys`: the key type the compiler synthesizes
    /// for a case's associated values.
    static func keyTypeName(_ caseName: String) -> String {
        let bare = caseName.filter { $0 != "`" }
        // As the compiler names it: only an ASCII letter is upper-cased (`élan` keeps its `é`).
        var scalars = bare.unicodeScalars
        guard let first = scalars.first, ("a"..."z").contains(first) else { return bare + "CodingKeys" }
        scalars.removeFirst()
        return first.properties.uppercaseMapping + String(scalars) + "CodingKeys"
    }

    /// The conformance extension: the key sets, and the code for what is asked.
    func extensions(_ typeName: String, encodes: Bool, decodes: Bool) throws -> [ExtensionDeclSyntax] {
        guard encodes || decodes else { return [] }
        var conformances: [String] = []
        let caseKeys = cases.map { ArchiveCodableMacro.key($0.name, of: "CodingKeys") }.joined(separator: ", ")
        let valueKeys = cases.map { entry in
            let keyType = Self.keyTypeName(entry.name)
            let list = entry.valueKeys.isEmpty ? "[\(keyType)]()"
                : "[\(entry.valueKeys.map { ArchiveCodableMacro.key($0, of: keyType) }.joined(separator: ", "))]"
            return "KeyedArchive.ArchiveKeySet(\(list))"
        }.joined(separator: ", ")
        var members = [
            "static let _archiveKeys = KeyedArchive.ArchiveKeySet([\(caseKeys)])",
            "static let _archiveCaseKeys = [\(valueKeys)]",
        ]
        if encodes {
            conformances.append("KeyedArchive.ArchiveDirectEncodable")
            members.append(encodeFunction(typeName))
            members.append(ArchiveCodableMacro.encodeMessageFunction(typeName))
        }
        if decodes {
            conformances.append("KeyedArchive.ArchiveDirectDecodable")
            members.append(decodeFunction(typeName))
            members.append(ArchiveCodableMacro.decodeMessageFunction(typeName))
        }
        return try ArchiveCodableMacro.conformanceExtension(typeName, conformances: conformances, members: members)
    }

    /// The case's entry, and in it each associated value in order, as the synthesized
    /// `encode(to:)` writes them.
    func encodeFunction(_ typeName: String) -> String {
        let branches = cases.enumerated().map { index, entry in
            guard !entry.valueKeys.isEmpty else {
                return """
                    case .\(ArchiveCodableMacro.member(entry.name)):
                        _ = container.nestedContainer(_archiveCaseKeys[\(index)], at: \(index))
                    """
            }
            let bindings = entry.valueKeys.indices.map { "let _\($0)" }.joined(separator: ", ")
            let writes = entry.valueKeys.indices.map { "    try values.encode(_\($0), at: \($0))" }.joined(separator: "\n")
            return """
                case .\(ArchiveCodableMacro.member(entry.name))(\(bindings)):
                    var values = container.nestedContainer(_archiveCaseKeys[\(index)], at: \(index))
                \(writes)
                """
        }
        return """
            \(ArchiveCodableMacro.encodeSignature(typeName)) {
                var container = encoder.keyedContainer(_archiveKeys)
                switch value {
            \(branches.joined(separator: "\n"))
                }
            }
            """
    }

    /// The one case the container holds, and its associated values, as the synthesized
    /// `init(from:)` reads them: the case's container read as a struct's is (a loop over its
    /// entries that switches on each one's key, `ArchiveCodableMacro.decodingInitializer`), into
    /// locals of the values' types, then the case made from them, a value no entry gave read as
    /// `init(from:)` reads it. A case without values passes over what its container holds.
    func decodeFunction(_ typeName: String) -> String {
        let branches = cases.enumerated().map { index, entry in
            let label = index == cases.count - 1 ? "default" : "case \(index)"
            guard !entry.valueKeys.isEmpty else {
                return """
                    \(label):
                        let values = try container.nestedContainer(_archiveCaseKeys[\(index)], at: \(index))
                        while try values.nextKey() != nil {
                            try values.skipEntry()
                        }
                        return .\(ArchiveCodableMacro.member(entry.name))
                    """
            }
            let locals = entry.types.enumerated().map { position, type in "    var field\(position): Optional<\(type)> = nil" }
            let cases = entry.valueKeys.indices.map { position in
                "        case \(position):\n            field\(position) = try .some(values.decode(at: \(position)))"
            }
            let arguments = zip(entry.labels, entry.valueKeys.indices).map { label, position in
                (label.map { "\($0): " } ?? "") + "try field\(position) ?? values.decode(at: \(position))"
            }.joined(separator: ", ")
            return """
                \(label):
                    let values = try container.nestedContainer(_archiveCaseKeys[\(index)], at: \(index))
                \(locals.joined(separator: "\n"))
                    while let key = try values.nextKey() {
                        switch key {
                \(cases.joined(separator: "\n"))
                        default:
                            try values.skipEntry()
                        }
                    }
                    return .\(ArchiveCodableMacro.member(entry.name))(\(arguments))
                """
        }
        return """
            \(ArchiveCodableMacro.decodeSignature(typeName)) {
                let container = try decoder.keyedContainer(_archiveKeys)
                switch try container.onlyKey(of: \(typeName).self) {
            \(branches.joined(separator: "\n"))
                }
            }
            """
    }
}
