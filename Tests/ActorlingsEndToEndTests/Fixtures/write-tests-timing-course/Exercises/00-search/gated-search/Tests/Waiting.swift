// Helpers of your tests, if you want any.
