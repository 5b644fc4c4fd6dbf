import CommandCodec

/// The JSON report (docs/COVERAGE.md): one object, members in a fixed order, written by the
/// toolkit's one JSON writer, so the same traces give the same bytes on any machine.
extension CoverageReport {
  /// The version of the JSON report's layout, its first member (`"coverage":1`).
  public static let jsonVersion = 1

  /// The report as one line of JSON and a newline. With `uncoveredOnly`, the per-type tables
  /// (`commandTypes`, `olderCommandTypes`, `eventTypes`, `selectors`, `styleKeys`) are left out.
  public func renderJSON(uncoveredOnly: Bool = false) -> String {
    var json = JSONText()
    json.object { object in
      object.member("coverage") { $0.int(Self.jsonVersion) }
      object.member("traces") { $0.array(traces) { $0.string($1) } }
      object.member("records") { $0.int(coverage.recordCount) }
      object.member("commands") { $0.int(coverage.commandCount) }
      object.member("events") { $0.int(coverage.eventCount) }
      object.member("modalResults") { $0.int(coverage.modalResultCount) }
      object.member("markers") { $0.int(coverage.markerCount) }
      object.member("totals") { json in
        json.object { totals in
          for (metric, ratio) in coverage.summary { totals.member(metric.rawValue) { Self.write(ratio, to: &$0) } }
        }
      }
      object.member("thresholds") { json in
        json.array(thresholds) { json, threshold in
          let ratio = coverage.ratio(threshold.metric)
          json.object { item in
            item.member("metric") { $0.string(threshold.metric.rawValue) }
            item.member("min") { $0.number(threshold.minimum) }
            item.member("percent") { $0.number(Double(ratio.tenthsOfPercent) / 10) }
            item.member("met") { $0.bool(ratio.reaches(threshold.minimum)) }
            item.member("needed") { $0.int(ratio.needed(for: threshold.minimum)) }
          }
        }
      }
      object.member("uncovered") { json in
        json.object { uncovered in
          for metric in CoverageMetric.allCases {
            uncovered.member(metric.rawValue) { $0.array(coverage.neverExercised(metric)) { $0.string($1) } }
          }
        }
      }
      guard !uncoveredOnly else { return }
      object.member("commandTypes") { $0.array(coverage.commandTypes) { Self.write($1, to: &$0) } }
      object.member("olderCommandTypes") { $0.array(coverage.olderCommandTypesSeen) { Self.write($1, to: &$0) } }
      if !coverage.customCommandCounts.isEmpty {
        object.member("customCommands") { json in
          json.array(coverage.customCommandCounts.sorted { $0.key < $1.key }) { json, entry in
            json.object { item in
              item.member("type") { $0.string(entry.key) }
              item.member("count") { $0.int(entry.value) }
            }
          }
        }
      }
      if !coverage.widgetStyleKeyCounts.isEmpty {
        object.member("customStyleKeys") { json in
          json.array(coverage.widgetStyleKeyCounts.sorted { $0.key < $1.key }) { json, entry in
            json.object { item in
              item.member("key") { $0.string(entry.key) }
              item.member("count") { $0.int(entry.value) }
            }
          }
        }
      }
      object.member("eventTypes") { json in
        json.array(coverage.eventKinds) { json, entry in
          json.object { item in
            item.member("type") { $0.string(entry.kind.name) }
            item.member("count") { $0.int(entry.count) }
            item.member("sentByPlatforms") { $0.bool(entry.isSentByPlatforms) }
            item.member("fields") { $0.array(entry.fields) { $0.string($1) } }
            item.member("exercised") { $0.array(entry.exercisedFields) { $0.string($1) } }
            item.member("missing") { $0.array(entry.missingFields) { $0.string($1) } }
          }
        }
      }
      object.member("selectors") { json in
        json.array(coverage.selectors) { json, entry in
          json.object { item in
            item.member("selector") { $0.string(entry.selector.name) }
            item.member("value") { $0.int(entry.selector.rawValue) }
            item.member("count") { $0.int(entry.count) }
          }
        }
      }
      object.member("invalidSelectors") { $0.int(coverage.invalidSelectorCount) }
      object.member("styleKeys") { json in
        json.array(coverage.styleKeys) { json, entry in
          json.object { item in
            item.member("key") { $0.string(entry.key) }
            item.member("known") { $0.bool(entry.isKnown) }
            item.member("count") { $0.int(entry.count) }
          }
        }
      }
    }
    return json.text + "\n"
  }

  /// `{"covered":52,"total":73,"percent":71.2}`; the percentage rounded down to a tenth.
  private static func write(_ ratio: CoverageRatio, to json: inout JSONText) {
    json.object { item in
      item.member("covered") { $0.int(ratio.covered) }
      item.member("total") { $0.int(ratio.total) }
      item.member("percent") { $0.number(Double(ratio.tenthsOfPercent) / 10) }
    }
  }

  private static func write(_ entry: CommandTypeCoverage, to json: inout JSONText) {
    json.object { item in
      item.member("type") { $0.string(entry.type.name) }
      item.member("count") { $0.int(entry.count) }
      item.member("fields") { $0.array(entry.fields) { $0.string($1.rawValue) } }
      item.member("exercised") { $0.array(entry.exercisedFields) { $0.string($1.rawValue) } }
      item.member("missing") { $0.array(entry.missingFields) { $0.string($1.rawValue) } }
      item.member("other") { $0.array(entry.otherFields) { $0.string($1.rawValue) } }
    }
  }
}
