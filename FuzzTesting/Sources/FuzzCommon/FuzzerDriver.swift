/// Starts libFuzzer from an executable target's top-level code.
///
/// SwiftPM links every executable with `main` aliased to `<Module>_main`, the symbol of the
/// target's top-level code, so the usual `-parse-as-library` build (no top-level code, libFuzzer's
/// own `main`) fails to link with "undefined symbol <Module>_main". Instead the targets keep their
/// top-level code and hand over to libFuzzer's driver, which parses the same arguments and runs
/// the `LLVMFuzzerTestOneInput` the target defines with `@_cdecl`.
public enum FuzzerDriver {
  /// Runs libFuzzer with the process's arguments; returns its exit status.
  public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return withUnsafeMutablePointer(to: &argv) { argvPointer in
      llvmFuzzerRunDriver(&argc, argvPointer, testOneInput)
    }
  }
}

/// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size))`,
/// from libFuzzer (linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
