#pragma once
// Quality that yields to interaction. A view told of each
// change of its content draws the first change of a burst at full quality;
// further changes within kBurstMs of the previous one (a slider dragged,
// playback, a camera dragged) are drawn at interactive quality (no
// anti-aliasing, reduced resolution: the view decides), and kRefineDelayMs
// after the last change the view is told to draw once more at full quality.
// A single edit, a screenshot and an export always get full quality.
#include <QElapsedTimer>
#include <QObject>
#include <functional>

class QTimer;

namespace impactlab::ui {

// A change this soon after the previous one continues a burst, ms.
inline constexpr int kBurstMs = 400;
// Quiet time after a burst before the full-quality frame, ms.
inline constexpr int kRefineDelayMs = 250;

class InteractiveQuality : public QObject {
    Q_OBJECT

public:
    // `refine` is called once a burst has ended (draw at full quality now).
    InteractiveQuality(QObject* parent, std::function<void()> refine);
    // Call at every change of the view's content; returns whether the change
    // is part of a burst (draw it at interactive quality).
    bool noteChange();
    // Force interactive quality for this change (a camera drag in progress).
    void noteInteraction();
    bool isInteractive() const { return interactive_; }

private:
    QElapsedTimer sinceChange_;
    QTimer* refineTimer_ = nullptr;
    bool interactive_ = false;
    std::function<void()> refine_;
};

}  // namespace impactlab::ui
