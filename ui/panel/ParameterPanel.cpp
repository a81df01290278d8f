#include "ParameterPanel.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QHBoxLayout>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

#include "compare/DisplayText.h"
#include "laws/LawRegistry.h"
#include "panel/OverlayDialog.h"
#include "panel/ParameterDisplayUnit.h"
#include "panel/RangeNoteSpinBox.h"

namespace impactlab::ui {
namespace {

// Spin boxes show at most this many decimals: more is noise to a reader.
constexpr int kMaxDecimals = 6;
// Targets of the choices whose entries are ids with display names.
constexpr const char* kLawTarget = "/contact/law";
constexpr const char* kFrictionModelTarget = "/granular/friction_model";


// Enough decimals to show one slider tick (or one step) in display units.
int calcDecimals(double displayResolution) {
    if (!(displayResolution > 0.0) || !std::isfinite(displayResolution)) return 3;
    const int decimals = static_cast<int>(std::ceil(-std::log10(displayResolution) - 1e-9));
    return std::clamp(decimals, 0, kMaxDecimals);
}

}  // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The overlay line above the rows: what is overlaid, a one-click clear,
    // and what the page does not draw.
    overlayBox_ = new QWidget(this);
    overlayBox_->setObjectName("overlayLine");
    auto* box = new QVBoxLayout(overlayBox_);
    box->setContentsMargins(6, 6, 6, 0);
    auto* line = new QHBoxLayout;
    overlayLabel_ = new QLabel(overlayBox_);
    overlayLabel_->setWordWrap(true);
    clearOverlay_ = new QToolButton(overlayBox_);
    clearOverlay_->setObjectName("clearOverlay");
    clearOverlay_->setText(tr("Clear"));
    clearOverlay_->setToolTip(tr("Clear the overlay: every view shows the scene's own value again (undoable)"));
    connect(clearOverlay_, &QToolButton::clicked, this, &ParameterPanel::overlayCleared);
    line->addWidget(overlayLabel_, 1);
    line->addWidget(clearOverlay_);
    box->addLayout(line);
    overlayNote_ = new QLabel(overlayBox_);
    overlayNote_->setWordWrap(true);
    overlayNote_->setStyleSheet("color: #b00");
    box->addWidget(overlayNote_);
    layout->addWidget(overlayBox_);
    overlayBox_->hide();
    // Says what became of a typed value outside a row's range (RangeNoteSpinBox).
    rangeNote_ = new QLabel(this);
    rangeNote_->setObjectName("rangeNote");
    rangeNote_->setWordWrap(true);
    rangeNote_->setStyleSheet("color: #a05a00");
    rangeNote_->setContentsMargins(6, 4, 6, 0);
    layout->addWidget(rangeNote_);
    rangeNote_->hide();
    setParameters({});
}

ParameterPanel::~ParameterPanel() = default;

void ParameterPanel::setParameters(const std::vector<SceneParameter>& parameters, const QString& sceneReference) {
    sceneReference_ = sceneReference;
    // The old rows may be the sender of the signal that led here: take them out
    // of the tree now, delete them once control is back in the event loop.
    if (body_) {
        body_->hide();
        layout()->removeWidget(body_);
        body_->setParent(nullptr);
        body_->deleteLater();
    }
    numbers_.clear();
    choices_.clear();
    order_.clear();
    rows_.clear();
    groupHeadings_.clear();

    body_ = new QWidget(this);
    grid_ = new QGridLayout(body_);
    grid_->setContentsMargins(6, 6, 6, 6);
    grid_->setColumnStretch(1, 1);
    grid_->setHorizontalSpacing(8);
    // Groups in order of first appearance, law options after the rest.
    QStringList groups;
    for (const SceneParameter& parameter : parameters) {
        const QString g = toQString(getParameterGroup(parameter));
        if (!groups.contains(g)) groups.append(g);
    }
    std::stable_partition(groups.begin(), groups.end(), [&](const QString& g) {
        return std::none_of(parameters.begin(), parameters.end(), [&](const SceneParameter& p) {
            return toQString(getParameterGroup(p)) == g && !getParameterLaw(p).empty();
        });
    });
    int row = 0;
    for (const QString& group : groups) {
        // One group needs no heading: the box around the panel names it.
        if (groups.size() > 1) {
            // A law's options read under the law's display name; the group
            // (its key) keeps the id.
            QString text = group;
            for (const SceneParameter& p : parameters)
                if (toQString(getParameterGroup(p)) == group && p.group.empty() && !getParameterLaw(p).empty()) {
                    text = lawDisplayName(getParameterLaw(p)) + tr(" options");
                    break;
                }
            auto* heading = new QLabel(text, body_);
            heading->setObjectName(QStringLiteral("group:") + group);
            QFont bold = heading->font();
            bold.setBold(true);
            heading->setFont(bold);
            grid_->addWidget(heading, row++, 0, 1, 3);
            groupHeadings_.append({group, heading});
        }
        for (const SceneParameter& parameter : parameters) {
            if (toQString(getParameterGroup(parameter)) != group) continue;
            const QString id = toQString(parameter.id);
            if (numbers_.contains(id) || choices_.contains(id)) continue;  // ids are unique in a valid scene
            if (parameter.kind == SceneParameter::Kind::Number) addNumberRow(parameter, row);
            else addChoiceRow(parameter, row);
            RowWidgets& widgets = rows_[id];
            widgets.law = toQString(getParameterLaw(parameter));
            widgets.group = group;
            for (int column = 0; column < grid_->columnCount(); ++column)
                if (QLayoutItem* item = grid_->itemAtPosition(row, column); item && item->widget())
                    if (!widgets.widgets.contains(item->widget())) widgets.widgets.append(item->widget());
            order_.append(id);
            ++row;
        }
    }
    updateRowVisibility();
    if (parameters.empty()) {
        auto* empty = new QLabel(tr("This scene has no parameters."), body_);
        empty->setEnabled(false);
        grid_->addWidget(empty, 0, 0, 1, 3);
    }
    grid_->setRowStretch(row + 1, 1);
    layout()->addWidget(body_);
}

void ParameterPanel::addNumberRow(const SceneParameter& parameter, int row) {
    const QString id = toQString(parameter.id);
    NumberRow r;
    r.min = std::min(parameter.min, parameter.max);
    r.max = std::max(parameter.min, parameter.max);
    r.step = parameter.step;
    const double span = r.max - r.min;
    if (parameter.step > 0.0 && span > 0.0) {
        const double ticks = std::round(span / parameter.step);
        r.ticks = ticks >= 1.0 && ticks <= kMaxSliderTicks ? static_cast<int>(ticks) : kContinuousSliderTicks;
    }
    if (!(span > 0.0)) r.ticks = 1;
    const bool isAngle = parameter.unit == "rad";
    // Stiffnesses read in GPa (the papers' unit); the scene stores Pa.
    const bool isStiffness = parameter.unit == "Pa";
    const ParameterDisplayUnit display = getParameterDisplayUnit(parameter);
    r.displayScale = display.scale;
    r.value = std::clamp(parameter.value, r.min, r.max);

    QString tooltip = makeToolTip(parameter);
    if (isAngle) {
        if (!tooltip.isEmpty()) tooltip += QStringLiteral("\n");
        tooltip += tr("Shown in degrees; the scene stores radians.");
    }
    if (isStiffness) {
        if (!tooltip.isEmpty()) tooltip += QStringLiteral("\n");
        tooltip += tr("Shown in GPa; the scene stores Pa.");
    }

    r.label = toQString(parameter.label.empty() ? parameter.id : parameter.label);
    auto* label = new QLabel(r.label, body_);
    label->setToolTip(tooltip);

    r.slider = new QSlider(Qt::Horizontal, body_);
    r.slider->setRange(0, r.ticks);
    r.slider->setSingleStep(1);
    r.slider->setPageStep(std::max(1, r.ticks / 10));
    // valueChanged while dragging (live updates), or on release for a
    // parameter too costly to apply at every position.
    r.slider->setTracking(parameter.live);
    r.slider->setMinimumWidth(120);
    // The overlay is in the context menu: say so where the pointer rests.
    const QString overlayHint = tr("Right-click to overlay several values of this parameter in the views.");
    r.slider->setToolTip(tooltip.isEmpty() ? overlayHint : tooltip + QStringLiteral("\n") + overlayHint);
    r.slider->setObjectName(id + QStringLiteral(".slider"));

    auto* spinBox = new RangeNoteSpinBox(body_);
    r.spinBox = spinBox;
    const double tickDisplay = (span > 0.0 ? span / r.ticks : 1.0) * r.displayScale;
    r.spinBox->setDecimals(calcDecimals(tickDisplay));
    r.spinBox->setRange(r.min * r.displayScale, r.max * r.displayScale);
    r.spinBox->setSingleStep(parameter.step > 0.0 ? parameter.step * r.displayScale
                                                  : std::max(tickDisplay, span * r.displayScale / 100.0));
    const QString unit = display.unit;
    if (!unit.isEmpty()) r.spinBox->setSuffix(QStringLiteral(" ") + unit);
    // Typed values are applied on Enter or focus loss, not at every keystroke:
    // "0.0" on the way to "0.05" is not a value the user asked for.
    r.spinBox->setKeyboardTracking(false);
    r.spinBox->setAccelerated(true);
    r.spinBox->setToolTip(tooltip);
    r.spinBox->setObjectName(id + QStringLiteral(".spin"));

    r.slider->setValue(calcNearestTick(r, r.value));
    r.spinBox->setValue(r.value * r.displayScale);

    connect(r.slider, &QSlider::valueChanged, this, [this, id](int tick) { onSliderMoved(id, tick); });
    connect(spinBox, &RangeNoteSpinBox::outOfRange, this, [this, spinBox, label = r.label](double typed, double clamped) {
        rangeNote_->setText(tr("%1: %2 is outside the range %3 to %4; set to %5.")
                                .arg(label, spinBox->textFromValue(typed) + spinBox->suffix(),
                                     spinBox->textFromValue(spinBox->minimum()), spinBox->textFromValue(spinBox->maximum()) + spinBox->suffix(),
                                     spinBox->textFromValue(clamped) + spinBox->suffix()));
        rangeNote_->show();
    });
    connect(r.spinBox, qOverload<double>(&QDoubleSpinBox::valueChanged), this,
            [this, id](double displayed) { onSpinBoxEdited(id, displayed); });

    addOverlayMenu(id, r, label);
    grid_->addWidget(label, row, 0);
    grid_->addWidget(r.slider, row, 1);
    grid_->addWidget(r.spinBox, row, 2);
    numbers_.insert(id, r);
}

void ParameterPanel::addChoiceRow(const SceneParameter& parameter, int row) {
    const QString id = toQString(parameter.id);
    const QString tooltip = makeToolTip(parameter);
    auto* label = new QLabel(toQString(parameter.label.empty() ? parameter.id : parameter.label), body_);
    label->setToolTip(tooltip);

    ChoiceRow r;
    r.comboBox = new QComboBox(body_);
    // A law or a granular friction model shows its display name; every
    // entry keeps the document's id as its data, which is what the panel
    // reports and accepts.
    const bool isLaw = parameter.target == kLawTarget;
    const bool isFrictionModel = parameter.target == kFrictionModelTarget;
    for (const std::string& choice : parameter.choices) {
        const QString text = isLaw             ? lawDisplayName(choice)
                             : isFrictionModel ? frictionModelDisplayName(choice)
                                               : toQString(choice);
        r.comboBox->addItem(text, toQString(choice));
        // A law's entry names its paper and equations, and its id.
        if (isLaw)
            if (const LawInfo* law = findLaw(choice))
                r.comboBox->setItemData(r.comboBox->count() - 1,
                                        toQString(law->title + "\n" + law->reference + "\nid: " + law->id),
                                        Qt::ToolTipRole);
        if (isFrictionModel)
            r.comboBox->setItemData(r.comboBox->count() - 1, tr("id: ") + toQString(choice), Qt::ToolTipRole);
    }
    const int current = r.comboBox->findData(toQString(parameter.choice));
    r.comboBox->setCurrentIndex(std::max(current, 0));
    r.comboBox->setToolTip(tooltip);
    r.comboBox->setObjectName(id + QStringLiteral(".combo"));
    QComboBox* combo = r.comboBox;
    connect(r.comboBox, &QComboBox::currentIndexChanged, this,
            [this, id, combo](int index) { emit choiceChanged(id, combo->itemData(index).toString()); });

    grid_->addWidget(label, row, 0);
    grid_->addWidget(r.comboBox, row, 1, 1, 2);
    choices_.insert(id, r);
}

void ParameterPanel::addOverlayMenu(const QString& id, NumberRow& row, QWidget* label) {
    auto* overlay = new QAction(tr("Overlay values..."), body_);
    overlay->setObjectName(id + QStringLiteral(".overlay"));
    overlay->setToolTip(tr("Draw every view at several values of this parameter, one colour each"));
    connect(overlay, &QAction::triggered, this, [this, id] { openOverlayDialog(id); });
    auto* clear = new QAction(tr("Clear overlay"), body_);
    clear->setObjectName(id + QStringLiteral(".clearOverlay"));
    connect(clear, &QAction::triggered, this, &ParameterPanel::overlayCleared);
    row.overlayActions = {overlay, clear};
    for (QWidget* w : {label, static_cast<QWidget*>(row.slider)}) {
        w->setContextMenuPolicy(Qt::ActionsContextMenu);
        w->addActions(row.overlayActions);
    }
    clear->setEnabled(!overlayId_.isEmpty());
}

void ParameterPanel::openOverlayDialog(const QString& id) {
    const auto it = numbers_.find(id);
    if (it == numbers_.end()) return;
    OverlayRange range;
    range.min = it->min;
    range.max = it->max;
    range.step = it->step;
    range.displayScale = it->displayScale;
    range.unit = it->spinBox->suffix().trimmed();
    range.decimals = it->spinBox->decimals();
    range.label = id;
    if (const auto row = rows_.find(id); row != rows_.end() && !row->widgets.isEmpty())
        if (auto* label = qobject_cast<QLabel*>(row->widgets.front())) range.label = label->text();
    if (overlayId_ == id) range.current = overlayValues_;
    OverlayDialog dialog(range, this);
    if (dialog.exec() == QDialog::Accepted) emit overlayRequested(id, dialog.values());
}

bool ParameterPanel::requestOverlay(const QString& id, const QVector<double>& siValues) {
    if (!numbers_.contains(id)) return false;
    emit overlayRequested(id, siValues);
    return true;
}

QList<QAction*> ParameterPanel::overlayActions(const QString& id) const {
    const auto it = numbers_.find(id);
    return it == numbers_.end() ? QList<QAction*>{} : it->overlayActions;
}

void ParameterPanel::showOverlay(const QString& text, const QString& note, const QString& id, const QVector<double>& values) {
    overlayId_ = text.isEmpty() ? QString() : id;
    overlayValues_ = text.isEmpty() ? QVector<double>{} : values;
    overlayLabel_->setText(text);
    overlayNote_->setText(note);
    overlayNote_->setVisible(!note.isEmpty());
    overlayBox_->setVisible(!text.isEmpty());
    for (const NumberRow& row : numbers_)
        if (row.overlayActions.size() > 1) row.overlayActions[1]->setEnabled(!text.isEmpty());
}

QString ParameterPanel::overlayText() const { return overlayBox_->isHidden() ? QString() : overlayLabel_->text(); }

QString ParameterPanel::overlayNote() const { return overlayBox_->isHidden() ? QString() : overlayNote_->text(); }

double ParameterPanel::calcTickValue(const NumberRow& row, int tick) {
    if (tick >= row.ticks) return row.max;  // exact at the end, whatever the rounding
    const double value = row.min + (row.max - row.min) * static_cast<double>(tick) / row.ticks;
    // A stepped parameter (a count) keeps to its steps even when the slider
    // has fewer ticks than steps.
    if (row.step > 0.0) return std::clamp(row.min + std::round((value - row.min) / row.step) * row.step, row.min, row.max);
    return value;
}

int ParameterPanel::calcNearestTick(const NumberRow& row, double siValue) {
    const double span = row.max - row.min;
    if (!(span > 0.0) || !std::isfinite(siValue)) return 0;
    const double t = std::clamp((siValue - row.min) / span, 0.0, 1.0);
    return static_cast<int>(std::lround(t * row.ticks));
}

void ParameterPanel::onSliderMoved(const QString& id, int tick) {
    auto it = numbers_.find(id);
    if (it == numbers_.end()) return;
    it->value = calcTickValue(*it, tick);
    {
        const QSignalBlocker block(it->spinBox);
        it->spinBox->setValue(it->value * it->displayScale);
    }
    emit numberChanged(id, it->value);
}

void ParameterPanel::onSpinBoxEdited(const QString& id, double displayed) {
    auto it = numbers_.find(id);
    if (it == numbers_.end()) return;
    if (displayed > it->min * it->displayScale && displayed < it->max * it->displayScale) rangeNote_->hide();
    it->value = std::clamp(displayed / it->displayScale, it->min, it->max);
    {
        const QSignalBlocker block(it->slider);
        it->slider->setValue(calcNearestTick(*it, it->value));
    }
    emit numberChanged(id, it->value);
}

bool ParameterPanel::setValue(const QString& id, double siValue) {
    auto it = numbers_.find(id);
    if (it == numbers_.end() || !std::isfinite(siValue)) return false;
    it->value = std::clamp(siValue, it->min, it->max);
    const QSignalBlocker blockSlider(it->slider);
    const QSignalBlocker blockSpin(it->spinBox);
    it->slider->setValue(calcNearestTick(*it, it->value));
    it->spinBox->setValue(it->value * it->displayScale);
    return true;
}

bool ParameterPanel::setChoice(const QString& id, const QString& choice) {
    auto it = choices_.find(id);
    if (it == choices_.end()) return false;
    const int index = it->comboBox->findData(choice);
    if (index < 0) return false;
    const QSignalBlocker block(it->comboBox);
    it->comboBox->setCurrentIndex(index);
    return true;
}

bool ParameterPanel::setSliderPosition(const QString& id, double siValue) {
    auto it = numbers_.find(id);
    if (it == numbers_.end()) return false;
    const int tick = calcNearestTick(*it, siValue);
    if (it->slider->value() != tick) it->slider->setValue(tick);  // emits through onSliderMoved
    else onSliderMoved(id, tick);                                  // a drag back to the same place
    return true;
}

QString ParameterPanel::formatValue(const QString& id, double siValue) const {
    const auto it = numbers_.find(id);
    if (it == numbers_.end() || !it->spinBox) return QString::number(siValue, 'g', kFormatDigits);
    return it->spinBox->textFromValue(siValue * it->displayScale) + it->spinBox->suffix();
}

double ParameterPanel::value(const QString& id) const {
    auto it = numbers_.find(id);
    return it == numbers_.end() ? std::numeric_limits<double>::quiet_NaN() : it->value;
}

QString ParameterPanel::choice(const QString& id) const {
    auto it = choices_.find(id);
    return it == choices_.end() ? QString() : it->comboBox->currentData().toString();
}

QStringList ParameterPanel::parameterIds() const { return order_; }

QList<QPair<QString, QString>> ParameterPanel::listOverlayableParameters() const {
    QList<QPair<QString, QString>> out;
    for (const QString& id : order_) {
        const auto it = numbers_.find(id);
        if (it != numbers_.end()) out.append({id, it->label});
    }
    return out;
}

QSlider* ParameterPanel::slider(const QString& id) const {
    auto it = numbers_.find(id);
    return it == numbers_.end() ? nullptr : it->slider;
}

QDoubleSpinBox* ParameterPanel::spinBox(const QString& id) const {
    auto it = numbers_.find(id);
    return it == numbers_.end() ? nullptr : it->spinBox;
}

QComboBox* ParameterPanel::comboBox(const QString& id) const {
    auto it = choices_.find(id);
    return it == choices_.end() ? nullptr : it->comboBox;
}

QString ParameterPanel::makeToolTip(const SceneParameter& parameter) const {
    QString tip = toQString(parameter.help);
    QString source = toQString(parameter.reference);
    if (source.isEmpty()) {
        const std::string law = getParameterLaw(parameter);
        if (!law.empty())
            if (const LawInfo* info = findLaw(law)) source = toQString(info->title + "; " + info->reference);
    }
    if (source.isEmpty()) source = sceneReference_;
    if (!source.isEmpty()) tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Source: ") + source;
    return tip;
}

void ParameterPanel::setLaw(const QString& law) {
    law_ = law;
    updateRowVisibility();
}

void ParameterPanel::updateRowVisibility() {
    QHash<QString, bool> groupShown;
    for (auto it = rows_.begin(); it != rows_.end(); ++it) {
        const bool shown = it->law.isEmpty() || it->law == law_;
        for (QWidget* w : it->widgets) w->setVisible(shown);
        groupShown[it->group] = groupShown.value(it->group, false) || shown;
    }
    for (const auto& [group, heading] : groupHeadings_) heading->setVisible(groupShown.value(group, false));
}

void ParameterPanel::setRowInapplicable(const QString& id, const QString& reason) {
    const auto it = rows_.find(id);
    if (it == rows_.end() || it->inapplicable == reason) return;
    if (it->toolTips.isEmpty())
        for (QWidget* w : it->widgets) it->toolTips << w->toolTip();
    it->inapplicable = reason;
    for (int i = 0; i < it->widgets.size(); ++i) {
        QWidget* w = it->widgets[i];
        w->setEnabled(reason.isEmpty());
        const QString own = it->toolTips.value(i);
        w->setToolTip(reason.isEmpty() ? own : own.isEmpty() ? reason : reason + "\n\n" + own);
    }
}

QString ParameterPanel::inapplicableReason(const QString& id) const {
    const auto it = rows_.find(id);
    return it == rows_.end() ? QString() : it->inapplicable;
}

bool ParameterPanel::isRowShown(const QString& id) const {
    const auto it = rows_.find(id);
    return it != rows_.end() && (it->law.isEmpty() || it->law == law_);
}

QStringList ParameterPanel::shownGroups() const {
    QStringList out;
    for (const auto& [group, heading] : groupHeadings_)
        if (!heading->isHidden()) out << group;
    return out;
}

}  // namespace impactlab::ui
