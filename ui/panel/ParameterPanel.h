#pragma once
// The sliders of a scene: one row per named parameter (core/scene/Scene.h).
//
//   Number  label | slider | spin box with unit.  The slider maps [min, max] to
//           integer ticks (one per `step`, or kContinuousSliderTicks when the
//           step is 0); the spin box takes typed values. The two follow each
//           other without feeding back, and every change, including each
//           position while the slider is dragged, is emitted at once.
//   Choice  label | combo box.
//
// Values enter and leave in SI units. A parameter whose unit is "rad" is shown
// in degrees (suffix " deg") and converted back to radians in numberChanged;
// its tooltip says so. The panel keeps no physics: the owner applies the value
// (withParameter) and re-runs.
//
// A numeric row's context menu (on its label and slider) offers "Overlay
// values..." (OverlayDialog: values typed or spaced over the range) and
// "Clear overlay"; the panel emits the request and the page writes it into the
// document (scene/SceneOverlay.h) as one undo step. While the document has an
// overlay, a line above the rows names it, with a button that clears it.
//
// Rows are grouped under headings (getParameterGroup: "Scene", "Contact",
// "<law> options"), law options last. The options of a law other than the
// one set with setLaw are hidden, so the panel shows the scene's parameters
// and only the chosen law's options. Every row's tooltip ends with the paper
// and equation it comes from: its own reference, the law's for a law option
// or the contact coefficients, else the scene's.

#include <QHash>
#include <QString>
#include <QVector>
#include <QWidget>

#include <vector>

#include "scene/Scene.h"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QSlider;
class QToolButton;

namespace impactlab::ui {

/// Slider resolution for a continuous parameter (step 0): fine enough that one
/// tick is below what a user can aim at on a slider a few hundred pixels long.
inline constexpr int kContinuousSliderTicks = 1000;
/// A step finer than this many ticks over the range falls back to
/// kContinuousSliderTicks: QSlider needs ints and a mouse cannot aim finer.
inline constexpr int kMaxSliderTicks = 100000;

/// Significant digits of a value formatted for a row the panel does not have.
inline constexpr int kFormatDigits = 4;

class ParameterPanel : public QWidget {
    Q_OBJECT

public:
    explicit ParameterPanel(QWidget* parent = nullptr);
    ~ParameterPanel() override;

    ParameterPanel(const ParameterPanel&) = delete;
    ParameterPanel& operator=(const ParameterPanel&) = delete;

    /// Rebuilds every row. Safe to call from a slot connected to this panel's
    /// own signals: the old rows are deleted later, after the signal returns.
    void setParameters(const std::vector<SceneParameter>& parameters, const QString& sceneReference = {});
    /// Shows the options of `law` and hides other laws' (rows whose target is
    /// /contact/options/<other law>/...); also names the law in the contact
    /// rows' tooltips.
    void setLaw(const QString& law);
    /// Disables the row (label, slider, spin box or choice) with `reason` at
    /// the head of its tooltips: the parameter changes nothing in the scene's
    /// current mode. An empty reason enables it again.
    void setRowInapplicable(const QString& id, const QString& reason);
    /// The reason set for a disabled row; empty when the row applies.
    QString inapplicableReason(const QString& id) const;
    /// Whether the row is shown (false for a hidden law option or an unknown id).
    bool isRowShown(const QString& id) const;
    /// The group headings shown, in order.
    QStringList shownGroups() const;

    /// Programmatic update (e.g. after loading a scene): moves the row to
    /// `siValue` (clamped to its range) without emitting numberChanged.
    /// False when `id` names no Number parameter.
    bool setValue(const QString& id, double siValue);
    /// Programmatic choice update without emitting choiceChanged. False when
    /// `id` names no Choice parameter or `choice` is not one of its choices.
    bool setChoice(const QString& id, const QString& choice);

    /// For tests: moves the slider to the tick nearest `siValue` as a user's
    /// drag would, so numberChanged is emitted exactly once with the SI value of
    /// that tick (also when the slider already sat there). False when `id`
    /// names no Number parameter.
    bool setSliderPosition(const QString& id, double siValue);

    /// `siValue` as the row's spin box writes it: display unit and digits
    /// ("2.44 m", "30 deg"); the number alone for an unknown id.
    QString formatValue(const QString& id, double siValue) const;
    /// Current SI value of a Number row (NaN when unknown).
    double value(const QString& id) const;
    /// Current choice of a Choice row (empty when unknown).
    QString choice(const QString& id) const;
    /// Ids in display order.
    QStringList parameterIds() const;

    /// Shows the overlay line ("Overlay: friction = 0.125, 0.225") with its
    /// clear button, and `note` under it (what the page does not draw); an
    /// empty `text` hides the line. `values` (SI, for a numeric parameter) are
    /// offered again when the dialog is reopened on `id`.
    void showOverlay(const QString& text, const QString& note = {}, const QString& id = {}, const QVector<double>& values = {});
    QString overlayText() const;
    QString overlayNote() const;
    QToolButton* clearOverlayButton() const { return clearOverlay_; }
    /// For tests: the dialog accepted with these values (SI) on row `id`:
    /// emits overlayRequested as the dialog's OK does. False when `id` names
    /// no Number parameter.
    bool requestOverlay(const QString& id, const QVector<double>& siValues);
    /// Asks for the values to overlay of parameter `id` (OverlayDialog), as
    /// the row's context menu and View > Overlay a parameter do.
    void openOverlayDialog(const QString& id);
    /// The ids and labels of the rows that can be overlaid (numeric rows).
    QList<QPair<QString, QString>> listOverlayableParameters() const;
    /// The actions of a numeric row's context menu ("Overlay values...",
    /// "Clear overlay"); empty for an unknown id.
    QList<QAction*> overlayActions(const QString& id) const;

    /// The row's widgets, for tests and layout tweaks; nullptr when unknown.
    QSlider* slider(const QString& id) const;
    QDoubleSpinBox* spinBox(const QString& id) const;
    QComboBox* comboBox(const QString& id) const;

signals:
    void numberChanged(const QString& id, double siValue);
    void choiceChanged(const QString& id, const QString& choice);
    /// The user asked to overlay `siValues` of parameter `id`, or to clear the overlay.
    void overlayRequested(const QString& id, const QVector<double>& siValues);
    void overlayCleared();

private:
    // Everything a row puts in the grid, to show or hide it as a whole.
    struct RowWidgets {
        QString law;                 // the law whose option it is, or empty
        QString group;
        QList<QWidget*> widgets;
        QString inapplicable;        // why the row is disabled, or empty
        QStringList toolTips;        // each widget's own tooltip, to restore
    };
    struct NumberRow {
        double min = 0.0, max = 1.0;   // SI
        double step = 0.0;             // SI; values snap to min + k step when > 0
        double value = 0.0;            // SI
        int ticks = kContinuousSliderTicks;
        double displayScale = 1.0;     // displayed = SI * displayScale (180/pi for rad)
        QString label;                 // as the row shows it
        QSlider* slider = nullptr;
        QDoubleSpinBox* spinBox = nullptr;
        QList<QAction*> overlayActions;   // the context menu of its label and slider
    };
    struct ChoiceRow {
        QComboBox* comboBox = nullptr;
    };

    void addNumberRow(const SceneParameter& parameter, int row);
    void addChoiceRow(const SceneParameter& parameter, int row);
    QString makeToolTip(const SceneParameter& parameter) const;
    void updateRowVisibility();
    void onSliderMoved(const QString& id, int tick);
    void onSpinBoxEdited(const QString& id, double displayed);
    void addOverlayMenu(const QString& id, NumberRow& row, QWidget* label);

    static double calcTickValue(const NumberRow& row, int tick);
    static int calcNearestTick(const NumberRow& row, double siValue);

    QWidget* body_ = nullptr;       // holds the rows; replaced by setParameters
    QGridLayout* grid_ = nullptr;
    QHash<QString, NumberRow> numbers_;
    QLabel* rangeNote_ = nullptr;   // a typed value outside its range, and what it became
    QHash<QString, ChoiceRow> choices_;
    QStringList order_;
    QHash<QString, RowWidgets> rows_;
    QList<QPair<QString, QLabel*>> groupHeadings_;
    QString law_;
    QString sceneReference_;
    QWidget* overlayBox_ = nullptr;        // the overlay line and its note
    QLabel* overlayLabel_ = nullptr;
    QLabel* overlayNote_ = nullptr;
    QToolButton* clearOverlay_ = nullptr;
    QString overlayId_;                    // the overlaid parameter, "" when none
    QVector<double> overlayValues_;        // SI
};

}  // namespace impactlab::ui
