








import Foundation
import Dispatch


()

()

()

()

()

()

()

()






open class BaseDestination: Hashable, Equatable {











()


()




    public struct LevelString {







}



    public struct LevelColor {







}




()
()
()

    // each destination class must have an own hashValue Int
()
(){
()
}




{}






(){
()

        queue = DispatchQueue(label: queueLabel, target: queue)
}




(
){

(){
(
)

}{
(
)
}
}

    public func execute(synchronously: Bool, block: @escaping () -> Void) {
        guard let queue = queue else {
()
}
{
()
}{
            queue.async(execute: block)
        }
}

(()){
{
()
}
()
}






()(){



{

((()))
}{

}
({})
(){
(())
}{
()
}
}

(){
{

{

(())
}{
()
}
}{

()
()
}{

}
}


(
){




()()

{
()()
()

()


{



(())

()

()


(())


(())

()

(())


()
((()))

(())




(())


()
((()))

(())





()




{
(()())
}{
()
}


}
}

()
}


(
){

()







{

}
()
}


(){



{




















}

}


(){


{




















}

}


(){
()
{

}

}


(){
()

{
()
{

}
}

}



(){
{
()
}



(())

}


(){
()()

()
()()
()(())
(())

()
}



(){
{

}



(
)
()
()
()



}


(){



{
()
()
}{
()
}

}






(){
()
}


(){
()
{
()()
}

{
()()
}


{

}

()
}




(){
((())
)
}



(
){

{
{
{
()
}

}{
{
()
}

}
}

(())


{
()

{
()
}

()()
}


{
()
()
()
}

(){


}


{
()
()()
(())
{


}{


}{

()
}
}
}

(){
{
()
}
}


()

()

(){

}
}

(){
()()
}
