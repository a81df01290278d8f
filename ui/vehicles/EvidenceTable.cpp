#include "vehicles/EvidenceTable.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>

#include "compare/DisplayText.h"
#include "panel/ParameterDisplayUnit.h"
#include "reconstruction/Reconstruction.h"

namespace impactlab::ui {

namespace {

// Significant digits of a value or sigma in a cell and in an undo step's
// text: a measured value rarely has more, and 6 keeps a dragged position to
// the millimetre within 1 km of the origin.
constexpr int kEvidenceDigits = 6;
// m: the sigma of a rest position placed by dragging a ghost car, about the
// care of a drag on a view of a few tens of metres (the user edits it after).
constexpr double kDraggedRestSigma = 0.5;
// A new evidence item: delta-V of vehicle 1, 5 m/s with 10 % as its sigma,
// a typical crash-pulse recorder's accuracy.
constexpr double kNewEvidenceValue = 5.0;
constexpr double kNewEvidenceSigma = 0.5;
// A new unknown: vehicle 1's speed, in m/s, between standing and 45 m/s
// (162 km/h), wider than any staged collision.
constexpr double kNewUnknownMax = 45.0;
// Monte Carlo samples the spin box allows: one is a point estimate with a
// single draw; a hundred thousand take minutes on two cores.
constexpr int kMinSamples = 1;
constexpr int kMaxSamples = 100000;
constexpr int kDefaultSamples = 1000;   // the contract's default

QString formatEvidenceNumber(double v) { return QString::number(v, 'g', kEvidenceDigits); }

QString formatEvidenceValue(const nlohmann::json& value) {
    if (value.is_number()) return formatEvidenceNumber(value.get<double>());
    QStringList parts;
    if (value.is_array())
        for (const auto& v : value) parts << (v.is_number() ? formatEvidenceNumber(v.get<double>()) : QString("?"));
    return parts.join(", ");
}

// Numbers separated by commas or spaces; nullopt when any is not a finite number.
std::optional<std::vector<double>> parseEvidenceNumbers(const QString& text) {
    std::vector<double> values;
    for (const QString& part : text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.toDouble(&ok);
        if (!ok || !std::isfinite(v)) return std::nullopt;
        values.push_back(v);
    }
    return values;
}

std::optional<double> parseEvidenceNumber(const QString& text) {
    const auto values = parseEvidenceNumbers(text);
    if (!values || values->size() != 1) return std::nullopt;
    return values->front();
}

int countComponents(const std::string& quantity) {
    const auto q = parseEvidenceQuantity(quantity);
    return q ? getComponentCount(*q) : 1;
}

// The value as the quantity's component count wants it: a number, or an
// array padded with zeros or cut.
nlohmann::json shapeEvidenceValue(const std::vector<double>& values, int components) {
    std::vector<double> v = values;
    v.resize(static_cast<std::size_t>(components), 0.0);
    if (components == 1) return v.front();
    return v;
}

std::vector<double> readEvidenceValues(const nlohmann::json& value) {
    if (value.is_number()) return {value.get<double>()};
    std::vector<double> v;
    if (value.is_array())
        for (const auto& x : value) v.push_back(x.is_number() ? x.get<double>() : 0.0);
    return v;
}

QTableWidget* makeBlockTable(const QStringList& headers) {
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->setVisible(true);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    return table;
}

QTableWidgetItem* makeReadOnlyItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

}  // namespace

EvidenceTable::EvidenceTable(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    layout->addWidget(new QLabel(tr("<b>Evidence</b> (one-sigma normal errors; PDOF in degrees, SAE sense)")));
    // Filled by rebuild(): what the 3D view shows depends on the evidence there is.
    ghostHint_ = new QLabel;
    ghostHint_->setObjectName("evidenceHint");
    ghostHint_->setWordWrap(true);
    layout->addWidget(ghostHint_);
    evidence_ = makeBlockTable({tr("Quantity"), tr("Vehicle"), tr("Value"), tr("Sigma"), tr("Unit")});
    evidence_->setObjectName("evidenceTable");
    layout->addWidget(evidence_, 3);
    auto* evidenceButtons = new QHBoxLayout;
    auto* addEvidenceButton = new QPushButton(tr("Add evidence"));
    addEvidenceButton->setObjectName("addEvidence");
    removeEvidence_ = new QPushButton(tr("Remove evidence"));
    removeEvidence_->setObjectName("removeEvidence");
    evidenceButtons->addWidget(addEvidenceButton);
    evidenceButtons->addWidget(removeEvidence_);
    evidenceButtons->addStretch(1);
    layout->addLayout(evidenceButtons);

    layout->addWidget(new QLabel(tr("<b>Unknowns</b> (JSON pointers into the scene, with their bounds)")));
    unknowns_ = makeBlockTable({tr("Target"), tr("Min"), tr("Max"), tr("As on the slider")});
    unknowns_->setObjectName("unknownsTable");
    layout->addWidget(unknowns_, 2);
    auto* unknownButtons = new QHBoxLayout;
    auto* addUnknownButton = new QPushButton(tr("Add unknown"));
    addUnknownButton->setObjectName("addUnknown");
    removeUnknown_ = new QPushButton(tr("Remove unknown"));
    removeUnknown_->setObjectName("removeUnknown");
    unknownButtons->addWidget(addUnknownButton);
    unknownButtons->addWidget(removeUnknown_);
    unknownButtons->addStretch(1);
    unknownButtons->addWidget(new QLabel(tr("Samples")));
    samples_ = new QSpinBox;
    samples_->setObjectName("reconstructionSamples");
    samples_->setRange(kMinSamples, kMaxSamples);
    samples_->setKeyboardTracking(false);   // one edit per typed number, not per digit
    samples_->setToolTip(tr("Monte Carlo samples: each draws the evidence and the uncertain inputs and solves again"));
    unknownButtons->addWidget(samples_);
    layout->addLayout(unknownButtons);

    message_ = new QLabel;
    message_->setObjectName("evidenceMessage");
    message_->setWordWrap(true);
    message_->setStyleSheet("color: #b00020");
    message_->hide();
    layout->addWidget(message_);

    connect(addEvidenceButton, &QPushButton::clicked, this, &EvidenceTable::addEvidence);
    connect(removeEvidence_, &QPushButton::clicked, this, [this] { removeEvidence(evidence_->currentRow()); });
    connect(addUnknownButton, &QPushButton::clicked, this, &EvidenceTable::addUnknown);
    connect(removeUnknown_, &QPushButton::clicked, this, [this] { removeUnknown(unknowns_->currentRow()); });
    connect(evidence_, &QTableWidget::itemChanged, this, &EvidenceTable::onEvidenceItemChanged);
    connect(unknowns_, &QTableWidget::itemChanged, this, &EvidenceTable::onUnknownItemChanged);
    connect(samples_, &QSpinBox::valueChanged, this, &EvidenceTable::onSamplesChanged);
    rebuild();
}

void EvidenceTable::setBlock(const nlohmann::json& block, int vehicleCount) {
    block_ = block.is_object() ? block : nlohmann::json::object();
    vehicleCount_ = std::max(1, vehicleCount);
    message_->hide();
    rebuild();
}

void EvidenceTable::setSceneParameters(const std::vector<SceneParameter>& parameters) {
    const auto same = [](const SceneParameter& a, const SceneParameter& b) {
        return a.target == b.target && a.label == b.label && a.unit == b.unit;
    };
    if (std::equal(parameters.begin(), parameters.end(), parameters_.begin(), parameters_.end(), same)) return;
    parameters_ = parameters;
    rebuild();
}

void EvidenceTable::rebuild() {
    rebuilding_ = true;
    const QSignalBlocker blockEvidence(evidence_), blockUnknowns(unknowns_), blockSamples(samples_);
    const nlohmann::json evidence = block_.value("evidence", nlohmann::json::array());
    evidence_->setRowCount(0);
    evidence_->setRowCount(static_cast<int>(evidence.size()));
    for (int row = 0; row < static_cast<int>(evidence.size()); ++row) addEvidenceRow(row, evidence[row]);
    const std::string restPosition = toString(EvidenceQuantity::RestPosition);
    const bool hasRestPosition = std::any_of(evidence.begin(), evidence.end(), [&](const nlohmann::json& e) {
        return e.is_object() && e.value("quantity", "") == restPosition;
    });
    ghostHint_->setText(hasRestPosition
                            ? tr("In the 3D view each rest position is a translucent car: drag it to move the evidence. "
                                 "Outlines are the rest poses the reconstruction predicts.")
                            : tr("This evidence has no rest position. Add one (Add evidence, quantity rest_position) "
                                 "to place a translucent car in the 3D view that you can drag; outlines there are "
                                 "the rest poses the reconstruction predicts."));
    const nlohmann::json unknowns = block_.value("unknowns", nlohmann::json::array());
    unknowns_->setRowCount(static_cast<int>(unknowns.size()));
    for (int row = 0; row < static_cast<int>(unknowns.size()); ++row) {
        const nlohmann::json& u = unknowns[row];
        unknowns_->setItem(row, TargetColumn, new QTableWidgetItem(QString::fromStdString(u.value("target", ""))));
        unknowns_->setItem(row, MinColumn, new QTableWidgetItem(formatEvidenceNumber(u.value("min", 0.0))));
        unknowns_->setItem(row, MaxColumn, new QTableWidgetItem(formatEvidenceNumber(u.value("max", 0.0))));
        // The slider's name and the bounds in its unit (degrees for radians).
        QString slider;
        for (const SceneParameter& p : parameters_)
            if (p.target == u.value("target", "")) {
                const ParameterDisplayUnit display = getParameterDisplayUnit(p);
                slider = tr("%1: %2 to %3 %4")
                             .arg(QString::fromStdString(p.label), displayNumber(display.scale * u.value("min", 0.0)),
                                  displayNumber(display.scale * u.value("max", 0.0)), display.unit)
                             .trimmed();
            }
        unknowns_->setItem(row, SliderColumn, makeReadOnlyItem(slider));
    }
    const auto samples = block_.find("samples");
    samples_->setValue(samples != block_.end() && samples->is_number_integer() ? samples->get<int>() : kDefaultSamples);
    evidence_->resizeColumnsToContents();
    unknowns_->resizeColumnToContents(TargetColumn);
    removeEvidence_->setEnabled(!evidence.empty());
    removeUnknown_->setEnabled(!unknowns.empty());
    rebuilding_ = false;
}

void EvidenceTable::addEvidenceRow(int row, const nlohmann::json& item) {
    auto* quantity = new QComboBox;
    for (EvidenceQuantity q : listEvidenceQuantities()) quantity->addItem(toString(q));
    const std::string name = item.value("quantity", "");
    quantity->setCurrentText(QString::fromStdString(name));
    connect(quantity, &QComboBox::textActivated, this, [this, row](const QString& q) { onQuantityChosen(row, q); });
    evidence_->setCellWidget(row, QuantityColumn, quantity);

    auto* vehicle = new QSpinBox;
    vehicle->setRange(1, vehicleCount_);
    vehicle->setValue(item.value("vehicle", 0) + 1);
    vehicle->setKeyboardTracking(false);
    connect(vehicle, &QSpinBox::valueChanged, this, [this, row](int v) { onVehicleChosen(row, v - 1); });
    evidence_->setCellWidget(row, VehicleColumn, vehicle);

    evidence_->setItem(row, ValueColumn, new QTableWidgetItem(formatEvidenceValue(item.value("value", nlohmann::json()))));
    evidence_->setItem(row, SigmaColumn, new QTableWidgetItem(formatEvidenceNumber(item.value("sigma", 0.0))));
    const auto q = parseEvidenceQuantity(name);
    evidence_->setItem(row, UnitColumn, makeReadOnlyItem(q ? QString(getUnit(*q)) : QString()));
}

// Both run after the signal that led here has returned: the edit comes
// back as setBlock, whose rebuild deletes the cell and the cell widget the
// signal came from.
void EvidenceTable::emitEdit(const QString& text, const nlohmann::json& block) {
    message_->hide();
    QMetaObject::invokeMethod(
        this, [this, text, block] { if (onEdited_) onEdited_(text, block); }, Qt::QueuedConnection);
}

void EvidenceTable::refuse(const QString& message) {
    message_->setText(message);
    message_->show();
    QMetaObject::invokeMethod(this, [this] { rebuild(); }, Qt::QueuedConnection);   // the block's value again
}

void EvidenceTable::onEvidenceItemChanged(QTableWidgetItem* item) {
    if (rebuilding_ || !item) return;
    const int row = item->row();
    nlohmann::json block = block_;
    nlohmann::json& entry = block["evidence"][static_cast<std::size_t>(row)];
    const QString label = tr("Evidence %1").arg(row + 1);
    if (item->column() == ValueColumn) {
        const int components = countComponents(entry.value("quantity", ""));
        const auto values = parseEvidenceNumbers(item->text());
        if (!values || static_cast<int>(values->size()) != components)
            return refuse(tr("%1: the value needs %2 number(s), got \"%3\"").arg(label).arg(components).arg(item->text()));
        const QString before = formatEvidenceValue(entry["value"]);
        entry["value"] = shapeEvidenceValue(*values, components);
        emitEdit(tr("%1: value %2 -> %3").arg(label, before, formatEvidenceValue(entry["value"])), block);
    } else if (item->column() == SigmaColumn) {
        const auto sigma = parseEvidenceNumber(item->text());
        if (!sigma || *sigma <= 0.0) return refuse(tr("%1: sigma must be a number > 0, got \"%2\"").arg(label, item->text()));
        const QString before = formatEvidenceValue(entry["sigma"]);
        entry["sigma"] = *sigma;
        emitEdit(tr("%1: sigma %2 -> %3").arg(label, before, formatEvidenceNumber(*sigma)), block);
    }
}

void EvidenceTable::onQuantityChosen(int row, const QString& quantity) {
    nlohmann::json block = block_;
    nlohmann::json& entry = block["evidence"][static_cast<std::size_t>(row)];
    const std::string before = entry.value("quantity", "");
    if (before == quantity.toStdString()) return;
    entry["quantity"] = quantity.toStdString();
    entry["value"] = shapeEvidenceValue(readEvidenceValues(entry.value("value", nlohmann::json())),
                                        countComponents(quantity.toStdString()));
    emitEdit(tr("Evidence %1: %2 -> %3").arg(row + 1).arg(QString::fromStdString(before), quantity), block);
}

void EvidenceTable::onVehicleChosen(int row, int vehicle) {
    if (rebuilding_) return;
    nlohmann::json block = block_;
    nlohmann::json& entry = block["evidence"][static_cast<std::size_t>(row)];
    const int before = entry.value("vehicle", 0);
    if (before == vehicle) return;
    entry["vehicle"] = vehicle;
    emitEdit(tr("Evidence %1: vehicle %2 -> %3").arg(row + 1).arg(before + 1).arg(vehicle + 1), block);
}

void EvidenceTable::onUnknownItemChanged(QTableWidgetItem* item) {
    if (rebuilding_ || !item || item->column() == SliderColumn) return;
    const int row = item->row();
    nlohmann::json block = block_;
    nlohmann::json& entry = block["unknowns"][static_cast<std::size_t>(row)];
    const QString label = tr("Unknown %1").arg(row + 1);
    if (item->column() == TargetColumn) {
        const QString target = item->text().trimmed();
        if (!target.startsWith('/')) return refuse(tr("%1: a target is a JSON pointer such as /vehicles/0/speed").arg(label));
        entry["target"] = target.toStdString();
        emitEdit(tr("%1: target %2").arg(label, target), block);
        return;
    }
    const auto v = parseEvidenceNumber(item->text());
    if (!v) return refuse(tr("%1: a bound must be a number, got \"%2\"").arg(label, item->text()));
    const char* key = item->column() == MinColumn ? "min" : "max";
    const QString before = formatEvidenceNumber(entry.value(key, 0.0));
    entry[key] = *v;
    emitEdit(tr("%1: %2 %3 -> %4").arg(label, QString(key), before, formatEvidenceNumber(*v)), block);
}

void EvidenceTable::onSamplesChanged(int samples) {
    if (rebuilding_) return;
    nlohmann::json block = block_;
    const int before = block.value("samples", kDefaultSamples);
    if (before == samples) return;
    block["samples"] = samples;
    emitEdit(tr("Reconstruction samples %1 -> %2").arg(before).arg(samples), block);
}

void EvidenceTable::addEvidence() {
    nlohmann::json block = block_;
    block["evidence"].push_back(
        {{"quantity", toString(EvidenceQuantity::DeltaV)}, {"vehicle", 0}, {"value", kNewEvidenceValue}, {"sigma", kNewEvidenceSigma}});
    emitEdit(tr("Add evidence %1").arg(block["evidence"].size()), block);
}

void EvidenceTable::removeEvidence(int row) {
    const nlohmann::json evidence = block_.value("evidence", nlohmann::json::array());
    if (row < 0 || row >= static_cast<int>(evidence.size())) return;
    nlohmann::json block = block_;
    const QString quantity = QString::fromStdString(block["evidence"][static_cast<std::size_t>(row)].value("quantity", ""));
    block["evidence"].erase(static_cast<std::size_t>(row));
    emitEdit(tr("Remove evidence %1 (%2)").arg(row + 1).arg(quantity), block);
}

void EvidenceTable::addUnknown() {
    nlohmann::json block = block_;
    block["unknowns"].push_back({{"target", "/vehicles/0/speed"}, {"min", 0.0}, {"max", kNewUnknownMax}});
    emitEdit(tr("Add unknown %1").arg(block["unknowns"].size()), block);
}

void EvidenceTable::removeUnknown(int row) {
    const nlohmann::json unknowns = block_.value("unknowns", nlohmann::json::array());
    if (row < 0 || row >= static_cast<int>(unknowns.size())) return;
    nlohmann::json block = block_;
    const QString target = QString::fromStdString(block["unknowns"][static_cast<std::size_t>(row)].value("target", ""));
    block["unknowns"].erase(static_cast<std::size_t>(row));
    emitEdit(tr("Remove unknown %1 (%2)").arg(row + 1).arg(target), block);
}

void EvidenceTable::setRestPosition(int vehicle, double x, double y) {
    nlohmann::json block = block_;
    nlohmann::json& evidence = block["evidence"];
    const std::string name = toString(EvidenceQuantity::RestPosition);
    for (std::size_t i = 0; i < evidence.size(); ++i) {
        if (evidence[i].value("quantity", "") != name || evidence[i].value("vehicle", -1) != vehicle) continue;
        evidence[i]["value"] = {x, y};
        emitEdit(tr("Move rest position of vehicle %1 to (%2, %3) m")
                     .arg(vehicle + 1)
                     .arg(formatEvidenceNumber(x), formatEvidenceNumber(y)),
                 block);
        return;
    }
    evidence.push_back({{"quantity", name}, {"vehicle", vehicle}, {"value", {x, y}}, {"sigma", kDraggedRestSigma}});
    emitEdit(tr("Add rest position of vehicle %1 at (%2, %3) m")
                 .arg(vehicle + 1)
                 .arg(formatEvidenceNumber(x), formatEvidenceNumber(y)),
             block);
}

}  // namespace impactlab::ui
