#pragma once
// Long computations off the GUI thread, one worker for every page: a
// simulation run, a granular flow. A run is a function of its own
// copy of the input that returns its result; it reads its task's cancel flag
// and reports how far it has got, and the page that started it reads both,
// waits for it or is called back on its own thread when it ends.
//
// A run that throws ends with the exception's message (describeError) as its
// error and a default result. The worker's destructor cancels every run and waits for
// them, so none outlives the page that owns the worker, and a callback posted
// to a page that is gone is dropped by Qt.
#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

class QThreadPool;

namespace impactlab::ui {

// What a run and the page that started it share.
class RunTask {
public:
    // --- The run's side (the worker thread) ---------------------------------
    bool isCancelled() const { return cancel_.load(); }
    // How far the run has got, in its page's unit (a share of the simulated
    // time, steps taken).
    void setProgress(double done) { progress_ = done; }

    // --- The page's side --------------------------------------------------
    // The run stops at its next look at the flag (a step, a frame).
    void cancel() { cancel_ = true; }
    double progress() const { return progress_.load(); }
    bool isDone() const;
    void wait() const;
    // True when the run is done within `milliseconds`.
    bool waitFor(int milliseconds) const;
    // Once done: the run's exception's message (empty when it returned), and
    // the wall time it took.
    const QString& error() const { return error_; }
    double computeMilliseconds() const { return computeMs_; }

private:
    friend class RunWorker;
    std::atomic<bool> cancel_{false};
    std::atomic<double> progress_{0.0};
    mutable std::mutex mutex_;
    mutable std::condition_variable finished_;
    bool done_ = false;          // guarded by mutex_
    QString error_;              // written before done_
    double computeMs_ = 0.0;     // written before done_
};

// A run with its result.
template <class Result>
class RunJob : public RunTask {
public:
    // Once done; a default one when the run threw.
    Result& result() { return result_; }

private:
    friend class RunWorker;
    Result result_;
};

class RunWorker {
public:
    // Runs go on `priority` threads of the worker's own pool (IdlePriority,
    // SCHED_IDLE on Linux, for runs that fill the cores for seconds while the
    // window must still answer); their callbacks go to `context` (the page).
    RunWorker(QObject* context, QThread::Priority priority);
    ~RunWorker();
    RunWorker(const RunWorker&) = delete;
    RunWorker& operator=(const RunWorker&) = delete;

    // Starts `run` on a worker thread; `finished`, if given, is called on the
    // context's thread once the run has returned or thrown.
    template <class Result>
    std::shared_ptr<RunJob<Result>> start(std::function<Result(RunTask&)> run,
                                          std::function<void(const std::shared_ptr<RunJob<Result>>&)> finished = {}) {
        auto job = std::make_shared<RunJob<Result>>();
        std::function<void()> announce;
        if (finished) announce = [job, finished = std::move(finished)] { finished(job); };
        launch(job, [job, run = std::move(run)] { job->result_ = run(*job); }, std::move(announce));
        return job;
    }
    // Cancels every run not yet done, and waits for them.
    void cancelAll();
    void waitForAll();

private:
    void launch(const std::shared_ptr<RunTask>& task, std::function<void()> compute, std::function<void()> announce);

    QObject* context_;
    std::unique_ptr<QThreadPool> pool_;
    std::vector<std::shared_ptr<RunTask>> tasks_;   // started, not known to be done
};

}  // namespace impactlab::ui
