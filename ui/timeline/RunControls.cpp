#include "timeline/RunControls.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "timeline/TimelineWidget.h"

namespace impactlab::ui {

RunControls makeRunControls(const QString& label, const QString& cancelToolTip) {
    RunControls c;
    c.widget = new QWidget;
    auto* layout = new QVBoxLayout(c.widget);
    layout->setContentsMargins(0, 0, 0, 0);
    c.timeline = new TimelineWidget;
    layout->addWidget(c.timeline);
    c.progressRow = new QWidget;
    c.row = new QHBoxLayout(c.progressRow);
    c.row->setContentsMargins(6, 0, 6, 4);
    c.row->addWidget(new QLabel(label));
    c.progress = new QProgressBar;
    c.progress->setObjectName("runProgress");
    c.row->addWidget(c.progress, 1);
    c.cancel = new QPushButton(QObject::tr("Cancel"));
    c.cancel->setObjectName("cancelRun");
    c.cancel->setToolTip(cancelToolTip);
    c.row->addWidget(c.cancel);
    layout->addWidget(c.progressRow);
    return c;
}

}  // namespace impactlab::ui
