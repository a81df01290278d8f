#include "VehicleResultsTable.h"

#include <QFile>
#include <QHeaderView>
#include <QSaveFile>
#include <QStringList>
#include <QTextStream>

#include <cmath>

namespace impactlab::ui {

namespace {

constexpr double kRadToDeg = 180.0 / EIGEN_PI;

QString number(double value, int decimals) {
    if (std::isinf(value)) return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (std::isnan(value)) return QStringLiteral("nan");
    return QString::number(value, 'f', decimals);
}

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
    setRowCount(0);
    auto addRow = [this](const QString& subject, const QString& quantity, const QString& unit, const QString& value) {
        const int row = rowCount();
        insertRow(row);
        setItem(row, SubjectColumn, new QTableWidgetItem(subject));
        setItem(row, QuantityColumn, new QTableWidgetItem(quantity));
        setItem(row, UnitColumn, new QTableWidgetItem(unit));
        auto* v = new QTableWidgetItem(value);
        v->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, ValueColumn, v);
    };
    auto addVehicle = [&](const QString& who, const VehicleImpactOutcome& o) {
        addRow(who, tr("delta-V"), QStringLiteral("m/s"), number(o.deltaV, 3));
        addRow(who, tr("delta-V"), QStringLiteral("km/h"), number(o.deltaVKmh, 2));
        addRow(who, tr("PDOF"), QStringLiteral("deg"), number(o.pdofDeg, 1));
        addRow(who, tr("PDOF"), QStringLiteral("o'clock"), QString::number(o.pdofClock));
        addRow(who, tr("EES"), QStringLiteral("m/s"), number(o.ees, 3));
        addRow(who, tr("EES"), QStringLiteral("km/h"), number(o.eesKmh, 2));
        addRow(who, tr("velocity after x"), QStringLiteral("m/s"), number(o.velocityAfter.x(), 3));
        addRow(who, tr("velocity after y"), QStringLiteral("m/s"), number(o.velocityAfter.y(), 3));
        addRow(who, tr("speed after"), QStringLiteral("m/s"), number(o.velocityAfter.norm(), 3));
        addRow(who, tr("speed after"), QStringLiteral("km/h"), number(kMpsToKmh * o.velocityAfter.norm(), 2));
        addRow(who, tr("yaw rate after"), QStringLiteral("rad/s"), number(o.yawRateAfter, 4));
        addRow(who, tr("yaw rate after"), QStringLiteral("deg/s"), number(kRadToDeg * o.yawRateAfter, 2));
        addRow(who, tr("kinetic energy before"), QStringLiteral("J"), number(o.kineticEnergyBefore, 1));
        addRow(who, tr("kinetic energy after"), QStringLiteral("J"), number(o.kineticEnergyAfter, 1));
        addRow(who, tr("absorbed energy"), QStringLiteral("J"), number(o.absorbedEnergy, 1));
    };
    addVehicle(tr("Vehicle 1"), result.vehicle1);
    if (result.vehicle2) addVehicle(tr("Vehicle 2"), *result.vehicle2);
    const QString collision = tr("Collision");
    addRow(collision, tr("energy dissipated"), QStringLiteral("J"), number(result.energyDissipated, 1));
    addRow(collision, tr("closing speed at P"), QStringLiteral("m/s"), number(result.closingSpeed, 3));
    addRow(collision, tr("mu_user"), QStringLiteral("-"), number(input.muUser, 4));
    addRow(collision, tr("mu~ (eq. 62)"), QStringLiteral("-"), number(result.muTilde, 4));
    addRow(collision, tr("mu used (eq. 64)"), QStringLiteral("-"), number(result.mu, 4));
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
