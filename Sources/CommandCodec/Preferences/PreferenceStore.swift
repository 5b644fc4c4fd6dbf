/// Application preferences as the platform keeps them: a committed store and pending changes.
///
/// The engine saves preferences with DELETE_PREFERENCE and UPDATE_PREFERENCE commands followed by
/// COMMIT_PREFERENCES (protocol notes §6). Changes are pending until the commit; the last change to
/// a key wins, so an update after a delete revives the key and a delete after an update removes it.
///
/// ```swift
/// var prefs = PreferenceStore(committed: ["lang": "fi"])
/// prefs.update("user", to: "alice")
/// prefs.delete("lang")
/// prefs.commit()   // committed == ["user": "alice"]
/// ```
public struct PreferenceStore: Hashable, Sendable {
  /// The stored values, as of the last commit.
  public private(set) var committed: [String: String]
  /// Keys set since the last commit, with their new values.
  public private(set) var pendingUpdates: [String: String] = [:]
  /// Keys deleted since the last commit.
  public private(set) var pendingDeletions: Set<String> = []

  /// A store holding `committed` and no pending changes.
  public init(committed: [String: String] = [:]) {
    self.committed = committed
  }

  /// Whether there are changes waiting for a commit.
  public var hasPendingChanges: Bool { !pendingUpdates.isEmpty || !pendingDeletions.isEmpty }

  /// Records that `key` is set to `value` at the next commit (UPDATE_PREFERENCE).
  public mutating func update(_ key: String, to value: String) {
    pendingDeletions.remove(key)
    pendingUpdates[key] = value
  }

  /// Records that `key` is removed at the next commit (DELETE_PREFERENCE).
  public mutating func delete(_ key: String) {
    pendingUpdates.removeValue(forKey: key)
    pendingDeletions.insert(key)
  }

  /// Applies the pending changes to the committed store and clears them (COMMIT_PREFERENCES).
  public mutating func commit() {
    for key in pendingDeletions { committed.removeValue(forKey: key) }
    committed.merge(pendingUpdates) { _, new in new }
    pendingUpdates.removeAll()
    pendingDeletions.removeAll()
  }

  /// The value the application would read for `key`: pending changes shadow the committed store.
  public func value(forKey key: String) -> String? {
    if pendingDeletions.contains(key) { return nil }
    return pendingUpdates[key] ?? committed[key]
  }
}
