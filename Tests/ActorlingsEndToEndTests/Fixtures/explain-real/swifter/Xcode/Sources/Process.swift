






import Foundation

public class Process {

{
(())
}

{
()
(())


()
()

}

    private static var signalsWatchers = [(Int32) -> Void]()
    private static var signalsObserved = false

(()){
{
{
(){
{()}
}
}

}
()
}
}
