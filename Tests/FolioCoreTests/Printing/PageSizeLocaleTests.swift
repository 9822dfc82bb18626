import Testing

@testable import FolioCore

@Suite struct PageSizeLocaleTests {
  @Test(
    "a locale's territory decides: Letter for the CLDR Letter territories, A4 elsewhere",
    arguments: [
      ("en_US.UTF-8", PageSize.letter), ("en_CA.UTF-8", .letter), ("fr_CA", .letter),
      ("es_MX.UTF-8", .letter),
      ("fil_PH", .letter), ("es_US.utf8", .letter), ("en_us", .letter), ("es_CL@euro", .letter),
      ("en_GB.UTF-8", .a4), ("de_DE.UTF-8", .a4), ("fr_FR@euro", .a4), ("ja_JP.eucJP", .a4), ("en_AU", .a4),
      ("pt_BR.UTF-8", .a4), ("C", .a4), ("C.UTF-8", .a4), ("POSIX", .a4), ("en", .a4), ("_", .a4),
    ])
  func territories(locale: String, expected: PageSize) {
    #expect(PageSize.preferred(byLocaleIn: ["LANG": locale]) == expected)
  }

  @Test("LC_ALL, then LC_PAPER, then LANG names the locale; an empty one is skipped; none is A4")
  func precedence() {
    let us = "en_US.UTF-8"
    let german = "de_DE.UTF-8"
    #expect(PageSize.preferred(byLocaleIn: [:]) == .a4)
    #expect(PageSize.preferred(byLocaleIn: ["LANG": us, "LC_PAPER": german]) == .a4)
    #expect(PageSize.preferred(byLocaleIn: ["LANG": german, "LC_PAPER": us]) == .letter)
    #expect(PageSize.preferred(byLocaleIn: ["LANG": german, "LC_PAPER": german, "LC_ALL": us]) == .letter)
    #expect(PageSize.preferred(byLocaleIn: ["LANG": us, "LC_ALL": "C"]) == .a4)
    #expect(PageSize.preferred(byLocaleIn: ["LANG": us, "LC_PAPER": "", "LC_ALL": ""]) == .letter)
    // Other categories never decide the paper.
    #expect(PageSize.preferred(byLocaleIn: ["LC_MESSAGES": us, "LC_CTYPE": us]) == .a4)
  }
}
