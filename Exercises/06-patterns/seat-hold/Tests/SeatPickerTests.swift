import Testing
@testable import SeatHold

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

@Test func aHeldSeatIsTakenForOthers() {
    let map = SeatMap()
    let picker = SeatPickerModel(seatMap: map)
    #expect(picker.choose("F7"))
    #expect(!SeatPickerModel(seatMap: map).choose("F7"))
    #expect(picker.chosen == ["F7"])
}

@Test func leavingWithoutPayingFreesTheSeats() async {
    let map = SeatMap()
    do {
        let picker = SeatPickerModel(seatMap: map)
        #expect(picker.choose("F7") && picker.choose("F8"))
    }
    // The screen has closed without paying: its model went away with it. Give the main actor
    // a few turns, in case its clean-up was queued there.
    for _ in 0..<100 { await Task.yield() }
    #expect(map.isFree("F7") && map.isFree("F8"), "the seats of a customer who left without paying stay held")
}

@Test func theSeatsAreFreeTheMomentThePickerCloses() {
    let map = SeatMap()
    do {
        let picker = SeatPickerModel(seatMap: map)
        #expect(picker.choose("F7"))
    }
    // The last reference went away here, on the main actor: nothing needs to wait.
    #expect(map.isFree("F7"), "the seats come back only some time after the picker closed: another customer who opens the picker at once still sees them taken")
}

@Test func paidSeatsStaySold() {
    let map = SeatMap()
    do {
        let picker = SeatPickerModel(seatMap: map)
        #expect(picker.choose("A1"))
        picker.pay()
    }
    #expect(map.sold == ["A1"], "seats that were paid for were given back when the picker closed")
    #expect(!map.isFree("A1"))
}
