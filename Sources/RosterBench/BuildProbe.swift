import RosterKit

/// `roster-bench --profile-build N`: builds a list of N entries twenty times, for a profiler.
func profileBuild(_ n: Int) {
  let rows = ListBench.makeRows(n)
  var total = 0
  for _ in 0..<20 {
    total += RosterList(title: "Profile", rule: .text, entries: rows.map(ListBench.entry)).count
  }
  print(total)
}
