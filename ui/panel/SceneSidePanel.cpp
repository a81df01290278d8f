#include "SceneSidePanel.h"

#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include "ParameterPanel.h"

namespace impactlab::ui {

SceneSidePanel makeSceneSidePanel(int minimumWidth) {
    SceneSidePanel s;
    auto* side = new QWidget;
    auto* layout = new QVBoxLayout(side);
    s.title = new QLabel;
    s.title->setStyleSheet("font-weight: bold; font-size: 14pt;");
    s.title->setWordWrap(true);
    s.description = new QLabel;
    s.description->setWordWrap(true);
    s.panel = new ParameterPanel;
    auto* box = new QGroupBox("Parameters");
    (new QVBoxLayout(box))->addWidget(s.panel);
    s.summary = new QLabel;
    s.summary->setWordWrap(true);
    s.summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(s.title);
    layout->addWidget(s.description);
    layout->addWidget(box);
    layout->addWidget(s.summary);
    layout->addStretch(1);
    s.scroll = new QScrollArea;
    s.scroll->setWidget(side);
    s.scroll->setWidgetResizable(true);
    s.scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    s.scroll->setMinimumWidth(minimumWidth);
    return s;
}

}  // namespace impactlab::ui
