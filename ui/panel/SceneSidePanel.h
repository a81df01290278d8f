#pragma once
// The left column of a scene page: the scene's title and description, its
// sliders in a "Parameters" box, any page-specific box (the law comparison)
// and a summary of the last run, in a scroll area that scrolls vertically
// only: the column is wide enough for its rows, and long text wraps.
#include <QScrollArea>

class QLabel;
class QVBoxLayout;

namespace impactlab::ui {

class ParameterPanel;
class RichTextLabel;

struct SceneSidePanel {
    QScrollArea* scroll = nullptr;   // the widget to place
    QLabel* title = nullptr;
    QLabel* description = nullptr;
    ParameterPanel* panel = nullptr;
    RichTextLabel* summary = nullptr;   // rich text, copied from its context menu
    QVBoxLayout* layout = nullptr;

    // Adds `box` between the parameters and the summary.
    void insertBeforeSummary(QWidget* box) const;
};

SceneSidePanel makeSceneSidePanel(int minimumWidth);

}  // namespace impactlab::ui
