#include "VehicleResultsTable.h"

#include <QFile>
#include <QHeaderView>
#include <QSaveFile>
#include <QStringList>
#include <QTextStream>

#include <QHash>

#include <algorithm>
#include <cmath>

#include "diagram/DisplayNumber.h"

namespace impactlab::ui {

namespace {

constexpr double kRadToDeg = 180.0 / EIGEN_PI;

QString csvField(const QString& text) {
    if (!text.contains(',') && !text.contains('"') && !text.contains('\n')) return text;
    QString quoted = text;
    quoted.replace('"', QStringLiteral("\"\""));
    return '"' + quoted + '"';
}

}  // namespace

VehicleResultsTable::VehicleResultsTable(QWidget* parent) : QTableWidget(0, ColumnCount, parent) {
    setHorizontalHeaderLabels({tr("Subject"), tr("Quantity"), tr("Unit"), tr("Value")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(QuantityColumn, QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(SubjectColumn, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(UnitColumn, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::ResizeToContents);
}

void VehicleResultsTable::clearResults() { setRowCount(0); }

void VehicleResultsTable::setCollision(const VehicleCollisionInput& input, const VehicleCollisionResult& result) {
    // Rows first, numbers later: every value of one unit is printed in one
    // format chosen from all of them (236900 J beside 16321 J, not 2.369e+05),
    // each judged against its quantity's scale (an energy against the energy
    // before), so round-off prints 0.
    struct Row {
        QString subject, quantity, unit;
        DisplayCell cell;
        QString text;   // set for a value that is not a number of the unit (a clock hour)
    };
    std::vector<Row> rows;
    auto add = [&rows](const QString& subject, const QString& quantity, const QString& unit, double value,
                       double scale = 0.0) { rows.push_back({subject, quantity, unit, {value, scale}, {}}); };
    auto addVehicle = [&](const QString& who, const VehicleImpactOutcome& o) {
        const double speedScale = std::max(std::abs(o.velocityAfter.x()), std::abs(o.velocityAfter.y()));
        add(who, tr("delta-V"), QStringLiteral("m/s"), o.deltaV);
        add(who, tr("delta-V"), QStringLiteral("km/h"), o.deltaVKmh);
        add(who, tr("PDOF"), QStringLiteral("deg"), o.pdofDeg);
        rows.push_back({who, tr("PDOF"), QStringLiteral("o'clock"), {}, QString::number(o.pdofClock)});
        add(who, tr("EES"), QStringLiteral("m/s"), o.ees);
        add(who, tr("EES"), QStringLiteral("km/h"), o.eesKmh);
        add(who, tr("velocity after x"), QStringLiteral("m/s"), o.velocityAfter.x(), speedScale);
        add(who, tr("velocity after y"), QStringLiteral("m/s"), o.velocityAfter.y(), speedScale);
        add(who, tr("speed after"), QStringLiteral("m/s"), o.velocityAfter.norm());
        add(who, tr("speed after"), QStringLiteral("km/h"), kMpsToKmh * o.velocityAfter.norm());
        add(who, tr("yaw rate after"), QStringLiteral("rad/s"), o.yawRateAfter);
        add(who, tr("yaw rate after"), QStringLiteral("deg/s"), kRadToDeg * o.yawRateAfter);
        add(who, tr("roll rate after"), QStringLiteral("deg/s"), kRadToDeg * o.rollRateAfter);
        add(who, tr("pitch rate after"), QStringLiteral("deg/s"), kRadToDeg * o.pitchRateAfter);
        add(who, tr("kinetic energy before"), QStringLiteral("J"), o.kineticEnergyBefore);
        add(who, tr("kinetic energy after"), QStringLiteral("J"), o.kineticEnergyAfter, o.kineticEnergyBefore);
        add(who, tr("absorbed energy"), QStringLiteral("J"), o.absorbedEnergy, o.kineticEnergyBefore);
    };
    addVehicle(tr("Vehicle 1"), result.vehicle1);
    if (result.vehicle2) addVehicle(tr("Vehicle 2"), *result.vehicle2);
    const QString collision = tr("Collision");
    const double energyBefore =
        result.vehicle1.kineticEnergyBefore + (result.vehicle2 ? result.vehicle2->kineticEnergyBefore : 0.0);
    add(collision, tr("energy dissipated"), QStringLiteral("J"), result.energyDissipated, energyBefore);
    add(collision, tr("closing speed at P"), QStringLiteral("m/s"), result.closingSpeed);
    add(collision, tr("mu_user"), QStringLiteral("-"), input.muUser);
    add(collision, tr("mu~ (eq. 62)"), QStringLiteral("-"), result.muTilde);
    add(collision, tr("mu used (eq. 64)"), QStringLiteral("-"), result.mu);

    // One format per unit.
    QHash<QString, std::vector<DisplayCell>> byUnit;
    for (const Row& r : rows)
        if (r.text.isEmpty()) byUnit[r.unit].push_back(r.cell);
    QHash<QString, DisplayColumnFormat> formats;
    for (auto it = byUnit.cbegin(); it != byUnit.cend(); ++it) formats[it.key()] = chooseDisplayColumnFormat(it.value());

    setRowCount(0);
    for (const Row& r : rows) {
        const int row = rowCount();
        insertRow(row);
        setItem(row, SubjectColumn, new QTableWidgetItem(r.subject));
        setItem(row, QuantityColumn, new QTableWidgetItem(r.quantity));
        setItem(row, UnitColumn, new QTableWidgetItem(r.unit));
        const QString value =
            r.text.isEmpty() ? QString::fromStdString(formatDisplayCell(r.cell, formats.value(r.unit))) : r.text;
        auto* v = new QTableWidgetItem(value);
        v->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, ValueColumn, v);
    }
}

QString VehicleResultsTable::toCsv() const {
    QString csv;
    QStringList header;
    for (int c = 0; c < columnCount(); ++c) header << csvField(horizontalHeaderItem(c)->text());
    csv += header.join(',') + '\n';
    for (int r = 0; r < rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < columnCount(); ++c) {
            const QTableWidgetItem* cell = item(r, c);
            fields << csvField(cell ? cell->text() : QString());
        }
        csv += fields.join(',') + '\n';
    }
    return csv;
}

bool VehicleResultsTable::exportCsv(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
    const QByteArray bytes = toCsv().toUtf8();
    if (file.write(bytes) != bytes.size()) return false;
    return file.commit();
}

QSize VehicleResultsTable::sizeHint() const { return {420, 520}; }

}  // namespace impactlab::ui
