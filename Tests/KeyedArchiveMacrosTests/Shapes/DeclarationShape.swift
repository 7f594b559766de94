import KeyedArchive

/// The declaration shapes `@ArchiveCodable` meets (issue 31): property forms × `CodingKeys`
/// forms × kinds, as source text and as what the synthesized conformance codes.
///
/// One model, two uses. `DeclarationShapeTests` expands every shape in-process (those the
/// macro must refuse included) and checks the verdict and the keys the expansion lists. The
/// accepted shapes are also rendered into `GeneratedShapes.swift`, each beside an unannotated
/// twin, compiled with the real macro, so that their bytes are compared with their `Codable`
/// conformance's; a test keeps that file equal to what the model renders
/// (`UPDATE_GENERATED_SHAPES=1 swift test --filter DeclarationShapeTests` rewrites it).
struct DeclarationShape {
    enum Kind: CaseIterable {
        case structure, finalClass
        /// A final class with a superclass (`ShapeBase`, not `Codable`) and its own initializer:
        /// generated code, as for any final class (issue 61). Last, so that the shapes drawn
        /// for the other kinds stay as they were.
        case subclass
    }

    /// Where the keys come from.
    enum Keys: CaseIterable {
        /// None declared: the compiler's, one per stored property in order.
        case synthesized
        /// In the body, in the properties' order, without raw values.
        case body
        /// In the body, reversed.
        case bodyReversed
        /// In the body, with integer raw values, rotated by one.
        case bodyIntegers
        /// In the body, with string raw values (renamed).
        case bodyRenamed
        /// In the body, without the properties that have a default value.
        case bodyPartial
        /// In an extension, in the properties' order.
        case extensionInOrder
        /// In an extension, reversed: the generated code must leave the type to `Codable`.
        case extensionReversed
        /// In the body, one case inside `#if`: refused.
        case bodyConditional

        var isRefused: Bool { self == .bodyConditional }
        var isInBody: Bool { ![.synthesized, .extensionInOrder, .extensionReversed].contains(self) }
    }

    /// A member declaration and what it brings.
    enum Property: CaseIterable {
        case plain, letPlain, optional, varDefault, letDefault, tuple, multiple, staticVar, computed, observed, nested, nestedArray
        /// Refused by the macro.
        case lazy, wrapped

        var isRefused: Bool { self == .lazy || self == .wrapped }
    }

    /// A stored property the conformance codes.
    struct Coded {
        let name: String
        let hasDefault: Bool
        /// `false` for a `let` with a value: written, not read.
        let isDecoded: Bool
        /// The statement that sets it from `seed` in `init(seed:)`, if it can be set.
        let assignment: String?
    }

    let kind: Kind
    let keys: Keys
    let properties: [Property]

    var isRefused: Bool { keys.isRefused || properties.contains(where: \.isRefused) }

    /// The member lines of property `form` at position `j`, and what it codes.
    static func member(_ form: Property, _ j: Int) -> (lines: [String], coded: [Coded]) {
        switch form {
        case .plain:
            (["var p\(j): Int"], [Coded(name: "p\(j)", hasDefault: false, isDecoded: true, assignment: "p\(j) = seed &+ \(j)")])
        case .letPlain:
            (["let q\(j): String"], [Coded(name: "q\(j)", hasDefault: false, isDecoded: true, assignment: "q\(j) = \"q\\(seed)\"")])
        case .optional:
            (["var o\(j): Double?"],
             [Coded(name: "o\(j)", hasDefault: false, isDecoded: true, assignment: "o\(j) = seed % 2 == 0 ? nil : Double(seed) / 4")])
        case .varDefault:
            (["var d\(j) = \(j)"], [Coded(name: "d\(j)", hasDefault: true, isDecoded: true, assignment: "d\(j) = seed &* 3")])
        case .letDefault:
            (["let e\(j) = \"fixed\(j)\""], [Coded(name: "e\(j)", hasDefault: true, isDecoded: false, assignment: nil)])
        case .tuple:
            (["var (t\(j)a, t\(j)b) = (\(j), -\(j))"],
             [Coded(name: "t\(j)a", hasDefault: true, isDecoded: true, assignment: "t\(j)a = seed"),
              Coded(name: "t\(j)b", hasDefault: true, isDecoded: true, assignment: "t\(j)b = -seed")])
        case .multiple:
            (["var m\(j)a, m\(j)b: Int"],
             [Coded(name: "m\(j)a", hasDefault: false, isDecoded: true, assignment: "m\(j)a = seed"),
              Coded(name: "m\(j)b", hasDefault: false, isDecoded: true, assignment: "m\(j)b = 1 - seed")])
        case .staticVar:
            (["static let s\(j) = 0"], [])
        case .computed:
            (["var c\(j): Int { \(j) }"], [])
        case .observed:
            (["var w\(j): Int = 0 { didSet {} }"], [Coded(name: "w\(j)", hasDefault: true, isDecoded: true, assignment: "w\(j) = seed / 2")])
        case .nested:
            (["var n\(j): ShapeLeaf"], [Coded(name: "n\(j)", hasDefault: false, isDecoded: true, assignment: "n\(j) = ShapeLeaf(seed: seed)")])
        case .nestedArray:
            (["var a\(j): [ShapeLeaf]"],
             [Coded(name: "a\(j)", hasDefault: false, isDecoded: true, assignment: "a\(j) = (0..<seed % 3).map { ShapeLeaf(seed: $0) }")])
        case .lazy:
            (["lazy var z\(j) = 0"], [Coded(name: "z\(j)", hasDefault: true, isDecoded: true, assignment: nil)])
        case .wrapped:
            (["@ShapeWrapper var x\(j) = 0"], [Coded(name: "x\(j)", hasDefault: true, isDecoded: true, assignment: nil)])
        }
    }

    var members: [(lines: [String], coded: [Coded])] {
        properties.enumerated().map { Self.member($1, $0) }
    }

    var coded: [Coded] { members.flatMap(\.coded) }

    /// The `CodingKeys` cases as declared (name and raw value), in declaration order; `nil`
    /// when the compiler synthesizes them.
    var declaredCases: [(name: String, raw: String?)]? {
        let names = coded.map(\.name)
        switch keys {
        case .synthesized: return nil
        case .body, .extensionInOrder, .bodyConditional: return names.map { ($0, nil) }
        case .bodyReversed, .extensionReversed: return names.reversed().map { ($0, nil) }
        case .bodyIntegers:
            let rotated = Array(names.dropFirst() + names.prefix(1))
            return rotated.enumerated().map { ($1, String($0 + 1)) }
        case .bodyRenamed: return names.map { ($0, "\"K_\($0)\"") }
        case .bodyPartial: return coded.filter { !$0.hasDefault }.map { ($0.name, nil) }
        }
    }

    /// The keys the conformance codes, in its order: the enum's cases, or the properties.
    var codedKeys: [String] { declaredCases?.map(\.name) ?? coded.map(\.name) }

    /// The `CodingKeys` declaration, as lines.
    var codingKeys: [String] {
        guard let cases = declaredCases else { return [] }
        let rawType = keys == .bodyIntegers ? "Int, " : keys == .bodyRenamed ? "String, " : ""
        let list = cases.map { key in key.raw.map { "\(key.name) = \($0)" } ?? key.name }
        guard keys == .bodyConditional, let last = list.last else {
            return ["enum CodingKeys: \(rawType)CodingKey {", "    case \(list.joined(separator: ", "))", "}"]
        }
        return ["enum CodingKeys: \(rawType)CodingKey {", "    case \(list.dropLast().joined(separator: ", "))",
                "    #if !NEVER_DEFINED", "    case \(last)", "    #endif", "}"]
    }

    /// The declaration, annotated or not, named `name`.
    func source(named name: String, annotated: Bool) -> String {
        var lines: [String] = []
        if annotated { lines.append("@ArchiveCodable") }
        switch kind {
        case .structure: lines.append("struct \(name): Codable {")
        case .finalClass: lines.append("final class \(name): Codable {")
        case .subclass: lines.append("final class \(name): ShapeBase, Codable {")
        }
        for member in members { lines += member.lines.map { "    " + $0 } }
        if keys.isInBody { lines += codingKeys.map { "    " + $0 } }
        lines.append("")
        lines.append("    init(seed: Int) {")
        for property in coded {
            if let assignment = property.assignment { lines.append("        " + (kind == .structure ? "" : "self.") + assignment) }
        }
        if kind == .subclass { lines.append("        super.init()") }
        lines.append("    }")
        lines.append("}")
        if !keys.isInBody && keys != .synthesized {
            lines.append("")
            lines.append("extension \(name) {")
            lines += codingKeys.map { "    " + $0 }
            lines.append("}")
        }
        return lines.joined(separator: "\n")
    }

    /// A deterministic set of shapes: every kind with every form of keys, each over a few
    /// seeded subsets of the property forms (`refused`: whether refused forms are drawn too).
    static func all(includingRefused refused: Bool) -> [DeclarationShape] {
        var state: UInt64 = 0x5EED_0031
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let forms = Property.allCases.filter { refused || !$0.isRefused }
        var shapes: [DeclarationShape] = []
        for kind in Kind.allCases {
            for keys in Keys.allCases where refused || !keys.isRefused {
                var subsets = 0
                while subsets < 3 {
                    let count = 2 + next(5)
                    let properties = (0..<count).map { _ in forms[next(forms.count)] }
                    let shape = DeclarationShape(kind: kind, keys: keys, properties: properties)
                    // Keys of its own need a coded property, and leaving out the defaulted ones
                    // needs one of each.
                    if keys != .synthesized && shape.coded.isEmpty { continue }
                    if keys == .bodyPartial && !(shape.coded.contains { $0.hasDefault } && shape.coded.contains { !$0.hasDefault }) { continue }
                    shapes.append(shape)
                    subsets += 1
                }
            }
        }
        return shapes
    }

    /// `GeneratedShapes.swift`: each accepted shape annotated (`AnnotatedShape<n>`) and as its
    /// unannotated twin (`TwinShape<n>`), and the list the tests walk.
    static func generatedFile() -> String {
        let shapes = all(includingRefused: false)
        var text = """
            // Generated from DeclarationShape.swift by DeclarationShapeTests; do not edit.
            // UPDATE_GENERATED_SHAPES=1 swift test --filter DeclarationShapeTests rewrites it.

            import KeyedArchiveMacros

            /// The superclass of the `subclass` shapes: not `Codable`; its `init()` is what the
            /// synthesized and the generated `init(from:)` call.
            class ShapeBase {
                var baseTag = 0
                init() {}
            }

            /// The leaf type the shapes nest.
            @ArchiveCodable
            struct ShapeLeaf: Codable {
                var id: Int
                var label: String

                init(seed: Int) {
                    id = seed
                    label = "leaf \\(seed)"
                }
            }

            """
        for (index, shape) in shapes.enumerated() {
            // The tests' protocols in extensions: in a final class's declaration, a protocol the
            // macro does not know could be a superclass, which keeps the `Codable` path.
            text += "\n" + shape.source(named: "AnnotatedShape\(index)", annotated: true) + "\n"
            text += "\nextension AnnotatedShape\(index): GeneratedShape {}\n"
            text += "\n" + shape.source(named: "TwinShape\(index)", annotated: false) + "\n"
            text += "\nextension TwinShape\(index): ShapeTwin {}\n"
        }
        let enums = EnumShape.all()
        for (index, shape) in enums.enumerated() {
            text += "\n" + shape.source(named: "AnnotatedEnumShape\(index)", annotated: true) + "\n"
            text += "\nextension AnnotatedEnumShape\(index): GeneratedShape {}\n"
            text += "\n" + shape.source(named: "TwinEnumShape\(index)", annotated: false) + "\n"
            text += "\nextension TwinEnumShape\(index): ShapeTwin {}\n"
        }
        text += "\n/// Each annotated shape, its twin, and whether it keeps generated code.\n"
        text += "var generatedShapes: [(annotated: any GeneratedShape.Type, twin: any ShapeTwin.Type, keepsGeneratedCode: Bool)] {\n    [\n"
        for (index, shape) in shapes.enumerated() {
            text += "        (AnnotatedShape\(index).self, TwinShape\(index).self, \(shape.keys != .extensionReversed)),\n"
        }
        for (index, shape) in enums.enumerated() {
            text += "        (AnnotatedEnumShape\(index).self, TwinEnumShape\(index).self, \(shape.keys.keepsGeneratedCode)),\n"
        }
        text += "    ]\n}\n"
        return text
    }
}

/// The enum shapes: cases with and without associated values (labeled, unlabeled, mixed,
/// optional, nested) or raw values, with the key types an enum may declare.
struct EnumShape {
    enum Keys: CaseIterable {
        /// No key types declared.
        case synthesized
        /// `CodingKeys` in the body, renaming the cases: the enum keeps its `Codable` path.
        case bodyRenamed
        /// A `<Case>CodingKeys` in the body: the enum keeps its `Codable` path.
        case bodyCaseKeys
        /// `CodingKeys` in an extension, renaming the cases (the generated code names the
        /// compiled enum's cases, so it writes the new names).
        case extensionRenamed
        /// A `<Case>CodingKeys` in an extension, its cases reversed (the synthesized conformance
        /// still codes the values in the case's order).
        case extensionCaseKeysReversed
        /// Raw values (`Int`): written as the raw value.
        case rawInt
        /// Raw values (`String`), some explicit.
        case rawString

        var keepsGeneratedCode: Bool { self != .bodyRenamed && self != .bodyCaseKeys }
        var isRaw: Bool { self == .rawInt || self == .rawString }
    }

    enum Case: CaseIterable {
        case bare, labeled, unlabeled, mixed, optional, nested

        func name(_ j: Int) -> String { ["bare", "labeled", "unlabeled", "mixed", "optional", "nested"][Self.allCases.firstIndex(of: self)!] + "\(j)" }

        /// The parameter list, its value keys, and a value built from `seed`.
        var parameters: (declaration: String, keys: [String], value: String) {
            switch self {
            case .bare: ("", [], "")
            case .labeled: ("(x: Int, y: String)", ["x", "y"], "(x: seed, y: \"y\\(seed)\")")
            case .unlabeled: ("(Int, String)", ["_0", "_1"], "(seed &* 7, \"u\")")
            case .mixed: ("(Int, label: Double)", ["_0", "label"], "(-seed, label: Double(seed) / 8)")
            case .optional: ("(first: Int?, second: [Int])", ["first", "second"], "(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))")
            case .nested: ("(leaf: ShapeLeaf)", ["leaf"], "(leaf: ShapeLeaf(seed: seed))")
            }
        }
    }

    let keys: Keys
    let cases: [Case]

    var caseNames: [String] { cases.enumerated().map { $1.name($0) } }

    func source(named name: String, annotated: Bool) -> String {
        var lines: [String] = []
        if annotated { lines.append("@ArchiveCodable") }
        let rawType = keys == .rawInt ? "Int, " : keys == .rawString ? "String, " : ""
        lines.append("enum \(name): \(rawType)Codable {")
        for (j, form) in cases.enumerated() {
            if keys == .rawInt {
                lines.append("    case \(form.name(j)) = \(j * 3 - 2)")
            } else if keys == .rawString {
                lines.append("    case \(form.name(j))" + (j % 2 == 0 ? " = \"R\(j)\"" : ""))
            } else {
                lines.append("    case \(form.name(j))\(form.parameters.declaration)")
            }
        }
        lines += keyTypes(inBody: true).map { "    " + $0 }
        lines.append("")
        lines.append("    init(seed: Int) {")
        lines.append("        switch seed % \(cases.count) {")
        for (j, form) in cases.enumerated() {
            let value = keys.isRaw ? "" : form.parameters.value
            lines.append("        \(j == cases.count - 1 ? "default" : "case \(j)"): self = .\(form.name(j))\(value)")
        }
        lines.append("        }")
        lines.append("    }")
        lines.append("}")
        let outside = keyTypes(inBody: false)
        if !outside.isEmpty {
            lines.append("")
            lines.append("extension \(name) {")
            lines += outside.map { "    " + $0 }
            lines.append("}")
        }
        return lines.joined(separator: "\n")
    }

    /// The key types declared in the body or in the extension.
    func keyTypes(inBody: Bool) -> [String] {
        switch keys {
        case .bodyRenamed where inBody, .extensionRenamed where !inBody:
            return ["enum CodingKeys: String, CodingKey {",
                    "    case " + caseNames.map { "\($0) = \"C_\($0)\"" }.joined(separator: ", "), "}"]
        case .bodyCaseKeys where inBody, .extensionCaseKeysReversed where !inBody:
            guard let (j, form) = cases.enumerated().first(where: { !$1.parameters.keys.isEmpty }) else { return [] }
            let keyType = form.name(j).prefix(1).uppercased() + form.name(j).dropFirst() + "CodingKeys"
            let list = keys == .bodyCaseKeys ? form.parameters.keys.map { "\($0) = \"V_\($0)\"" } : form.parameters.keys.reversed()
            return ["enum \(keyType): String, CodingKey {", "    case " + list.joined(separator: ", "), "}"]
        default:
            return []
        }
    }

    static func all() -> [EnumShape] {
        var state: UInt64 = 0xE_0031
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var shapes: [EnumShape] = []
        for keys in Keys.allCases {
            for _ in 0..<3 {
                var cases = (0..<(1 + next(4))).map { _ in Case.allCases[next(Case.allCases.count)] }
                // Key types for a case's values need a case that has some.
                if [.bodyCaseKeys, .extensionCaseKeysReversed].contains(keys) && !cases.contains(where: { !$0.parameters.keys.isEmpty }) {
                    cases.append(.labeled)
                }
                shapes.append(EnumShape(keys: keys, cases: cases))
            }
        }
        return shapes
    }
}

/// An annotated shape of `GeneratedShapes.swift` (with generated code, or keeping its
/// `Codable` path where the macro leaves it so).
protocol GeneratedShape: Codable {
    init(seed: Int)
}

/// The unannotated twin of a shape.
protocol ShapeTwin: Codable {
    init(seed: Int)
}
