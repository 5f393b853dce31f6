// Attack: bind a Swift name to any symbol of the process.
@_silgen_name("swift_task_getCurrent")
func currentTask() -> OpaquePointer?

func total(_ values: [Int]) -> Int {
    values.reduce(0, +)
}
