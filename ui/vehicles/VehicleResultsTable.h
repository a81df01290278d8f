#pragma once
// The numbers of a vehicle collision (core/vehicle/VehicleCollision.h) as a
// read-only table in long form, one quantity in one unit per row:
//
//   Subject | Quantity | Unit | Value
//
// For each vehicle (kRowsPerVehicle rows): delta-V (m/s, km/h), PDOF (deg,
// o'clock), EES (m/s, km/h), velocity after (x, y components in m/s, speed in
// m/s and km/h), yaw rate after (rad/s, deg/s), roll and pitch rates after
// (deg/s; zero unless the impact height puts P off the CG plane), kinetic
// energy before and after and absorbed energy (J). Then kCollisionRows rows for the collision:
// energy dissipated (J), closing speed (m/s), mu_user, mu~ (eq. 62; "inf"
// when unbounded) and the mu used (eq. 64). A barrier has no vehicle 2 rows.
//
// Each row's values share one format (core/diagram/DisplayNumber.h), with
// round-off of the quantity's scale printed as 0. The CSV is a copy of the
// table for people (a spreadsheet, a report), not data for programs: it holds
// exactly the printed text, after a header row "Subject,Quantity,Unit,Value";
// programs take full digits from `impactlab-cli sweep` (pdof1_deg, ...).
#include <QString>
#include <QTableWidget>
#include <vector>

#include "vehicle/VehicleCollision.h"

namespace impactlab::ui {

class VehicleResultsTable : public QTableWidget {
    Q_OBJECT

public:
    static constexpr int kRowsPerVehicle = 17;
    static constexpr int kCollisionRows = 5;
    enum Column { SubjectColumn = 0, QuantityColumn, UnitColumn, ValueColumn, ColumnCount };

    explicit VehicleResultsTable(QWidget* parent = nullptr);

    /// Fills the table from this collision, replacing any earlier rows.
    void setCollision(const VehicleCollisionInput& input, const VehicleCollisionResult& result);
    /// A value column per collision, headed `heading` (a parameter overlay's
    /// values: "epsilon = 0.1"), the rows of the first; replaces any
    /// earlier rows and columns. Pointers used during the call only.
    struct ResultsColumn {
        const VehicleCollisionInput* input = nullptr;
        const VehicleCollisionResult* result = nullptr;
        QString heading;
    };
    void setCollisions(const std::vector<ResultsColumn>& columns);
    /// No rows.
    void clearResults();

    /// The table as CSV (comma separated, fields with a comma or quote quoted),
    /// header row first. False when the file cannot be written.
    bool exportCsv(const QString& path) const;
    /// The CSV text exportCsv() writes.
    QString toCsv() const;
    /// The table as an HTML <table> with the same text (the report's section).
    QString toHtml() const;

    QSize sizeHint() const override;
};

}  // namespace impactlab::ui
