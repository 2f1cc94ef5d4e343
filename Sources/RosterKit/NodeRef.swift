/// A node of ``EntryTree`` held without retaining it, for the walks up and down the tree.
///
/// The tree owns every node (parents their children, and the tree its root), so a walk that
/// only passes through nodes need not retain each one. At a million entries those retains and
/// releases were atomic writes to cold cache lines: a walk waited for each node's line before
/// it could go on, on top of their instructions.
struct NodeRef: Equatable {
  let unmanaged: Unmanaged<EntryTreeNode>

  init(_ unmanaged: Unmanaged<EntryTreeNode>) { self.unmanaged = unmanaged }
  init(_ node: EntryTreeNode) { unmanaged = .passUnretained(node) }

  /// Calls `body` with the node, borrowed: valid only while the tree keeps it.
  func node<Result>(_ body: (EntryTreeNode) -> Result) -> Result {
    unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// The node, retained: for a caller that keeps it past the walk.
  var retained: EntryTreeNode { unmanaged.takeUnretainedValue() }

  static func == (lhs: NodeRef, rhs: NodeRef) -> Bool {
    lhs.unmanaged.toOpaque() == rhs.unmanaged.toOpaque()
  }
}
