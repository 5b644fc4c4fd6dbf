import CommandCodec

/// A model run over a trace that keeps, beside it, the state at the last kept frame, and says
/// what changed between two kept frames: what a trace viewer shows at evenly spaced records.
///
/// The kept state is a copy of its own, brought up to date element by element: only the
/// elements the records since the last frame touched are copied into it (or removed from it).
/// Keeping the model's state itself would share its storage, so that the model's next change
/// copied every element: a trace of n elements and f frames then cost O(n · f) time, and each
/// frame a whole state's memory until the next.
///
/// ```swift
/// var sampler = FrameSampler(header: header, widgets: widgets)
/// for (index, record) in records.enumerated() {
///   sampler.apply(record, index: index)
///   if index % 100 == 0 { print(sampler.keep().renderText() ?? "no change") }
/// }
/// ```
///
/// - Complexity: O(n) records applied, plus per kept frame O(k + t) for k elements touched since
///   the frame before and t top-level entries (toasts, timers, preferences, at most
///   ``ReferenceModel/Options/maxRequests`` requests). Memory is the model's state and one
///   kept state, whatever the number of frames.
public struct FrameSampler: Sendable {
  /// The model, after the records applied so far.
  public private(set) var model: ReferenceModel
  /// The state at the last ``keep()`` (an empty state before the first).
  public private(set) var kept = UIState()
  private var requestsBefore = 0

  /// A sampler starting from the header's state; the model notes touched elements.
  public init(header: TraceHeader, widgets: WidgetSchema? = nil, options: ReferenceModel.Options = .init()) {
    var options = options
    options.tracksTouched = true
    model = ReferenceModel(header: header, options: options, widgets: widgets)
  }

  /// Applies record `index` of the trace.
  public mutating func apply(_ record: TraceRecord, index: Int) {
    model.apply(record, index: index)
  }

  /// Keeps the model's current state as a frame: returns what changed since the frame before
  /// (from an empty state at the first), and makes ``kept`` equal the model's state.
  ///
  /// - Complexity: O(k + t), as the type says.
  public mutating func keep() -> StateDiff {
    let touched = model.takeTouched()
    let diff = StateDiff(from: kept, to: model.state, onlyElements: touched, newRequests: model.requestsLogged - requestsBefore)
    requestsBefore = model.requestsLogged
    kept.follow(model.state, elements: touched)
    return diff
  }
}

extension UIState {
  /// Becomes equal to `state`, given that only the elements `touched` names can differ: those
  /// are copied (or removed), the rest of the element store stays this state's own.
  ///
  /// - Complexity: O(k) for k touched elements, plus sharing the top-level fields.
  mutating func follow(_ state: UIState, elements touched: Set<Int32>) {
    // The store is taken out first, so that it stays uniquely referenced and changes in place.
    var store = ElementStore()
    swap(&store, &elements)
    for id in touched {
      if let slot = state.elements.slot(of: id) {
        let element = state.elements[slot: slot]
        if !store.update(id, { $0 = element }) { store.insert(element) }
      } else {
        store.remove(id) { _ in () }
      }
    }
    // Every other field is taken as is: they share storage with the model's until it changes
    // them, which copies only that field (a few toasts, timers, preferences, requests).
    self = state
    elements = store
  }
}
