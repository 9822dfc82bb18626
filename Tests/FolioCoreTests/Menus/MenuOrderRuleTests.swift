import Testing

@testable import FolioCore

/// Seed 000's order rules and the number state held to its step.
@Suite struct MenuOrderRuleTests {
  @Test("fixed never reverses; automatic reverses upward off mac; priority reverses upward everywhere")
  func rules() {
    for platform in MenuPlatform.allCases {
      for upward in [false, true] {
        let fixed = MenuResolver.orderRule(.fixed, on: platform, opensUpward: upward)
        let automatic = MenuResolver.orderRule(.automatic, on: platform, opensUpward: upward)
        let priority = MenuResolver.orderRule(.priority, on: platform, opensUpward: upward)
        #expect(fixed == .fixed)
        #expect((automatic == .reversedUpward) == (upward && platform != .mac))
        #expect((priority == .reversedUpward) == upward)
        if !upward { #expect(automatic == .opensDownward && priority == .opensDownward) }
        if upward, platform == .mac { #expect(automatic == .macKeepsDeclaredOrder) }
      }
    }
  }

  @Test("a number state holds values to its step, within its bounds")
  func heldToStep() {
    let range = 25.0...400.0
    let cases: [(Double, Double)] = [
      (25, 25), (36, 25), (38, 50), (180, 175), (400, 400), (1000, 400), (-5, 25), (390, 400),
    ]
    for (value, held) in cases {
      #expect(CommandState.held(value, to: 25, in: range) == held, "\(value)")
    }
    // A range that is not a whole number of steps never passes its upper bound.
    #expect(CommandState.held(10, to: 4, in: 0...10) == 8)
    #expect(CommandState.held(0.7, to: 0, in: 0...1) == 0.7)
  }
}
