#pragma once
// The left column of a scene page: the scene's title and description, its
// sliders in a "Parameters" box and a summary of the last run, in a scroll
// area of a fixed minimum width. Shared by the impact and PLUS pages.
#include <QScrollArea>

class QLabel;

namespace impactlab::ui {

class ParameterPanel;

struct SceneSidePanel {
    QScrollArea* scroll = nullptr;   // the widget to place
    QLabel* title = nullptr;
    QLabel* description = nullptr;
    ParameterPanel* panel = nullptr;
    QLabel* summary = nullptr;       // rich text, selectable
};

SceneSidePanel makeSceneSidePanel(int minimumWidth);

}  // namespace impactlab::ui
