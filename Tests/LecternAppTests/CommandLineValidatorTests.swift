import Testing
@testable import LecternApp

@Suite("Command-line check")
struct CommandLineValidatorTests {
    @Test func acceptsKnownFlagsInBothSpellings() {
        #expect(CommandLineValidator.check(["--screenshot", "a.png"]) == nil)
        #expect(CommandLineValidator.check(["--screenshot=a.png", "--theme=Paper"]) == nil)
        #expect(CommandLineValidator.check(["--help"]) == nil)
        #expect(CommandLineValidator.check(["-h"]) == nil)
    }

    @Test func rejectsWhatGApplicationWouldMisreport() {
        #expect(CommandLineValidator.check(["--nope"])?.message == "unknown option --nope")
        #expect(CommandLineValidator.check(["-x"])?.message == "unknown option -x")
        #expect(CommandLineValidator.check(["--version=3"])?.message == "--version takes no value")
        #expect(CommandLineValidator.check(["--screenshot"])?.message == "--screenshot needs a value")
    }

    @Test func suggestsOnlyCloseMatches() {
        #expect(CommandLineValidator.closest(to: "screenshto", among: ["screenshot", "version"]) == "screenshot")
        #expect(CommandLineValidator.closest(to: "xyzzy", among: ["screenshot", "version"]) == nil)
    }
}
