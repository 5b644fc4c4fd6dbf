import Testing
@testable import CommandCodec

/// The vectors cover what the issue asks for: every command type, every event class with every
/// field set, the edge values, every error code, and truncation at every byte.
@Suite struct VectorCoverageTests {
  static let validNames = Set(VectorStore.valid.map(\.name))
  static let declaredValid = VectorFile.allCases.flatMap(\.validCases)

  @Test func everyCommandTypeAndEventClassHasAVector() {
    for type in CommandType.allCases { #expect(Self.validNames.contains("command/\(type.name)"), "\(type.name)") }
    for kind in EventKind.allCases { #expect(Self.validNames.contains("event/\(kind.name)"), "\(kind.name)") }
    #expect(VectorStore.valid.filter { $0.name.hasPrefix("command/") }.count == 108)
  }

  @Test(arguments: EventKind.allCases)
  func eventVectorsSetEveryField(_ kind: EventKind) {
    let event = EventCases.example(kind).event
    let fields = EventFieldCollector.fields(of: event)
    #expect(fields.count == kind.fields.count)
    for field in fields { #expect(!field.value.isDefault, "\(kind.name).\(field.name) is at its default") }
  }

  @Test func commandVectorsUseRealisticFields() {
    // Every CREATE_* vector that creates an element names the new element in childInternalId.
    for type in CommandType.allCases where type.createsElement && type != .createApplication {
      let command = CommandCases.example(type).0
      #expect(command.childInternalId != 0, "\(type.name)")
    }
    // Every command field is used by some command vector.
    let commands = CommandType.allCases.map { CommandCases.example($0).0 }
    for field in Command.Field.allCases where field != .key {
      #expect(commands.contains { $0.hasValue(field) }, "\(field)")
    }
  }

  @Test func edgeValuesAppear() {
    let commands = Self.declaredValid.flatMap(\.records).flatMap { record -> [Command] in
      if case .batch(let commands) = record.body { return commands }
      return []
    }
    let int32Fields: [KeyPath<Command, Int32>] = [\.internalId, \.childInternalId, \.value, \.row, \.column, \.width, \.height]
    for field in int32Fields {
      for value in [Int32.min, .max, -1] { #expect(commands.contains { $0[keyPath: field] == value }, "\(field) = \(value)") }
    }
    #expect(commands.contains { $0.sheet == .max })
    #expect(commands.contains { $0.flags == .max })
    #expect(commands.contains { !$0.key.isEmpty })
    let texts = commands.flatMap { [$0.textValue, $0.textValue2] }
    #expect(texts.contains { $0.utf8.count > 16_000 }, "a long string")
    #expect(texts.contains { $0.unicodeScalars.contains { $0.value > 0xFFFF } }, "emoji")
    #expect(texts.contains { $0.unicodeScalars.contains { $0.value > 0x7F && $0.value < 0x800 } }, "non-ASCII")
    #expect(texts.contains { $0.contains("\"") && $0.contains("\\") }, "quotes and backslashes")
    #expect(texts.contains { $0.unicodeScalars.filter { $0.value < 0x20 }.count == 0x20 }, "every control character")
    let times = Self.declaredValid.flatMap(\.records).map(\.time)
    #expect(times.contains { $0 != $0.rounded() }, "a fractional time")
    #expect(times.contains { $0 > 9_007_199_254_740_992 }, "a time beyond 2^53")
    #expect(Self.validNames.isSuperset(of: ["batch/empty", "batch/multi-command", "header/full", "header/headerless-json", "record/modal-result", "record/marker"]))
  }

  @Test func everyErrorCodeHasAVector() {
    let used = Set(VectorStore.invalid.map(\.error))
    for code in CodecError.Code.all { #expect(used.contains(code.name), "no vector fails with \(code.name)") }
    let binaryUsed = Set(VectorStore.invalid.filter { $0.format == "binary" }.map(\.error))
    let jsonUsed = Set(VectorStore.invalid.filter { $0.format == "json" }.map(\.error))
    for name in ["truncated", "invalidUTF8", "unknownCommandType", "unknownEventType", "numberOutOfRange", "timeGoesBackwards", "invalidValue", "duplicateKey", "unknownField", "schemaMissing", "schemaMismatch"] {
      #expect(binaryUsed.contains(name), "binary: \(name)")
      #expect(jsonUsed.contains(name), "json: \(name)")
    }
  }

  /// The widget vectors (docs/WIDGETS.md §6.1): every command of `all.widgets.json` has one, every
  /// widget a session, and every property and attribute travels in one the way the schema says.
  @Test func everyCustomCommandAndWidgetPropertyHasAVector() {
    let schema = WidgetCases.all
    for command in schema.commands {
      #expect(Self.validNames.contains("widgets/command/\(command.name)"), "\(command.name)")
    }
    let commands = WidgetCases.valid.flatMap(\.records).flatMap { record -> [Command] in
      if case .batch(let commands) = record.body { return commands }
      return []
    }
    for widget in schema.widgets {
      #expect(Self.validNames.contains("widgets/session/\(widget.name)"), "\(widget.name)")
      for property in widget.attributes + widget.properties {
        let carried = commands.contains { command in
          switch property.wire {
          case .creation(let field): return command.typeName == widget.creation.name && command.hasValue(field)
          case .custom(let name, let field): return command.typeName == name && command.hasValue(field)
          case .style(let key): return command.type == .setStyle && command.textValue == key && !command.textValue2.isEmpty
          case .builtIn(let type, let field): return command.type == type && command.hasValue(field)
          }
        }
        #expect(carried, "\(widget.name).\(property.name) (\(property.wire)) is set in no widget vector")
      }
    }
    // Both encodings of a header naming the schema, and custom commands beside built-in ones.
    #expect(WidgetCases.valid.allSatisfy { $0.widgets == WidgetCases.allPath })
    #expect(Self.validNames.isSuperset(of: ["widgets/header/names-schema", "widgets/batch/mixed", "widgets/headerless-json"]))
  }

  @Test func binaryTruncationCoversEveryByte() {
    let (bytes, starts) = TruncationCases.binaryTrace
    let cuts = Set(TruncationCases.binary.map(\.input.count))
    for cut in 0..<bytes.count {
      let isBoundary = cut >= starts[0] && starts.contains(cut)
      #expect(cuts.contains(cut) != isBoundary, "cut \(cut)")
    }
    // A cut at a record boundary is a valid, shorter trace.
    for (index, start) in starts.enumerated() {
      let outcome = ChunkedDecoding.whole(Array(bytes[..<start]), format: .binary)
      #expect(outcome.error == nil)
      #expect(outcome.records == Array(TruncationCases.binaryRecords.prefix(index)))
    }
    #expect(ChunkedDecoding.whole(bytes, format: .binary).records == TruncationCases.binaryRecords)
  }

  @Test func jsonTruncationBasesAreValidWhenWhole() {
    for entry in TruncationCases.jsonLastLines {
      let text = (entry.prefix + [entry.line]).joined(separator: "\n")
      let outcome = ChunkedDecoding.whole(Array(text.utf8), format: .jsonLines)
      #expect(outcome.error == nil, "\(entry.name): \(String(describing: outcome.error))")
    }
  }
}
