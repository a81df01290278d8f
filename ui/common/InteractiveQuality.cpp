#include "common/InteractiveQuality.h"

#include <QTimer>

namespace impactlab::ui {

InteractiveQuality::InteractiveQuality(QObject* parent, std::function<void()> refine)
    : QObject(parent), refine_(std::move(refine)) {
    refineTimer_ = new QTimer(this);
    refineTimer_->setSingleShot(true);
    refineTimer_->setInterval(kRefineDelayMs);
    connect(refineTimer_, &QTimer::timeout, this, [this] {
        interactive_ = false;
        if (refine_) refine_();
    });
}

bool InteractiveQuality::noteChange() {
    const bool burst = sinceChange_.isValid() && sinceChange_.elapsed() < kBurstMs;
    sinceChange_.start();
    if (burst) noteInteraction();
    return interactive_;
}

void InteractiveQuality::noteInteraction() {
    interactive_ = true;
    refineTimer_->start();
}

}  // namespace impactlab::ui
