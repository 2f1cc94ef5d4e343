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

  @Test func reportsAWrongChildCount() {
    let tree = tree(count: 40)
    tree.root.childCounts[0] += 1
    let violations = tree.invariantViolations()
    #expect(violations.contains { $0.contains("records") })
    #expect(violations.contains { $0.contains("children sum otherwise") })
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
    node.entries = []
    node.count = 0
    #expect(tree.invariantViolations().contains { $0.contains("is empty") })
    let next = tree.nextLeaf(after: node)!
    next.entries += (100..<103).map(entry)
    next.count = next.entries.count
    #expect(tree.invariantViolations().contains { $0.contains("holds \(next.count) > 2") })
  }

  @Test func reportsAnIndexThatPointsElsewhere() {
    let tree = tree(count: 40)
    let first = tree.firstLeaf
    let second = tree.nextLeaf(after: first)!
    second.entries.insert(first.entries.removeFirst(), at: 0)
    #expect(tree.invariantViolations().contains { $0.contains("the index puts") })
  }

  @Test func reportsAStaleFoldedTextAndAWrongTag() {
    let tree = tree(count: 40)
    let leaf = tree.firstLeaf
    leaf.folded.replace(at: 0, with: Array("stale".utf8))
    #expect(tree.invariantViolations().contains { $0.contains("stale folded text") })
    leaf.tags[0] ^= 1
    #expect(tree.invariantViolations().contains { $0.contains("tags") })
  }
}
