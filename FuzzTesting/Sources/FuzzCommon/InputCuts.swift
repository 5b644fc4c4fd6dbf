/// Split points for feeding an input in chunks, derived from the input itself.
///
/// The fuzzer mutates the input, so the splits vary with it and a finding reproduces from the file
/// alone (no seed to keep). Chunk lengths come from the input's bytes read from the end: the low
/// four bits give 1–16 bytes, and a set high bit makes the chunk sixteen times longer, so an input
/// is cut both inside tokens and across whole records.
public enum InputCuts {
  public static func derived(from input: [UInt8]) -> [Int] {
    guard input.count > 1 else { return [] }
    var cuts: [Int] = []
    var position = 0
    var index = input.count - 1
    while true {
      let byte = input[index]
      var length = 1 + Int(byte & 0x0F)
      if byte & 0x80 != 0 { length *= 16 }
      position += length
      guard position < input.count else { return cuts }
      cuts.append(position)
      index = index == 0 ? input.count - 1 : index - 1
    }
  }
}
