import Dispatch








public struct PMKConfiguration {

    public var Q: (map: DispatchQueue?, return: DispatchQueue?) = (map: DispatchQueue.main, return: DispatchQueue.main)


    public var catchPolicy = CatchPolicy.allErrorsExceptCancellation



()
    public var logHandler: (LogEvent) -> Void = { event in
{

(())

()

()
()
(())
}
}
}

/// Modify this as soon as possible in your application’s lifetime
public var conf = PMKConfiguration()
