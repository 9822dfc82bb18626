// Micro-benchmarks of Folio's model, run by `make bench` in a release build. They measure;
// they never fail a build.
import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// Seconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A number of microseconds, right-aligned to ten places with one decimal.
func formatted(_ microseconds: Double) -> String {
  let tenths = Int((microseconds * 10).rounded())
  let text = "\(tenths / 10).\(tenths % 10)"
  return String(repeating: " ", count: max(0, 10 - text.count)) + text
}

/// The median time of `body` over `runs` runs, in microseconds.
func measure(runs: Int = 200, _ body: () throws -> Void) rethrows -> Double {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = now()
    try body()
    samples.append((now() - start) * 1e6)
  }
  return samples.sorted()[samples.count / 2]
}

/// A registry of `count` commands, every third disabled by its predicate and every fifth a
/// toggle, and a menu of them in sections of ten.
func makeMenu(count: Int) throws -> (CommandRegistry, Menu) {
  let registry = CommandRegistry()
  var flags = [Bool](repeating: false, count: count)
  for index in 0..<count {
    let id = "bench.item\(index)"
    if index % 5 == 0 {
      try registry.register(
        Command(
          id: id, title: "Toggle \(index)",
          behavior: .state(.toggle(get: { flags[index] }, set: { flags[index] = $0 }))))
    } else {
      try registry.register(
        Command(
          id: id, title: "Item \(index)", icon: "star",
          availability: { index % 3 == 0 ? .disabled(reason: "not now") : .enabled },
          behavior: .action { _ in .none }))
    }
  }
  let sections = stride(from: 0, to: count, by: 10).map { start in
    MenuElement.section(
      MenuSection(
        header: "Section \(start / 10)",
        elements: (start..<min(start + 10, count)).map { .item(MenuItem(command: "bench.item\($0)")) }))
  }
  return (registry, Menu(id: "bench", title: "Bench", elements: sections))
}

let (registry, menu) = try makeMenu(count: 1000)
print("scenario                                        median µs")
let resolve = try measure { _ = try MenuResolver.resolve(menu, registry: registry, platform: .mac) }
print("resolve a 1,000-item menu with predicates   \(formatted(resolve))")
let resolveUpward = try measure {
  _ = try MenuResolver.resolve(menu, registry: registry, platform: .iphone, opensUpward: true)
}
print("… on iphone, opening upward (reversed)      \(formatted(resolveUpward))")
let open = try measure { _ = try MenuSession(menu, registry: registry).items }
print("open it as a session and number its items    \(formatted(open))")
