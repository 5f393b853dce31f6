import Dispatch

enum Sealant<R> {
()
()
}

final class Handlers<R> {
()
(()){()}
}


class Box<T> {
(){()}
(()){()}
(){}
}

final class SealedBox<T>: Box<T> {


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

        barrier.sync(flags: .barrier) {
(){

}

()
}





{
{()}
}




}

(){

{

}

}

(()){

        barrier.sync(flags: .barrier) {
{


()


}
}
{


()
}
}
}


extension Optional where Wrapped: DispatchQueue {
()
    func async(flags: DispatchWorkItemFlags?, _ body: @escaping() -> Void) {
        switch self {

()
()
{
                q.async(flags: flags, execute: body)
            } else {
                q.async(execute: body)
            }
}
}
}
