/// A node of ``EntryTree``: a leaf holding entries, or an inner node holding children.
///
/// Inner nodes keep their children's sizes in one contiguous array, so finding the child that
/// holds an offset reads one cache line or two instead of touching every child object.
final class EntryTreeNode {
  /// The parent, or `nil` for the root. Unowned: parents own children, never the reverse.
  unowned(unsafe) var parent: EntryTreeNode?
  /// A leaf's entries, in list order; empty in inner nodes.
  var entries: [Entry]
  /// An inner node's children, in list order; empty in leaves.
  var children: [EntryTreeNode]
  /// `childCounts[i]` is the number of entries under `children[i]`.
  var childCounts: [Int]
  /// The number of entries in this subtree.
  var count: Int
  let isLeaf: Bool
  /// A leaf's number in ``EntryTree``'s leaf registry; -1 for inner nodes.
  var number: Int32 = -1

  init(leafWith entries: [Entry]) {
    self.entries = entries
    self.children = []
    self.childCounts = []
    self.count = entries.count
    self.isLeaf = true
  }

  init(innerWith children: [EntryTreeNode]) {
    self.entries = []
    self.children = children
    self.childCounts = children.map(\.count)
    self.count = childCounts.reduce(0, +)
    self.isLeaf = false
    for child in children { child.parent = self }
  }

  /// The position of `child` among this node's children: pointer comparisons only.
  func slot(of child: EntryTreeNode) -> Int {
    children.firstIndex { $0 === child }!
  }

  /// The child holding `offset` and the offset within it. For an insertion (`inserting`), an
  /// offset at a boundary goes to the end of the left child.
  func child(at offset: Int, inserting: Bool) -> (slot: Int, offset: Int) {
    var remaining = offset
    for slot in childCounts.indices {
      let size = childCounts[slot]
      if remaining < size || (inserting && remaining == size) { return (slot, remaining) }
      remaining -= size
    }
    // Only an insertion at the very end gets here; it belongs to the last child.
    let last = childCounts.count - 1
    return (last, remaining + childCounts[last])
  }
}
