#pragma once
// The parameter panel's "Overlay values..." dialog: the
// values of one numeric parameter to draw together, typed as a comma list or
// spaced evenly over a range, in the unit the row shows (degrees for an angle,
// GPa for a stiffness). Values leave in SI; the core checks them again when
// the overlay is written into the document (scene/SceneOverlay.h).
#include <QDialog>
#include <QString>
#include <QVector>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace impactlab::ui {

// What the dialog needs of the row: its range and step in SI, how it shows
// values, and the values of an overlay already set (SI; empty when none).
struct OverlayRange {
    QString label;                 // the row's label
    double min = 0.0, max = 1.0;   // SI
    double step = 0.0;             // SI; 0: continuous
    double displayScale = 1.0;     // displayed = SI * displayScale
    QString unit;                  // display unit, "" when none
    int decimals = 3;              // of the row's spin box
    QVector<double> current;       // SI
};

// A comma (or space) separated list of display values, in SI, each in the
// range; on failure an empty vector and `error` says which entry and why.
QVector<double> parseOverlayValues(const QString& text, const OverlayRange& range, QString* error);
// `count` values from `from` to `to` (SI, both included), on the steps of a
// stepped row (repeats dropped).
QVector<double> makeEvenlySpacedValues(double from, double to, int count, const OverlayRange& range);

class OverlayDialog : public QDialog {
    Q_OBJECT

public:
    explicit OverlayDialog(const OverlayRange& range, QWidget* parent = nullptr);

    // The values chosen (SI), valid once the dialog is accepted.
    QVector<double> values() const;

    // For tests: the two ways of giving values.
    QLineEdit* listEdit() const { return list_; }
    QRadioButton* spacedButton() const { return spaced_; }
    QSpinBox* countBox() const { return count_; }

private:
    void validate();

    OverlayRange range_;
    QRadioButton* typed_ = nullptr;
    QRadioButton* spaced_ = nullptr;
    QLineEdit* list_ = nullptr;
    QSpinBox* count_ = nullptr;
    QDoubleSpinBox* from_ = nullptr;
    QDoubleSpinBox* to_ = nullptr;
    QLabel* error_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

}  // namespace impactlab::ui
