import ArgumentParser

/// `--shard K/N`: this machine's part of a CI matrix (1 ≤ K ≤ N), for every command that splits
/// its work between machines.
enum Shard {
  static func parse(_ text: String) throws -> (index: Int, count: Int) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
      throw ValidationError("--shard \(text) is not a shard: use K/N with 1 ≤ K ≤ N, e.g. 2/4")
    }
    return (index, count)
  }
}
