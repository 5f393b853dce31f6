

























import Foundation





public protocol ModeCode {
{}
}




public enum Rainbow {

    public struct Segment {





(){




}

{
()
}

(){
{

}

(){

}
(){

}


{

}

}
}

    public struct Entry {



(){

}

{
()
((){})
{
()
}

}

{
{}
}
}



    public static var outputTarget = OutputTarget.current
    
    static var environment = ProcessInfo.processInfo.environment
    static func hasValidValueInEnvironment(_ key: String) -> Bool {
{

}

}

{
(){

}
(){

}

}




    public static var enabled = environmentAvailable

(){
()()
}

()
()
()
{
()()
{
()
}{
()
}
}

(){
{

}
{

()()


}
}
}
