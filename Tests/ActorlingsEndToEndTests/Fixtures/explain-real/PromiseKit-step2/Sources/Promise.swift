import class Foundation.Thread
import Dispatch


 A `Promise` is a functional abstraction around a failable asynchronous operation.
 - See: `Thenable`
 */
public final class Promise<T>: Thenable, CatchMixin {
    let box: Box<Result<T>>

    fileprivate init(box: SealedBox<Result<T>>) {

}




()


()

()






()




()

{
()
}

(){
((()))
}


(){
(())
}


(){
()
()
}


(()){
()
        let resolver = Resolver(box)
{
()
}{
()
}
}


    public class func pending() -> (promise: Promise<T>, resolver: Resolver<T>) {
{(())}(())
}


(()){
(){

{
{
()
()
()
()
}
}
()
()
}
}


    public var result: Result<T>? {
(){


()

}
}

(){
()
}
}

public extension Promise {




(){

{
()
}

        var result = self.result

{
            let group = DispatchGroup()
()
{()}
()
}

{
()

()

}
}
}

()
extension Promise where T == Void {

(){
(((())))
}


    public static var value: Promise<Void> {
(())
}
}



public extension DispatchQueue {



         DispatchQueue.global().async(.promise) {
()
}{

}





()
([]()){
        let promise = Promise<T>(.pending)
        async(group: group, qos: qos, flags: flags) {
            do {
                promise.box.seal(.fulfilled(try body()))
            } catch {
                promise.box.seal(.rejected(error))
            }
}

}
}



public enum PMKNamespacer {

}

enum PMKUnambiguousInitializer {

}
