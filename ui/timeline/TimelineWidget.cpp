#include "TimelineWidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <limits>

namespace impactlab::ui {
namespace {

constexpr double kSpeeds[] = {0.25, 0.5, 1.0, 2.0};
constexpr int kDefaultSpeedIndex = 2;  // 1x
// The slider's int range: runs longer than this many ticks get coarser ticks.
constexpr int kMaxTimelineSliderTicks = 1000000;

}  // namespace

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
    playButton_ = new QToolButton(this);
    playButton_->setAutoRaise(false);
    playButton_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    playButton_->setObjectName(QStringLiteral("timeline.play"));

    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setTracking(true);
    slider_->setMinimumWidth(160);
    slider_->setToolTip(tr("Simulation time"));
    slider_->setObjectName(QStringLiteral("timeline.slider"));

    timeLabel_ = new QLabel(this);
    timeLabel_->setMinimumWidth(timeLabel_->fontMetrics().horizontalAdvance(formatTime(-88.888)) + 4);
    timeLabel_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    speedBox_ = new QComboBox(this);
    for (double s : kSpeeds) speedBox_->addItem(QStringLiteral("%1x").arg(s), s);
    speedBox_->setCurrentIndex(kDefaultSpeedIndex);
    speedBox_->setToolTip(tr("Playback speed (simulated seconds per real second)"));
    speedBox_->setObjectName(QStringLiteral("timeline.speed"));

    eventBox_ = new QComboBox(this);
    eventBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    eventBox_->setMinimumContentsLength(30);
    eventBox_->setToolTip(tr("Impact shown in the diagrams; choosing one moves the time to it"));
    eventBox_->setObjectName(QStringLiteral("timeline.events"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(playButton_);
    layout->addWidget(slider_, 1);
    layout->addWidget(timeLabel_);
    layout->addSpacing(8);
    layout->addWidget(new QLabel(tr("Speed"), this));
    layout->addWidget(speedBox_);
    layout->addSpacing(8);
    eventLabel_ = new QLabel(tr("Impact"), this);
    layout->addWidget(eventLabel_);
    layout->addWidget(eventBox_);

    timer_ = new QTimer(this);
    timer_->setInterval(kPlaybackIntervalMs);
    timer_->setTimerType(Qt::PreciseTimer);

    connect(playButton_, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(slider_, &QSlider::valueChanged, this, [this](int tick) {
        // A user drag; programmatic moves are blocked in updateSlider().
        const double tickSeconds = slider_->maximum() > 0 ? endTime_ / slider_->maximum() : 0.0;
        setTime(tick >= slider_->maximum() ? endTime_ : tick * tickSeconds);
    });
    connect(speedBox_, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int index) {
        if (index >= 0) speed_ = speedBox_->itemData(index).toDouble();
    });
    // `activated` also fires when the user picks the already selected event,
    // which still jumps the time back to it.
    connect(eventBox_, qOverload<int>(&QComboBox::activated), this, [this](int index) { selectEvent(index); });
    connect(timer_, &QTimer::timeout, this, &TimelineWidget::advance);

    setRun(0.0, {});
}

TimelineWidget::~TimelineWidget() = default;

QString TimelineWidget::formatTime(double t) { return QStringLiteral("t = %1 s").arg(t, 0, 'f', 3); }

void TimelineWidget::setRun(double endTime, const std::vector<std::pair<double, QString>>& events) {
    endTime_ = std::isfinite(endTime) ? std::max(endTime, 0.0) : 0.0;
    events_ = events;
    time_ = std::clamp(time_, 0.0, endTime_);
    if (events_.empty()) selectedEvent_ = -1;
    else if (selectedEvent_ < 0 || selectedEvent_ >= eventCount()) selectedEvent_ = 0;

    const double ticks = std::ceil(endTime_ / kTimelineTickSeconds - 1e-9);
    {
        const QSignalBlocker block(slider_);
        slider_->setRange(0, static_cast<int>(std::clamp(ticks, 0.0, double(kMaxTimelineSliderTicks))));
        slider_->setPageStep(std::max(1, slider_->maximum() / 20));
    }
    slider_->setEnabled(endTime_ > 0.0);
    playButton_->setEnabled(endTime_ > 0.0);
    if (endTime_ <= 0.0) pause();
    fillEventList();
    updateSlider();
    updatePlayButton();
}

void TimelineWidget::fillEventList() {
    const QSignalBlocker block(eventBox_);
    eventBox_->clear();
    for (std::size_t i = 0; i < events_.size(); ++i) {
        const auto& [t, description] = events_[i];
        QString text = QStringLiteral("#%1 %2").arg(i + 1).arg(formatTime(t));
        if (!description.isEmpty()) text += QStringLiteral(", ") + description;
        eventBox_->addItem(text);
    }
    if (events_.empty()) eventBox_->addItem(tr("no impacts"));
    eventBox_->setEnabled(!events_.empty());
    eventBox_->setCurrentIndex(std::max(selectedEvent_, 0));
}

void TimelineWidget::setTime(double t) {
    if (!std::isfinite(t)) return;
    const double clamped = std::clamp(t, 0.0, endTime_);
    if (clamped == time_) {
        updateSlider();
        return;
    }
    time_ = clamped;
    updateSlider();
    emit timeChanged(time_);
}

void TimelineWidget::selectEvent(int index) {
    if (index < 0 || index >= eventCount()) return;
    selectedEvent_ = index;
    {
        const QSignalBlocker block(eventBox_);
        eventBox_->setCurrentIndex(index);
    }
    setTime(events_[static_cast<std::size_t>(index)].first);
    emit eventSelected(index);
}

void TimelineWidget::play() {
    if (endTime_ <= 0.0) return;
    if (time_ >= endTime_) setTime(0.0);  // play at the end starts over
    clock_.start();
    if (!timer_->isActive()) {
        timer_->start();
        updatePlayButton();
        emit playingChanged(true);
    }
}

void TimelineWidget::pause() {
    if (!timer_->isActive()) return;
    timer_->stop();
    updatePlayButton();
    emit playingChanged(false);
}

bool TimelineWidget::isPlaying() const { return timer_->isActive(); }

void TimelineWidget::setSpeed(double speed) {
    if (!(speed > 0.0) || !std::isfinite(speed)) return;
    speed_ = speed;
    const QSignalBlocker block(speedBox_);
    const int index = speedBox_->findData(speed);
    if (index >= 0) speedBox_->setCurrentIndex(index);
}

void TimelineWidget::advance() {
    const double elapsed = clock_.nsecsElapsed() * 1e-9;
    clock_.start();
    const double next = time_ + elapsed * speed_;
    if (next >= endTime_) {
        setTime(endTime_);
        pause();
    } else {
        setTime(next);
    }
}

void TimelineWidget::updateSlider() {
    const QSignalBlocker block(slider_);
    const int ticks = slider_->maximum();
    slider_->setValue(endTime_ > 0.0 ? static_cast<int>(std::lround(time_ / endTime_ * ticks)) : 0);
    timeLabel_->setText(formatTime(time_));
}

void TimelineWidget::updatePlayButton() {
    const bool playing = isPlaying();
    const QString text = playing ? tr("Pause") : tr("Play");
    // Called at every new run (each slider move): a button already showing
    // the state is left alone, as making the style's icon costs more than
    // the rest of the update.
    if (playButton_->text() == text) return;
    playButton_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    playButton_->setText(text);
    playButton_->setToolTip(playing ? tr("Pause playback") : tr("Play the run from the current time"));
}

void TimelineWidget::setEventListVisible(bool visible) {
    eventLabel_->setVisible(visible);
    eventBox_->setVisible(visible);
}

}  // namespace impactlab::ui
