import Foundation
import Testing

@testable import RosterKit

/// The invariant checker itself: silent on sound trees of every shape, and loud on each kind of
/// damage, so the randomized tests that rely on it can fail.
@Suite struct EntryTreeInvariantTests {
  func entry(_ number: Int) -> Entry {
    Entry(
      id: SequentialIDs.id(UInt64(number)), text: "e\(number)",
      created: Date(timeIntervalSince1970: 0))
  }

  func tree(count: Int, leafCapacity: Int = 2, innerCapacity: Int = 3) -> EntryTree {
    let entries = (0..<count).map(entry)
    return EntryTree(entries, leafCapacity: leafCapacity, innerCapacity: innerCapacity)
  }

  @Test(arguments: [0, 1, 2, 7, 40, 300])
  func soundAfterBuildingInsertingAndRemoving(count: Int) {
    let tree = tree(count: count)
    #expect(tree.invariantViolations() == [])
    for step in 0..<50 {
      tree.insert(entry(10_000 + step), at: step % 3)
    }
    #expect(tree.invariantViolations() == [])
    while tree.count > 0 { tree.remove(at: tree.count / 2) }
    #expect(tree.invariantViolations() == [])
  }

  /// Long texts overflow a leaf's room for folded bytes, on insertion and on replacement: the
  /// leaf moves into a larger allocation, and the parent, the registry and lookups by id follow.
  @Test func leavesThatOutgrowTheirFoldedBytesMove() throws {
    let tree = tree(count: 40, leafCapacity: 4)
    var expected = (0..<40).map(entry)
    for step in 0..<60 {
      var long = entry(1_000 + step)
      long.text = String(repeating: "Ω\(step)", count: 30 + step)
      let offset = (step * 7) % (expected.count + 1)
      tree.insert(long, at: offset)
      expected.insert(long, at: offset)
      let victim = expected[(step * 13) % expected.count]
      var longer = victim
      longer.text = victim.text + String(repeating: "é", count: 80)
      #expect(tree.replace(longer) == victim)
      expected[expected.firstIndex(of: victim)!] = longer
    }
    #expect(tree.invariantViolations() == [])
    #expect((0..<tree.count).map { tree[$0] } == expected)
    for (offset, entry) in expected.enumerated() {
      #expect(tree.offset(of: entry.id) == offset)
    }
  }

  @Test func reportsAWrongChildCount() {
    let tree = tree(count: 40)
    UnsafeMutablePointer(mutating: tree.root.childCounts.baseAddress!)[0] += 1
    let violations = tree.invariantViolations()
    #expect(violations.contains { $0.contains("records") })
    #expect(violations.contains { $0.contains("children sum otherwise") })
    #expect(violations.contains { $0.contains("sums group 0") })
  }

  @Test func reportsABrokenParentLink() {
    let tree = tree(count: 40)
    tree.root.children[1].parent = tree.root.children[0]
    #expect(tree.invariantViolations().contains { $0.contains("has another parent") })
  }

  @Test func reportsAnOverfullLeafAndAnEmptyOne() {
    let tree = tree(count: 40)
    var node = tree.root
    while !node.isLeaf { node = node.children[0] }
    // Leaf-level changes, which neither the index nor the parents hear of.
    while node.count > 0 { _ = node.remove(at: 0) }
    #expect(tree.invariantViolations().contains { $0.contains("is empty") })
    let next = tree.nextLeaf(after: node)!
    while next.count <= tree.leafCapacity {
      let extra = entry(100 + next.count)
      _ = Array(extra.text.utf8).withUnsafeBufferPointer { next.insert(extra, folded: $0, at: 0) }
    }
    #expect(tree.invariantViolations().contains { $0.contains("holds \(next.count) > 2") })
  }

  @Test func reportsAnIndexThatPointsElsewhere() {
    let tree = tree(count: 40)
    let first = tree.firstLeaf
    let second = tree.nextLeaf(after: first)!
    let moved = first.remove(at: 0)
    _ = Array(moved.text.utf8).withUnsafeBufferPointer { second.insert(moved, folded: $0, at: 0) }
    #expect(tree.invariantViolations().contains { $0.contains("the index puts") })
  }

  @Test func reportsAStaleFoldedTextAndAWrongTag() {
    let tree = tree(count: 40)
    let leaf = tree.firstLeaf
    Array("stale".utf8).withUnsafeBufferPointer {
      leaf.replace(at: 0, with: leaf.entries[0], folded: $0)
    }
    #expect(tree.invariantViolations().contains { $0.contains("stale folded text") })
    leaf.tags[0] ^= 1
    #expect(tree.invariantViolations().contains { $0.contains("tags") })
  }
}
