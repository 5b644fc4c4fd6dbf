import CommandCodec

/// The headless reference model of the platform: applies a trace's records to a ``UIState`` on a
/// virtual clock, producing the state a conforming platform would show and the events it would
/// send on its own.
///
/// Every rule is written down in docs/PROTOCOL.md. Protocol violations become ``Diagnostic``s and
/// never stop the model.
///
/// ```swift
/// var model = ReferenceModel(header: header)
/// for (index, record) in records.enumerated() { model.apply(record, index: index) }
/// model.advance(to: 12_500)   // toasts expire, timers fire, without waiting
/// print(model.state.activeView as Any)
/// ```
public struct ReferenceModel: Sendable {
  /// What the model keeps besides the state.
  public struct Options: Sendable {
    /// Whether to keep the platform's own events and toast expiries in ``emissions``.
    public var recordEmissions: Bool
    /// Diagnostics kept in ``diagnostics``; later ones are only counted.
    public var maxDiagnostics: Int
    /// Requests kept in the state's request log; older ones are dropped.
    public var maxRequests: Int
    /// Whether to note which elements each record touches (``takeTouched()``), so that two
    /// models can be compared record by record without comparing every element.
    public var tracksTouched: Bool
    /// The most timer firings the clock runs between two commands; past it the clock stops with
    /// a ``ClockOverrun`` (docs/PROTOCOL.md §2.1).
    public var clockLimit: Int
    /// The layout that tells custom widgets' frames (docs/WIDGETS.md §7.1): with one, the model
    /// logs each widget's `frame` and reports `widget-size`; without, it logs no frame.
    public var layout: (any WidgetLayoutProbe)?

    public init(
      recordEmissions: Bool = true, maxDiagnostics: Int = 10_000, maxRequests: Int = 1_000, tracksTouched: Bool = false,
      clockLimit: Int = ReferenceModel.defaultClockLimit, layout: (any WidgetLayoutProbe)? = nil
    ) {
      self.layout = layout
      self.recordEmissions = recordEmissions
      self.maxDiagnostics = maxDiagnostics
      self.maxRequests = maxRequests
      self.tracksTouched = tracksTouched
      self.clockLimit = clockLimit
    }
  }

  /// What the clock holds.
  enum Scheduled: Sendable {
    case timerTick(Int32)
    case toastExpiry(Int)
  }

  /// The state after everything applied so far.
  public internal(set) var state: UIState
  /// Diagnostics, in order (at most ``Options/maxDiagnostics``).
  public internal(set) var diagnostics: [Diagnostic] = []
  /// All diagnostics found, including those not kept.
  public internal(set) var diagnosticCounts: [Diagnostic.Severity: Int] = [:]
  /// The platform's own events and toast expiries, in order (when ``Options/recordEmissions``).
  public internal(set) var emissions: [PlatformEmission] = []
  /// The number of platform emissions, including those not kept.
  public internal(set) var emissionCount = 0
  /// The number of requests logged so far, including those the log no longer keeps.
  public internal(set) var requestsLogged = 0
  /// The options. Set inside the core only: a time-travel walk turns on emissions and touched
  /// elements on a keyframe's copy of the model (``TimeTravel/walk(from:applying:_:)``).
  public internal(set) var options: Options
  /// The viewport the header gave, for picking image URLs.
  public let viewport: Viewport?
  /// The widget schema custom commands are checked against (docs/WIDGETS.md §6.2); nil when the
  /// trace has no custom widgets.
  public var widgets: WidgetSchema? { state.widgets }

  var clock = VirtualClock<Scheduled>()
  /// Set when the clock stopped at its limit: from then on it fires nothing, and whoever runs the
  /// model reports this and stops (the state is the state before the overrun).
  public internal(set) var clockOverrun: ClockOverrun?
  /// Timer firings since the last command.
  var timerFiringsSinceCommand = 0
  /// Image views whose request must be re-evaluated at the end of the record.
  var dirtyImages: Set<Int32> = []
  /// Every image view, so visibility changes can re-evaluate them all.
  var imageIds: Set<Int32> = []
  var allImagesDirty = false
  var nextToastNumber = 1
  /// Where diagnostics and emissions are attributed.
  var currentRecord: Int? = nil
  var currentCommand: Int? = nil
  /// Elements changed since the last ``takeTouched()`` (a superset), when tracking.
  var touched: Set<Int32> = []
  /// The ids of live custom widgets: built-in commands to them may set their properties.
  var customElements: Set<Int32> = []
  /// The frames last logged for custom widgets, and the ones whose size broke their rules then
  /// (reported once until the size changes), when ``Options/layout`` is given.
  var widgetFrames: [Int32: WidgetFrame] = [:]
  /// What the layout probe kept of the layout that gave ``widgetFrames``, and what it was laid out
  /// in besides the elements; nil when the next record must be laid out anew.
  var widgetLayout: (memo: any WidgetLayoutMemo, screen: WidgetLayoutScreen)?

  /// A model starting from the header's committed preferences and viewport.
  public init(header: TraceHeader = TraceHeader(), options: Options = Options(), widgets: WidgetSchema? = nil) {
    self.state = UIState(preferences: PreferenceStore(committed: header.preferences))
    self.state.widgets = widgets
    self.options = options
    self.viewport = header.viewport
    self.state.elements.tracksChanges = options.layout != nil
  }

  /// The elements changed since the last call (a superset: every id a command, event or deletion
  /// addressed), when ``Options/tracksTouched`` is on; then forgets them.
  public mutating func takeTouched() -> Set<Int32> {
    defer { touched.removeAll(keepingCapacity: true) }
    return touched
  }

  @inline(__always)
  mutating func touch(_ id: Int32) {
    if options.tracksTouched { touched.insert(id) }
  }

  /// Notes the two ids a command addresses (its target and its child), as every command does.
  @inline(__always)
  mutating func touch(_ id: Int32, _ child: Int32) {
    if options.tracksTouched {
      touched.insert(id)
      touched.insert(child)
    }
  }

  /// The first error diagnostic, if any (strict mode stops there).
  public var firstError: Diagnostic? { diagnostics.first { $0.severity == .error } }

  /// The number of error diagnostics found.
  public var errorCount: Int { diagnosticCounts[.error, default: 0] }

  /// The instant of the next thing the clock will do (a timer tick, a toast expiring).
  public var nextDeadline: Double? { clock.nextDeadline }

  // MARK: - Records

  /// Advances the clock to the record's time, then applies it.
  ///
  /// - Parameter index: the record's index in its trace, for diagnostics.
  /// - Complexity: O(c) for a batch of c commands, plus what falls due on the clock.
  public mutating func apply(_ record: TraceRecord, index: Int) {
    if case .batch(let commands) = record.body { return applyBatch(commands, at: record.time, index: index) }
    advance(to: record.time, record: index)
    currentRecord = index
    state.lastRecordIndex = index
    switch record.body {
    case .batch: break
    case .event(let target, let event):
      touch(target)
      checkWidgetEvent(event, to: target)
      applyRecordedEvent(event, to: target)
    case .modalResult(let dialog, let value):
      touch(dialog)
      closeModal(dialog, value: value)
    case .marker:
      break
    }
    finishRecord()
  }

  /// Advances the clock to `time`, then applies one command batch (record `index` of its trace).
  ///
  /// - Complexity: O(c) for c commands, plus what falls due on the clock.
  public mutating func applyBatch(_ commands: [Command], at time: Double, index: Int) {
    if time > clock.now || clock.nextDeadline != nil { advance(to: time, record: index) }
    if !commands.isEmpty { timerFiringsSinceCommand = 0 }
    currentRecord = index
    state.lastRecordIndex = index
    if commands.count == 1 {
      currentCommand = nil
      apply(commands, at: 0)
    } else {
      for position in commands.indices {
        currentCommand = position
        apply(commands, at: position)
      }
      currentCommand = nil
    }
    finishRecord()
  }

  /// Runs the clock to `time` (never backwards): timers fire and toasts expire on the way, unless
  /// that would fire timers more than ``Options/clockLimit`` times without a command in between:
  /// then nothing fires and ``clockOverrun`` says why.
  public mutating func advance(to time: Double) {
    advance(to: time, record: nil)
  }

  /// ``advance(to:)`` on the way to record `record`, which an overrun names.
  mutating func advance(to time: Double, record: Int?) {
    currentRecord = nil
    currentCommand = nil
    if clockOverrun == nil { clockOverrun = overrun(advancingTo: time, record: record) }
    while clockOverrun == nil, let (item, deadline) = clock.popNextDue(through: time) {
      state.time = deadline
      switch item {
      case .timerTick(let id): fireTimer(id, at: deadline)
      case .toastExpiry(let number): expireToast(number, at: deadline)
      }
    }
    clock.settle(at: time)
    state.time = max(state.time, time)
  }

  /// Runs the clock until nothing is scheduled, at most `limit` items.
  ///
  /// - Returns: nil when idle; otherwise a description of what keeps the clock busy (a timer
  ///   repeats forever until its owner is deleted, so any running timer does).
  public mutating func runUntilIdle(limit: Int = 100_000) -> String? {
    var ran = 0
    while let deadline = clock.nextDeadline {
      if let clockOverrun { return clockOverrun.description }
      if ran >= limit {
        let timers = state.timers.values.sorted { $0.id < $1.id }
        if let timer = timers.first {
          return "timer \(timer.id) (owner \(timer.owner), every \(Format.number(timer.interval)) ms) keeps firing"
            + (timers.count > 1 ? ", and \(timers.count - 1) more timer\(timers.count > 2 ? "s" : "")" : "")
        }
        return "the clock still has \(clock.pendingCount) scheduled items"
      }
      advance(to: deadline)
      ran += 1
    }
    return nil
  }

  /// Work that follows every record: image requests for images that changed.
  mutating func finishRecord() {
    if allImagesDirty || !dirtyImages.isEmpty { evaluateImages() }
    guard options.layout != nil else { return }
    if !customElements.isEmpty || !widgetFrames.isEmpty {
      logWidgetFrames()
    } else {
      // Nothing to lay out: what changed meanwhile is forgotten, so the next layout is whole.
      widgetLayout = nil
      _ = state.elements.takeChanges()
    }
  }

  // MARK: - Diagnostics

  mutating func report(_ rule: DiagnosticRule, _ message: String) {
    diagnosticCounts[rule.severity, default: 0] += 1
    guard diagnostics.count < options.maxDiagnostics else { return }
    diagnostics.append(Diagnostic(recordIndex: currentRecord ?? -1, commandIndex: currentCommand, time: state.time, rule: rule, message: message))
  }

  mutating func emit(_ kind: PlatformEmission.Kind) {
    emissionCount += 1
    if options.recordEmissions {
      emissions.append(PlatformEmission(time: state.time, recordIndex: currentRecord, kind: kind))
    }
  }

  mutating func log(_ kind: PlatformRequest.Kind, from: Int32, text: String) {
    requestsLogged += 1
    guard options.maxRequests > 0 else { return }
    if state.requests.count >= options.maxRequests { state.requests.removeFirst() }
    state.requests.append(PlatformRequest(time: state.time, recordIndex: currentRecord ?? -1, kind: kind, from: from, text: text))
  }
}
