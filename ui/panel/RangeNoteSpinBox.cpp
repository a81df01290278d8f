#include "panel/RangeNoteSpinBox.h"

#include <QMetaObject>
#include <algorithm>

namespace impactlab::ui {

bool RangeNoteSpinBox::parseNumber(const QString& input, double& value) const {
    QString text = input;
    if (!prefix().isEmpty() && text.startsWith(prefix())) text.remove(0, prefix().size());
    if (!suffix().isEmpty() && text.endsWith(suffix())) text.chop(suffix().size());
    bool ok = false;
    value = locale().toDouble(text.trimmed(), &ok);
    return ok;
}

QValidator::State RangeNoteSpinBox::validate(QString& input, int& pos) const {
    const QValidator::State state = QDoubleSpinBox::validate(input, pos);
    double value = 0.0;
    // A whole number outside the range may be typed: fixup clamps it and says so.
    if (state == QValidator::Invalid && parseNumber(input, value)) return QValidator::Intermediate;
    return state;
}

void RangeNoteSpinBox::fixup(QString& input) const {
    double typed = 0.0;
    if (parseNumber(input, typed) && (typed < minimum() || typed > maximum())) {
        const double clamped = std::clamp(typed, minimum(), maximum());
        input = textFromValue(clamped);
        // fixup is const and runs inside the spin box's own input handling:
        // the note goes out once that is done.
        auto* self = const_cast<RangeNoteSpinBox*>(this);
        QMetaObject::invokeMethod(self, [self, typed, clamped] { emit self->outOfRange(typed, clamped); },
                                  Qt::QueuedConnection);
        return;
    }
    QDoubleSpinBox::fixup(input);
}

}  // namespace impactlab::ui
