import SwiftSyntax

/// What the synthesized `Codable` conformance of a struct reads and writes, as far as its
/// declaration tells: the keys in order, each with its property, and which properties are
/// decoded (a `let` with an initial value is written but never read back).
struct CodableShape {
    struct Entry {
        /// The `CodingKeys` case, which is also the property's name.
        let name: String
        /// Whether `init(from:)` reads it.
        let isDecoded: Bool
        /// Whether its property has an initial value (its default under
        /// `defaultsForMissingKeys`).
        var hasInitialValue = false
        /// The names of `@ArchiveAlias` on its property, in order.
        var aliases: [String] = []
    }

    var entries: [Entry]
    /// The stored property of type `ArchiveUnknownFields`, if any: not an entry (the keys the
    /// macro declares for such a type leave it out), but where decoding keeps unknown entries.
    var unknownFields: StoredProperty?
    /// Whether the declaration's body declares `CodingKeys`, whose cases give `entries`; if not,
    /// `entries` are the stored properties, the keys the compiler synthesizes unless an
    /// extension declares `CodingKeys`.
    var declaresCodingKeys: Bool

    /// Whether decoding reads nothing, not even a container: a type without coding keys, whose
    /// synthesized `init(from:)` asks for nothing (`JSONDecoder` makes one from `1`). A type
    /// that keeps unknown fields reads its container even then: every entry is one of them.
    var decodesNothing: Bool { entries.isEmpty && unknownFields == nil }

    /// The shape of `declaration`'s members: its `CodingKeys` cases in order if it declares
    /// the enum, else its stored properties in order (the keys the compiler synthesizes).
    init(members: MemberBlockItemListSyntax) {
        var properties = StoredProperty.all(in: members)
        unknownFields = properties.first(where: \.holdsUnknownFields)
        properties.removeAll(where: \.holdsUnknownFields)
        let keys = Self.codingKeysCases(in: members)
        declaresCodingKeys = keys != nil
        if let keys {
            entries = keys.map { key in
                let property = properties.first { $0.name == key }
                return Entry(name: key, isDecoded: property?.isDecoded ?? true,
                             hasInitialValue: property?.hasInitialValue ?? false, aliases: property?.aliases ?? [])
            }
        } else {
            entries = properties.map { Entry(name: $0.name, isDecoded: $0.isDecoded, hasInitialValue: $0.hasInitialValue, aliases: $0.aliases) }
        }
    }

    /// The alias names of all entries, each once, in order: the keys of `_archiveAliasKeys`.
    var aliasNames: [String] {
        var seen: Set<String> = []
        return entries.flatMap(\.aliases).filter { seen.insert($0).inserted }
    }

    /// The case names of a nested `enum CodingKeys`, in declaration order.
    static func codingKeysCases(in members: MemberBlockItemListSyntax) -> [String]? {
        for member in members {
            guard let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" else { continue }
            return enumDecl.memberBlock.members.flatMap { item -> [String] in
                guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { return [] }
                return caseDecl.elements.map { $0.name.text }
            }
        }
        return nil
    }
}

/// A stored instance property of a struct declaration.
struct StoredProperty {
    let name: String
    /// `false` for a `let` with an initial value, which synthesized decoding skips.
    let isDecoded: Bool
    let declaration: VariableDeclSyntax
    /// The binding that declares it: `x` in `var x = 1`, `(x, y) = (1, 2)` in `var (x, y) = (1, 2)`.
    let binding: PatternBindingSyntax

    /// Whether it is given a value where it is declared (`var x = 1`, `var (x, y) = (1, 2)`).
    var hasInitialValue: Bool { binding.initializer != nil }

    /// Whether its type is `ArchiveUnknownFields`, as written in its type annotation or its
    /// initial value (`= ArchiveUnknownFields()`).
    var holdsUnknownFields: Bool {
        let names: Set<String> = ["ArchiveUnknownFields", "KeyedArchive.ArchiveUnknownFields"]
        if let type = binding.typeAnnotation?.type.trimmedDescription { return names.contains(type) }
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return false }
        return names.contains(call.calledExpression.trimmedDescription) && call.arguments.isEmpty
    }

    /// The names of its `@ArchiveAlias` attributes, in order.
    var aliases: [String] { declaration.archiveAliases.flatMap(\.names) }

    /// The stored instance properties declared in `members`, in order: each name a binding
    /// declares, those of a tuple pattern (`var (x, y) = (1, 2)`) in the pattern's order, as the
    /// compiler synthesizes their coding keys.
    static func all(in members: MemberBlockItemListSyntax) -> [StoredProperty] {
        members.flatMap { member -> [StoredProperty] in
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic else { return [] }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            return variable.bindings.flatMap { binding -> [StoredProperty] in
                guard binding.isStored else { return [] }
                return names(in: binding.pattern).map {
                    StoredProperty(name: $0, isDecoded: !(isLet && binding.initializer != nil), declaration: variable, binding: binding)
                }
            }
        }
    }

    /// The names `pattern` binds, in order; `_` binds none.
    private static func names(in pattern: PatternSyntax) -> [String] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [identifier.identifier.trimmedDescription] }
        if let tuple = pattern.as(TuplePatternSyntax.self) { return tuple.elements.flatMap { names(in: $0.pattern) } }
        return []
    }
}

extension VariableDeclSyntax {
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    var isLazy: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.lazy) } }
}

extension PatternBindingSyntax {
    /// Whether the binding is stored: no accessors, or only observers (`willSet`/`didSet`).
    var isStored: Bool {
        switch accessorBlock?.accessors {
        case nil:
            return true
        case .getter:
            return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }
}

/// An `@ArchiveAlias` attribute, with the names it lists.
struct ArchiveAliasAttribute {
    let attribute: AttributeSyntax
    /// The string literals among its arguments.
    let names: [String]
    /// Whether an argument is not a plain string literal, which the macro cannot read.
    let hasUnreadableArgument: Bool

    /// The spellings of the attribute's name.
    static let attributeNames: Set<String> = ["ArchiveAlias", "KeyedArchiveMacros.ArchiveAlias"]

    init?(_ attribute: AttributeSyntax) {
        guard Self.attributeNames.contains(attribute.attributeName.trimmedDescription) else { return nil }
        self.attribute = attribute
        var names: [String] = []
        var unreadable = false
        if case .argumentList(let arguments)? = attribute.arguments {
            for argument in arguments {
                if let literal = argument.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue {
                    names.append(value)
                } else {
                    unreadable = true
                }
            }
        }
        self.names = names
        hasUnreadableArgument = unreadable
    }
}

extension VariableDeclSyntax {
    /// Its `@ArchiveAlias` attributes.
    var archiveAliases: [ArchiveAliasAttribute] {
        attributes.compactMap { $0.as(AttributeSyntax.self).flatMap(ArchiveAliasAttribute.init) }
    }
}
