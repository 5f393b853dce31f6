








import Foundation

open class SwiftyBeaver {






    public enum Level: Int {







}


    public private(set) static var destinations = Set<BaseDestination>()
    



    private static let queue = DispatchQueue(label: "destination queue", attributes: .concurrent)





    open class func addDestination(_ destination: BaseDestination) -> Bool {
        return queue.sync(flags: DispatchWorkItemFlags.barrier) {
(){

}
()

}
}



    open class func removeDestination(_ destination: BaseDestination) -> Bool {
        return queue.sync(flags: DispatchWorkItemFlags.barrier) {
(){

}
()

}
}


    open class func removeAllDestinations() {
        queue.sync(flags: DispatchWorkItemFlags.barrier) {
()
}
}


    open class func countDestinations() -> Int {
{}
}


    open class func threadName() -> String {

()





{

}{
()
()
}

}




    open class func verbose(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func debug(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func info(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func warning(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func error(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func critical(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func fault(_ message: @autoclosure () -> Any,
){
()
(())

()

}


    open class func custom(level: SwiftyBeaver.Level, message: @autoclosure () -> Any,
){
()
(()()
)

(()
)

}


    class func dispatch_send(level: SwiftyBeaver.Level, message: @autoclosure () -> Any,
){

{}
{

{

}

()
(){


()

{
{
                        _ = dest.send(level, msg: msgStr, thread: thread, file: file, function: f, line: line, context: context)
                    }
}{
{
()
}
}
}
}
}




    public class func flush(secondTimeout: Int64) -> Bool {
()
{}
{
{

}
()
{
{
                    dest.flush()
                    grp.leave()
}
}{
{
()
()
}
}
}
(()(()))
}


    class func stripParams(function: String) -> String {

(){
()
()

()

}


}
}



()
extension SwiftyBeaver.Level: Sendable {}
