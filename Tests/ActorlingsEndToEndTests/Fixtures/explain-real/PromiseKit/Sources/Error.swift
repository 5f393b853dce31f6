import Foundation

public enum PMKError: Error {

()()










()()






()
    case flatMap(Any, Any.Type)


    case compactMap(Any, Any.Type)




()





}

extension PMKError: CustomDebugStringConvertible {
{
{
()

()













}
}
}

extension PMKError: LocalizedError {
{

}
}





public protocol CancellableError: Error {

{}
}

extension Error {
{
{

}{

}{

}{

}{

}{
()()()()


()()



}{

}
}
}


public enum CatchPolicy {





}
