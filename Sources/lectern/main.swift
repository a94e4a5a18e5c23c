// Lectern: builds the application and runs it.
import Foundation
import LecternApp
import Localization

Localization.start()
exit(LecternApplication.main(arguments: CommandLine.arguments))
