#include "VehicleResultsTable.h"

#include <QFile>
#include <QHeaderView>
#include <QSaveFile>
#include <QStringList>
#include <QTextStream>


#include <algorithm>
#include <cmath>

#include "common/TableNumbers.h"
#include "diagram/DisplayNumber.h"

namespace impactlab::ui {

namespace {

constexpr double kRadToDeg = 180.0 / EIGEN_PI;
// The scale a PDOF angle is judged against: a half turn, the range of its
// values (-180..180 deg); an angle that is round-off of it prints 0.
constexpr double kPdofScaleDeg = 180.0;

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

namespace {
// One row of the table: a quantity in one unit, and its value.
struct ResultRow {
    QString subject, quantity, unit;
    DisplayCell cell;
    QString text;   // set for a value that is not a number of the unit (a clock hour)
};

std::vector<ResultRow> makeResultRows(const VehicleCollisionInput& input, const VehicleCollisionResult& result) {
    std::vector<ResultRow> rows;
    auto add = [&rows](const QString& subject, const QString& quantity, const QString& unit, double value,
                       double scale = 0.0) { rows.push_back({subject, quantity, unit, {value, scale}, {}}); };
    auto addVehicle = [&](const QString& who, const Vehicle& before, const VehicleImpactOutcome& o) {
        // A component after the impact against the impact's velocity scale
        // (the speed before or after, the larger): 5e-8 m/s sideways of a car
        // that arrived at 15 m/s is 0, even when it stops nearly dead.
        const double speedScale = std::max(before.velocity.norm(), o.velocityAfter.norm());
        // A rotation rate after against the rate that speed gives at the
        // vehicle's radius of gyration (or the yaw rates, if larger): a
        // head-on crash's 3e-15 rad/s of yaw is round-off of about 12 rad/s.
        const double gyrationRadius = std::sqrt(before.yawInertia / before.mass);
        const double rateScale = std::max({std::abs(before.yawRate), std::abs(o.yawRateAfter),
                                           gyrationRadius > 0.0 ? speedScale / gyrationRadius : 0.0});
        add(who, VehicleResultsTable::tr("delta-V"), QStringLiteral("m/s"), o.deltaV);
        add(who, VehicleResultsTable::tr("delta-V"), QStringLiteral("km/h"), o.deltaVKmh);
        add(who, VehicleResultsTable::tr("PDOF"), QStringLiteral("deg"), o.pdofDeg, kPdofScaleDeg);
        rows.push_back({who, VehicleResultsTable::tr("PDOF"), QStringLiteral("o'clock"), {}, QString::number(o.pdofClock)});
        add(who, VehicleResultsTable::tr("EES"), QStringLiteral("m/s"), o.ees);
        add(who, VehicleResultsTable::tr("EES"), QStringLiteral("km/h"), o.eesKmh);
        add(who, VehicleResultsTable::tr("velocity after x"), QStringLiteral("m/s"), o.velocityAfter.x(), speedScale);
        add(who, VehicleResultsTable::tr("velocity after y"), QStringLiteral("m/s"), o.velocityAfter.y(), speedScale);
        add(who, VehicleResultsTable::tr("speed after"), QStringLiteral("m/s"), o.velocityAfter.norm());
        add(who, VehicleResultsTable::tr("speed after"), QStringLiteral("km/h"), kMpsToKmh * o.velocityAfter.norm());
        add(who, VehicleResultsTable::tr("yaw rate after"), QStringLiteral("rad/s"), o.yawRateAfter, rateScale);
        add(who, VehicleResultsTable::tr("yaw rate after"), QStringLiteral("deg/s"), kRadToDeg * o.yawRateAfter,
            kRadToDeg * rateScale);
        add(who, VehicleResultsTable::tr("roll rate after"), QStringLiteral("deg/s"), kRadToDeg * o.rollRateAfter,
            kRadToDeg * rateScale);
        add(who, VehicleResultsTable::tr("pitch rate after"), QStringLiteral("deg/s"), kRadToDeg * o.pitchRateAfter,
            kRadToDeg * rateScale);
        add(who, VehicleResultsTable::tr("kinetic energy before"), QStringLiteral("J"), o.kineticEnergyBefore);
        add(who, VehicleResultsTable::tr("kinetic energy after"), QStringLiteral("J"), o.kineticEnergyAfter,
            o.kineticEnergyBefore);
        add(who, VehicleResultsTable::tr("absorbed energy"), QStringLiteral("J"), o.absorbedEnergy, o.kineticEnergyBefore);
    };
    addVehicle(VehicleResultsTable::tr("Vehicle 1"), input.vehicle1, result.vehicle1);
    if (result.vehicle2 && input.vehicle2) addVehicle(VehicleResultsTable::tr("Vehicle 2"), *input.vehicle2, *result.vehicle2);
    const QString collision = VehicleResultsTable::tr("Collision");
    const double energyBefore =
        result.vehicle1.kineticEnergyBefore + (result.vehicle2 ? result.vehicle2->kineticEnergyBefore : 0.0);
    add(collision, VehicleResultsTable::tr("energy dissipated"), QStringLiteral("J"), result.energyDissipated, energyBefore);
    add(collision, VehicleResultsTable::tr("closing speed at P"), QStringLiteral("m/s"), result.closingSpeed);
    add(collision, VehicleResultsTable::tr("mu_user"), QStringLiteral("-"), input.muUser);
    add(collision, VehicleResultsTable::tr("mu~ (eq. 62)"), QStringLiteral("-"), result.muTilde);
    add(collision, VehicleResultsTable::tr("mu used (eq. 64)"), QStringLiteral("-"), result.mu);
    return rows;
}
}  // namespace

void VehicleResultsTable::setCollision(const VehicleCollisionInput& input, const VehicleCollisionResult& result) {
    setCollisions({{&input, &result, tr("Value")}});
}

void VehicleResultsTable::setCollisions(const std::vector<ResultsColumn>& columns) {
    // Rows first, numbers later: a row is one quantity in one unit, and its
    // values (one per column) share one format chosen from all of them
    // (236900 J beside 16321 J, not 2.369e+05), each judged against its
    // quantity's scale (an energy against the energy before, a velocity
    // component against the speed), so round-off prints 0. Rows of different
    // quantities are formatted apart: a sideways 5e-8 m/s must not turn the
    // delta-V's 15.055 m/s into 1.5055e+01.
    std::vector<std::vector<ResultRow>> values;
    for (const ResultsColumn& c : columns) values.push_back(makeResultRows(*c.input, *c.result));
    std::vector<DisplayColumnFormat> formats;
    if (!values.empty())
        for (size_t i = 0; i < values.front().size(); ++i) {
            std::vector<DisplayCell> cells;
            for (const std::vector<ResultRow>& rows : values)
                if (i < rows.size() && rows[i].text.isEmpty()) cells.push_back(rows[i].cell);
            formats.push_back(chooseDisplayColumnFormat(cells));
        }

    setRowCount(0);
    setColumnCount(ValueColumn + static_cast<int>(columns.size()));
    QStringList header = {tr("Subject"), tr("Quantity"), tr("Unit")};
    for (const ResultsColumn& c : columns) header << c.heading;
    setHorizontalHeaderLabels(header);
    for (int k = ValueColumn; k < columnCount(); ++k)
        horizontalHeader()->setSectionResizeMode(k, QHeaderView::ResizeToContents);
    // Several value columns need the room a stretched quantity would take.
    horizontalHeader()->setSectionResizeMode(QuantityColumn, columns.size() > 1 ? QHeaderView::ResizeToContents
                                                                                : QHeaderView::Stretch);
    if (values.empty()) return;
    // The rows of the first column; an overlay's values have the same (one
    // scene, so the same vehicles).
    for (size_t i = 0; i < values.front().size(); ++i) {
        const ResultRow& first = values.front()[i];
        const int row = rowCount();
        insertRow(row);
        setItem(row, SubjectColumn, new QTableWidgetItem(first.subject));
        setItem(row, QuantityColumn, new QTableWidgetItem(first.quantity));
        setItem(row, UnitColumn, new QTableWidgetItem(first.unit));
        for (size_t k = 0; k < values.size(); ++k) {
            if (i >= values[k].size()) continue;
            const ResultRow& r = values[k][i];
            const QString value =
                r.text.isEmpty() ? QString::fromStdString(formatDisplayCell(r.cell, formats[i])) : r.text;
            auto* v = new QTableWidgetItem(value);
            // One format per row (one quantity in one unit across the columns).
            if (r.text.isEmpty())
                setTableNumber(v, {TableNumber::Rule::Column, Vec3(r.cell.value, 0.0, 0.0), r.cell.scale, kDisplayDigits,
                                   static_cast<int>(i)});
            v->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, ValueColumn + static_cast<int>(k), v);
        }
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

QString VehicleResultsTable::toHtml() const {
    QString html = "<table>\n<tr>";
    for (int c = 0; c < columnCount(); ++c) html += "<th>" + horizontalHeaderItem(c)->text().toHtmlEscaped() + "</th>";
    html += "</tr>\n";
    for (int r = 0; r < rowCount(); ++r) {
        html += "<tr>";
        for (int c = 0; c < columnCount(); ++c) {
            const QTableWidgetItem* cell = item(r, c);
            const QString align = c >= ValueColumn ? QStringLiteral(" style=\"text-align:right\"") : QString();
            html += "<td" + align + ">" + (cell ? cell->text().toHtmlEscaped() : QString()) + "</td>";
        }
        html += "</tr>\n";
    }
    return html + "</table>\n";
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
