// The studio's tap round trip (issue #27): a click in the page's script posted to the studio,
// played to the example engine as a script step, the engine's answer applied to the model, the
// wireframe drawn and pushed back, and the page's screen replaced: the median over N taps on
// "Log in" (with empty fields every tap answers with its errors again, so every tap redraws).
// Target: under 50 ms. A benchmark, not a test: nothing here asserts a time.
//
//   swift run -c release --package-path Benchmarks studio-benchmark [--taps N]
//     [--cmdtool PATH] [--engine PATH] [--browser PATH] [--driver PATH]
import BenchmarkSupport
import Foundation

var taps = 100
var given: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  guard let value = arguments.popFirst() else { fatalError("\(argument) needs a value") }
  switch argument {
  case "--taps": taps = Int(value) ?? 100
  case "--cmdtool", "--engine", "--browser", "--driver": given[argument] = value
  default: fatalError("unknown option \(argument)")
  }
}

let cmdtool = try ReleaseProduct.locate("cmdtool", given: given["--cmdtool"], option: "--cmdtool")
let engine = try ReleaseProduct.locate("example-engine", given: given["--engine"], option: "--engine")
let studio = Process()
studio.executableURL = URL(fileURLWithPath: cmdtool)
studio.arguments = ["studio", "--", engine]
let printed = Pipe()
studio.standardOutput = printed
studio.standardError = FileHandle.nullDevice
try studio.run()
var address = ""
while !address.contains("\n") {
  let data = printed.fileHandleForReading.availableData
  if data.isEmpty { fatalError("cmdtool studio printed no address") }
  address += String(decoding: data, as: UTF8.self)
}
address = String(address.prefix { $0 != "\n" })

let browser = try WebDriverSession(driver: given["--driver"] ?? "/usr/bin/chromedriver", browser: given["--browser"] ?? "/usr/bin/chromium")
defer {
  browser.quit()
  studio.interrupt()
  studio.waitUntilExit()
}
try browser.open(address)
while "\(try browser.run("return document.getElementById('screen').dataset.frame"))" == "0" { usleep(20_000) }

// Each tap: the time from the click to the page's screen replaced by the next frame (the
// MutationObserver sees the frame number the page sets once the new SVG is in).
let script = """
  var done=arguments[arguments.length-1],count=\(taps)+5,times=[],screen=document.getElementById('screen');
  function tap(){var before=Number(screen.dataset.frame),t0=performance.now();
  var watch=new MutationObserver(function(){if(Number(screen.dataset.frame)<=before)return;watch.disconnect();
  times.push(performance.now()-t0);if(times.length<count)setTimeout(tap,0);else done(times.slice(5));});
  watch.observe(screen,{attributes:true,attributeFilter:['data-frame']});
  screen.querySelector('g.element.button').dispatchEvent(new MouseEvent('click',{bubbles:true}));}
  tap();
  """
guard let times = try browser.runAsync(script) as? [Double], !times.isEmpty else { fatalError("the page measured nothing") }
let sorted = times.sorted()
func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))] }
print("studio tap round trip over \(sorted.count) taps (5 warm-up taps not counted), in ms:")
print(String(format: "  median %.1f   p90 %.1f   min %.1f   max %.1f   (target: median under 50)", percentile(0.5), percentile(0.9), sorted.first!, sorted.last!))
