// Lectern: builds the application and runs it.
import Foundation
import LecternApp

exit(LecternApplication.main(arguments: CommandLine.arguments))
