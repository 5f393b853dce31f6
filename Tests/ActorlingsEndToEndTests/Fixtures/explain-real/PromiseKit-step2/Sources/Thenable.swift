import Dispatch


public protocol Thenable: AnyObject {

    associatedtype T


(())


    var result: Result<T>? { get }
}

public extension Thenable {









{
()
}{
()
}{

}

    func then<U: Thenable>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ body: @escaping(T) throws -> U) -> Promise<U.T> {
        let rp = Promise<U.T>(.pending)
{
{
()
(){
{
                        let rv = try body(value)
{}
()
}{
(())
}
}
()
(())
}
}

}










{
()
}{

}{

}

    func map<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T) throws -> U) -> Promise<U> {
        let rp = Promise<U>(.pending)
{
{
()
(){
{
((()))
}{
(())
}
}
()
(())
}
}

}

()()

     Similar to func `map<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T) throws -> U) -> Promise<U>`, but accepts a key path instead of a closure.





    func map<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T, U>) -> Promise<U> {
        let rp = Promise<U>(.pending)
{
{
()
(){
(([]))
}
()
(())
}
}

}







{
()
}{
()[]
}{

}{

}

    func compactMap<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T) throws -> U?) -> Promise<U> {
        let rp = Promise<U>(.pending)
{
{
()
(){
{
                        if let rv = try transform(value) {
                            rp.box.seal(.fulfilled(rv))
                        } else {
                            throw PMKError.compactMap(value, U.self)
                        }
                    } catch {
                        rp.box.seal(.rejected(error))
}
}
()
(())
}
}

}

()()

    Similar to func `compactMap<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T) throws -> U?) -> Promise<U>`, but accepts a key path instead of a closure.





    func compactMap<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T, U?>) -> Promise<U> {
        let rp = Promise<U>(.pending)
{
{
()
(){
{
[]{
(())
}{
()
}
}{
(())
}
}
()
(())
}
}

}





{






{
()
}{
()
}

    func done(on: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil, _ body: @escaping(T) throws -> Void) -> Promise<Void> {
        let rp = Promise<Void>(.pending)
{
{
()
(){
{
()
((()))
}{
(())
}
}
()
(())
}
}

}











{
()
}{
()
}{
()
}{
()
}

    func get(on: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil, _ body: @escaping (T) throws -> Void) -> Promise<T> {
(){
()

}
}










{()}{}

    func tap(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ body: @escaping(Result<T>) -> Void) -> Promise<T> {
{
{
(){
()
()
}
}
}
}


(){
(){}
}
}

public extension Thenable {



    var error: Error? {
{


()

(())

}
}




    var isPending: Bool {

}




    var isResolved: Bool {

}




    var isFulfilled: Bool {

}




    var isRejected: Bool {

}




    var value: T? {
{


(())

()

}
}
}

public extension Thenable where T: Sequence {

[][]

{
([])
}{

}{
[]
}

    func mapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) throws -> U) -> Promise<[U]> {
(){()}
}

()()

[][]

{
([()()()])
}(){
[]
}

    func mapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T.Iterator.Element, U>) -> Promise<[U]> {
(){{[]}}
}



[][][]

{
([])
}{
[]
}{
[]
}

    func flatMapValues<U: Sequence>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) throws -> U) -> Promise<[U.Iterator.Element]> {
(){()
{()}
}
}


[][]

{
([])
}{
()
}{
[]
}

    func compactMapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) throws -> U?) -> Promise<[U]> {
(){[]
()(()())
()

()

}
}

()()

[][]

{
([()()()])
}(){
[]
}

    func compactMapValues<U>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T.Iterator.Element, U?>) -> Promise<[U]> {
(){[]
()
{[]}

{[]}

}
}



[][]

{
([])
}{
()
}{
[]
}

    func thenMap<U: Thenable>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) throws -> U) -> Promise<[U.T]> {
(){
(())
}
}


[][][]

{
([])
}{
([])
}{
[]
}

    func thenFlatMap<U: Thenable>(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ transform: @escaping(T.Iterator.Element) throws -> U) -> Promise<[U.T.Iterator.Element]> where U.T: Sequence {
(){
(())
}(){
{}
}
}


[][]

{
([])
}{

}{
[]
}

    func filterValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ isIncluded: @escaping (T.Iterator.Element) -> Bool) -> Promise<[T.Iterator.Element]> {
(){
()
}
}

()()

[][]

{
([()()()])
}(){
[()]
}

    func filterValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, _ keyPath: KeyPath<T.Iterator.Element, Bool>) -> Promise<[T.Iterator.Element]> {
(){
{[]}
}
}

}

public extension Thenable where T: Collection {

    var firstValue: Promise<T.Iterator.Element> {
(){
{

}{

}
}
}

    func firstValue(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil, where test: @escaping (T.Iterator.Element) -> Bool) -> Promise<T.Iterator.Element> {
(){
(){

}

}
}


    var lastValue: Promise<T.Iterator.Element> {
(){
{

}{
                let i = aa.index(aa.endIndex, offsetBy: -1)
[]
}
}
}
}

public extension Thenable where T: Sequence, T.Iterator.Element: Comparable {

    func sortedValues(on: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil) -> Promise<[T.Iterator.Element]> {
(){()}
}
}
