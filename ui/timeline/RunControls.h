#pragma once
// Under a page's views: the timeline, and a row with a long run's progress
// and a Cancel button (shared by the simulation and granular pages). The row
// starts with `label`; a page may add its own widgets to `row`.
#include <QString>

class QHBoxLayout;
class QProgressBar;
class QPushButton;
class QWidget;

namespace impactlab::ui {

class TimelineWidget;

struct RunControls {
    QWidget* widget = nullptr;        // to place under the views
    TimelineWidget* timeline = nullptr;
    QWidget* progressRow = nullptr;
    QHBoxLayout* row = nullptr;       // label, then the page's widgets, the bar and Cancel
    QProgressBar* progress = nullptr; // objectName "runProgress"
    QPushButton* cancel = nullptr;    // objectName "cancelRun"
};

RunControls makeRunControls(const QString& label, const QString& cancelToolTip);

}  // namespace impactlab::ui
