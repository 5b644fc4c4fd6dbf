import Testing

/// The reference model's rules, one or more tests per rule, grouped by concern in the
/// `ModelRuleTests+*.swift` files (run them all with `--filter ModelRuleTests`).
@Suite("Model rules")
struct ModelRuleTests {}
