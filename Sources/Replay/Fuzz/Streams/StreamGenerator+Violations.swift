import CommandCodec
import ReplayCore

/// Deliberate violations: one rule broken once, in a record of its own (among valid commands of
/// the same batch, now and then), right after a marker that names the rule.
extension StreamGenerator {
  /// A violation step: the marker, then the record that breaks the rule.
  mutating func violate() {
    let rules = configuration.violationRules
    guard !rules.isEmpty else { return updateBurst() }
    var rule = rules[random.below(rules.count)]
    commit()
    if rule == .modalResultWithoutModal {
      time += pause()
      labelled(rule, TraceRecord(time: time, .modalResult(dialog: notOpenModal(), value: integer(1))))
      return
    }
    // Set-up, valid: a screen to break rules in when there is none (at 100%, every step is a
    // violation step and the world grows only here).
    if screens.isEmpty { sendScreen() }
    if random.chance(30) { update(descend(from: pickRoot())) }
    if !breakRule(rule) {
      // The state offers no way to break this one now (no timer to duplicate, say).
      rule = .unknownTarget
      _ = breakRule(rule)
    }
    if random.chance(30) { update(descend(from: pickRoot())) }
    time += pause()
    commandCount += batch.count
    labelled(rule, .batch(batch, at: time))
    batch.removeAll(keepingCapacity: true)
  }

  /// Appends the label and the violating record, at the same time.
  mutating func labelled(_ rule: DiagnosticRule, _ record: TraceRecord) {
    append(ViolationLabel.marker(for: rule, at: record.time))
    append(record)
    violationCount += 1
  }

  /// Sends the command (and whatever valid set-up it needs) that breaks `rule` once; false when
  /// the state offers no way to.
  mutating func breakRule(_ rule: DiagnosticRule) -> Bool {
    switch rule {
    case .unknownTarget: unknownTarget()
    case .unknownParent:
      // Created detached, as the model does; deleted some time later.
      let id = takeId()
      send(Command(pickCreate(), internalId: ghost(), childInternalId: id, textValue: text()))
      tree.create(id, kind: ElementKind(creating: batch.last!.type)!, under: nil)
      unattached.append(id)
    case .duplicateCreate:
      guard let live = tree.randomLive(using: &random) else { return false }
      send(Command(random.chance(20) && creates(.dialog) ? .createDialog : pickCreate(), internalId: front ?? application, childInternalId: live, textValue: text()))
    case .missingId:
      send(Command(random.chance(20) ? .createFrameView : pickCreate(), internalId: front ?? application, textValue: text()))
    case .childOfLeaf:
      guard let leaf = walks(from: pickRoot(), 16).first(in: tree, where: { !$1.canHaveChildren }) else { return false }
      let id = takeId()
      let type = pickCreate()
      send(Command(type, internalId: leaf, childInternalId: id, textValue: text()))
      tree.create(id, kind: ElementKind(creating: type)!, under: leaf)
    case .cycle:
      let id = takeId()
      send(Command(pickCreate(), internalId: id, childInternalId: id))
    case .removeNonChild:
      guard let child = tree.randomLive(using: &random),
        let parent = walks(from: pickRoot()).first(in: tree, where: { id, _ in id != child && tree.parent(of: child) != id })
      else { return false }
      send(Command(.removeChild, internalId: parent, childInternalId: child))
    case .reorderNonChild:
      guard let parent = walks(from: pickRoot()).first(in: tree, where: { isPlainContainer($0, $1) }) else { return false }
      let child = random.chance(50) ? ghost() : descend(from: pickRoot())
      guard !tree.children(of: parent).contains(child) else { return false }
      send(Command(.reorderChild, internalId: parent, childInternalId: child, value: 0))
    case .reorderOutOfRange:
      guard let parent = walks(from: pickRoot()).first(in: tree, where: { isPlainContainer($0, $1) && !tree.children(of: $0).isEmpty }) else { return false }
      let children = tree.children(of: parent)
      let child = children[random.below(children.count)]
      let index: Int32 = random.chance(50) ? [-1, Int32.min][random.below(2)] : [Int32(children.count), Int32(children.count + 5), Int32.max][random.below(3)]
      send(Command(.reorderChild, internalId: parent, childInternalId: child, value: index))
      tree.reorder(child, in: parent, to: Int(index))
    case .notAView:
      let element = walks(from: pickRoot()).first(in: tree, where: { !$1.isView }) ?? application
      send(Command(.setIntValue, internalId: application, childInternalId: element, value: 1))
    case .unsupportedTarget: return unsupportedTarget()
    case .invalidSelector:
      let selector = [6, 7, -1, 255, Int32.max, Int32.min][random.below(6)]
      send(Command(.setStyle, internalId: anyTarget(), value: selector, textValue: "color", textValue2: "#ff0000"))
    case .emptyStyleKey:
      send(Command(.setStyle, internalId: anyTarget(), value: Int32(random.below(6)), textValue2: random.chance(50) ? "" : "12"))
    case .invalidTimerInterval:
      send(Command(.createTimer, internalId: descend(from: pickRoot()), childInternalId: takeId(), value: [0, -1, -1000, Int32.min][random.below(4)]))
    case .duplicateTimer:
      if timers.isEmpty {
        // Set-up: a timer to reuse the id of (valid).
        let id = takeId()
        send(Command(.createTimer, internalId: application, childInternalId: id, value: 1000))
        timers.append((id, application))
      }
      send(Command(.createTimer, internalId: descend(from: pickRoot()), childInternalId: timers[random.below(timers.count)].id, value: 500))
    case .missingTimerId:
      send(Command(.createTimer, internalId: descend(from: pickRoot()), value: 250))
    case .duplicateApplication:
      send(Command(.createApplication, childInternalId: random.chance(50) ? application : takeId(), textValue: "Second app"))
    case .modalResultWithoutModal:
      return false  // a record of its own, made by violate()
    case .widgetUnknownProperty, .widgetInvalidValue, .widgetImmutableAttribute, .widgetNotCreated,
      .widgetNotDisplayable, .widgetNotHideable:
      return breakWidgetRule(rule)
    case .widgetUnknownEvent, .widgetInvalidEventValue:
      return false  // events come from the platform; a command stream cannot break them
    case .widgetSize:
      return false  // judged on a layout, which a stream's model does not run
    case .notModelled:
      let types: [CommandType] = [.setIntData, .setShape, .toggleMenu, .setBackButtonVisibility, .historyGoForward, .showView, .show, .requestRedraw, .setValue, .setLabel, .setEnabled, .deleteTimer, .endModal, .showModal]
      send(Command(types[random.below(types.count)], internalId: descend(from: pickRoot()), value: 1, textValue: text()))
    }
    return true
  }

  /// unknown-target: a command to an element that does not exist (deleted, registered but never
  /// created, never registered, 0), or REMOVE_CHILD after the parent was deleted first.
  mutating func unknownTarget() {
    let roll = random.below(100)
    if roll < 15, let parent = walks(from: front ?? application).first(in: tree, where: { id, kind in id != application && !kind.isView && !tree.children(of: id).isEmpty }) {
      // The parent deleted first: REMOVE_CHILD then finds no parent; the child's own DELETE
      // that follows is an unknown id, silently.
      let child = tree.children(of: parent)[0]
      send(Command(.deleteElement, internalId: parent))
      forget(tree.delete(parent))
      send(Command(.removeChild, internalId: parent, childInternalId: child))
      send(Command(.deleteElement, internalId: child))
      return
    }
    let target = ghost()
    switch random.below(12) {
    case 0: send(Command(.setStyle, internalId: target, value: Int32(random.below(6)), textValue: "color", textValue2: "#00ff00"))
    case 1: send(Command(.setTextValue, internalId: target, textValue: text()))
    case 2: send(Command(.setIntValue, internalId: target, value: 1))
    case 3: send(Command(.setVisibility, internalId: target, value: 1))
    case 4: send(Command(.setError, internalId: target, value: 1, textValue: text()))
    case 5: send(Command(.addOption, internalId: target, value: 1, textValue: text()))
    case 6: send(Command(.clear, internalId: target))
    case 7: send(Command(.stop, internalId: target))
    case 8: send(Command(.createLink, internalId: target, textValue: text()))
    case 9: send(Command(.setIntValue, internalId: application, childInternalId: target, value: 1))  // switch to a view that is not there
    case 10: send(Command(.removeChild, internalId: front ?? application, childInternalId: target))
    default: send(Command(.setTextData, internalId: target, textValue: text(), row: 1))
    }
  }

  /// unsupported-target: a command to a kind it does not apply to.
  mutating func unsupportedTarget() -> Bool {
    guard let id = walks(from: pickRoot()).first(in: tree, where: { $1 != .listView && $1 != .gridView }) else { return false }
    let kind = tree.kind(of: id)!
    var candidates: [CommandType] = [.setTextData, .addSheet, .reshapeSheet]
    if kind != .text { candidates.append(.createLink) }
    if kind != .imageView { candidates += [.addImageURL, .release] }
    if kind != .actionBar { candidates.append(.addColumn) }
    if kind != .pageControl { candidates.append(.reshapeTable) }
    send(Command(candidates[random.below(candidates.count)], internalId: id, value: 2, textValue: text(), width: 100, height: 100))
    return true
  }

  /// An id that is not live: one deleted, one registered but not created, a fresh one, or an edge.
  mutating func ghost() -> Int32 {
    let roll = random.below(100)
    if roll < 35, let deleted = pick(recentlyDeleted), !tree.contains(deleted) { return deleted }
    if roll < 55, let content = pick(lazy), let reserved = pick(content.reserved) { return reserved }
    if roll < 85 { return takeId() }
    let edge = [0, -1, Int32.max, Int32.min][random.below(4)]
    return tree.contains(edge) ? takeId() : edge
  }

  /// Any target, live or not (rules checked before the target).
  mutating func anyTarget() -> Int32 {
    random.chance(70) ? descend(from: pickRoot()) : ghost()
  }

  /// A CREATE for a plain element (never a view, a modal or a navigation view, whose creation
  /// changes more than the tree).
  mutating func pickCreate() -> CommandType {
    let type: CommandType = [.createText, .createButton, .createLinearLayout, .createTextField, .createImageView, .createSwitch, .createTextLabel][random.below(7)]
    // A kind the platform lacks: the first of them it has (a platform with none of these six
    // gets text labels all the same: a view or a modal would change more than the tree).
    if let kind = ElementKind(creating: type), creates(kind) { return type }
    return [.createText, .createButton, .createLinearLayout, .createTextField, .createImageView, .createSwitch].first { creates(ElementKind(creating: $0)!) } ?? .createText
  }

  /// A dialog id that is not on the modal stack: answered already, an element of another kind,
  /// or one that is not live.
  mutating func notOpenModal() -> Int32 {
    if let answered = pick(answeredModals), random.chance(50) { return answered }
    if random.chance(50), let element = walks(from: pickRoot()).first(in: tree, where: { id, _ in !openModals.contains(id) }) { return element }
    return ghost()
  }
}
