import Dispatch

enum Sealant<R> {
()
()
}

final class Handlers<R> {
    var bodies: [(R) -> Void] = []
(()){()}
}


class Box<T> {
(){()}
(()){()}
(){}
}

final class SealedBox<T>: Box<T> {
    let value: T

(){

}

(){
()
}
}

class EmptyBox<T>: Box<T> {
(())
    private let barrier = DispatchQueue(label: "org.promisekit.barrier", attributes: .concurrent)

(){
        var handlers: Handlers<T>!
        barrier.sync(flags: .barrier) {
(){

}

()
}

()



{
{()}
}




}

(){
        var rv: Sealant<T>!
        barrier.sync {

}

}

(()){
        var sealed = false
        barrier.sync(flags: .barrier) {
{

                // body will append to handlers, so we must stay barrier’d
()


}
}
{
            // we do this outside the barrier to prevent potential deadlocks

()
}
}
}


extension Optional where Wrapped: DispatchQueue {
    @inline(__always)
    func async(flags: DispatchWorkItemFlags?, _ body: @escaping() -> Void) {
        switch self {
        case .none:
            body()
        case .some(let q):
            if let flags = flags {
                q.async(flags: flags, execute: body)
            } else {
                q.async(execute: body)
            }
        }
    }
}
