extension PageSize {
  /// The territories whose everyday paper is US Letter, as CLDR's `paperSize` data lists
  /// them; everywhere else uses A4.
  static let letterTerritories: Set<String> = [
    "BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE",
  ]

  /// The paper size of the locale an environment names.
  ///
  /// The locale is the first of `LC_ALL`, `LC_PAPER` and `LANG` that is set and not empty —
  /// the order POSIX gives them for the paper category. Its territory (`en_US.UTF-8` → `US`,
  /// `fr_CA@euro` → `CA`) decides: Letter for the CLDR Letter territories (the United States,
  /// Canada, Mexico, the Philippines, much of Central and South America), A4 for every other
  /// territory and for a locale without one (`C`, `POSIX`, `C.UTF-8`, unset).
  ///
  /// - Parameter environment: the process environment.
  /// - Returns: `.letter` or `.a4`.
  public static func preferred(byLocaleIn environment: [String: String]) -> PageSize {
    let locale = ["LC_ALL", "LC_PAPER", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let locale, let underscore = locale.firstIndex(of: "_") else { return .a4 }
    let territory = locale[locale.index(after: underscore)...].prefix { $0 != "." && $0 != "@" }
    return letterTerritories.contains(territory.uppercased()) ? .letter : .a4
  }
}
