#include "SceneSidePanel.h"

#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include "ParameterPanel.h"
#include "common/RichTextLabel.h"

namespace impactlab::ui {

SceneSidePanel makeSceneSidePanel(int minimumWidth) {
    SceneSidePanel s;
    auto* side = new QWidget;
    s.layout = new QVBoxLayout(side);
    s.title = new QLabel;
    s.title->setObjectName("sceneTitle");
    s.title->setStyleSheet("font-weight: bold; font-size: 14pt;");
    s.title->setWordWrap(true);
    s.description = new QLabel;
    s.description->setObjectName("sceneDescription");
    s.description->setTextFormat(Qt::RichText);
    s.description->setWordWrap(true);
    s.panel = new ParameterPanel;
    auto* box = new QGroupBox("Parameters");
    (new QVBoxLayout(box))->addWidget(s.panel);
    s.summary = new RichTextLabel;
    s.summary->setObjectName("sceneSummary");
    // A summary that loses a line in a drag would move the panel below it.
    s.summary->setHeightHeldDuringBursts(true);
    s.layout->addWidget(s.title);
    s.layout->addWidget(s.description);
    s.layout->addWidget(box);
    s.layout->addWidget(s.summary);
    s.layout->addStretch(1);
    s.scroll = new QScrollArea;
    s.scroll->setObjectName("sidePanel");
    s.scroll->setWidget(side);
    s.scroll->setWidgetResizable(true);
    s.scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    s.scroll->setMinimumWidth(minimumWidth);
    return s;
}

void SceneSidePanel::insertBeforeSummary(QWidget* box) const { layout->insertWidget(layout->indexOf(summary), box); }

}  // namespace impactlab::ui
