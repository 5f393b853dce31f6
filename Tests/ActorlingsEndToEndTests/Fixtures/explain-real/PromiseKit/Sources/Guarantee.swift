import class Foundation.Thread
import Dispatch





public final class Guarantee<T>: Thenable {
    let box: PromiseKit.Box<T>

(){

}


(){
(())
}


((())){
()
()
}


(()){
{(())}
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
()
}
}

    final private class Box<U>: EmptyBox<U> {
{
(){

()


}
}
}

(){
()
}


    public class func pending() -> (guarantee: Guarantee<T>, resolve: (T) -> Void) {
{()}(())
}
}

public extension Guarantee {

(()){
()
{()
(){
()
(())
}
}

}

(()){
(){
()

}
}

(()){
()
{
(){
(())
}
}

}

()()
(){
()
{
(){
()
}
}

}



(()){
()
{
(){
()()
}
}

}

(){
(){}
}





(){

{
()
}



{
()
()
{()()}
()
}


}
}

public extension Guarantee where T: Sequence {



()
{}
{

}

(()){
(){()}
}

()()



(()()())
()
{

}

(){
(){{}}
}





()
{}
{

}

(()){
(){()
{()}
}
}




()
{()}
{

}

(()){
(){
()(()())
()

()

}
}

()()



(()()())
()
{

}

(){
(){
()
{}

{}

}
}





()
{()}
{

}

(()){
(){
(())
}{

(())
}
}




()
{()}
{

}

(()){
(){
(())
}(){
{}
}{

(())
}
}




()
{}
{

}

(()){
(){
()
}
}

()()



(()()())
()
{

}

(){
(){
{}
}
}



()

()
{}
{

}

(()){
(){
()
}
}
}

public extension Guarantee where T: Sequence, T.Iterator.Element: Comparable {



()
()
{

}

(){
(){()}
}
}

()
public extension Guarantee where T == Void {
(){
((()))
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
            rg.box.seal(body())
        }

}
}


()
import func CoreFoundation._CFIsMainThread

extension Thread {

{
()
}
}

