#pragma once
// A spin box that takes a typed value outside its range and says what it
// did with it. QDoubleSpinBox refuses the keystroke that leaves the range, so
// "-80" typed into a box ending at -8 silently stays "-8": here the value
// is typed whole, clamped to the nearest bound on Enter or focus loss, and
// outOfRange tells the owner, which shows a note.
#include <QDoubleSpinBox>

namespace impactlab::ui {

class RangeNoteSpinBox : public QDoubleSpinBox {
    Q_OBJECT

public:
    using QDoubleSpinBox::QDoubleSpinBox;

    QValidator::State validate(QString& input, int& pos) const override;
    void fixup(QString& input) const override;

signals:
    // `typed` (display units) was outside the range and became `clamped`.
    void outOfRange(double typed, double clamped);

private:
    // The number in `input` without prefix and suffix, if it is one.
    bool parseNumber(const QString& input, double& value) const;
};

}  // namespace impactlab::ui
