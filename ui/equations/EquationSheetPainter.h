#pragma once
// One law's equation sheet drawn to scale: the typeset equations (SVG made by
// scripts/make-equations.py, compiled in as :/equations/<id>.svg), each with
// its paper and equation number, then the numbers of the impact and the law's
// conditions with both sides evaluated. The widget and its PNG and SVG
// exports paint through this one layout, so they always show the same thing.
#include <QFont>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "diagram/LawEquations.h"

class QPainter;
class QSvgRenderer;
class QTextDocument;

namespace impactlab::ui {

// What a quantity or a condition reads on the sheet (DisplayNumber.h), so
// tests can hold the text to the core's numbers.
QString formatEquationQuantity(const EquationQuantity& quantity);
QString formatConditionSide(const EquationCondition& condition, double value);

class EquationSheetLayout {
public:
    // `caption` says which impact the numbers are of.
    EquationSheetLayout(const EquationSheet& sheet, const QString& caption, double width, const QFont& font);
    ~EquationSheetLayout();
    EquationSheetLayout(const EquationSheetLayout&) = delete;
    EquationSheetLayout& operator=(const EquationSheetLayout&) = delete;

    QSizeF size() const { return size_; }
    void paint(QPainter& painter) const;
    // The equations whose SVG was not found (a build without its resources).
    const QStringList& missingEquations() const { return missing_; }

private:
    struct Block;
    std::vector<Block> blocks_;
    QSizeF size_;
    QStringList missing_;
};

// Pixels per point of an equation's SVG (matplotlib writes points): the
// formulas then read a little larger than the sheet's text.
inline constexpr double kEquationSvgScale = 1.25;
// Space around and between the blocks, px.
inline constexpr double kEquationSheetMargin = 12.0;
inline constexpr double kEquationSheetGap = 8.0;

}  // namespace impactlab::ui
