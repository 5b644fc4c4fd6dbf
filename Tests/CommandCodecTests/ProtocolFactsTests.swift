import Testing
@testable import CommandCodec

/// The protocol facts tools measure against: the fields each command type uses, the event
/// classes platforms send, the known style keys, and which fields of an event are set.
@Suite struct ProtocolFactsTests {
  @Test("Each type's fields are in field order, never `key`, and hold what its example vector sets", arguments: CommandType.allCases.filter(\.isCurrent))
  func fieldsOfCurrentTypes(_ type: CommandType) {
    let order = Command.Field.allCases
    let positions = type.fields.map { order.firstIndex(of: $0)! }
    #expect(positions == positions.sorted() && Set(positions).count == positions.count, "\(type.name): \(type.fields)")
    #expect(!type.fields.contains(.key))
    // The vectors set the fields each type's emitter sets (protocol notes §2): the table names them all.
    let example = CommandCases.example(type).0
    for field in order where example.hasValue(field) {
      #expect(type.fields.contains(field), "\(type.name)'s vector sets \(field), which its fields leave out")
    }
    if type.createsElement && type != .createApplication {
      #expect(Array(type.fields.prefix(2)) == [.internalId, .childInternalId], "\(type.name): parent and new id")
    }
  }

  @Test("Rows the protocol documents spell out")
  func knownRows() {
    #expect(CommandType.createApplication.fields == [.childInternalId, .textValue, .textValue2, .flags])
    #expect(CommandType.createImageView.fields == [.internalId, .childInternalId, .textValue, .width, .height])
    #expect(CommandType.setStyle.fields == [.internalId, .value, .textValue, .textValue2])
    #expect(CommandType.setTextData.fields == [.internalId, .textValue, .row, .column, .sheet])
    #expect(CommandType.reshapeSheet.fields == [.internalId, .value, .sheet])
    #expect(CommandType.createToast.fields == [.internalId, .value, .textValue])
    #expect(CommandType.createLink.fields == [.internalId, .textValue])
    #expect(CommandType.historyGoBack.fields == [.internalId])
    #expect(CommandType.allCases.filter { $0.isCurrent && !$0.fields.contains(.internalId) } == [.createApplication])
    // An older name the model maps to a current creation uses that creation's fields.
    #expect(CommandType.createProgressBar.fields == CommandType.createProgressSpinner.fields)
    #expect(CommandType.createImageElement.fields == CommandType.createImageView.fields)
    #expect(CommandType.showModal.fields.isEmpty)
    // Every field but key is used by some current type.
    let used = Set(CommandType.allCases.filter(\.isCurrent).flatMap(\.fields))
    #expect(used == Set(Command.Field.allCases).subtracting([.key]))
  }

  @Test("Platforms send every event class but the loader's response, warnings and ScrollEvent")
  func sentByPlatforms() {
    #expect(EventKind.allCases.filter { !$0.isSentByPlatforms } == [.imageResponse, .warning, .scroll])
  }

  @Test("Known style keys: the notes' table, each once, case-sensitive")
  func styleKeys() {
    #expect(StyleKeys.known.count == 64)
    #expect(Set(StyleKeys.known).count == StyleKeys.known.count)
    for key in ["padding", "margin-left", "font-size", "background-color", "hint", "white-space", "single-line"] {
      #expect(StyleKeys.isKnown(key), "\(key)")
    }
    #expect(!StyleKeys.isKnown("Font-Size"))
    #expect(!StyleKeys.isKnown("no-wrap"))
    #expect(StyleKeys.index["padding"] == 0)
  }

  @Test("An event's set fields are those the codecs write", arguments: EventKind.allCases)
  func nonDefaultFields(_ kind: EventKind) {
    // The vectors set every field; the all-defaults events set none.
    let full = EventCases.example(kind).event
    #expect(full.nonDefaultFieldMask == (UInt32(1) << UInt32(kind.fields.count)) - 1, "\(kind.name)")
    #expect(EventFieldDefaults.event(kind).nonDefaultFieldMask == 0, "\(kind.name)")
  }

  @Test("Single fields: the bit follows the field's place; -0.0 counts as set, as the codecs write it")
  func singleFields() {
    #expect(Event.value(ValueEvent(text: "alice")).nonDefaultFieldMask == 0b001)
    #expect(Event.value(ValueEvent(value2: 3)).nonDefaultFieldMask == 0b100)
    #expect(Event.touch(TouchEvent(timestamp: -0.0)).nonDefaultFieldMask == 0b1)
    #expect(Event.visibility(VisibilityEvent(visible: false)).nonDefaultFieldMask == 0)
  }
}
