/// A value kept alive by a C callback's user data.
final class Retained<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
