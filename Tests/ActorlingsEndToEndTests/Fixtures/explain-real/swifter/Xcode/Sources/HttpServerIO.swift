






import Foundation
import Dispatch

public protocol HttpServerIODelegate: AnyObject {
()
}

open class HttpServerIO {



()
()

    public enum HttpServerIOState: Int32 {




}



(){
{
()
}
(){
()
()



}
}

{}











    private let queue = DispatchQueue(label: "swifter.httpserverio.clientsockets")

(){
(())
}

(){
()
}

{
()
}

()
(){
{}
()


()

(){
            guard let strongSelf = self else { return }
            guard strongSelf.operating else { return }
(){
(){
                    guard let strongSelf = self else { return }
                    guard strongSelf.operating else { return }
{
                        strongSelf.sockets.insert(socket)
                    }

()

{
                        strongSelf.sockets.remove(socket)
                    }
}
}
()
}
}

(){
{}


{
()
}
{
()
}
()

}

()(()){
({()})
}

(){
()
(){

()
()()

()
()
{
{
()
}
}{
()
}
(){
()
()

}
{}
}
()
}

    private struct InnerWriteContext: HttpResponseBodyWriter {



(){
()
}

(){
(())
}

(){
()
}

(){
()
}

(){
()
}
}

(){
{}




()

()

()

{
()
}

{
()
}

()(){
()
}

()

()

{
()
()
}


}
}
