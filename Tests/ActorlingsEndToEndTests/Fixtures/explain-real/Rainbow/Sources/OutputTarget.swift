

























import Foundation

(){

}









public enum OutputTarget {




    static var current: OutputTarget = {
        #if os(Windows)


(()){

}



()
        if let t = termType, t.lowercased() != "dumb" && isatty(fileno(stdout)) != 0 {
            return .console
}



}()
}
