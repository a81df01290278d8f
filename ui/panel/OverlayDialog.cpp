#include "panel/OverlayDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "scene/SceneOverlay.h"

namespace impactlab::ui {

namespace {
// Values evenly spaced by default: the paper figures overlay three cases.
constexpr int kDefaultOverlayCount = 3;
// A typed value this close (relative to the range) outside the row's range
// is its end: the display digits of "0.5" may round an end of 0.4999999.
constexpr double kRangeEndRelTol = 1e-9;

QString formatOverlayDisplay(double siValue, const OverlayRange& range) {
    return QString::number(siValue * range.displayScale, 'g', 6);
}
}  // namespace

QVector<double> parseOverlayValues(const QString& text, const OverlayRange& range, QString* error) {
    const QStringList parts = text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts);
    QVector<double> values;
    const auto fail = [&](const QString& why) {
        if (error) *error = why;
        return QVector<double>{};
    };
    const double slack = kRangeEndRelTol * (range.max - range.min);
    for (int i = 0; i < parts.size(); ++i) {
        bool ok = false;
        const double displayed = parts[i].toDouble(&ok);
        if (!ok || !std::isfinite(displayed)) return fail(QObject::tr("value %1 (\"%2\") is not a number").arg(i + 1).arg(parts[i]));
        double si = displayed / range.displayScale;
        if (si < range.min - slack || si > range.max + slack)
            return fail(QObject::tr("value %1 (%2) is outside the slider's range %3 ... %4 %5")
                            .arg(i + 1)
                            .arg(parts[i], formatOverlayDisplay(range.min, range), formatOverlayDisplay(range.max, range), range.unit)
                            .trimmed());
        si = std::clamp(si, range.min, range.max);
        if (values.contains(si)) return fail(QObject::tr("value %1 (%2) is given twice").arg(i + 1).arg(parts[i]));
        values.push_back(si);
    }
    if (values.size() < static_cast<int>(kMinOverlayValues) || values.size() > static_cast<int>(kMaxOverlayValues))
        return fail(QObject::tr("give %1 to %2 values, got %3").arg(kMinOverlayValues).arg(kMaxOverlayValues).arg(values.size()));
    if (error) error->clear();
    return values;
}

QVector<double> makeEvenlySpacedValues(double from, double to, int count, const OverlayRange& range) {
    QVector<double> values;
    for (int i = 0; i < count; ++i) {
        double x = count > 1 ? from + (to - from) * i / (count - 1) : from;
        if (range.step > 0.0) x = range.min + std::round((x - range.min) / range.step) * range.step;
        x = std::clamp(x, range.min, range.max);
        if (!values.contains(x)) values.push_back(x);
    }
    return values;
}

OverlayDialog::OverlayDialog(const OverlayRange& range, QWidget* parent) : QDialog(parent), range_(range) {
    setWindowTitle(tr("Overlay values of %1").arg(range.label));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Every view draws the scene at each value, one colour per value, with the value in "
                                "the legend (%1 to %2 values).")
                                 .arg(kMinOverlayValues)
                                 .arg(kMaxOverlayValues));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    typed_ = new QRadioButton(tr("Values:"));
    list_ = new QLineEdit;
    list_->setObjectName("overlayValues");
    const QString unit = range.unit.isEmpty() ? QString() : " " + range.unit;
    list_->setPlaceholderText(tr("comma separated%1, e.g. %2, %3").arg(unit, formatOverlayDisplay(range.min, range), formatOverlayDisplay(range.max, range)));
    QStringList current;
    for (double v : range.current) current << formatOverlayDisplay(v, range);
    list_->setText(current.join(", "));
    auto* typedRow = new QHBoxLayout;
    typedRow->addWidget(typed_);
    typedRow->addWidget(list_, 1);
    layout->addLayout(typedRow);

    spaced_ = new QRadioButton(tr("Evenly spaced:"));
    count_ = new QSpinBox;
    count_->setRange(static_cast<int>(kMinOverlayValues), static_cast<int>(kMaxOverlayValues));
    count_->setValue(kDefaultOverlayCount);
    count_->setSuffix(tr(" values"));
    const auto makeEnd = [&](double si) {
        auto* box = new QDoubleSpinBox;
        box->setDecimals(range.decimals);
        box->setRange(range.min * range.displayScale, range.max * range.displayScale);
        box->setValue(si * range.displayScale);
        box->setSuffix(unit);
        return box;
    };
    from_ = makeEnd(range.min);
    to_ = makeEnd(range.max);
    auto* spacedRow = new QHBoxLayout;
    spacedRow->addWidget(spaced_);
    spacedRow->addWidget(count_);
    spacedRow->addWidget(new QLabel(tr("from")));
    spacedRow->addWidget(from_, 1);
    spacedRow->addWidget(new QLabel(tr("to")));
    spacedRow->addWidget(to_, 1);
    layout->addLayout(spacedRow);

    error_ = new QLabel;
    error_->setStyleSheet("color: #b00");
    error_->setWordWrap(true);
    layout->addWidget(error_);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    layout->addWidget(buttons_);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    (range.current.isEmpty() ? spaced_ : typed_)->setChecked(true);
    connect(typed_, &QRadioButton::toggled, this, &OverlayDialog::validate);
    connect(list_, &QLineEdit::textChanged, this, [this] {
        typed_->setChecked(true);
        validate();
    });
    for (QDoubleSpinBox* box : {from_, to_})
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] {
            spaced_->setChecked(true);
            validate();
        });
    connect(count_, &QSpinBox::valueChanged, this, [this] {
        spaced_->setChecked(true);
        validate();
    });
    validate();
}

QVector<double> OverlayDialog::values() const {
    if (typed_->isChecked()) return parseOverlayValues(list_->text(), range_, nullptr);
    return makeEvenlySpacedValues(from_->value() / range_.displayScale, to_->value() / range_.displayScale, count_->value(), range_);
}

void OverlayDialog::validate() {
    QString error;
    if (typed_->isChecked()) {
        parseOverlayValues(list_->text(), range_, &error);
    } else if (makeEvenlySpacedValues(from_->value() / range_.displayScale, to_->value() / range_.displayScale,
                                      count_->value(), range_)
                   .size() < static_cast<int>(kMinOverlayValues)) {
        error = tr("the range holds fewer than %1 distinct values").arg(kMinOverlayValues);
    }
    error_->setText(error);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

}  // namespace impactlab::ui
