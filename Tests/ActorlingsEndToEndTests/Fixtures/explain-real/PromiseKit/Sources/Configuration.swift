import Dispatch








public struct PMKConfiguration {

()()







(){
{

()

()

()
()
()
}
}
}


public var conf = PMKConfiguration()
