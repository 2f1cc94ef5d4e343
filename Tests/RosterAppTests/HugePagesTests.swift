import RosterLaunch
import Testing

/// The app starts again with glibc asking for huge pages only when that changes something, and
/// never overrides a choice already made in `GLIBC_TUNABLES`.
@Suite struct HugePagesTests {
  @Test func anUnsetOrEmptyVariableGetsTheTunableAlone() {
    #expect(HugePages.tunables(adding: nil) == "glibc.malloc.hugetlb=1")
    #expect(HugePages.tunables(adding: "") == "glibc.malloc.hugetlb=1")
  }

  @Test func otherTunablesAreKept() {
    #expect(
      HugePages.tunables(adding: "glibc.malloc.check=3")
        == "glibc.malloc.check=3:glibc.malloc.hugetlb=1")
    #expect(
      HugePages.tunables(adding: "glibc.malloc.hugetlb_extra=2:glibc.rtld.nns=2")
        == "glibc.malloc.hugetlb_extra=2:glibc.rtld.nns=2:glibc.malloc.hugetlb=1")
  }

  @Test(arguments: [
    "glibc.malloc.hugetlb=0", "glibc.malloc.hugetlb=1",
    "glibc.malloc.check=3:glibc.malloc.hugetlb=2", "glibc.malloc.hugetlb",
  ])
  func aChoiceAlreadyMadeStands(current: String) {
    // `nil` is what makes `relaunchIfWanted` return without starting again: no loop either.
    #expect(HugePages.tunables(adding: current) == nil)
  }

  @Test(arguments: [nil, "", "glibc.malloc.check=3", "set:x", "unset"] as [String?])
  func theVariableComesBackAsItWas(before: String?) {
    // What the second start puts back is what the first found, set (even empty) or unset.
    #expect(HugePages.uncarried(HugePages.carrying(before)) == before)
  }

  @Test func onlyTheMadviseModeAsksForARelaunch() {
    #expect(HugePages.onlyWhenAsked(mode: "always [madvise] never\n"))
    #expect(!HugePages.onlyWhenAsked(mode: "[always] madvise never\n"))
    #expect(!HugePages.onlyWhenAsked(mode: "always madvise [never]\n"))
  }
}
