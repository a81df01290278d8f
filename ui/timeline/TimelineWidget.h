#pragma once
// Playback controls for a simulated run:
//   [play/pause] [time slider over 0..endTime] "t = 0.452 s" [speed] [impact events]
//
// Playback advances the time by the real elapsed time times the speed, on a
// timer of about 60 Hz, so a slow frame does not slow the clock. At the end of
// the run playback stops (it does not loop: a looping 3D view jumps back under
// the user's eyes); pressing play at the end starts again from t = 0.
//
// Selecting an impact event (from the list, or selectEvent) jumps the time to
// it and emits eventSelected, so the owner can show that impact's diagrams.
// The widget keeps no physics: events arrive as (time, description) pairs.

#include <QElapsedTimer>
#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace impactlab::ui {

/// Slider resolution: one tick per millisecond of simulated time, finer than
/// one frame at 60 Hz and than the usual sample interval (1/240 s).
inline constexpr double kTimelineTickSeconds = 1e-3;
/// Playback timer period: about 60 Hz.
inline constexpr int kPlaybackIntervalMs = 16;

class TimelineWidget : public QWidget {
    Q_OBJECT

public:
    explicit TimelineWidget(QWidget* parent = nullptr);
    ~TimelineWidget() override;

    TimelineWidget(const TimelineWidget&) = delete;
    TimelineWidget& operator=(const TimelineWidget&) = delete;

    /// A new run: its duration in s and its impact events as (time in s,
    /// description). The list shows "#k t = 0.452 s, <description>", so a
    /// description reads like "ball, v_n = -4.43 m/s". The current time
    /// (clamped to the new run) and the selected event index (when still
    /// valid, else the first event) are kept, so a re-run after a parameter
    /// change does not move the user's view; no signal is emitted.
    void setRun(double endTime, const std::vector<std::pair<double, QString>>& events);

    /// Moves to `t` seconds (clamped to [0, endTime]); emits timeChanged when
    /// the time changes.
    void setTime(double t);
    double time() const { return time_; }
    double endTime() const { return endTime_; }

    /// Index into the events of setRun, or -1 when there are none.
    int selectedEvent() const { return selectedEvent_; }
    /// Selects event `index` as a click in the list does: the time jumps to the
    /// event (timeChanged when it moves) and eventSelected(index) is emitted.
    /// Out-of-range indices are ignored.
    void selectEvent(int index);
    int eventCount() const { return static_cast<int>(events_.size()); }
    /// The text the event list shows for event `index` (empty when out of range).
    QString eventText(int index) const {
        return index >= 0 && index < eventCount() ? events_[static_cast<size_t>(index)].second : QString();
    }

    /// Shows or hides the impact list (runs without impacts: granular flows).
    void setEventListVisible(bool visible);

    void play();
    void pause();
    bool isPlaying() const;

    /// Playback speed factor (0.25, 0.5, 1 or 2 from the list; any positive
    /// value programmatically).
    void setSpeed(double speed);
    double speed() const { return speed_; }

    /// "t = 0.452 s"
    static QString formatTime(double t);

signals:
    void timeChanged(double t);
    void eventSelected(int index);
    void playingChanged(bool playing);

private:
    void advance();
    void updateSlider();
    void updatePlayButton();
    void fillEventList();

    double endTime_ = 0.0;
    double time_ = 0.0;
    double speed_ = 1.0;
    int selectedEvent_ = -1;
    std::vector<std::pair<double, QString>> events_;

    QToolButton* playButton_ = nullptr;
    QSlider* slider_ = nullptr;
    QLabel* timeLabel_ = nullptr;
    QComboBox* speedBox_ = nullptr;
    QComboBox* eventBox_ = nullptr;
    class QLabel* eventLabel_ = nullptr;
    QTimer* timer_ = nullptr;
    QElapsedTimer clock_;  // real time since the last advance
};

}  // namespace impactlab::ui
