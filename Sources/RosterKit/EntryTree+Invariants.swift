import Foundation

// The shape every public operation of ``EntryTree`` must leave behind. The randomized model
// tests call `invariantViolations()` after every step, so a split, prune or index update that
// drifts is caught at the step that caused it, not thousands of steps later as a wrong answer.
extension EntryTree {
  /// Every way the tree departs from its invariants, as one sentence each; empty when sound.
  ///
  /// Checked: counts (each node's count is its entries or the sum of its children's, and the
  /// parent's `childCounts` and group sums agree), fill (no node over capacity, no empty node
  /// below the root, every leaf at the same depth, a leaf's entries inside its room),
  /// parent/child links, the leaf registry (each leaf registered under its number, freed numbers
  /// empty), each leaf's id tags and folded texts (equal to a fresh fold of its entries' texts,
  /// scalar by scalar), and the id index (it holds exactly the stored ids, each pointing at the
  /// leaf that holds it).
  /// - Complexity: O(n).
  func invariantViolations() -> [String] {
    var violations: [String] = []
    if root.parent != nil { violations.append("the root has a parent") }
    var leafDepths: Set<Int> = []
    var registered: Set<Int32> = []
    var ids: Set<UUID> = []
    var total = 0

    func visit(_ node: EntryTreeNode, depth: Int, path: String) {
      if node.isLeaf {
        leafDepths.insert(depth)
        total += node.entries.count
        if node.count != node.entries.count {
          violations.append("leaf \(path) counts \(node.count) but holds \(node.entries.count)")
        }
        if node.entries.count > leafCapacity {
          violations.append("leaf \(path) holds \(node.entries.count) > \(leafCapacity)")
        }
        if node.entries.isEmpty && node !== root { violations.append("leaf \(path) is empty") }
        if node.first < 0 || node.first + node.count > node.room {
          violations.append(
            "leaf \(path) places its entries at \(node.first)..<\(node.first + node.count), "
              + "outside its room of \(node.room)")
        }
        checkRegistration(of: node, path: path)
        checkLeafCopies(of: node, path: path)
        for entry in node.entries {
          if !ids.insert(entry.id).inserted {
            violations.append("id \(entry.id) is stored twice")
          }
          let indexed = index[entry.id]
          if indexed != node.number {
            violations.append(
              "the index puts \(entry.id) in leaf \(indexed.map(String.init) ?? "none"), "
                + "it is in leaf \(node.number) (\(path))")
          }
        }
        return
      }
      if node.number != -1 {
        violations.append("inner node \(path) has leaf number \(node.number)")
      }
      if node.children.isEmpty { violations.append("inner node \(path) has no children") }
      if node.children.count > innerCapacity {
        violations.append(
          "inner node \(path) has \(node.children.count) > \(innerCapacity) children")
      }
      let sum = node.childCounts.reduce(0) { $0 + Int($1) }
      if node.count != sum {
        violations.append("inner node \(path) counts \(node.count), its children sum otherwise")
      }
      for (group, sum) in node.groupSums.enumerated() {
        let counts = node.childCounts[(group * 8)..<min(group * 8 + 8, node.childCounts.count)]
        if Int(sum) != counts.reduce(0, { $0 + Int($1) }) {
          violations.append(
            "inner node \(path) sums group \(group) to \(sum), its counts otherwise")
        }
      }
      for (slot, child) in node.children.enumerated() {
        if child.parent !== node { violations.append("child \(path).\(slot) has another parent") }
        if slot < node.childCounts.count, Int(node.childCounts[slot]) != child.count {
          violations.append(
            "inner node \(path) records \(node.childCounts[slot]) for child \(slot), "
              + "which counts \(child.count)")
        }
        visit(child, depth: depth + 1, path: "\(path).\(slot)")
      }
    }

    // The tags and folded texts a leaf keeps beside its entries, against a plain re-fold.
    func checkLeafCopies(of leaf: EntryTreeNode, path: String) {
      if !leaf.tags.elementsEqual(leaf.entries.map({ EntryTreeNode.tag(of: $0.id) })) {
        violations.append("leaf \(path) has tags that are not its ids'")
      }
      guard leaf.folded.count == leaf.entries.count else {
        violations.append(
          "leaf \(path) holds \(leaf.folded.count) folded texts for \(leaf.entries.count) entries")
        return
      }
      for (slot, entry) in leaf.entries.enumerated() {
        let refolded = entry.text.unicodeScalars.flatMap(TextFolder.referenceFold)
        if !leaf.folded.text(at: slot).elementsEqual(refolded) {
          violations.append("leaf \(path) slot \(slot) has a stale folded text")
        }
      }
    }

    func checkRegistration(of leaf: EntryTreeNode, path: String) {
      let number = Int(leaf.number)
      guard number >= 0, number < leaves.count, leaves[number] === leaf else {
        violations.append("leaf \(path) is not registered under its number \(leaf.number)")
        return
      }
      if !registered.insert(leaf.number).inserted {
        violations.append("leaf number \(leaf.number) is used twice")
      }
    }

    visit(root, depth: 0, path: "root")
    if leafDepths.count > 1 { violations.append("leaves sit at depths \(leafDepths.sorted())") }
    if total != root.count {
      violations.append("the root counts \(root.count), leaves hold \(total)")
    }
    let live = leaves.indices.filter { leaves[$0] != nil }.map { Int32($0) }
    if Set(live) != registered {
      violations.append("the registry holds \(live.count) leaves, the tree \(registered.count)")
    }
    for number in freeNumbers where leaves[Int(number)] != nil {
      violations.append("freed leaf number \(number) is still in use")
    }
    if index.count != total {
      violations.append("the index holds \(index.count) ids, the tree \(total)")
    }
    return violations
  }
}
