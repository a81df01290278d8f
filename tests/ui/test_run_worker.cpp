// The run worker every page starts its long computations on: a
// run's result and progress, its cancel, an exception as its error, the
// callback on the page's thread, and the destructor that stops and waits.
#include <QObject>
#include <QTest>
#include <QThread>
#include <atomic>
#include <gtest/gtest.h>
#include <stdexcept>

#include "common/RunWorker.h"

using namespace impactlab::ui;

namespace { namespace IMPACTLAB_UNITY_ID {

// Milliseconds a test waits for a run that ends at once or at its cancel:
// generous, for a loaded machine.
constexpr int kRunTimeoutMs = 10000;
// Milliseconds a cancelled run sleeps between looks at its flag.
constexpr int kStepMs = 5;

// Counts to `steps`, one step per look at the cancel flag.
int countTo(RunTask& task, int steps) {
    int k = 0;
    for (; k < steps && !task.isCancelled(); ++k) {
        task.setProgress(k + 1);
        QThread::msleep(kStepMs);
    }
    return k;
}


TEST(RunWorker, ReturnsTheResultAndCallsBackOnTheContextsThread) {
    QObject page;
    RunWorker worker(&page, QThread::IdlePriority);
    Qt::HANDLE calledOn = nullptr;
    auto job = worker.start<int>([](RunTask& task) { return countTo(task, 3); },
                                 [&calledOn](const std::shared_ptr<RunJob<int>>&) { calledOn = QThread::currentThreadId(); });
    ASSERT_TRUE(job->waitFor(kRunTimeoutMs));
    EXPECT_TRUE(job->isDone());
    EXPECT_EQ(job->result(), 3);
    EXPECT_EQ(job->progress(), 3.0);
    EXPECT_TRUE(job->error().isEmpty());
    EXPECT_GE(job->computeMilliseconds(), 0.0);
    EXPECT_EQ(calledOn, nullptr) << "the callback is queued, not called on the worker";
    EXPECT_TRUE(QTest::qWaitFor([&calledOn] { return calledOn != nullptr; }, kRunTimeoutMs));
    EXPECT_EQ(calledOn, QThread::currentThreadId());
}

TEST(RunWorker, ACancelledRunStopsAtItsNextLook) {
    QObject page;
    RunWorker worker(&page, QThread::InheritPriority);
    auto job = worker.start<int>([](RunTask& task) { return countTo(task, 1000000); });
    job->cancel();
    ASSERT_TRUE(job->waitFor(kRunTimeoutMs));
    EXPECT_LT(job->result(), 1000000);
}

TEST(RunWorker, AnExceptionIsTheRunsError) {
    QObject page;
    RunWorker worker(&page, QThread::InheritPriority);
    auto job = worker.start<int>([](RunTask&) -> int { throw std::runtime_error("no solution at step 7"); });
    job->wait();
    EXPECT_EQ(job->error(), QString("no solution at step 7"));
    EXPECT_EQ(job->result(), 0) << "a default result";
}

TEST(RunWorker, TheDestructorStopsAndWaitsForEveryRun) {
    std::atomic<bool> ended{false};
    std::shared_ptr<RunJob<int>> job;
    {
        QObject page;
        RunWorker worker(&page, QThread::IdlePriority);
        job = worker.start<int>([&ended](RunTask& task) {
            const int k = countTo(task, 1000000);
            ended = true;
            return k;
        });
    }   // cancelled whether it has started or not
    EXPECT_TRUE(ended.load());
    EXPECT_TRUE(job->isDone());
}
}}  // namespace
