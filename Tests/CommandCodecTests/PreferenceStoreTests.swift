import Testing
import CommandCodec

/// The platform's preference store: pending changes until COMMIT_PREFERENCES, the last change to a
/// key wins (protocol notes §6).
@Suite struct PreferenceStoreTests {
  @Test func updateThenDeleteRemovesTheKey() {
    var store = PreferenceStore(committed: ["user": "alice"])
    store.update("user", to: "bob")
    store.delete("user")
    #expect(store.value(forKey: "user") == nil)
    #expect(store.committed == ["user": "alice"], "nothing changes before the commit")
    store.commit()
    #expect(store.committed == [:])
  }

  @Test func deleteThenUpdateKeepsTheNewValue() {
    var store = PreferenceStore(committed: ["user": "alice"])
    store.delete("user")
    #expect(store.value(forKey: "user") == nil)
    store.update("user", to: "bob")
    #expect(store.value(forKey: "user") == "bob")
    store.commit()
    #expect(store.committed == ["user": "bob"])
  }

  @Test func commitAppliesEverythingAndClearsThePendingChanges() {
    var store = PreferenceStore(committed: ["a": "1", "b": "2", "c": "3"])
    #expect(!store.hasPendingChanges)
    store.update("a", to: "10")
    store.delete("b")
    store.update("d", to: "4")
    store.delete("never-there")
    #expect(store.hasPendingChanges)
    #expect(store.pendingUpdates == ["a": "10", "d": "4"])
    #expect(store.pendingDeletions == ["b", "never-there"])
    #expect(store.value(forKey: "a") == "10")
    #expect(store.value(forKey: "b") == nil)
    #expect(store.value(forKey: "c") == "3", "untouched keys read through to the committed store")
    store.commit()
    #expect(store.committed == ["a": "10", "c": "3", "d": "4"])
    #expect(!store.hasPendingChanges)
    #expect(store.pendingUpdates.isEmpty && store.pendingDeletions.isEmpty)
    store.commit()
    #expect(store.committed == ["a": "10", "c": "3", "d": "4"], "an empty commit changes nothing")
  }

  /// What FWApplication::savePreferences sends for a key set and then deleted before saving:
  /// DELETE_PREFERENCE, then UPDATE_PREFERENCE with "" (the key is still in the changed set), then
  /// COMMIT_PREFERENCES. Processed in order, the key ends up stored as "".
  @Test func theEnginesSetThenDeleteSequence() {
    var store = PreferenceStore(committed: ["token": "abc"])
    store.delete("token")
    store.update("token", to: "")
    store.commit()
    #expect(store.committed == ["token": ""])
  }

  @Test func updatingTwiceKeepsTheLastValue() {
    var store = PreferenceStore()
    store.update("k", to: "1")
    store.update("k", to: "2")
    store.commit()
    #expect(store.committed == ["k": "2"])
  }
}
