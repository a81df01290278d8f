// The timeline: event list text, event selection jumps the time, clamping,
// and real-time playback that stops at the end of the run.
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include "timeline/TimelineWidget.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// Times are stored as given: exact comparisons up to double round-off.
constexpr double kTimeTol = 1e-12;

std::vector<std::pair<double, QString>> makeEvents() {
    return {{0.452, QStringLiteral("ball, v_n = -4.43 m/s")}, {1.210, QStringLiteral("ball, v_n = -3.10 m/s")}};
}

// Runs the event loop until `done` or `timeoutMs` elapses.
template <typename Pred>
bool spinUntil(Pred done, int timeoutMs) {
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < timeoutMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    return done();
}

TEST(Timeline, ListsEventsAndSelectsTheFirst) {
    TimelineWidget timeline;
    timeline.setRun(3.0, makeEvents());
    EXPECT_EQ(timeline.eventCount(), 2);
    EXPECT_EQ(timeline.selectedEvent(), 0);
    auto* list = timeline.findChild<QComboBox*>(QStringLiteral("timeline.events"));
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->itemText(0), QStringLiteral("#1 t = 0.452 s, ball, v_n = -4.43 m/s"));
    EXPECT_EQ(TimelineWidget::formatTime(0.4519), QStringLiteral("t = 0.452 s"));
}

TEST(Timeline, SelectingAnEventJumpsToIt) {
    TimelineWidget timeline;
    timeline.setRun(3.0, makeEvents());
    QSignalSpy selected(&timeline, &TimelineWidget::eventSelected);
    QSignalSpy time(&timeline, &TimelineWidget::timeChanged);
    timeline.selectEvent(1);
    EXPECT_EQ(timeline.selectedEvent(), 1);
    EXPECT_NEAR(timeline.time(), 1.210, kTimeTol);
    ASSERT_EQ(selected.count(), 1);
    EXPECT_EQ(selected.at(0).at(0).toInt(), 1);
    ASSERT_EQ(time.count(), 1);
    timeline.selectEvent(5);  // ignored
    EXPECT_EQ(selected.count(), 1);
}

TEST(Timeline, TimeIsClampedAndRerunKeepsTheView) {
    TimelineWidget timeline;
    timeline.setRun(3.0, makeEvents());
    timeline.setTime(5.0);
    EXPECT_NEAR(timeline.time(), 3.0, kTimeTol);
    timeline.setTime(-1.0);
    EXPECT_NEAR(timeline.time(), 0.0, kTimeTol);
    timeline.selectEvent(1);
    timeline.setRun(2.0, makeEvents());  // a re-run after a slider change
    EXPECT_EQ(timeline.selectedEvent(), 1);
    EXPECT_NEAR(timeline.time(), 1.210, kTimeTol);
    timeline.setRun(1.0, {});
    EXPECT_EQ(timeline.selectedEvent(), -1);
    EXPECT_NEAR(timeline.time(), 1.0, kTimeTol);
}

TEST(Timeline, PlaybackAdvancesAndStopsAtTheEnd) {
    TimelineWidget timeline;
    timeline.setRun(0.2, {});
    timeline.setSpeed(2.0);
    timeline.play();
    EXPECT_TRUE(timeline.isPlaying());
    // 0.2 s at 2x takes 0.1 s of real time; a loaded machine gets 20x longer.
    ASSERT_TRUE(spinUntil([&] { return !timeline.isPlaying(); }, 2000));
    EXPECT_NEAR(timeline.time(), 0.2, kTimeTol);
    // Play at the end starts over.
    timeline.play();
    EXPECT_LT(timeline.time(), 0.2);
    timeline.pause();
    EXPECT_FALSE(timeline.isPlaying());
}

}}  // namespace
}  // namespace impactlab::ui
