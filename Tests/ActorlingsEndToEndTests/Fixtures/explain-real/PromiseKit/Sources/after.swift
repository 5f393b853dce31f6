import struct Foundation.TimeInterval
import Dispatch


(){

}



(){
()()
()
()
    q.asyncAfter(deadline: when) { seal(()) }
#else
()


}


(()){

}



(){
()()
()
()
    q.asyncAfter(deadline: when) { seal(()) }
#else
()


}

{
(){
()
}{
()
}
}
