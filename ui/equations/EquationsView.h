#pragma once
// The Equations view: the defining equations of a law the page solved,
// typeset, with the numbers of the impact on screen substituted into them
// (core/diagram/LawEquations.h). A chooser picks among the laws solved on
// that impact (the scene's law first); exports as PNG, SVG and CSV.
#include <QString>
#include <QWidget>
#include <memory>
#include <vector>

#include "diagram/LawEquations.h"

class QComboBox;
class QLabel;
class QScrollArea;

namespace impactlab::ui {

class EquationSheetLayout;

class EquationsView : public QWidget {
    Q_OBJECT

public:
    explicit EquationsView(QWidget* parent = nullptr);
    ~EquationsView() override;

    // The sheets of the laws solved on one impact, in the order the chooser
    // lists them; the law chosen before stays chosen when it is among them.
    // `caption` says which impact the numbers are of.
    void setSheets(std::vector<EquationSheet> sheets, const QString& caption);
    // No impact to show (`message` says why).
    void clear(const QString& message);

    // Ids of the laws the chooser offers.
    QStringList laws() const;
    // False for a law the chooser does not offer.
    bool selectLaw(const QString& id);
    QString selectedLaw() const;
    // The sheet on screen; nullptr when there is none.
    const EquationSheet* currentSheet() const;
    QString caption() const { return caption_; }

    bool exportPng(const QString& path) const;
    bool exportSvg(const QString& path) const;
    bool exportCsv(const QString& path) const;

signals:
    void lawSelected(const QString& id);

private:
    class Canvas;
    void showCurrent();
    // The sheet laid out at `width` px.
    std::unique_ptr<EquationSheetLayout> makeLayout(double width) const;

    std::vector<EquationSheet> sheets_;
    QString caption_;
    int current_ = -1;
    QComboBox* chooser_ = nullptr;
    QLabel* message_ = nullptr;
    QScrollArea* scroll_ = nullptr;
    Canvas* canvas_ = nullptr;
};

// Width of the exported sheet, px (its height follows from its contents).
inline constexpr int kEquationsExportWidth = 900;

}  // namespace impactlab::ui
