






import Foundation

public enum SocketError: Error {
()
()
()
()
()
()

()
()
()
()
}


open class Socket: Hashable, Equatable {




(){

}

{
()
}

(){
()
}

(){
{

}

()
}

(){
()
(){
()
((())){
(())
}

()
()

(())

}
}

(){
()
(){
()
((())){
(())
}
()
}
}

(){
(())
}

(){
(())
}

(){
{
()
}
}

(){
()
}

(){
()
{()
{
()
()
}
}

{()
()
}

}

(){

{
()
(()())

(())

{
(())
}

}
}







(){


()
()

()


{
(())
}

}






(){
(){
()
}
}









(){

{}

{



()
()

()


{
(())
}


}


}




(){


{
()
{((()))}
}

}

(){
()()
(){
(())
}
(())
(()){
(())
}
        return String(cString: hostBuffer)
    }

    public class func setNoSigPipe(_ socket: Int32) {
()





(())

}

    public class func close(_ socket: Int32) {
()
()

()

}
}

(){

}
