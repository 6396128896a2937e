"Shared by the benchmark scripts: a median wall-clock time (reported, never asserted)."
import statistics, time


def median_time(f, repeat=5):
    "Median seconds of `repeat` calls of `f`."
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter(); f(); times.append(time.perf_counter() - t0)
    return statistics.median(times)
