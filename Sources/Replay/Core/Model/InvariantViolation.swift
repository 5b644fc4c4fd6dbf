/// A way a ``UIState`` (or the ``ReferenceModel`` holding it) contradicts itself: a parent that
/// does not list its child, an active view that is gone, a toast that should have expired.
///
/// No trace, however broken, may lead the model into such a state: diagnostics are how the model
/// reports bad input, invariants are what it keeps regardless. The property tests and the stream
/// oracle check them after every record (``UIState/invariantViolations()``).
package struct InvariantViolation: Hashable, Sendable, CustomStringConvertible {
  /// The invariants, each with a stable name.
  package enum Invariant: String, Hashable, Sendable, CaseIterable {
    /// An element is stored under the id it has.
    case elementId = "element-id"
    /// An element's parent is live and lists it among its children exactly once.
    case parentLink = "parent-link"
    /// A listed child is live and names the lister as its parent.
    case childLink = "child-link"
    /// Every element is reached from a root (the application or a detached element): no parent
    /// chain loops.
    case cycle
    /// List and grid views have list content, image views image content.
    case content
    /// The application id names a live application without a parent, and it is the only one.
    case application
    /// The active view is a live frame or OpenGL view.
    case activeView = "active-view"
    /// Every view in the history is a live frame or OpenGL view.
    case history
    /// The drawer is a live navigation view.
    case navigation
    /// Every open modal is a live dialog, alert dialog or action sheet, once.
    case modalStack = "modal-stack"
    /// Toasts are in order, on screen now and for their duration.
    case toast
    /// Timers are stored under their id, have a positive interval and tick in the future, on their
    /// schedule.
    case timer
    /// The clock holds exactly one pending tick per timer and one expiry per toast (model only).
    case clock
    /// The model's registry of image views is exactly the live image views (model only).
    case images
  }

  package var invariant: Invariant
  package var message: String

  package init(_ invariant: Invariant, _ message: String) {
    self.invariant = invariant
    self.message = message
  }

  package var description: String { "[\(invariant.rawValue)] \(message)" }
}
