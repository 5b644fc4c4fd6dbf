import CommandCodec
@testable import ReplayCore
import Testing

/// `Element.==` is written out (Element+Equality.swift, for diffs); these tests hold it to what
/// the derived one was: every field, each with its own `==`.
@Suite("Element equality")
struct ElementEqualityTests {
  /// One change to each field, by the field's name in `Element`.
  static let changes: [String: @Sendable (Element) -> Element] = [
    "id": { Element(id: $0.id + 1, kind: $0.kind, parent: $0.parent) },
    "kind": { Element(id: $0.id, kind: $0.kind == .text ? .button : .text, parent: $0.parent) },
    "parent": { var e = $0; e.parent = e.parent == nil ? 3 : nil; return e },
    "children": { var e = $0; e.children.append(9); return e },
    "text": { var e = $0; e.text += "!"; return e },
    "secondaryText": { var e = $0; e.secondaryText += "?"; return e },
    "value": { var e = $0; e.value += 1; return e },
    "count": { var e = $0; e.count += 1; return e },
    "isVisible": { var e = $0; e.isVisible.toggle(); return e },
    "error": { var e = $0; e.error = e.error == nil ? "wrong" : nil; return e },
    "styles": { var e = $0; e.styles.set("color", to: "#ff0000", for: .active); return e },
    "options": { var e = $0; e.options.append(Element.Option(id: 7, label: "Seven")); return e },
    "flags": { var e = $0; e.flags ^= 32; return e },
    "links": { var e = $0; e.links.append("more"); return e },
    "list": { var e = $0; e.list = e.list == nil ? ListContent() : nil; return e },
    "image": { var e = $0; e.image = e.image == nil ? ImageState() : nil; return e },
    "isStopped": { var e = $0; e.isStopped.toggle(); return e },
    "modalResult": { var e = $0; e.modalResult = e.modalResult == nil ? 2 : nil; return e },
    "widget": { var e = $0; e.widget = e.widget == nil ? CustomWidget(kind: "PieChart", properties: ["piePercentage": "40"]) : nil; return e },
  ]

  /// Equality field by field through reflection: what the derived `==` compared.
  static func reflectedEqual(_ x: Element, _ y: Element) -> Bool {
    zip(Mirror(reflecting: x).children, Mirror(reflecting: y).children).allSatisfy { a, b in
      a.label == b.label && (a.value as? AnyHashable) == (b.value as? AnyHashable)
    }
  }

  static var bases: [Element] {
    var plain = Element(id: 4, kind: .text, parent: 2)
    plain.text = "Hello"
    plain.styles.set("padding", to: "8", for: .normal)
    var full = Element(id: 5, kind: .listView, parent: 2)
    full.children = [6, 7]
    full.text = "Näytä kaikki"
    full.error = "bad"
    full.links = ["a", "b"]
    full.list?.sheets = ["one"]
    full.list?.cells[ListContent.CellAddress(sheet: 0, row: 1, column: 2)] = "cell"
    full.modalResult = 1
    var image = Element(id: 8, kind: .imageView, parent: nil)
    image.image?.file = "logo.png"
    var chart = Element(id: 9, kind: .custom, parent: 2)
    chart.widget = CustomWidget(kind: "PieChart", attributes: ["title": "Spent"], properties: ["piePercentage": "40"])
    return [plain, full, image, chart]
  }

  @Test("Every field of Element has a change here (add one for a new field, and compare it in ==)")
  func everyFieldIsCovered() {
    let fields = Set(Mirror(reflecting: Element(id: 1, kind: .text, parent: nil)).children.compactMap(\.label))
    #expect(fields == Set(Self.changes.keys))
  }

  @Test("A change to any one field makes two elements unequal, both ways")
  func eachFieldCounts() {
    for base in Self.bases {
      #expect(base == base)
      for (field, change) in Self.changes {
        let changed = change(base)
        #expect(base != changed, "\(field) of element \(base.id)")
        #expect(changed != base, "\(field) of element \(base.id)")
        #expect(!Self.reflectedEqual(base, changed), "\(field) of element \(base.id)")
      }
    }
  }

  @Test("== agrees with a field-by-field comparison on every pair of changed elements")
  func agreesWithReflection() {
    var elements = Self.bases
    for base in Self.bases {
      for change in Self.changes.values { elements.append(change(base)) }
    }
    // Two changes on top of each other (the same one twice undoes it, for most fields).
    for first in Self.changes.values {
      for second in Self.changes.values { elements.append(second(first(Self.bases[1]))) }
    }
    for x in elements {
      for y in elements.prefix(60) {
        #expect((x == y) == Self.reflectedEqual(x, y))
      }
    }
  }

  @Test("Styles set in another order, and strings equal after Unicode normalization, are equal")
  func equivalentValues() {
    var x = Element(id: 4, kind: .text, parent: 2)
    var y = x
    x.styles.set("color", to: "#000000", for: .normal)
    x.styles.set("padding", to: "8", for: .normal)
    y.styles.set("padding", to: "8", for: .normal)
    y.styles.set("color", to: "#000000", for: .normal)
    x.text = "caf\u{E9}"
    y.text = "cafe\u{301}"
    #expect(x == y)
    #expect(Self.reflectedEqual(x, y))
  }

  @Test("The rare fields' box is copied on write: a copy never sees the original's changes, nor the reverse")
  func extrasAreCopiedOnWrite() {
    for base in Self.bases {
      for (field, change) in Self.changes {
        var original = base
        let copy = original
        original = change(original)
        #expect(copy == base, "\(field) of element \(base.id): the copy kept its value")
        let changedCopy = change(copy)
        #expect(original == changedCopy, "\(field) of element \(base.id)")
        #expect(base == Self.bases.first { $0.id == base.id }!, "the base itself is untouched")
      }
    }
    // A store copied (as time travel's keyframes are), then changed in place: the copy keeps its.
    var store = ElementStore()
    var list = Element(id: 5, kind: .listView, parent: nil)
    list.options.append(Element.Option(id: 1, label: "One"))
    store.insert(list)
    let keyframe = store
    store.update(5) { $0.options.append(Element.Option(id: 2, label: "Two")); $0.list?.sheets.append("sheet") }
    #expect(keyframe[5]?.options.count == 1)
    #expect(keyframe[5]?.list?.sheets == [])
    #expect(store[5]?.options.count == 2)
    #expect(store[5]?.list?.sheets == ["sheet"])
  }

  @Test("An element whose rare fields went back to their defaults equals one that never set them, and hashes alike")
  func defaultsEqualNoBox() {
    var x = Element(id: 4, kind: .textField, parent: 2)
    let y = x
    x.secondaryText = "off"
    x.flags = 16
    x.error = "bad"
    x.options = [Element.Option(id: 1, label: "One")]
    #expect(x != y)
    x.secondaryText = ""
    x.flags = 0
    x.error = nil
    x.options.removeAll()
    #expect(x.extras != nil, "the box stays once made")
    #expect(x == y)
    #expect(y == x)
    #expect(x.hashValue == y.hashValue)
    var z = y
    z.flags = 0
    z.secondaryText = ""
    #expect(z.extras == nil, "setting a default makes no box")
  }

  @Test("An element is 72 bytes: what frequent commands touch inline, the rest boxed (see Element's documentation)")
  func elementSize() {
    #expect(MemoryLayout<Element>.stride <= 72, "a new stored field belongs in ElementExtras unless frequent commands set it")
  }
}
