/// How much `karchive bench` measures: its models' sizes and the CPU time each gets, in one
/// place for every section.
///
/// The default is what a newcomer runs first: every section, at sizes whose ratios are as steady
/// as the full run's, in about a minute. The full run is the benchmark package's sizes and
/// partial reads up to 100 MB, whose results are committed; the quick run only checks that
/// everything works.
enum BenchScope: Sendable, Equatable {
    /// `--quick`: small models and few rounds; not a measurement.
    case quick
    /// No flag: every section in about a minute.
    case standard
    /// `--full`: the benchmark package's sizes, and partial reads up to 100 MB.
    case full

    // The documents (`BenchRunner.run`).

    /// Passes over the models, each giving every model its share of rounds.
    var passes: Int { self == .quick ? 1 : 4 }
    /// The CPU seconds each model gets in all, beyond its minimum rounds.
    var budget: Double { self == .full ? 3.2 : self == .standard ? 2.0 : 0.15 }
    /// Every model gets at least this many rounds, however slow it is. The quick run's models
    /// are small enough for every one to get enough rounds for the spread of its ratios to be
    /// reported (`BenchRounds.roundsForSpread`).
    var minimumRounds: Int { self == .quick ? BenchRounds.roundsForSpread : 8 }
    var commits: Int { self == .quick ? 100 : 1_000 }
    var documents: Int { self == .quick ? 50 : 500 }
    var circles: Int { self == .quick ? 200 : 2_000 }
    /// The numeric series: its JSON and property-list rounds take seconds at a million Doubles,
    /// most of the full run's time for that model, and a quarter of that gives the same ratios.
    var doubles: Int { self == .full ? 1_000_000 : self == .standard ? 250_000 : 10_000 }
    var samples: Int { self == .full ? 20_000 : self == .standard ? 5_000 : 200 }

    // The messages (`BenchRunner.runMessages`).

    /// The CPU seconds each row of messages gets in all, a message model or a varying stream.
    var messageBudget: Double { self == .full ? 1.0 : self == .standard ? 0.6 : 0.05 }
    /// The CPU seconds one batch of messages takes: a millisecond, enough for the clock's cost
    /// (tens of nanoseconds) and resolution to vanish in it; a fifth of that for the quick run.
    var messageBatch: Double { self == .quick ? 0.000_2 : 0.001 }

    // The partial reads (`BenchRunner.runPartialReads`).

    /// The app state's archive sizes, in MB. A whole decode of 100 MB takes seconds, and is
    /// repeated every round: the full run's.
    var partialReadMegabytes: [Double] { self == .full ? [1, 10, 100] : self == .standard ? [1, 10] : [0.1, 1] }
    /// The CPU seconds each archive's reads get in all, beyond their minimum rounds.
    var partialReadBudget: Double { self == .full ? 4.0 : self == .standard ? 1.0 : 0.2 }
    var partialReadMinimumRounds: Int { self == .quick ? 3 : 8 }

    /// What the header line adds for this scope.
    var headerNote: String {
        switch self {
        case .quick: " (--quick: small models, few runs)"
        case .standard: ""
        case .full: " (--full: the benchmark package's sizes, partial reads up to 100 MB)"
        }
    }

    /// The closing line: what the other runs measure.
    var closingNote: String {
        switch self {
        case .quick: "This was a check, not a measurement: run karchive bench (about a minute) or karchive bench --full."
        case .standard: "karchive bench --full measures the benchmark package's sizes (a million Doubles) and partial reads up to 100 MB (several minutes)."
        case .full: "This was the full run; karchive bench alone measures every section at smaller sizes in about a minute."
        }
    }
}
