#include "common/RunWorker.h"

#include <QElapsedTimer>
#include <QThreadPool>
#include <algorithm>
#include <chrono>
#include <exception>

#include "SceneLibrary.h"

namespace impactlab::ui {

bool RunTask::isDone() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return done_;
}

void RunTask::wait() const {
    std::unique_lock<std::mutex> lock(mutex_);
    finished_.wait(lock, [this] { return done_; });
}

bool RunTask::waitFor(int milliseconds) const {
    std::unique_lock<std::mutex> lock(mutex_);
    return finished_.wait_for(lock, std::chrono::milliseconds(milliseconds), [this] { return done_; });
}

RunWorker::RunWorker(QObject* context, QThread::Priority priority)
    : context_(context), pool_(std::make_unique<QThreadPool>()) {
    pool_->setThreadPriority(priority);
}

RunWorker::~RunWorker() {
    // A run posts its callback to the context: it must be done before the
    // context goes (a cancelled run stops within one step).
    cancelAll();
    waitForAll();
}

void RunWorker::cancelAll() {
    for (const auto& task : tasks_) task->cancel();
}

void RunWorker::waitForAll() {
    for (const auto& task : tasks_) task->wait();
    tasks_.clear();
}

void RunWorker::launch(const std::shared_ptr<RunTask>& task, std::function<void()> compute, std::function<void()> announce) {
    tasks_.erase(std::remove_if(tasks_.begin(), tasks_.end(), [](const auto& t) { return t->isDone(); }), tasks_.end());
    tasks_.push_back(task);
    pool_->start([task, compute = std::move(compute), announce = std::move(announce), context = context_] {
        QElapsedTimer clock;
        clock.start();
        QString error;
        try {
            compute();
        } catch (const std::exception& e) {
            error = describeError(e);
        }
        std::unique_lock<std::mutex> lock(task->mutex_);
        task->error_ = error;
        task->computeMs_ = clock.nsecsElapsed() * 1e-6;
        task->done_ = true;
        // Posted before `done` is announced: the worker's owner waits for
        // `done` before it goes, so the context exists here, and Qt drops the
        // call if the context goes before the call is delivered.
        if (announce) QMetaObject::invokeMethod(context, announce, Qt::QueuedConnection);
        lock.unlock();
        task->finished_.notify_all();
    });
}

}  // namespace impactlab::ui
