// swiftc-flags:
/// Asks the server whether the coupon is still valid.
func isCouponValid(_ code: String) async -> Bool {
    !code.isEmpty
}

/// A synchronous handler, as a button action would be.
func applyCoupon(_ code: String) -> Bool {
    let valid = await isCouponValid(code)
    return valid
}

func canCheckOut(cartIsEmpty: Bool, code: String) async -> Bool {
    let ready = !cartIsEmpty && isCouponValid(code)
    return ready
}
