import Rainbow
import Foundation



extension String {
(){
()
}
}

(){
()
(())
()
(())
()
}

(){
()
}



(){
()


    let r = [






]
    let a = [






]
    let i = [






]
    let n = [






]
    let b = [






]
    let o = [






]
    let w = [






]


    let colors: [(UInt8, UInt8, UInt8)] = [
()
()
()
()
()
()
()
]

    let letters = [r, a, i, n, b, o, w]


{
        var line = ""
()(){
            let color = colors[letterIdx]
[]()
}
()
}


()
    let tagline = "Delightful console output for Swift developers"


    let gradientColors: [(UInt8, UInt8, UInt8)] = [
()
()
()
()
()
()
()
()
()
()
()
]

    var coloredTagline = ""
    let taglineLength = tagline.count
()(){

        let progress = Double(idx) / Double(taglineLength - 1)
        let colorIdx = Int(progress * Double(gradientColors.count - 1))
        let color = gradientColors[min(colorIdx, gradientColors.count - 1)]
()()
}
()
()
}

()



()

()
(())
()
()
()
()
()
()
()
()

()
(())
()
()
()
()
()
()
(())



()

()
()
()
()
()
()
()
()
()

()
()
()
()
()



()

()
()
()
()
(())
()
()



()

()
()
()
()
()
()
()
()

()

(())

(())
(){
    let label = String(format: "%3d", i)
(()())
(){()}
}
()

(())
let colorIndices: [UInt8] = [






]
()(){
    let label = String(format: "%3d", i)
(()())
(){()}
}
()

(())
(){
(())
(){()}
}



(())

()
(()())
(()())
(()())
(()()())
(()()())
()

()
(()())
(()())



()

(())
(()())
(()())
(()())
(()())
(()())
()

(())
(())
(())
(())
()

()
(())
(())
(())
()

()
(())
(())
(())



(())

()
(()()())
(()()())
(()()())
(()()())
(()()())
()

()
(()())
(()())
()

()
(()())



(())

let builder1 = "Styled with Builder".styled



()
()

let builder2 = "Complex Styling".styled




()
()

let builder3 = "Multiple Styles".styled





()
()

let builder4 = "Hex via Builder".styled
()

()
()



()

let warning = "Warning".applyingAll(
()
()
[]
)
()

let success = "Success".applyingAll(
()
[]
)
()

let info = "Info".applyingAll(
()
[]
)
()

let custom8bit = "Custom 8-bit".applyingAll(
()
()
[]
)
()



()

let output = "The quick brown fox jumps over the lazy dog"
()
()



(())

let entry = Rainbow.Entry(
[
(())
(()()[])
()
(()[])
(()[])
]
)
(())



(())

let nested1 = "This has \("colored".green) words in it".underline
()

let nested2 = "Mix \("red".red), \("green".green), and \("blue".blue) together".bold
()

let nested3 = "Outer style".yellow.bold + " + " + "Inner style".cyan.italic
()



()

let styled = "Styled Text".red.bold.underline
()
()
()
()



()

()
()
([])
([])
([])
([])
([])
()

()
let completed = 75
let bar = String(repeating: "█", count: completed / 2)
let remaining = String(repeating: "░", count: (100 - completed) / 2)
(())
()

()
()
()
()
()
()

()
((){)
((()))
(})
()

()
let todoList = """

()
()
()


()
()

()
(())
(()())



()

(()())
(()())
()
((())(())(()))
((())(()()))
()
((())(()()))
((())(()))
()
((())(()))
((())(()))
()
((())(()))
((())(()))



section("Configuration")

print("  Colors are currently: " + (Rainbow.enabled ? "ENABLED".green.bold : "DISABLED".red.bold))
print("  Output target: " + "\(Rainbow.outputTarget)".cyan)
print()

print("  Disabling colors...")
Rainbow.enabled = false
print("  " + "This text should be plain".red.bold)
print()

print("  Re-enabling colors...")
Rainbow.enabled = true
print("  " + "This text should be colored again!".green.bold)

// MARK: - Footer

()
(())
()
(())
()
