import class Foundation.Thread
import Dispatch





public final class Promise<T>: Thenable, CatchMixin {
    let box: Box<Result<T>>

(){

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
()
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


{
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



{
()
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


{
(())
}
}



public extension DispatchQueue {



()(){
()
}{

}





()
(()){
()
(){
{
                promise.box.seal(.fulfilled(try body()))
            } catch {
(())
}
}

}
}



public enum PMKNamespacer {

}

enum PMKUnambiguousInitializer {

}
