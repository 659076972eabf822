package grade

// CPUTime is cpuTime for the benchmarks of package grade_test.
var CPUTime = cpuTime
