






import Foundation

()
(()
()
())(()){
()
}


(
(())
(())
(())
(())
(()))(()){
{
(){
(())
}
(){
(())
}
{
(())
}
(()){
()

()

(){
{
{
{
()
}
{()}
()
                        if let text = String(validatingUTF8: textFramePayload) {
                            handleText(session, text)
}{
()
}
}{
()

}
}
}

(){
{
{
{
()
}
()
}{
()

}
}
}

(){
{


{
()
}

{
()





}
()

()

()



{
()
}{
(())
}

{
()
}
}
}

(){
{
()
()
}
}

()

{
()
}{
{




()

()

()

()

()
}

()
}

()
}
(()())

()
}
}

public class WebSocketSession: Hashable, Equatable {

    public enum WsError: Error { case unknownOpCode(String), unMaskedFrame(String), protocolError(String), invalidUTF8(String) }
    public enum OpCode: UInt8 { case `continue` = 0x00, close = 0x08, ping = 0x09, pong = 0x0A, text = 0x01, binary = 0x02 }
    public enum Control: Error { case close }

    public class Frame {





()
}



(){

}

{
()
()
}

(){
(())
}

(){
(())
}

(){
()
}

(){
()
(())
{
()
()
()
}{
()
}
}

(){
(())
}

(){
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
(())
(())
(())
(())
(())
(())
(())
}

}


(){
()
()





{
()
}

(){


()
}
{
{



()


}
}

()

{


()
}
()
{
(())
(())
()
}{
(())
(())
(())
(())
(())
(())
(())
(())
()
}

()()()()

(())
{
()()
}

}

(){
()
}
}

(){

}
