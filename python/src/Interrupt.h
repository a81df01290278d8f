#pragma once
// Long calls: the work runs on a thread of its own with the GIL released,
// while the calling thread checks for signals (Ctrl+C) every kSignalPollMs.
// A signal sets the cancel flag, which the work passes to the core's own
// cancel hooks (progress callbacks returning false) or polls between pieces;
// once the work has returned, the signal's exception (KeyboardInterrupt) is
// raised and whatever the work returned is dropped. Exceptions of the work
// are raised in the caller, translated as any other (Errors.h).
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>

namespace impactlab::python {

namespace py = pybind11;

// How often the caller looks for a signal: Ctrl+C answers within a tenth of
// a second plus the work's own cancel granularity.
inline constexpr int kSignalPollMs = 50;

using CancelFlag = std::atomic<bool>;

// Runs work(cancel) as described above; call with the GIL held.
template <typename Work>
auto runInterruptible(Work&& work) -> decltype(work(std::declval<const CancelFlag&>())) {
    using Result = decltype(work(std::declval<const CancelFlag&>()));
    CancelFlag cancel{false};
    std::optional<Result> result;
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::optional<py::error_already_set> signal;
    {
        py::gil_scoped_release release;
        std::thread worker([&] {
            try {
                result.emplace(work(static_cast<const CancelFlag&>(cancel)));
            } catch (...) {
                error = std::current_exception();
            }
            std::lock_guard<std::mutex> lock(mutex);
            done = true;
            finished.notify_all();
        });
        std::unique_lock<std::mutex> lock(mutex);
        while (!done) {
            finished.wait_for(lock, std::chrono::milliseconds(kSignalPollMs));
            if (done || signal) continue;
            lock.unlock();
            {
                py::gil_scoped_acquire acquire;
                if (PyErr_CheckSignals() != 0) {
                    signal.emplace();   // fetches the exception the handler raised
                    cancel = true;
                }
            }
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (signal) throw std::move(*signal);
    if (error) std::rethrow_exception(error);
    return std::move(*result);
}

}  // namespace impactlab::python
