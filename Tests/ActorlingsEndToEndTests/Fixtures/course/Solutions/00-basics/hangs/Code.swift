func waitForever() async {}
