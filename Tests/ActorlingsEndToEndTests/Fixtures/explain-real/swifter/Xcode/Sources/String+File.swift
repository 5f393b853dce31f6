






import Foundation

extension String {

    public enum FileError: Error {
()
}

    public class File {



(){

}

(){
()
}

(){
(())
}

(){
{

}
()
{

}
(){

}
(){
()
}
()
}

(){
{

}
{
(){
()
}
}
}

(){
(){
()
}
()
}
}

    public static var pathSeparator = "/"

(){
()
}

(){
()
}

(){
()
}

(){
({({()})}){
()
}
()
}

(){
{
{

}

}
}

(){
{
{

}

}
}

(){
({()}){
()
}
{()}
()
(){

(){()
()
                  return String(validatingUTF8: ptr.withMemoryRebound(to: CChar.self, capacity: Int(ent.pointee.d_reclen), { (ptrc) -> [CChar] in
                    return [CChar](UnsafeBufferPointer(start: ptrc, count: 256))
}))

((){()
((()))
})
()
()

}
{
()
}
}

}

((())){
({
()
(){
()
}
{
()
}
()
})
}
}
