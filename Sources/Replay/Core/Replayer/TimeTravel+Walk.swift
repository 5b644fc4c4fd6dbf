import CommandCodec

extension TimeTravel {
  /// One record met on a ``TimeTravel/walk(from:applying:_:)``.
  public struct Step: Sendable {
    /// The record's index in the trace.
    public let index: Int
    public let record: TraceRecord
    /// What the platform did on its own as the model applied the record (timer ticks, image
    /// requests, toast expiries); empty when the walk does not apply records.
    public let emissions: [PlatformEmission]
  }

  /// Reads the trace on from record `start`, resuming at the nearest keyframe before it, and
  /// calls `visit` with each record from `start` on (and the model after it) until `visit`
  /// returns false or the records counted (``recordCount``) end: what a viewer that loads records and states on demand asks.
  ///
  /// ```swift
  /// // The state before record 500 and what record 500 changed.
  /// var before = UIState()
  /// try travel.walk(from: 499) { step, model in
  ///   if step.index == 499 { before = model.state; _ = model.takeTouched(); return true }
  ///   print(StateDiff(from: before, to: model.state, onlyElements: model.takeTouched()).renderText())
  ///   return false
  /// }
  /// ```
  ///
  /// The model is the keyframe's, with emissions and touched elements turned on: a visitor can
  /// take the elements each record touched (``ReferenceModel/takeTouched()``), and each step
  /// carries the record's own emissions (the model keeps none, so memory stays that of one
  /// state however far the walk goes).
  ///
  /// - Parameters:
  ///   - applying: false reads the records without applying them (a search in their text): the
  ///     model passed is then the keyframe's, unchanged.
  /// - Complexity: O(n / k) records read before `start` for k keyframes, plus those visited.
  /// - Throws: ``Replayer/Failure`` when the file cannot be read again.
  public func walk(from start: Int, applying: Bool = true, _ visit: (Step, inout ReferenceModel) -> Bool) throws(Replayer.Failure) {
    let keyframe = self.keyframe(for: .record(max(0, start) - 1))
    let reader = try self.reader(at: keyframe)
    var model = keyframe.model
    model.options.recordEmissions = true
    model.options.tracksTouched = true
    var index = keyframe.recordsApplied
    // Never past the records counted: a file still being written may hold half a record more.
    while index < recordCount {
      let record: TraceRecord
      do {
        guard let next = try reader.next() else { return }
        record = next
      } catch {
        throw .unreadable(error)
      }
      var emitted: [PlatformEmission] = []
      if applying {
        model.apply(record, index: index)
        if let overrun = model.clockOverrun { throw .clockOverrun(path: path, overrun) }
        if !model.emissions.isEmpty {
          emitted = model.emissions
          model.emissions.removeAll(keepingCapacity: true)
        }
      }
      if index >= start, !visit(Step(index: index, record: record, emissions: emitted), &model) { return }
      index += 1
    }
  }
}
