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
        label = "leaf \(seed)"
    }
}

@ArchiveCodable
struct AnnotatedShape0: Codable {
    let q0: String
    var a1: [ShapeLeaf]
    var m2a, m2b: Int
    var o3: Double?
    var a4: [ShapeLeaf]

    init(seed: Int) {
        q0 = "q\(seed)"
        a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        m2a = seed
        m2b = 1 - seed
        o3 = seed % 2 == 0 ? nil : Double(seed) / 4
        a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape0: GeneratedShape {}

struct TwinShape0: Codable {
    let q0: String
    var a1: [ShapeLeaf]
    var m2a, m2b: Int
    var o3: Double?
    var a4: [ShapeLeaf]

    init(seed: Int) {
        q0 = "q\(seed)"
        a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        m2a = seed
        m2b = 1 - seed
        o3 = seed % 2 == 0 ? nil : Double(seed) / 4
        a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape0: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape1: Codable {
    var d0 = 0
    var o1: Double?
    var p2: Int
    var p3: Int
    var w4: Int = 0 { didSet {} }
    let e5 = "fixed5"

    init(seed: Int) {
        d0 = seed &* 3
        o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        p2 = seed &+ 2
        p3 = seed &+ 3
        w4 = seed / 2
    }
}

extension AnnotatedShape1: GeneratedShape {}

struct TwinShape1: Codable {
    var d0 = 0
    var o1: Double?
    var p2: Int
    var p3: Int
    var w4: Int = 0 { didSet {} }
    let e5 = "fixed5"

    init(seed: Int) {
        d0 = seed &* 3
        o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        p2 = seed &+ 2
        p3 = seed &+ 3
        w4 = seed / 2
    }
}

extension TwinShape1: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape2: Codable {
    var d0 = 0
    var c1: Int { 1 }
    let q2: String
    let e3 = "fixed3"

    init(seed: Int) {
        d0 = seed &* 3
        q2 = "q\(seed)"
    }
}

extension AnnotatedShape2: GeneratedShape {}

struct TwinShape2: Codable {
    var d0 = 0
    var c1: Int { 1 }
    let q2: String
    let e3 = "fixed3"

    init(seed: Int) {
        d0 = seed &* 3
        q2 = "q\(seed)"
    }
}

extension TwinShape2: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape3: Codable {
    var c0: Int { 0 }
    var o1: Double?
    enum CodingKeys: CodingKey {
        case o1
    }

    init(seed: Int) {
        o1 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension AnnotatedShape3: GeneratedShape {}

struct TwinShape3: Codable {
    var c0: Int { 0 }
    var o1: Double?
    enum CodingKeys: CodingKey {
        case o1
    }

    init(seed: Int) {
        o1 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension TwinShape3: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape4: Codable {
    var m0a, m0b: Int
    var n1: ShapeLeaf
    var o2: Double?
    enum CodingKeys: CodingKey {
        case m0a, m0b, n1, o2
    }

    init(seed: Int) {
        m0a = seed
        m0b = 1 - seed
        n1 = ShapeLeaf(seed: seed)
        o2 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension AnnotatedShape4: GeneratedShape {}

struct TwinShape4: Codable {
    var m0a, m0b: Int
    var n1: ShapeLeaf
    var o2: Double?
    enum CodingKeys: CodingKey {
        case m0a, m0b, n1, o2
    }

    init(seed: Int) {
        m0a = seed
        m0b = 1 - seed
        n1 = ShapeLeaf(seed: seed)
        o2 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension TwinShape4: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape5: Codable {
    var o0: Double?
    var w1: Int = 0 { didSet {} }
    var p2: Int
    var d3 = 3
    let e4 = "fixed4"
    enum CodingKeys: CodingKey {
        case o0, w1, p2, d3, e4
    }

    init(seed: Int) {
        o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        w1 = seed / 2
        p2 = seed &+ 2
        d3 = seed &* 3
    }
}

extension AnnotatedShape5: GeneratedShape {}

struct TwinShape5: Codable {
    var o0: Double?
    var w1: Int = 0 { didSet {} }
    var p2: Int
    var d3 = 3
    let e4 = "fixed4"
    enum CodingKeys: CodingKey {
        case o0, w1, p2, d3, e4
    }

    init(seed: Int) {
        o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        w1 = seed / 2
        p2 = seed &+ 2
        d3 = seed &* 3
    }
}

extension TwinShape5: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape6: Codable {
    let e0 = "fixed0"
    var p1: Int
    let e2 = "fixed2"
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: CodingKey {
        case t3b, t3a, e2, p1, e0
    }

    init(seed: Int) {
        p1 = seed &+ 1
        t3a = seed
        t3b = -seed
    }
}

extension AnnotatedShape6: GeneratedShape {}

struct TwinShape6: Codable {
    let e0 = "fixed0"
    var p1: Int
    let e2 = "fixed2"
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: CodingKey {
        case t3b, t3a, e2, p1, e0
    }

    init(seed: Int) {
        p1 = seed &+ 1
        t3a = seed
        t3b = -seed
    }
}

extension TwinShape6: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape7: Codable {
    var m0a, m0b: Int
    var n1: ShapeLeaf
    let q2: String
    var w3: Int = 0 { didSet {} }
    var d4 = 4
    var n5: ShapeLeaf
    enum CodingKeys: CodingKey {
        case n5, d4, w3, q2, n1, m0b, m0a
    }

    init(seed: Int) {
        m0a = seed
        m0b = 1 - seed
        n1 = ShapeLeaf(seed: seed)
        q2 = "q\(seed)"
        w3 = seed / 2
        d4 = seed &* 3
        n5 = ShapeLeaf(seed: seed)
    }
}

extension AnnotatedShape7: GeneratedShape {}

struct TwinShape7: Codable {
    var m0a, m0b: Int
    var n1: ShapeLeaf
    let q2: String
    var w3: Int = 0 { didSet {} }
    var d4 = 4
    var n5: ShapeLeaf
    enum CodingKeys: CodingKey {
        case n5, d4, w3, q2, n1, m0b, m0a
    }

    init(seed: Int) {
        m0a = seed
        m0b = 1 - seed
        n1 = ShapeLeaf(seed: seed)
        q2 = "q\(seed)"
        w3 = seed / 2
        d4 = seed &* 3
        n5 = ShapeLeaf(seed: seed)
    }
}

extension TwinShape7: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape8: Codable {
    static let s0 = 0
    var m1a, m1b: Int
    var d2 = 2
    var p3: Int
    var c4: Int { 4 }
    let e5 = "fixed5"
    enum CodingKeys: CodingKey {
        case e5, p3, d2, m1b, m1a
    }

    init(seed: Int) {
        m1a = seed
        m1b = 1 - seed
        d2 = seed &* 3
        p3 = seed &+ 3
    }
}

extension AnnotatedShape8: GeneratedShape {}

struct TwinShape8: Codable {
    static let s0 = 0
    var m1a, m1b: Int
    var d2 = 2
    var p3: Int
    var c4: Int { 4 }
    let e5 = "fixed5"
    enum CodingKeys: CodingKey {
        case e5, p3, d2, m1b, m1a
    }

    init(seed: Int) {
        m1a = seed
        m1b = 1 - seed
        d2 = seed &* 3
        p3 = seed &+ 3
    }
}

extension TwinShape8: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape9: Codable {
    var n0: ShapeLeaf
    var w1: Int = 0 { didSet {} }
    var p2: Int
    var n3: ShapeLeaf
    var o4: Double?
    var p5: Int
    enum CodingKeys: Int, CodingKey {
        case w1 = 1, p2 = 2, n3 = 3, o4 = 4, p5 = 5, n0 = 6
    }

    init(seed: Int) {
        n0 = ShapeLeaf(seed: seed)
        w1 = seed / 2
        p2 = seed &+ 2
        n3 = ShapeLeaf(seed: seed)
        o4 = seed % 2 == 0 ? nil : Double(seed) / 4
        p5 = seed &+ 5
    }
}

extension AnnotatedShape9: GeneratedShape {}

struct TwinShape9: Codable {
    var n0: ShapeLeaf
    var w1: Int = 0 { didSet {} }
    var p2: Int
    var n3: ShapeLeaf
    var o4: Double?
    var p5: Int
    enum CodingKeys: Int, CodingKey {
        case w1 = 1, p2 = 2, n3 = 3, o4 = 4, p5 = 5, n0 = 6
    }

    init(seed: Int) {
        n0 = ShapeLeaf(seed: seed)
        w1 = seed / 2
        p2 = seed &+ 2
        n3 = ShapeLeaf(seed: seed)
        o4 = seed % 2 == 0 ? nil : Double(seed) / 4
        p5 = seed &+ 5
    }
}

extension TwinShape9: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape10: Codable {
    var a0: [ShapeLeaf]
    var m1a, m1b: Int
    var a2: [ShapeLeaf]
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: Int, CodingKey {
        case m1a = 1, m1b = 2, a2 = 3, t3a = 4, t3b = 5, a0 = 6
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        m1a = seed
        m1b = 1 - seed
        a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        t3a = seed
        t3b = -seed
    }
}

extension AnnotatedShape10: GeneratedShape {}

struct TwinShape10: Codable {
    var a0: [ShapeLeaf]
    var m1a, m1b: Int
    var a2: [ShapeLeaf]
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: Int, CodingKey {
        case m1a = 1, m1b = 2, a2 = 3, t3a = 4, t3b = 5, a0 = 6
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        m1a = seed
        m1b = 1 - seed
        a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        t3a = seed
        t3b = -seed
    }
}

extension TwinShape10: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape11: Codable {
    let q0: String
    let q1: String
    var w2: Int = 0 { didSet {} }
    var p3: Int
    enum CodingKeys: Int, CodingKey {
        case q1 = 1, w2 = 2, p3 = 3, q0 = 4
    }

    init(seed: Int) {
        q0 = "q\(seed)"
        q1 = "q\(seed)"
        w2 = seed / 2
        p3 = seed &+ 3
    }
}

extension AnnotatedShape11: GeneratedShape {}

struct TwinShape11: Codable {
    let q0: String
    let q1: String
    var w2: Int = 0 { didSet {} }
    var p3: Int
    enum CodingKeys: Int, CodingKey {
        case q1 = 1, w2 = 2, p3 = 3, q0 = 4
    }

    init(seed: Int) {
        q0 = "q\(seed)"
        q1 = "q\(seed)"
        w2 = seed / 2
        p3 = seed &+ 3
    }
}

extension TwinShape11: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape12: Codable {
    var a0: [ShapeLeaf]
    let q1: String
    var (t2a, t2b) = (2, -2)
    var o3: Double?
    var p4: Int
    let e5 = "fixed5"
    enum CodingKeys: String, CodingKey {
        case a0 = "K_a0", q1 = "K_q1", t2a = "K_t2a", t2b = "K_t2b", o3 = "K_o3", p4 = "K_p4", e5 = "K_e5"
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        q1 = "q\(seed)"
        t2a = seed
        t2b = -seed
        o3 = seed % 2 == 0 ? nil : Double(seed) / 4
        p4 = seed &+ 4
    }
}

extension AnnotatedShape12: GeneratedShape {}

struct TwinShape12: Codable {
    var a0: [ShapeLeaf]
    let q1: String
    var (t2a, t2b) = (2, -2)
    var o3: Double?
    var p4: Int
    let e5 = "fixed5"
    enum CodingKeys: String, CodingKey {
        case a0 = "K_a0", q1 = "K_q1", t2a = "K_t2a", t2b = "K_t2b", o3 = "K_o3", p4 = "K_p4", e5 = "K_e5"
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        q1 = "q\(seed)"
        t2a = seed
        t2b = -seed
        o3 = seed % 2 == 0 ? nil : Double(seed) / 4
        p4 = seed &+ 4
    }
}

extension TwinShape12: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape13: Codable {
    var n0: ShapeLeaf
    var (t1a, t1b) = (1, -1)
    enum CodingKeys: String, CodingKey {
        case n0 = "K_n0", t1a = "K_t1a", t1b = "K_t1b"
    }

    init(seed: Int) {
        n0 = ShapeLeaf(seed: seed)
        t1a = seed
        t1b = -seed
    }
}

extension AnnotatedShape13: GeneratedShape {}

struct TwinShape13: Codable {
    var n0: ShapeLeaf
    var (t1a, t1b) = (1, -1)
    enum CodingKeys: String, CodingKey {
        case n0 = "K_n0", t1a = "K_t1a", t1b = "K_t1b"
    }

    init(seed: Int) {
        n0 = ShapeLeaf(seed: seed)
        t1a = seed
        t1b = -seed
    }
}

extension TwinShape13: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape14: Codable {
    var a0: [ShapeLeaf]
    var c1: Int { 1 }
    enum CodingKeys: String, CodingKey {
        case a0 = "K_a0"
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape14: GeneratedShape {}

struct TwinShape14: Codable {
    var a0: [ShapeLeaf]
    var c1: Int { 1 }
    enum CodingKeys: String, CodingKey {
        case a0 = "K_a0"
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape14: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape15: Codable {
    var a0: [ShapeLeaf]
    let e1 = "fixed1"
    var o2: Double?
    var a3: [ShapeLeaf]
    var p4: Int
    var a5: [ShapeLeaf]
    enum CodingKeys: CodingKey {
        case a0, o2, a3, p4, a5
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        o2 = seed % 2 == 0 ? nil : Double(seed) / 4
        a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        p4 = seed &+ 4
        a5 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape15: GeneratedShape {}

struct TwinShape15: Codable {
    var a0: [ShapeLeaf]
    let e1 = "fixed1"
    var o2: Double?
    var a3: [ShapeLeaf]
    var p4: Int
    var a5: [ShapeLeaf]
    enum CodingKeys: CodingKey {
        case a0, o2, a3, p4, a5
    }

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        o2 = seed % 2 == 0 ? nil : Double(seed) / 4
        a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        p4 = seed &+ 4
        a5 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape15: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape16: Codable {
    var (t0a, t0b) = (0, -0)
    var m1a, m1b: Int
    enum CodingKeys: CodingKey {
        case m1a, m1b
    }

    init(seed: Int) {
        t0a = seed
        t0b = -seed
        m1a = seed
        m1b = 1 - seed
    }
}

extension AnnotatedShape16: GeneratedShape {}

struct TwinShape16: Codable {
    var (t0a, t0b) = (0, -0)
    var m1a, m1b: Int
    enum CodingKeys: CodingKey {
        case m1a, m1b
    }

    init(seed: Int) {
        t0a = seed
        t0b = -seed
        m1a = seed
        m1b = 1 - seed
    }
}

extension TwinShape16: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape17: Codable {
    let q0: String
    var d1 = 1
    let e2 = "fixed2"
    let e3 = "fixed3"
    var n4: ShapeLeaf
    enum CodingKeys: CodingKey {
        case q0, n4
    }

    init(seed: Int) {
        q0 = "q\(seed)"
        d1 = seed &* 3
        n4 = ShapeLeaf(seed: seed)
    }
}

extension AnnotatedShape17: GeneratedShape {}

struct TwinShape17: Codable {
    let q0: String
    var d1 = 1
    let e2 = "fixed2"
    let e3 = "fixed3"
    var n4: ShapeLeaf
    enum CodingKeys: CodingKey {
        case q0, n4
    }

    init(seed: Int) {
        q0 = "q\(seed)"
        d1 = seed &* 3
        n4 = ShapeLeaf(seed: seed)
    }
}

extension TwinShape17: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape18: Codable {
    var a0: [ShapeLeaf]
    var o1: Double?
    var a2: [ShapeLeaf]

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape18 {
    enum CodingKeys: CodingKey {
        case a0, o1, a2
    }
}

extension AnnotatedShape18: GeneratedShape {}

struct TwinShape18: Codable {
    var a0: [ShapeLeaf]
    var o1: Double?
    var a2: [ShapeLeaf]

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape18 {
    enum CodingKeys: CodingKey {
        case a0, o1, a2
    }
}

extension TwinShape18: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape19: Codable {
    var w0: Int = 0 { didSet {} }
    var a1: [ShapeLeaf]
    let q2: String
    var a3: [ShapeLeaf]
    var a4: [ShapeLeaf]

    init(seed: Int) {
        w0 = seed / 2
        a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        q2 = "q\(seed)"
        a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape19 {
    enum CodingKeys: CodingKey {
        case w0, a1, q2, a3, a4
    }
}

extension AnnotatedShape19: GeneratedShape {}

struct TwinShape19: Codable {
    var w0: Int = 0 { didSet {} }
    var a1: [ShapeLeaf]
    let q2: String
    var a3: [ShapeLeaf]
    var a4: [ShapeLeaf]

    init(seed: Int) {
        w0 = seed / 2
        a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        q2 = "q\(seed)"
        a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape19 {
    enum CodingKeys: CodingKey {
        case w0, a1, q2, a3, a4
    }
}

extension TwinShape19: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape20: Codable {
    let q0: String
    var (t1a, t1b) = (1, -1)
    var d2 = 2
    var w3: Int = 0 { didSet {} }
    var (t4a, t4b) = (4, -4)
    var w5: Int = 0 { didSet {} }

    init(seed: Int) {
        q0 = "q\(seed)"
        t1a = seed
        t1b = -seed
        d2 = seed &* 3
        w3 = seed / 2
        t4a = seed
        t4b = -seed
        w5 = seed / 2
    }
}

extension AnnotatedShape20 {
    enum CodingKeys: CodingKey {
        case q0, t1a, t1b, d2, w3, t4a, t4b, w5
    }
}

extension AnnotatedShape20: GeneratedShape {}

struct TwinShape20: Codable {
    let q0: String
    var (t1a, t1b) = (1, -1)
    var d2 = 2
    var w3: Int = 0 { didSet {} }
    var (t4a, t4b) = (4, -4)
    var w5: Int = 0 { didSet {} }

    init(seed: Int) {
        q0 = "q\(seed)"
        t1a = seed
        t1b = -seed
        d2 = seed &* 3
        w3 = seed / 2
        t4a = seed
        t4b = -seed
        w5 = seed / 2
    }
}

extension TwinShape20 {
    enum CodingKeys: CodingKey {
        case q0, t1a, t1b, d2, w3, t4a, t4b, w5
    }
}

extension TwinShape20: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape21: Codable {
    var p0: Int
    var w1: Int = 0 { didSet {} }
    var m2a, m2b: Int

    init(seed: Int) {
        p0 = seed &+ 0
        w1 = seed / 2
        m2a = seed
        m2b = 1 - seed
    }
}

extension AnnotatedShape21 {
    enum CodingKeys: CodingKey {
        case m2b, m2a, w1, p0
    }
}

extension AnnotatedShape21: GeneratedShape {}

struct TwinShape21: Codable {
    var p0: Int
    var w1: Int = 0 { didSet {} }
    var m2a, m2b: Int

    init(seed: Int) {
        p0 = seed &+ 0
        w1 = seed / 2
        m2a = seed
        m2b = 1 - seed
    }
}

extension TwinShape21 {
    enum CodingKeys: CodingKey {
        case m2b, m2a, w1, p0
    }
}

extension TwinShape21: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape22: Codable {
    var o0: Double?
    var a1: [ShapeLeaf]

    init(seed: Int) {
        o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape22 {
    enum CodingKeys: CodingKey {
        case a1, o0
    }
}

extension AnnotatedShape22: GeneratedShape {}

struct TwinShape22: Codable {
    var o0: Double?
    var a1: [ShapeLeaf]

    init(seed: Int) {
        o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape22 {
    enum CodingKeys: CodingKey {
        case a1, o0
    }
}

extension TwinShape22: ShapeTwin {}

@ArchiveCodable
struct AnnotatedShape23: Codable {
    var a0: [ShapeLeaf]
    var w1: Int = 0 { didSet {} }
    static let s2 = 0
    var c3: Int { 3 }
    var a4: [ShapeLeaf]

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        w1 = seed / 2
        a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape23 {
    enum CodingKeys: CodingKey {
        case a4, w1, a0
    }
}

extension AnnotatedShape23: GeneratedShape {}

struct TwinShape23: Codable {
    var a0: [ShapeLeaf]
    var w1: Int = 0 { didSet {} }
    static let s2 = 0
    var c3: Int { 3 }
    var a4: [ShapeLeaf]

    init(seed: Int) {
        a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        w1 = seed / 2
        a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape23 {
    enum CodingKeys: CodingKey {
        case a4, w1, a0
    }
}

extension TwinShape23: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape24: Codable {
    let q0: String
    var (t1a, t1b) = (1, -1)
    let q2: String
    var p3: Int
    var c4: Int { 4 }

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.t1a = seed
        self.t1b = -seed
        self.q2 = "q\(seed)"
        self.p3 = seed &+ 3
    }
}

extension AnnotatedShape24: GeneratedShape {}

final class TwinShape24: Codable {
    let q0: String
    var (t1a, t1b) = (1, -1)
    let q2: String
    var p3: Int
    var c4: Int { 4 }

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.t1a = seed
        self.t1b = -seed
        self.q2 = "q\(seed)"
        self.p3 = seed &+ 3
    }
}

extension TwinShape24: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape25: Codable {
    var (t0a, t0b) = (0, -0)
    let e1 = "fixed1"

    init(seed: Int) {
        self.t0a = seed
        self.t0b = -seed
    }
}

extension AnnotatedShape25: GeneratedShape {}

final class TwinShape25: Codable {
    var (t0a, t0b) = (0, -0)
    let e1 = "fixed1"

    init(seed: Int) {
        self.t0a = seed
        self.t0b = -seed
    }
}

extension TwinShape25: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape26: Codable {
    var a0: [ShapeLeaf]
    let q1: String
    static let s2 = 0

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.q1 = "q\(seed)"
    }
}

extension AnnotatedShape26: GeneratedShape {}

final class TwinShape26: Codable {
    var a0: [ShapeLeaf]
    let q1: String
    static let s2 = 0

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.q1 = "q\(seed)"
    }
}

extension TwinShape26: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape27: Codable {
    let q0: String
    var c1: Int { 1 }
    enum CodingKeys: CodingKey {
        case q0
    }

    init(seed: Int) {
        self.q0 = "q\(seed)"
    }
}

extension AnnotatedShape27: GeneratedShape {}

final class TwinShape27: Codable {
    let q0: String
    var c1: Int { 1 }
    enum CodingKeys: CodingKey {
        case q0
    }

    init(seed: Int) {
        self.q0 = "q\(seed)"
    }
}

extension TwinShape27: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape28: Codable {
    var p0: Int
    var c1: Int { 1 }
    var d2 = 2
    let e3 = "fixed3"
    var o4: Double?
    enum CodingKeys: CodingKey {
        case p0, d2, e3, o4
    }

    init(seed: Int) {
        self.p0 = seed &+ 0
        self.d2 = seed &* 3
        self.o4 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension AnnotatedShape28: GeneratedShape {}

final class TwinShape28: Codable {
    var p0: Int
    var c1: Int { 1 }
    var d2 = 2
    let e3 = "fixed3"
    var o4: Double?
    enum CodingKeys: CodingKey {
        case p0, d2, e3, o4
    }

    init(seed: Int) {
        self.p0 = seed &+ 0
        self.d2 = seed &* 3
        self.o4 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension TwinShape28: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape29: Codable {
    var c0: Int { 0 }
    var d1 = 1
    var d2 = 2
    var a3: [ShapeLeaf]
    static let s4 = 0
    var o5: Double?
    enum CodingKeys: CodingKey {
        case d1, d2, a3, o5
    }

    init(seed: Int) {
        self.d1 = seed &* 3
        self.d2 = seed &* 3
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.o5 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension AnnotatedShape29: GeneratedShape {}

final class TwinShape29: Codable {
    var c0: Int { 0 }
    var d1 = 1
    var d2 = 2
    var a3: [ShapeLeaf]
    static let s4 = 0
    var o5: Double?
    enum CodingKeys: CodingKey {
        case d1, d2, a3, o5
    }

    init(seed: Int) {
        self.d1 = seed &* 3
        self.d2 = seed &* 3
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.o5 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension TwinShape29: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape30: Codable {
    var a0: [ShapeLeaf]
    var d1 = 1
    enum CodingKeys: CodingKey {
        case d1, a0
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.d1 = seed &* 3
    }
}

extension AnnotatedShape30: GeneratedShape {}

final class TwinShape30: Codable {
    var a0: [ShapeLeaf]
    var d1 = 1
    enum CodingKeys: CodingKey {
        case d1, a0
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.d1 = seed &* 3
    }
}

extension TwinShape30: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape31: Codable {
    var w0: Int = 0 { didSet {} }
    var (t1a, t1b) = (1, -1)
    var a2: [ShapeLeaf]
    static let s3 = 0
    let e4 = "fixed4"
    enum CodingKeys: CodingKey {
        case e4, a2, t1b, t1a, w0
    }

    init(seed: Int) {
        self.w0 = seed / 2
        self.t1a = seed
        self.t1b = -seed
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape31: GeneratedShape {}

final class TwinShape31: Codable {
    var w0: Int = 0 { didSet {} }
    var (t1a, t1b) = (1, -1)
    var a2: [ShapeLeaf]
    static let s3 = 0
    let e4 = "fixed4"
    enum CodingKeys: CodingKey {
        case e4, a2, t1b, t1a, w0
    }

    init(seed: Int) {
        self.w0 = seed / 2
        self.t1a = seed
        self.t1b = -seed
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape31: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape32: Codable {
    var w0: Int = 0 { didSet {} }
    var d1 = 1
    var d2 = 2
    let q3: String
    enum CodingKeys: CodingKey {
        case q3, d2, d1, w0
    }

    init(seed: Int) {
        self.w0 = seed / 2
        self.d1 = seed &* 3
        self.d2 = seed &* 3
        self.q3 = "q\(seed)"
    }
}

extension AnnotatedShape32: GeneratedShape {}

final class TwinShape32: Codable {
    var w0: Int = 0 { didSet {} }
    var d1 = 1
    var d2 = 2
    let q3: String
    enum CodingKeys: CodingKey {
        case q3, d2, d1, w0
    }

    init(seed: Int) {
        self.w0 = seed / 2
        self.d1 = seed &* 3
        self.d2 = seed &* 3
        self.q3 = "q\(seed)"
    }
}

extension TwinShape32: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape33: Codable {
    var (t0a, t0b) = (0, -0)
    var m1a, m1b: Int
    var p2: Int
    var m3a, m3b: Int
    enum CodingKeys: Int, CodingKey {
        case t0b = 1, m1a = 2, m1b = 3, p2 = 4, m3a = 5, m3b = 6, t0a = 7
    }

    init(seed: Int) {
        self.t0a = seed
        self.t0b = -seed
        self.m1a = seed
        self.m1b = 1 - seed
        self.p2 = seed &+ 2
        self.m3a = seed
        self.m3b = 1 - seed
    }
}

extension AnnotatedShape33: GeneratedShape {}

final class TwinShape33: Codable {
    var (t0a, t0b) = (0, -0)
    var m1a, m1b: Int
    var p2: Int
    var m3a, m3b: Int
    enum CodingKeys: Int, CodingKey {
        case t0b = 1, m1a = 2, m1b = 3, p2 = 4, m3a = 5, m3b = 6, t0a = 7
    }

    init(seed: Int) {
        self.t0a = seed
        self.t0b = -seed
        self.m1a = seed
        self.m1b = 1 - seed
        self.p2 = seed &+ 2
        self.m3a = seed
        self.m3b = 1 - seed
    }
}

extension TwinShape33: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape34: Codable {
    var o0: Double?
    var (t1a, t1b) = (1, -1)
    var m2a, m2b: Int
    enum CodingKeys: Int, CodingKey {
        case t1a = 1, t1b = 2, m2a = 3, m2b = 4, o0 = 5
    }

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.t1a = seed
        self.t1b = -seed
        self.m2a = seed
        self.m2b = 1 - seed
    }
}

extension AnnotatedShape34: GeneratedShape {}

final class TwinShape34: Codable {
    var o0: Double?
    var (t1a, t1b) = (1, -1)
    var m2a, m2b: Int
    enum CodingKeys: Int, CodingKey {
        case t1a = 1, t1b = 2, m2a = 3, m2b = 4, o0 = 5
    }

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.t1a = seed
        self.t1b = -seed
        self.m2a = seed
        self.m2b = 1 - seed
    }
}

extension TwinShape34: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape35: Codable {
    var c0: Int { 0 }
    var a1: [ShapeLeaf]
    var w2: Int = 0 { didSet {} }
    var c3: Int { 3 }
    let e4 = "fixed4"
    enum CodingKeys: Int, CodingKey {
        case w2 = 1, e4 = 2, a1 = 3
    }

    init(seed: Int) {
        self.a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.w2 = seed / 2
    }
}

extension AnnotatedShape35: GeneratedShape {}

final class TwinShape35: Codable {
    var c0: Int { 0 }
    var a1: [ShapeLeaf]
    var w2: Int = 0 { didSet {} }
    var c3: Int { 3 }
    let e4 = "fixed4"
    enum CodingKeys: Int, CodingKey {
        case w2 = 1, e4 = 2, a1 = 3
    }

    init(seed: Int) {
        self.a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.w2 = seed / 2
    }
}

extension TwinShape35: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape36: Codable {
    var m0a, m0b: Int
    var w1: Int = 0 { didSet {} }
    enum CodingKeys: String, CodingKey {
        case m0a = "K_m0a", m0b = "K_m0b", w1 = "K_w1"
    }

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.w1 = seed / 2
    }
}

extension AnnotatedShape36: GeneratedShape {}

final class TwinShape36: Codable {
    var m0a, m0b: Int
    var w1: Int = 0 { didSet {} }
    enum CodingKeys: String, CodingKey {
        case m0a = "K_m0a", m0b = "K_m0b", w1 = "K_w1"
    }

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.w1 = seed / 2
    }
}

extension TwinShape36: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape37: Codable {
    var w0: Int = 0 { didSet {} }
    var c1: Int { 1 }
    enum CodingKeys: String, CodingKey {
        case w0 = "K_w0"
    }

    init(seed: Int) {
        self.w0 = seed / 2
    }
}

extension AnnotatedShape37: GeneratedShape {}

final class TwinShape37: Codable {
    var w0: Int = 0 { didSet {} }
    var c1: Int { 1 }
    enum CodingKeys: String, CodingKey {
        case w0 = "K_w0"
    }

    init(seed: Int) {
        self.w0 = seed / 2
    }
}

extension TwinShape37: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape38: Codable {
    var a0: [ShapeLeaf]
    var m1a, m1b: Int
    var a2: [ShapeLeaf]
    enum CodingKeys: String, CodingKey {
        case a0 = "K_a0", m1a = "K_m1a", m1b = "K_m1b", a2 = "K_a2"
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.m1a = seed
        self.m1b = 1 - seed
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension AnnotatedShape38: GeneratedShape {}

final class TwinShape38: Codable {
    var a0: [ShapeLeaf]
    var m1a, m1b: Int
    var a2: [ShapeLeaf]
    enum CodingKeys: String, CodingKey {
        case a0 = "K_a0", m1a = "K_m1a", m1b = "K_m1b", a2 = "K_a2"
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.m1a = seed
        self.m1b = 1 - seed
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
    }
}

extension TwinShape38: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape39: Codable {
    var d0 = 0
    static let s1 = 0
    static let s2 = 0
    var n3: ShapeLeaf
    enum CodingKeys: CodingKey {
        case n3
    }

    init(seed: Int) {
        self.d0 = seed &* 3
        self.n3 = ShapeLeaf(seed: seed)
    }
}

extension AnnotatedShape39: GeneratedShape {}

final class TwinShape39: Codable {
    var d0 = 0
    static let s1 = 0
    static let s2 = 0
    var n3: ShapeLeaf
    enum CodingKeys: CodingKey {
        case n3
    }

    init(seed: Int) {
        self.d0 = seed &* 3
        self.n3 = ShapeLeaf(seed: seed)
    }
}

extension TwinShape39: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape40: Codable {
    var o0: Double?
    static let s1 = 0
    var c2: Int { 2 }
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: CodingKey {
        case o0
    }

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.t3a = seed
        self.t3b = -seed
    }
}

extension AnnotatedShape40: GeneratedShape {}

final class TwinShape40: Codable {
    var o0: Double?
    static let s1 = 0
    var c2: Int { 2 }
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: CodingKey {
        case o0
    }

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.t3a = seed
        self.t3b = -seed
    }
}

extension TwinShape40: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape41: Codable {
    var d0 = 0
    let q1: String
    enum CodingKeys: CodingKey {
        case q1
    }

    init(seed: Int) {
        self.d0 = seed &* 3
        self.q1 = "q\(seed)"
    }
}

extension AnnotatedShape41: GeneratedShape {}

final class TwinShape41: Codable {
    var d0 = 0
    let q1: String
    enum CodingKeys: CodingKey {
        case q1
    }

    init(seed: Int) {
        self.d0 = seed &* 3
        self.q1 = "q\(seed)"
    }
}

extension TwinShape41: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape42: Codable {
    var c0: Int { 0 }
    var o1: Double?
    var m2a, m2b: Int
    var w3: Int = 0 { didSet {} }
    var a4: [ShapeLeaf]
    var (t5a, t5b) = (5, -5)

    init(seed: Int) {
        self.o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.m2a = seed
        self.m2b = 1 - seed
        self.w3 = seed / 2
        self.a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.t5a = seed
        self.t5b = -seed
    }
}

extension AnnotatedShape42 {
    enum CodingKeys: CodingKey {
        case o1, m2a, m2b, w3, a4, t5a, t5b
    }
}

extension AnnotatedShape42: GeneratedShape {}

final class TwinShape42: Codable {
    var c0: Int { 0 }
    var o1: Double?
    var m2a, m2b: Int
    var w3: Int = 0 { didSet {} }
    var a4: [ShapeLeaf]
    var (t5a, t5b) = (5, -5)

    init(seed: Int) {
        self.o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.m2a = seed
        self.m2b = 1 - seed
        self.w3 = seed / 2
        self.a4 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.t5a = seed
        self.t5b = -seed
    }
}

extension TwinShape42 {
    enum CodingKeys: CodingKey {
        case o1, m2a, m2b, w3, a4, t5a, t5b
    }
}

extension TwinShape42: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape43: Codable {
    var a0: [ShapeLeaf]
    var p1: Int
    let q2: String
    var (t3a, t3b) = (3, -3)

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.p1 = seed &+ 1
        self.q2 = "q\(seed)"
        self.t3a = seed
        self.t3b = -seed
    }
}

extension AnnotatedShape43 {
    enum CodingKeys: CodingKey {
        case a0, p1, q2, t3a, t3b
    }
}

extension AnnotatedShape43: GeneratedShape {}

final class TwinShape43: Codable {
    var a0: [ShapeLeaf]
    var p1: Int
    let q2: String
    var (t3a, t3b) = (3, -3)

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.p1 = seed &+ 1
        self.q2 = "q\(seed)"
        self.t3a = seed
        self.t3b = -seed
    }
}

extension TwinShape43 {
    enum CodingKeys: CodingKey {
        case a0, p1, q2, t3a, t3b
    }
}

extension TwinShape43: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape44: Codable {
    static let s0 = 0
    var m1a, m1b: Int

    init(seed: Int) {
        self.m1a = seed
        self.m1b = 1 - seed
    }
}

extension AnnotatedShape44 {
    enum CodingKeys: CodingKey {
        case m1a, m1b
    }
}

extension AnnotatedShape44: GeneratedShape {}

final class TwinShape44: Codable {
    static let s0 = 0
    var m1a, m1b: Int

    init(seed: Int) {
        self.m1a = seed
        self.m1b = 1 - seed
    }
}

extension TwinShape44 {
    enum CodingKeys: CodingKey {
        case m1a, m1b
    }
}

extension TwinShape44: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape45: Codable {
    let q0: String
    static let s1 = 0
    var o2: Double?
    let q3: String
    var o4: Double?
    static let s5 = 0

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.o2 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.q3 = "q\(seed)"
        self.o4 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension AnnotatedShape45 {
    enum CodingKeys: CodingKey {
        case o4, q3, o2, q0
    }
}

extension AnnotatedShape45: GeneratedShape {}

final class TwinShape45: Codable {
    let q0: String
    static let s1 = 0
    var o2: Double?
    let q3: String
    var o4: Double?
    static let s5 = 0

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.o2 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.q3 = "q\(seed)"
        self.o4 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension TwinShape45 {
    enum CodingKeys: CodingKey {
        case o4, q3, o2, q0
    }
}

extension TwinShape45: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape46: Codable {
    static let s0 = 0
    var o1: Double?
    var o2: Double?

    init(seed: Int) {
        self.o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.o2 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension AnnotatedShape46 {
    enum CodingKeys: CodingKey {
        case o2, o1
    }
}

extension AnnotatedShape46: GeneratedShape {}

final class TwinShape46: Codable {
    static let s0 = 0
    var o1: Double?
    var o2: Double?

    init(seed: Int) {
        self.o1 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.o2 = seed % 2 == 0 ? nil : Double(seed) / 4
    }
}

extension TwinShape46 {
    enum CodingKeys: CodingKey {
        case o2, o1
    }
}

extension TwinShape46: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape47: Codable {
    var m0a, m0b: Int
    var a1: [ShapeLeaf]
    static let s2 = 0
    var (t3a, t3b) = (3, -3)

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.t3a = seed
        self.t3b = -seed
    }
}

extension AnnotatedShape47 {
    enum CodingKeys: CodingKey {
        case t3b, t3a, a1, m0b, m0a
    }
}

extension AnnotatedShape47: GeneratedShape {}

final class TwinShape47: Codable {
    var m0a, m0b: Int
    var a1: [ShapeLeaf]
    static let s2 = 0
    var (t3a, t3b) = (3, -3)

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.a1 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.t3a = seed
        self.t3b = -seed
    }
}

extension TwinShape47 {
    enum CodingKeys: CodingKey {
        case t3b, t3a, a1, m0b, m0a
    }
}

extension TwinShape47: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape48: ShapeBase, Codable {
    var d0 = 0
    let q1: String
    static let s2 = 0
    var a3: [ShapeLeaf]

    init(seed: Int) {
        self.d0 = seed &* 3
        self.q1 = "q\(seed)"
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        super.init()
    }
}

extension AnnotatedShape48: GeneratedShape {}

final class TwinShape48: ShapeBase, Codable {
    var d0 = 0
    let q1: String
    static let s2 = 0
    var a3: [ShapeLeaf]

    init(seed: Int) {
        self.d0 = seed &* 3
        self.q1 = "q\(seed)"
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        super.init()
    }
}

extension TwinShape48: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape49: ShapeBase, Codable {
    var n0: ShapeLeaf
    var p1: Int
    var d2 = 2

    init(seed: Int) {
        self.n0 = ShapeLeaf(seed: seed)
        self.p1 = seed &+ 1
        self.d2 = seed &* 3
        super.init()
    }
}

extension AnnotatedShape49: GeneratedShape {}

final class TwinShape49: ShapeBase, Codable {
    var n0: ShapeLeaf
    var p1: Int
    var d2 = 2

    init(seed: Int) {
        self.n0 = ShapeLeaf(seed: seed)
        self.p1 = seed &+ 1
        self.d2 = seed &* 3
        super.init()
    }
}

extension TwinShape49: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape50: ShapeBase, Codable {
    var c0: Int { 0 }
    static let s1 = 0
    var c2: Int { 2 }

    init(seed: Int) {
        super.init()
    }
}

extension AnnotatedShape50: GeneratedShape {}

final class TwinShape50: ShapeBase, Codable {
    var c0: Int { 0 }
    static let s1 = 0
    var c2: Int { 2 }

    init(seed: Int) {
        super.init()
    }
}

extension TwinShape50: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape51: ShapeBase, Codable {
    var a0: [ShapeLeaf]
    var w1: Int = 0 { didSet {} }
    var c2: Int { 2 }
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: CodingKey {
        case a0, w1, t3a, t3b
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.w1 = seed / 2
        self.t3a = seed
        self.t3b = -seed
        super.init()
    }
}

extension AnnotatedShape51: GeneratedShape {}

final class TwinShape51: ShapeBase, Codable {
    var a0: [ShapeLeaf]
    var w1: Int = 0 { didSet {} }
    var c2: Int { 2 }
    var (t3a, t3b) = (3, -3)
    enum CodingKeys: CodingKey {
        case a0, w1, t3a, t3b
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.w1 = seed / 2
        self.t3a = seed
        self.t3b = -seed
        super.init()
    }
}

extension TwinShape51: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape52: ShapeBase, Codable {
    var m0a, m0b: Int
    let q1: String
    var a2: [ShapeLeaf]
    var n3: ShapeLeaf
    var p4: Int
    var (t5a, t5b) = (5, -5)
    enum CodingKeys: CodingKey {
        case m0a, m0b, q1, a2, n3, p4, t5a, t5b
    }

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.q1 = "q\(seed)"
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.n3 = ShapeLeaf(seed: seed)
        self.p4 = seed &+ 4
        self.t5a = seed
        self.t5b = -seed
        super.init()
    }
}

extension AnnotatedShape52: GeneratedShape {}

final class TwinShape52: ShapeBase, Codable {
    var m0a, m0b: Int
    let q1: String
    var a2: [ShapeLeaf]
    var n3: ShapeLeaf
    var p4: Int
    var (t5a, t5b) = (5, -5)
    enum CodingKeys: CodingKey {
        case m0a, m0b, q1, a2, n3, p4, t5a, t5b
    }

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.q1 = "q\(seed)"
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.n3 = ShapeLeaf(seed: seed)
        self.p4 = seed &+ 4
        self.t5a = seed
        self.t5b = -seed
        super.init()
    }
}

extension TwinShape52: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape53: ShapeBase, Codable {
    var a0: [ShapeLeaf]
    var p1: Int
    var (t2a, t2b) = (2, -2)
    enum CodingKeys: CodingKey {
        case a0, p1, t2a, t2b
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.p1 = seed &+ 1
        self.t2a = seed
        self.t2b = -seed
        super.init()
    }
}

extension AnnotatedShape53: GeneratedShape {}

final class TwinShape53: ShapeBase, Codable {
    var a0: [ShapeLeaf]
    var p1: Int
    var (t2a, t2b) = (2, -2)
    enum CodingKeys: CodingKey {
        case a0, p1, t2a, t2b
    }

    init(seed: Int) {
        self.a0 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.p1 = seed &+ 1
        self.t2a = seed
        self.t2b = -seed
        super.init()
    }
}

extension TwinShape53: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape54: ShapeBase, Codable {
    var (t0a, t0b) = (0, -0)
    var m1a, m1b: Int
    static let s2 = 0
    enum CodingKeys: CodingKey {
        case m1b, m1a, t0b, t0a
    }

    init(seed: Int) {
        self.t0a = seed
        self.t0b = -seed
        self.m1a = seed
        self.m1b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape54: GeneratedShape {}

final class TwinShape54: ShapeBase, Codable {
    var (t0a, t0b) = (0, -0)
    var m1a, m1b: Int
    static let s2 = 0
    enum CodingKeys: CodingKey {
        case m1b, m1a, t0b, t0a
    }

    init(seed: Int) {
        self.t0a = seed
        self.t0b = -seed
        self.m1a = seed
        self.m1b = 1 - seed
        super.init()
    }
}

extension TwinShape54: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape55: ShapeBase, Codable {
    static let s0 = 0
    var n1: ShapeLeaf
    var a2: [ShapeLeaf]
    var m3a, m3b: Int
    var w4: Int = 0 { didSet {} }
    var m5a, m5b: Int
    enum CodingKeys: CodingKey {
        case m5b, m5a, w4, m3b, m3a, a2, n1
    }

    init(seed: Int) {
        self.n1 = ShapeLeaf(seed: seed)
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.m3a = seed
        self.m3b = 1 - seed
        self.w4 = seed / 2
        self.m5a = seed
        self.m5b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape55: GeneratedShape {}

final class TwinShape55: ShapeBase, Codable {
    static let s0 = 0
    var n1: ShapeLeaf
    var a2: [ShapeLeaf]
    var m3a, m3b: Int
    var w4: Int = 0 { didSet {} }
    var m5a, m5b: Int
    enum CodingKeys: CodingKey {
        case m5b, m5a, w4, m3b, m3a, a2, n1
    }

    init(seed: Int) {
        self.n1 = ShapeLeaf(seed: seed)
        self.a2 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.m3a = seed
        self.m3b = 1 - seed
        self.w4 = seed / 2
        self.m5a = seed
        self.m5b = 1 - seed
        super.init()
    }
}

extension TwinShape55: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape56: ShapeBase, Codable {
    var m0a, m0b: Int
    var n1: ShapeLeaf
    static let s2 = 0
    var n3: ShapeLeaf
    var p4: Int
    var d5 = 5
    enum CodingKeys: CodingKey {
        case d5, p4, n3, n1, m0b, m0a
    }

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.n1 = ShapeLeaf(seed: seed)
        self.n3 = ShapeLeaf(seed: seed)
        self.p4 = seed &+ 4
        self.d5 = seed &* 3
        super.init()
    }
}

extension AnnotatedShape56: GeneratedShape {}

final class TwinShape56: ShapeBase, Codable {
    var m0a, m0b: Int
    var n1: ShapeLeaf
    static let s2 = 0
    var n3: ShapeLeaf
    var p4: Int
    var d5 = 5
    enum CodingKeys: CodingKey {
        case d5, p4, n3, n1, m0b, m0a
    }

    init(seed: Int) {
        self.m0a = seed
        self.m0b = 1 - seed
        self.n1 = ShapeLeaf(seed: seed)
        self.n3 = ShapeLeaf(seed: seed)
        self.p4 = seed &+ 4
        self.d5 = seed &* 3
        super.init()
    }
}

extension TwinShape56: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape57: ShapeBase, Codable {
    var d0 = 0
    var d1 = 1
    var m2a, m2b: Int
    var a3: [ShapeLeaf]
    var p4: Int
    var d5 = 5
    enum CodingKeys: Int, CodingKey {
        case d1 = 1, m2a = 2, m2b = 3, a3 = 4, p4 = 5, d5 = 6, d0 = 7
    }

    init(seed: Int) {
        self.d0 = seed &* 3
        self.d1 = seed &* 3
        self.m2a = seed
        self.m2b = 1 - seed
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.p4 = seed &+ 4
        self.d5 = seed &* 3
        super.init()
    }
}

extension AnnotatedShape57: GeneratedShape {}

final class TwinShape57: ShapeBase, Codable {
    var d0 = 0
    var d1 = 1
    var m2a, m2b: Int
    var a3: [ShapeLeaf]
    var p4: Int
    var d5 = 5
    enum CodingKeys: Int, CodingKey {
        case d1 = 1, m2a = 2, m2b = 3, a3 = 4, p4 = 5, d5 = 6, d0 = 7
    }

    init(seed: Int) {
        self.d0 = seed &* 3
        self.d1 = seed &* 3
        self.m2a = seed
        self.m2b = 1 - seed
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        self.p4 = seed &+ 4
        self.d5 = seed &* 3
        super.init()
    }
}

extension TwinShape57: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape58: ShapeBase, Codable {
    let e0 = "fixed0"
    var w1: Int = 0 { didSet {} }
    enum CodingKeys: Int, CodingKey {
        case w1 = 1, e0 = 2
    }

    init(seed: Int) {
        self.w1 = seed / 2
        super.init()
    }
}

extension AnnotatedShape58: GeneratedShape {}

final class TwinShape58: ShapeBase, Codable {
    let e0 = "fixed0"
    var w1: Int = 0 { didSet {} }
    enum CodingKeys: Int, CodingKey {
        case w1 = 1, e0 = 2
    }

    init(seed: Int) {
        self.w1 = seed / 2
        super.init()
    }
}

extension TwinShape58: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape59: ShapeBase, Codable {
    var c0: Int { 0 }
    var c1: Int { 1 }
    var o2: Double?
    var m3a, m3b: Int
    var m4a, m4b: Int
    var n5: ShapeLeaf
    enum CodingKeys: Int, CodingKey {
        case m3a = 1, m3b = 2, m4a = 3, m4b = 4, n5 = 5, o2 = 6
    }

    init(seed: Int) {
        self.o2 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.m3a = seed
        self.m3b = 1 - seed
        self.m4a = seed
        self.m4b = 1 - seed
        self.n5 = ShapeLeaf(seed: seed)
        super.init()
    }
}

extension AnnotatedShape59: GeneratedShape {}

final class TwinShape59: ShapeBase, Codable {
    var c0: Int { 0 }
    var c1: Int { 1 }
    var o2: Double?
    var m3a, m3b: Int
    var m4a, m4b: Int
    var n5: ShapeLeaf
    enum CodingKeys: Int, CodingKey {
        case m3a = 1, m3b = 2, m4a = 3, m4b = 4, n5 = 5, o2 = 6
    }

    init(seed: Int) {
        self.o2 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.m3a = seed
        self.m3b = 1 - seed
        self.m4a = seed
        self.m4b = 1 - seed
        self.n5 = ShapeLeaf(seed: seed)
        super.init()
    }
}

extension TwinShape59: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape60: ShapeBase, Codable {
    var n0: ShapeLeaf
    var w1: Int = 0 { didSet {} }
    var m2a, m2b: Int
    enum CodingKeys: String, CodingKey {
        case n0 = "K_n0", w1 = "K_w1", m2a = "K_m2a", m2b = "K_m2b"
    }

    init(seed: Int) {
        self.n0 = ShapeLeaf(seed: seed)
        self.w1 = seed / 2
        self.m2a = seed
        self.m2b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape60: GeneratedShape {}

final class TwinShape60: ShapeBase, Codable {
    var n0: ShapeLeaf
    var w1: Int = 0 { didSet {} }
    var m2a, m2b: Int
    enum CodingKeys: String, CodingKey {
        case n0 = "K_n0", w1 = "K_w1", m2a = "K_m2a", m2b = "K_m2b"
    }

    init(seed: Int) {
        self.n0 = ShapeLeaf(seed: seed)
        self.w1 = seed / 2
        self.m2a = seed
        self.m2b = 1 - seed
        super.init()
    }
}

extension TwinShape60: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape61: ShapeBase, Codable {
    var o0: Double?
    var p1: Int
    let e2 = "fixed2"
    enum CodingKeys: String, CodingKey {
        case o0 = "K_o0", p1 = "K_p1", e2 = "K_e2"
    }

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.p1 = seed &+ 1
        super.init()
    }
}

extension AnnotatedShape61: GeneratedShape {}

final class TwinShape61: ShapeBase, Codable {
    var o0: Double?
    var p1: Int
    let e2 = "fixed2"
    enum CodingKeys: String, CodingKey {
        case o0 = "K_o0", p1 = "K_p1", e2 = "K_e2"
    }

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.p1 = seed &+ 1
        super.init()
    }
}

extension TwinShape61: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape62: ShapeBase, Codable {
    let e0 = "fixed0"
    var d1 = 1
    var (t2a, t2b) = (2, -2)
    let q3: String
    enum CodingKeys: String, CodingKey {
        case e0 = "K_e0", d1 = "K_d1", t2a = "K_t2a", t2b = "K_t2b", q3 = "K_q3"
    }

    init(seed: Int) {
        self.d1 = seed &* 3
        self.t2a = seed
        self.t2b = -seed
        self.q3 = "q\(seed)"
        super.init()
    }
}

extension AnnotatedShape62: GeneratedShape {}

final class TwinShape62: ShapeBase, Codable {
    let e0 = "fixed0"
    var d1 = 1
    var (t2a, t2b) = (2, -2)
    let q3: String
    enum CodingKeys: String, CodingKey {
        case e0 = "K_e0", d1 = "K_d1", t2a = "K_t2a", t2b = "K_t2b", q3 = "K_q3"
    }

    init(seed: Int) {
        self.d1 = seed &* 3
        self.t2a = seed
        self.t2b = -seed
        self.q3 = "q\(seed)"
        super.init()
    }
}

extension TwinShape62: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape63: ShapeBase, Codable {
    var w0: Int = 0 { didSet {} }
    var n1: ShapeLeaf
    var m2a, m2b: Int
    enum CodingKeys: CodingKey {
        case n1, m2a, m2b
    }

    init(seed: Int) {
        self.w0 = seed / 2
        self.n1 = ShapeLeaf(seed: seed)
        self.m2a = seed
        self.m2b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape63: GeneratedShape {}

final class TwinShape63: ShapeBase, Codable {
    var w0: Int = 0 { didSet {} }
    var n1: ShapeLeaf
    var m2a, m2b: Int
    enum CodingKeys: CodingKey {
        case n1, m2a, m2b
    }

    init(seed: Int) {
        self.w0 = seed / 2
        self.n1 = ShapeLeaf(seed: seed)
        self.m2a = seed
        self.m2b = 1 - seed
        super.init()
    }
}

extension TwinShape63: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape64: ShapeBase, Codable {
    var p0: Int
    var c1: Int { 1 }
    let e2 = "fixed2"
    var m3a, m3b: Int
    var d4 = 4
    var m5a, m5b: Int
    enum CodingKeys: CodingKey {
        case p0, m3a, m3b, m5a, m5b
    }

    init(seed: Int) {
        self.p0 = seed &+ 0
        self.m3a = seed
        self.m3b = 1 - seed
        self.d4 = seed &* 3
        self.m5a = seed
        self.m5b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape64: GeneratedShape {}

final class TwinShape64: ShapeBase, Codable {
    var p0: Int
    var c1: Int { 1 }
    let e2 = "fixed2"
    var m3a, m3b: Int
    var d4 = 4
    var m5a, m5b: Int
    enum CodingKeys: CodingKey {
        case p0, m3a, m3b, m5a, m5b
    }

    init(seed: Int) {
        self.p0 = seed &+ 0
        self.m3a = seed
        self.m3b = 1 - seed
        self.d4 = seed &* 3
        self.m5a = seed
        self.m5b = 1 - seed
        super.init()
    }
}

extension TwinShape64: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape65: ShapeBase, Codable {
    let q0: String
    let q1: String
    var n2: ShapeLeaf
    var o3: Double?
    var d4 = 4
    var m5a, m5b: Int
    enum CodingKeys: CodingKey {
        case q0, q1, n2, o3, m5a, m5b
    }

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.q1 = "q\(seed)"
        self.n2 = ShapeLeaf(seed: seed)
        self.o3 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.d4 = seed &* 3
        self.m5a = seed
        self.m5b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape65: GeneratedShape {}

final class TwinShape65: ShapeBase, Codable {
    let q0: String
    let q1: String
    var n2: ShapeLeaf
    var o3: Double?
    var d4 = 4
    var m5a, m5b: Int
    enum CodingKeys: CodingKey {
        case q0, q1, n2, o3, m5a, m5b
    }

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.q1 = "q\(seed)"
        self.n2 = ShapeLeaf(seed: seed)
        self.o3 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.d4 = seed &* 3
        self.m5a = seed
        self.m5b = 1 - seed
        super.init()
    }
}

extension TwinShape65: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape66: ShapeBase, Codable {
    var c0: Int { 0 }
    var c1: Int { 1 }
    static let s2 = 0
    var a3: [ShapeLeaf]

    init(seed: Int) {
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        super.init()
    }
}

extension AnnotatedShape66 {
    enum CodingKeys: CodingKey {
        case a3
    }
}

extension AnnotatedShape66: GeneratedShape {}

final class TwinShape66: ShapeBase, Codable {
    var c0: Int { 0 }
    var c1: Int { 1 }
    static let s2 = 0
    var a3: [ShapeLeaf]

    init(seed: Int) {
        self.a3 = (0..<seed % 3).map { ShapeLeaf(seed: $0) }
        super.init()
    }
}

extension TwinShape66 {
    enum CodingKeys: CodingKey {
        case a3
    }
}

extension TwinShape66: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape67: ShapeBase, Codable {
    let q0: String
    let e1 = "fixed1"
    var m2a, m2b: Int
    var c3: Int { 3 }
    let q4: String

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.m2a = seed
        self.m2b = 1 - seed
        self.q4 = "q\(seed)"
        super.init()
    }
}

extension AnnotatedShape67 {
    enum CodingKeys: CodingKey {
        case q0, e1, m2a, m2b, q4
    }
}

extension AnnotatedShape67: GeneratedShape {}

final class TwinShape67: ShapeBase, Codable {
    let q0: String
    let e1 = "fixed1"
    var m2a, m2b: Int
    var c3: Int { 3 }
    let q4: String

    init(seed: Int) {
        self.q0 = "q\(seed)"
        self.m2a = seed
        self.m2b = 1 - seed
        self.q4 = "q\(seed)"
        super.init()
    }
}

extension TwinShape67 {
    enum CodingKeys: CodingKey {
        case q0, e1, m2a, m2b, q4
    }
}

extension TwinShape67: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape68: ShapeBase, Codable {
    var w0: Int = 0 { didSet {} }
    var c1: Int { 1 }
    let e2 = "fixed2"
    static let s3 = 0
    var m4a, m4b: Int

    init(seed: Int) {
        self.w0 = seed / 2
        self.m4a = seed
        self.m4b = 1 - seed
        super.init()
    }
}

extension AnnotatedShape68 {
    enum CodingKeys: CodingKey {
        case w0, e2, m4a, m4b
    }
}

extension AnnotatedShape68: GeneratedShape {}

final class TwinShape68: ShapeBase, Codable {
    var w0: Int = 0 { didSet {} }
    var c1: Int { 1 }
    let e2 = "fixed2"
    static let s3 = 0
    var m4a, m4b: Int

    init(seed: Int) {
        self.w0 = seed / 2
        self.m4a = seed
        self.m4b = 1 - seed
        super.init()
    }
}

extension TwinShape68 {
    enum CodingKeys: CodingKey {
        case w0, e2, m4a, m4b
    }
}

extension TwinShape68: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape69: ShapeBase, Codable {
    var o0: Double?
    let q1: String
    var (t2a, t2b) = (2, -2)

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.q1 = "q\(seed)"
        self.t2a = seed
        self.t2b = -seed
        super.init()
    }
}

extension AnnotatedShape69 {
    enum CodingKeys: CodingKey {
        case t2b, t2a, q1, o0
    }
}

extension AnnotatedShape69: GeneratedShape {}

final class TwinShape69: ShapeBase, Codable {
    var o0: Double?
    let q1: String
    var (t2a, t2b) = (2, -2)

    init(seed: Int) {
        self.o0 = seed % 2 == 0 ? nil : Double(seed) / 4
        self.q1 = "q\(seed)"
        self.t2a = seed
        self.t2b = -seed
        super.init()
    }
}

extension TwinShape69 {
    enum CodingKeys: CodingKey {
        case t2b, t2a, q1, o0
    }
}

extension TwinShape69: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape70: ShapeBase, Codable {
    var d0 = 0
    var w1: Int = 0 { didSet {} }
    var n2: ShapeLeaf
    static let s3 = 0
    var p4: Int
    var (t5a, t5b) = (5, -5)

    init(seed: Int) {
        self.d0 = seed &* 3
        self.w1 = seed / 2
        self.n2 = ShapeLeaf(seed: seed)
        self.p4 = seed &+ 4
        self.t5a = seed
        self.t5b = -seed
        super.init()
    }
}

extension AnnotatedShape70 {
    enum CodingKeys: CodingKey {
        case t5b, t5a, p4, n2, w1, d0
    }
}

extension AnnotatedShape70: GeneratedShape {}

final class TwinShape70: ShapeBase, Codable {
    var d0 = 0
    var w1: Int = 0 { didSet {} }
    var n2: ShapeLeaf
    static let s3 = 0
    var p4: Int
    var (t5a, t5b) = (5, -5)

    init(seed: Int) {
        self.d0 = seed &* 3
        self.w1 = seed / 2
        self.n2 = ShapeLeaf(seed: seed)
        self.p4 = seed &+ 4
        self.t5a = seed
        self.t5b = -seed
        super.init()
    }
}

extension TwinShape70 {
    enum CodingKeys: CodingKey {
        case t5b, t5a, p4, n2, w1, d0
    }
}

extension TwinShape70: ShapeTwin {}

@ArchiveCodable
final class AnnotatedShape71: ShapeBase, Codable {
    var w0: Int = 0 { didSet {} }
    var (t1a, t1b) = (1, -1)
    var c2: Int { 2 }

    init(seed: Int) {
        self.w0 = seed / 2
        self.t1a = seed
        self.t1b = -seed
        super.init()
    }
}

extension AnnotatedShape71 {
    enum CodingKeys: CodingKey {
        case t1b, t1a, w0
    }
}

extension AnnotatedShape71: GeneratedShape {}

final class TwinShape71: ShapeBase, Codable {
    var w0: Int = 0 { didSet {} }
    var (t1a, t1b) = (1, -1)
    var c2: Int { 2 }

    init(seed: Int) {
        self.w0 = seed / 2
        self.t1a = seed
        self.t1b = -seed
        super.init()
    }
}

extension TwinShape71 {
    enum CodingKeys: CodingKey {
        case t1b, t1a, w0
    }
}

extension TwinShape71: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape0: Codable {
    case nested0(leaf: ShapeLeaf)
    case mixed1(Int, label: Double)
    case nested2(leaf: ShapeLeaf)
    case bare3

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .nested0(leaf: ShapeLeaf(seed: seed))
        case 1: self = .mixed1(-seed, label: Double(seed) / 8)
        case 2: self = .nested2(leaf: ShapeLeaf(seed: seed))
        default: self = .bare3
        }
    }
}

extension AnnotatedEnumShape0: GeneratedShape {}

enum TwinEnumShape0: Codable {
    case nested0(leaf: ShapeLeaf)
    case mixed1(Int, label: Double)
    case nested2(leaf: ShapeLeaf)
    case bare3

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .nested0(leaf: ShapeLeaf(seed: seed))
        case 1: self = .mixed1(-seed, label: Double(seed) / 8)
        case 2: self = .nested2(leaf: ShapeLeaf(seed: seed))
        default: self = .bare3
        }
    }
}

extension TwinEnumShape0: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape1: Codable {
    case bare0
    case unlabeled1(Int, String)

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .bare0
        default: self = .unlabeled1(seed &* 7, "u")
        }
    }
}

extension AnnotatedEnumShape1: GeneratedShape {}

enum TwinEnumShape1: Codable {
    case bare0
    case unlabeled1(Int, String)

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .bare0
        default: self = .unlabeled1(seed &* 7, "u")
        }
    }
}

extension TwinEnumShape1: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape2: Codable {
    case mixed0(Int, label: Double)
    case unlabeled1(Int, String)

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .mixed0(-seed, label: Double(seed) / 8)
        default: self = .unlabeled1(seed &* 7, "u")
        }
    }
}

extension AnnotatedEnumShape2: GeneratedShape {}

enum TwinEnumShape2: Codable {
    case mixed0(Int, label: Double)
    case unlabeled1(Int, String)

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .mixed0(-seed, label: Double(seed) / 8)
        default: self = .unlabeled1(seed &* 7, "u")
        }
    }
}

extension TwinEnumShape2: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape3: Codable {
    case unlabeled0(Int, String)
    case nested1(leaf: ShapeLeaf)
    case nested2(leaf: ShapeLeaf)
    enum CodingKeys: String, CodingKey {
        case unlabeled0 = "C_unlabeled0", nested1 = "C_nested1", nested2 = "C_nested2"
    }

    init(seed: Int) {
        switch seed % 3 {
        case 0: self = .unlabeled0(seed &* 7, "u")
        case 1: self = .nested1(leaf: ShapeLeaf(seed: seed))
        default: self = .nested2(leaf: ShapeLeaf(seed: seed))
        }
    }
}

extension AnnotatedEnumShape3: GeneratedShape {}

enum TwinEnumShape3: Codable {
    case unlabeled0(Int, String)
    case nested1(leaf: ShapeLeaf)
    case nested2(leaf: ShapeLeaf)
    enum CodingKeys: String, CodingKey {
        case unlabeled0 = "C_unlabeled0", nested1 = "C_nested1", nested2 = "C_nested2"
    }

    init(seed: Int) {
        switch seed % 3 {
        case 0: self = .unlabeled0(seed &* 7, "u")
        case 1: self = .nested1(leaf: ShapeLeaf(seed: seed))
        default: self = .nested2(leaf: ShapeLeaf(seed: seed))
        }
    }
}

extension TwinEnumShape3: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape4: Codable {
    case mixed0(Int, label: Double)
    enum CodingKeys: String, CodingKey {
        case mixed0 = "C_mixed0"
    }

    init(seed: Int) {
        switch seed % 1 {
        default: self = .mixed0(-seed, label: Double(seed) / 8)
        }
    }
}

extension AnnotatedEnumShape4: GeneratedShape {}

enum TwinEnumShape4: Codable {
    case mixed0(Int, label: Double)
    enum CodingKeys: String, CodingKey {
        case mixed0 = "C_mixed0"
    }

    init(seed: Int) {
        switch seed % 1 {
        default: self = .mixed0(-seed, label: Double(seed) / 8)
        }
    }
}

extension TwinEnumShape4: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape5: Codable {
    case nested0(leaf: ShapeLeaf)
    case nested1(leaf: ShapeLeaf)
    enum CodingKeys: String, CodingKey {
        case nested0 = "C_nested0", nested1 = "C_nested1"
    }

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .nested0(leaf: ShapeLeaf(seed: seed))
        default: self = .nested1(leaf: ShapeLeaf(seed: seed))
        }
    }
}

extension AnnotatedEnumShape5: GeneratedShape {}

enum TwinEnumShape5: Codable {
    case nested0(leaf: ShapeLeaf)
    case nested1(leaf: ShapeLeaf)
    enum CodingKeys: String, CodingKey {
        case nested0 = "C_nested0", nested1 = "C_nested1"
    }

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .nested0(leaf: ShapeLeaf(seed: seed))
        default: self = .nested1(leaf: ShapeLeaf(seed: seed))
        }
    }
}

extension TwinEnumShape5: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape6: Codable {
    case mixed0(Int, label: Double)
    enum Mixed0CodingKeys: String, CodingKey {
        case _0 = "V__0", label = "V_label"
    }

    init(seed: Int) {
        switch seed % 1 {
        default: self = .mixed0(-seed, label: Double(seed) / 8)
        }
    }
}

extension AnnotatedEnumShape6: GeneratedShape {}

enum TwinEnumShape6: Codable {
    case mixed0(Int, label: Double)
    enum Mixed0CodingKeys: String, CodingKey {
        case _0 = "V__0", label = "V_label"
    }

    init(seed: Int) {
        switch seed % 1 {
        default: self = .mixed0(-seed, label: Double(seed) / 8)
        }
    }
}

extension TwinEnumShape6: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape7: Codable {
    case optional0(first: Int?, second: [Int])
    case bare1
    case unlabeled2(Int, String)
    case unlabeled3(Int, String)
    enum Optional0CodingKeys: String, CodingKey {
        case first = "V_first", second = "V_second"
    }

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .optional0(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))
        case 1: self = .bare1
        case 2: self = .unlabeled2(seed &* 7, "u")
        default: self = .unlabeled3(seed &* 7, "u")
        }
    }
}

extension AnnotatedEnumShape7: GeneratedShape {}

enum TwinEnumShape7: Codable {
    case optional0(first: Int?, second: [Int])
    case bare1
    case unlabeled2(Int, String)
    case unlabeled3(Int, String)
    enum Optional0CodingKeys: String, CodingKey {
        case first = "V_first", second = "V_second"
    }

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .optional0(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))
        case 1: self = .bare1
        case 2: self = .unlabeled2(seed &* 7, "u")
        default: self = .unlabeled3(seed &* 7, "u")
        }
    }
}

extension TwinEnumShape7: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape8: Codable {
    case mixed0(Int, label: Double)
    case optional1(first: Int?, second: [Int])
    enum Mixed0CodingKeys: String, CodingKey {
        case _0 = "V__0", label = "V_label"
    }

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .mixed0(-seed, label: Double(seed) / 8)
        default: self = .optional1(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))
        }
    }
}

extension AnnotatedEnumShape8: GeneratedShape {}

enum TwinEnumShape8: Codable {
    case mixed0(Int, label: Double)
    case optional1(first: Int?, second: [Int])
    enum Mixed0CodingKeys: String, CodingKey {
        case _0 = "V__0", label = "V_label"
    }

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .mixed0(-seed, label: Double(seed) / 8)
        default: self = .optional1(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))
        }
    }
}

extension TwinEnumShape8: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape9: Codable {
    case mixed0(Int, label: Double)
    case optional1(first: Int?, second: [Int])
    case mixed2(Int, label: Double)

    init(seed: Int) {
        switch seed % 3 {
        case 0: self = .mixed0(-seed, label: Double(seed) / 8)
        case 1: self = .optional1(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))
        default: self = .mixed2(-seed, label: Double(seed) / 8)
        }
    }
}

extension AnnotatedEnumShape9 {
    enum CodingKeys: String, CodingKey {
        case mixed0 = "C_mixed0", optional1 = "C_optional1", mixed2 = "C_mixed2"
    }
}

extension AnnotatedEnumShape9: GeneratedShape {}

enum TwinEnumShape9: Codable {
    case mixed0(Int, label: Double)
    case optional1(first: Int?, second: [Int])
    case mixed2(Int, label: Double)

    init(seed: Int) {
        switch seed % 3 {
        case 0: self = .mixed0(-seed, label: Double(seed) / 8)
        case 1: self = .optional1(first: seed % 2 == 0 ? nil : seed, second: Array(0..<seed % 4))
        default: self = .mixed2(-seed, label: Double(seed) / 8)
        }
    }
}

extension TwinEnumShape9 {
    enum CodingKeys: String, CodingKey {
        case mixed0 = "C_mixed0", optional1 = "C_optional1", mixed2 = "C_mixed2"
    }
}

extension TwinEnumShape9: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape10: Codable {
    case mixed0(Int, label: Double)

    init(seed: Int) {
        switch seed % 1 {
        default: self = .mixed0(-seed, label: Double(seed) / 8)
        }
    }
}

extension AnnotatedEnumShape10 {
    enum CodingKeys: String, CodingKey {
        case mixed0 = "C_mixed0"
    }
}

extension AnnotatedEnumShape10: GeneratedShape {}

enum TwinEnumShape10: Codable {
    case mixed0(Int, label: Double)

    init(seed: Int) {
        switch seed % 1 {
        default: self = .mixed0(-seed, label: Double(seed) / 8)
        }
    }
}

extension TwinEnumShape10 {
    enum CodingKeys: String, CodingKey {
        case mixed0 = "C_mixed0"
    }
}

extension TwinEnumShape10: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape11: Codable {
    case bare0

    init(seed: Int) {
        switch seed % 1 {
        default: self = .bare0
        }
    }
}

extension AnnotatedEnumShape11 {
    enum CodingKeys: String, CodingKey {
        case bare0 = "C_bare0"
    }
}

extension AnnotatedEnumShape11: GeneratedShape {}

enum TwinEnumShape11: Codable {
    case bare0

    init(seed: Int) {
        switch seed % 1 {
        default: self = .bare0
        }
    }
}

extension TwinEnumShape11 {
    enum CodingKeys: String, CodingKey {
        case bare0 = "C_bare0"
    }
}

extension TwinEnumShape11: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape12: Codable {
    case bare0
    case labeled1(x: Int, y: String)

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .bare0
        default: self = .labeled1(x: seed, y: "y\(seed)")
        }
    }
}

extension AnnotatedEnumShape12 {
    enum Labeled1CodingKeys: String, CodingKey {
        case y, x
    }
}

extension AnnotatedEnumShape12: GeneratedShape {}

enum TwinEnumShape12: Codable {
    case bare0
    case labeled1(x: Int, y: String)

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .bare0
        default: self = .labeled1(x: seed, y: "y\(seed)")
        }
    }
}

extension TwinEnumShape12 {
    enum Labeled1CodingKeys: String, CodingKey {
        case y, x
    }
}

extension TwinEnumShape12: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape13: Codable {
    case labeled0(x: Int, y: String)
    case unlabeled1(Int, String)
    case nested2(leaf: ShapeLeaf)

    init(seed: Int) {
        switch seed % 3 {
        case 0: self = .labeled0(x: seed, y: "y\(seed)")
        case 1: self = .unlabeled1(seed &* 7, "u")
        default: self = .nested2(leaf: ShapeLeaf(seed: seed))
        }
    }
}

extension AnnotatedEnumShape13 {
    enum Labeled0CodingKeys: String, CodingKey {
        case y, x
    }
}

extension AnnotatedEnumShape13: GeneratedShape {}

enum TwinEnumShape13: Codable {
    case labeled0(x: Int, y: String)
    case unlabeled1(Int, String)
    case nested2(leaf: ShapeLeaf)

    init(seed: Int) {
        switch seed % 3 {
        case 0: self = .labeled0(x: seed, y: "y\(seed)")
        case 1: self = .unlabeled1(seed &* 7, "u")
        default: self = .nested2(leaf: ShapeLeaf(seed: seed))
        }
    }
}

extension TwinEnumShape13 {
    enum Labeled0CodingKeys: String, CodingKey {
        case y, x
    }
}

extension TwinEnumShape13: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape14: Codable {
    case labeled0(x: Int, y: String)

    init(seed: Int) {
        switch seed % 1 {
        default: self = .labeled0(x: seed, y: "y\(seed)")
        }
    }
}

extension AnnotatedEnumShape14 {
    enum Labeled0CodingKeys: String, CodingKey {
        case y, x
    }
}

extension AnnotatedEnumShape14: GeneratedShape {}

enum TwinEnumShape14: Codable {
    case labeled0(x: Int, y: String)

    init(seed: Int) {
        switch seed % 1 {
        default: self = .labeled0(x: seed, y: "y\(seed)")
        }
    }
}

extension TwinEnumShape14 {
    enum Labeled0CodingKeys: String, CodingKey {
        case y, x
    }
}

extension TwinEnumShape14: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape15: Int, Codable {
    case bare0 = -2

    init(seed: Int) {
        switch seed % 1 {
        default: self = .bare0
        }
    }
}

extension AnnotatedEnumShape15: GeneratedShape {}

enum TwinEnumShape15: Int, Codable {
    case bare0 = -2

    init(seed: Int) {
        switch seed % 1 {
        default: self = .bare0
        }
    }
}

extension TwinEnumShape15: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape16: Int, Codable {
    case bare0 = -2
    case unlabeled1 = 1

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .bare0
        default: self = .unlabeled1
        }
    }
}

extension AnnotatedEnumShape16: GeneratedShape {}

enum TwinEnumShape16: Int, Codable {
    case bare0 = -2
    case unlabeled1 = 1

    init(seed: Int) {
        switch seed % 2 {
        case 0: self = .bare0
        default: self = .unlabeled1
        }
    }
}

extension TwinEnumShape16: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape17: Int, Codable {
    case mixed0 = -2
    case nested1 = 1
    case bare2 = 4
    case optional3 = 7

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .mixed0
        case 1: self = .nested1
        case 2: self = .bare2
        default: self = .optional3
        }
    }
}

extension AnnotatedEnumShape17: GeneratedShape {}

enum TwinEnumShape17: Int, Codable {
    case mixed0 = -2
    case nested1 = 1
    case bare2 = 4
    case optional3 = 7

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .mixed0
        case 1: self = .nested1
        case 2: self = .bare2
        default: self = .optional3
        }
    }
}

extension TwinEnumShape17: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape18: String, Codable {
    case unlabeled0 = "R0"
    case unlabeled1
    case optional2 = "R2"
    case bare3

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .unlabeled0
        case 1: self = .unlabeled1
        case 2: self = .optional2
        default: self = .bare3
        }
    }
}

extension AnnotatedEnumShape18: GeneratedShape {}

enum TwinEnumShape18: String, Codable {
    case unlabeled0 = "R0"
    case unlabeled1
    case optional2 = "R2"
    case bare3

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .unlabeled0
        case 1: self = .unlabeled1
        case 2: self = .optional2
        default: self = .bare3
        }
    }
}

extension TwinEnumShape18: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape19: String, Codable {
    case optional0 = "R0"
    case labeled1
    case optional2 = "R2"
    case nested3

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .optional0
        case 1: self = .labeled1
        case 2: self = .optional2
        default: self = .nested3
        }
    }
}

extension AnnotatedEnumShape19: GeneratedShape {}

enum TwinEnumShape19: String, Codable {
    case optional0 = "R0"
    case labeled1
    case optional2 = "R2"
    case nested3

    init(seed: Int) {
        switch seed % 4 {
        case 0: self = .optional0
        case 1: self = .labeled1
        case 2: self = .optional2
        default: self = .nested3
        }
    }
}

extension TwinEnumShape19: ShapeTwin {}

@ArchiveCodable
enum AnnotatedEnumShape20: String, Codable {
    case nested0 = "R0"

    init(seed: Int) {
        switch seed % 1 {
        default: self = .nested0
        }
    }
}

extension AnnotatedEnumShape20: GeneratedShape {}

enum TwinEnumShape20: String, Codable {
    case nested0 = "R0"

    init(seed: Int) {
        switch seed % 1 {
        default: self = .nested0
        }
    }
}

extension TwinEnumShape20: ShapeTwin {}

/// Each annotated shape, its twin, and whether it keeps generated code.
var generatedShapes: [(annotated: any GeneratedShape.Type, twin: any ShapeTwin.Type, keepsGeneratedCode: Bool)] {
    [
        (AnnotatedShape0.self, TwinShape0.self, true),
        (AnnotatedShape1.self, TwinShape1.self, true),
        (AnnotatedShape2.self, TwinShape2.self, true),
        (AnnotatedShape3.self, TwinShape3.self, true),
        (AnnotatedShape4.self, TwinShape4.self, true),
        (AnnotatedShape5.self, TwinShape5.self, true),
        (AnnotatedShape6.self, TwinShape6.self, true),
        (AnnotatedShape7.self, TwinShape7.self, true),
        (AnnotatedShape8.self, TwinShape8.self, true),
        (AnnotatedShape9.self, TwinShape9.self, true),
        (AnnotatedShape10.self, TwinShape10.self, true),
        (AnnotatedShape11.self, TwinShape11.self, true),
        (AnnotatedShape12.self, TwinShape12.self, true),
        (AnnotatedShape13.self, TwinShape13.self, true),
        (AnnotatedShape14.self, TwinShape14.self, true),
        (AnnotatedShape15.self, TwinShape15.self, true),
        (AnnotatedShape16.self, TwinShape16.self, true),
        (AnnotatedShape17.self, TwinShape17.self, true),
        (AnnotatedShape18.self, TwinShape18.self, true),
        (AnnotatedShape19.self, TwinShape19.self, true),
        (AnnotatedShape20.self, TwinShape20.self, true),
        (AnnotatedShape21.self, TwinShape21.self, false),
        (AnnotatedShape22.self, TwinShape22.self, false),
        (AnnotatedShape23.self, TwinShape23.self, false),
        (AnnotatedShape24.self, TwinShape24.self, true),
        (AnnotatedShape25.self, TwinShape25.self, true),
        (AnnotatedShape26.self, TwinShape26.self, true),
        (AnnotatedShape27.self, TwinShape27.self, true),
        (AnnotatedShape28.self, TwinShape28.self, true),
        (AnnotatedShape29.self, TwinShape29.self, true),
        (AnnotatedShape30.self, TwinShape30.self, true),
        (AnnotatedShape31.self, TwinShape31.self, true),
        (AnnotatedShape32.self, TwinShape32.self, true),
        (AnnotatedShape33.self, TwinShape33.self, true),
        (AnnotatedShape34.self, TwinShape34.self, true),
        (AnnotatedShape35.self, TwinShape35.self, true),
        (AnnotatedShape36.self, TwinShape36.self, true),
        (AnnotatedShape37.self, TwinShape37.self, true),
        (AnnotatedShape38.self, TwinShape38.self, true),
        (AnnotatedShape39.self, TwinShape39.self, true),
        (AnnotatedShape40.self, TwinShape40.self, true),
        (AnnotatedShape41.self, TwinShape41.self, true),
        (AnnotatedShape42.self, TwinShape42.self, true),
        (AnnotatedShape43.self, TwinShape43.self, true),
        (AnnotatedShape44.self, TwinShape44.self, true),
        (AnnotatedShape45.self, TwinShape45.self, false),
        (AnnotatedShape46.self, TwinShape46.self, false),
        (AnnotatedShape47.self, TwinShape47.self, false),
        (AnnotatedShape48.self, TwinShape48.self, true),
        (AnnotatedShape49.self, TwinShape49.self, true),
        (AnnotatedShape50.self, TwinShape50.self, true),
        (AnnotatedShape51.self, TwinShape51.self, true),
        (AnnotatedShape52.self, TwinShape52.self, true),
        (AnnotatedShape53.self, TwinShape53.self, true),
        (AnnotatedShape54.self, TwinShape54.self, true),
        (AnnotatedShape55.self, TwinShape55.self, true),
        (AnnotatedShape56.self, TwinShape56.self, true),
        (AnnotatedShape57.self, TwinShape57.self, true),
        (AnnotatedShape58.self, TwinShape58.self, true),
        (AnnotatedShape59.self, TwinShape59.self, true),
        (AnnotatedShape60.self, TwinShape60.self, true),
        (AnnotatedShape61.self, TwinShape61.self, true),
        (AnnotatedShape62.self, TwinShape62.self, true),
        (AnnotatedShape63.self, TwinShape63.self, true),
        (AnnotatedShape64.self, TwinShape64.self, true),
        (AnnotatedShape65.self, TwinShape65.self, true),
        (AnnotatedShape66.self, TwinShape66.self, true),
        (AnnotatedShape67.self, TwinShape67.self, true),
        (AnnotatedShape68.self, TwinShape68.self, true),
        (AnnotatedShape69.self, TwinShape69.self, false),
        (AnnotatedShape70.self, TwinShape70.self, false),
        (AnnotatedShape71.self, TwinShape71.self, false),
        (AnnotatedEnumShape0.self, TwinEnumShape0.self, true),
        (AnnotatedEnumShape1.self, TwinEnumShape1.self, true),
        (AnnotatedEnumShape2.self, TwinEnumShape2.self, true),
        (AnnotatedEnumShape3.self, TwinEnumShape3.self, false),
        (AnnotatedEnumShape4.self, TwinEnumShape4.self, false),
        (AnnotatedEnumShape5.self, TwinEnumShape5.self, false),
        (AnnotatedEnumShape6.self, TwinEnumShape6.self, false),
        (AnnotatedEnumShape7.self, TwinEnumShape7.self, false),
        (AnnotatedEnumShape8.self, TwinEnumShape8.self, false),
        (AnnotatedEnumShape9.self, TwinEnumShape9.self, true),
        (AnnotatedEnumShape10.self, TwinEnumShape10.self, true),
        (AnnotatedEnumShape11.self, TwinEnumShape11.self, true),
        (AnnotatedEnumShape12.self, TwinEnumShape12.self, true),
        (AnnotatedEnumShape13.self, TwinEnumShape13.self, true),
        (AnnotatedEnumShape14.self, TwinEnumShape14.self, true),
        (AnnotatedEnumShape15.self, TwinEnumShape15.self, true),
        (AnnotatedEnumShape16.self, TwinEnumShape16.self, true),
        (AnnotatedEnumShape17.self, TwinEnumShape17.self, true),
        (AnnotatedEnumShape18.self, TwinEnumShape18.self, true),
        (AnnotatedEnumShape19.self, TwinEnumShape19.self, true),
        (AnnotatedEnumShape20.self, TwinEnumShape20.self, true),
    ]
}
