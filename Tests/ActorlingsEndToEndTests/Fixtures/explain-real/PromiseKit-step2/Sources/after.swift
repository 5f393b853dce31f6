import struct Foundation.TimeInterval
import Dispatch


(){

}



(){
    let (rg, seal) = Guarantee<Void>.pending()
    let when = DispatchTime.now() + seconds
#if swift(>=4.0)
    q.asyncAfter(deadline: when) { seal(()) }
#else
    q.asyncAfter(deadline: when, execute: seal)
#endif

}


(()){

}



(){
    let (rg, seal) = Guarantee<Void>.pending()
    let when = DispatchTime.now() + interval
#if swift(>=4.0)
    q.asyncAfter(deadline: when) { seal(()) }
#else
    q.asyncAfter(deadline: when, execute: seal)
#endif

}

private var q: DispatchQueue {
(){
        return DispatchQueue.global(qos: .default)
}{
        return DispatchQueue.global(priority: .default)
}
}
