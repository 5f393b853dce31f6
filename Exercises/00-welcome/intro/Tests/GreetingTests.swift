import Testing
@testable import Intro

@Test func onlineFriendsAreOnline() {
    let ada = Friend(name: "Ada", presence: .online)
    #expect(statusLine(for: ada) == "Ada is online")
    #expect(greeting(for: ada) == "Say hi to Ada!")
}

@Test func recentActivityShowsMinutes() {
    let grace = Friend(name: "Grace", presence: .away(minutes: 5))
    #expect(statusLine(for: grace) == "Grace was active 5 min ago")
}

@Test func longAbsenceIsJustAway() {
    let alan = Friend(name: "Alan", presence: .away(minutes: 90))
    #expect(statusLine(for: alan) == "Alan is away")
}

@Test func offlineFriendsAreOffline() {
    let linus = Friend(name: "Linus", presence: .offline)
    #expect(statusLine(for: linus) == "Linus is offline")
    #expect(greeting(for: linus) == "Leave Linus a message.")
}

@Test func busyFriendsAreNotDisturbed() {
    let margaret = Friend(name: "Margaret", presence: .doNotDisturb)
    #expect(
        statusLine(for: margaret) == "Margaret does not want to be disturbed",
        "Do Not Disturb is a presence of its own: its status line is not another presence's"
    )
    #expect(greeting(for: margaret) == "Leave Margaret a message.")
}
