import class Foundation.Thread
import Dispatch


 A `Guarantee` is a functional abstraction around an asynchronous operation that cannot error.
 - See: `Thenable`
*/
public final class Guarantee<T>: Thenable {
    let box: PromiseKit.Box<T>

    fileprivate init(box: SealedBox<T>) {

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


    public var result: Result<T>? {
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

    func done(on: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil, _ body: @escaping(T) -> Void) -> Guarantee<Void> {
        let rg = Guarantee<Void>(.pending)
{()
(){
()
(())
}
}

}

    func get(on: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil, _ body: @escaping (T) -> Void) -> Guarantee<T> {
(){
()

}
}

    func map<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ body: @escaping(T) -> U) -> Guarantee<U> {
        let rg = Guarantee<U>(.pending)
{
(){
(())
}
}

}

()()
    func map<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T, U>) -> Guarantee<U> {
        let rg = Guarantee<U>(.pending)
{
(){
([])
}
}

}



    func then<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ body: @escaping(T) -> Guarantee<U>) -> Guarantee<U> {
        let rg = Guarantee<U>(.pending)
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

        var result = value

{
            let group = DispatchGroup()
()
{()()}
()
}


}
}

public extension Guarantee where T: Sequence {

[][]

([])
{}
{
[]
}

    func mapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) -> U) -> Guarantee<[U]> {
(){()}
}

()()

[][]

([()()()])
()
{
[]
}

    func mapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T.Iterator.Element, U>) -> Guarantee<[U]> {
(){{[]}}
}



[][][]

([])
{[]}
{
[]
}

    func flatMapValues<U: Sequence>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) -> U) -> Guarantee<[U.Iterator.Element]> {
(){()
{()}
}
}


[][]

([])
{()}
{
[]
}

    func compactMapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) -> U?) -> Guarantee<[U]> {
(){[]
()(()())
()

()

}
}

()()

[][]

([()()()])
()
{
[]
}

    func compactMapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T.Iterator.Element, U?>) -> Guarantee<[U]> {
(){[]
()
{[]}

{[]}

}
}



[][]

([])
{()}
{
[]
}

    func thenMap<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) -> Guarantee<U>) -> Guarantee<[U]> {
(){
(())
}{

(())
}
}


[][][]

([])
{([])}
{
[]
}

    func thenFlatMap<U: Thenable>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) -> U) -> Guarantee<[U.T.Iterator.Element]> where U.T: Sequence {
(){
(())
}(){
{}
}{

(())
}
}


[][]

([])
{}
{
[]
}

    func filterValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ isIncluded: @escaping(T.Iterator.Element) -> Bool) -> Guarantee<[T.Iterator.Element]> {
(){
()
}
}

()()

[][]

([()()()])
()
{
[()]
}

    func filterValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T.Iterator.Element, Bool>) -> Guarantee<[T.Iterator.Element]> {
(){
{[]}
}
}



[]()[]

([])
{}
{
[]
}

    func sortedValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ areInIncreasingOrder: @escaping(T.Iterator.Element, T.Iterator.Element) -> Bool) -> Guarantee<[T.Iterator.Element]> {
(){
()
}
}
}

public extension Guarantee where T: Sequence, T.Iterator.Element: Comparable {

[][]

([])
()
{
[]
}

    func sortedValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil) -> Guarantee<[T.Iterator.Element]> {
(){()}
}
}

()
public extension Guarantee where T == Void {
(){
((()))
}

    static var value: Guarantee<Void> {
(())
}
}



public extension DispatchQueue {



         DispatchQueue.global().async(.promise) {
()
}{

}





()
    final func async<T>(_: PMKNamespacer, group: DispatchGroup? = nil, qos: DispatchQoS = .default, flags: DispatchWorkItemFlags = [], execute body: @escaping () -> T) -> Guarantee<T> {
        let rg = Guarantee<T>(.pending)
        async(group: group, qos: qos, flags: flags) {
            rg.box.seal(body())
        }
        return rg
    }
}


()
import func CoreFoundation._CFIsMainThread

extension Thread {

    static var isMainThread: Bool {
()
}
}

