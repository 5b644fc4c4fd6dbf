import Replay
import Testing

@Suite("SHA-256 and Base64")
struct SHA256Tests {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
  }

  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
  ])
  func knownDigests(input: String, digest: String) {
    #expect(hex(SHA256.digest(Array(input.utf8))) == digest)
  }

  @Test func aMillionAs() {
    #expect(hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func base64() {
    #expect(Base64.encode(Array("".utf8)) == "")
    #expect(Base64.encode(Array("f".utf8)) == "Zg==")
    #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
    #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
    #expect(SHA256.base64Digest("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
  }
}
