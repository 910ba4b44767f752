import Glibc

/// The processor cores this process may run on: those its affinity mask
/// allows (`taskset`, a container's cpuset), not merely those online, so
/// work split across them never outnumbers them.
enum Cores {
    static let available: Int = {
        // sched_getaffinity is declared only under _GNU_SOURCE, which Swift's Glibc does not set.
        typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") {
            var mask = [UInt64](repeating: 0, count: 16)  // 1,024 CPUs, glibc's cpu_set_t
            let status = mask.withUnsafeMutableBytes { unsafeBitCast(symbol, to: Affinity.self)(0, $0.count, $0.baseAddress!) }
            let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if status == 0, count > 0 { return count }
        }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }()
}

/// Seconds of processor time the calling thread has used
/// (CLOCK_THREAD_CPUTIME_ID): a phase's cost, which time waiting for a
/// core or for another thread does not swell.
enum ThreadClock {
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
