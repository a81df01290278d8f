// What a user reads: the compare box names every
// law by its display name with the id in the tooltip, the comparison table
// view shows the core's table with display names and round-off as 0, and the
// vehicle results table prints each unit in one format.
#include <QCheckBox>
#include <QRegularExpression>

#include <map>

#include <gtest/gtest.h>

#include "compare/ComparisonTableView.h"
#include "compare/LawComparisonBox.h"
#include "diagram/ComparisonTable.h"
#include "diagram/DisplayNames.h"
#include "laws/LawRegistry.h"
#include "vehicles/VehicleResultsTable.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

TEST(LawComparisonBox, EveryLawShowsItsDisplayNameWithItsIdInTheTooltip) {
    LawComparisonBox box;
    for (const LawInfo& law : getLaws()) {
        const QString id = QString::fromStdString(law.id);
        QCheckBox* check = box.checkBox(id);
        ASSERT_NE(check, nullptr) << law.id;
        // A check box's "&&" shows one "&" ("Jia & Wang"); a single "&" would be a mnemonic.
        const QString shown = QString(check->text()).replace(QStringLiteral("&&"), QStringLiteral("&"));
        EXPECT_EQ(shown, QString::fromStdString(findLawDisplayName(law.id))) << law.id;
        EXPECT_EQ(check->text().count('&'), 2 * shown.count('&')) << law.id << ": an unescaped & is a mnemonic";
        EXPECT_NE(shown, id) << law.id << " is shown by its id";
        EXPECT_TRUE(check->toolTip().contains("id: " + id)) << check->toolTip().toStdString();
    }
    // Ids stay what the box reports and accepts.
    box.setCompared({"newton", "poisson"});
    EXPECT_EQ(box.compared(), QStringList({"newton", "poisson"}));
}

TEST(ComparisonTableView, ShowsDisplayNamesAndRoundOffAsZero) {
    // The icosahedron scene's v+ (-4.441e-16, 0, 5.781): the round-off tangential
    // component is 1e-16 of the vector, below kDisplayZeroRelTol = 1e-7.
    ComparedLaw c;
    c.id = "newton";
    c.accepted = true;
    c.result.model = "newton";
    c.result.impulse = Vec3(0.0, 0.0, 2.0);
    c.result.vPlus = Vec3(-4.441e-16, 0.0, 5.781);
    c.result.energyBefore = 16.0;
    c.result.energyAfter = 16.0;
    ComparisonTableView view;
    view.setTable(makeComparisonTable({c}));
    ASSERT_EQ(view.rowCount(), 1);
    EXPECT_EQ(view.item(0, 0)->text(), QStringLiteral("Newton"));
    const int vt1 = 9;   // "v+_t1 [m/s]"
    ASSERT_EQ(view.horizontalHeaderItem(vt1)->text(), QStringLiteral("v+_t1 [m/s]"));
    EXPECT_EQ(view.item(0, vt1)->text(), QStringLiteral("0"));
}

VehicleCollisionInput makeBarrierCollision() {
    // Head on into a barrier along x: vehicle 1's sideways velocity after is
    // zero up to round-off.
    VehicleCollisionInput in;
    in.vehicle1 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(-2.25, 0.0), 0.0, 15.0);
    in.impactPoint = Vec2(0.0, 0.0);
    in.normalAngle = EIGEN_PI;
    in.muUser = 0.8;
    in.epsilon = 0.1;
    return in;
}

// Each row is one quantity in one unit: its cells (one per overlay value)
// share one format, chosen from the row's own values, so rows of one unit
// but different sizes (a delta-V of 15 m/s, a speed after of 0.05 m/s) each
// keep kDisplayDigits; ordinary magnitudes are plain decimals, never
// scientific; no cell reads as a negative zero.
TEST(VehicleResultsTable, EachRowInOneFormatPlainAndNoNegativeZero) {
    const VehicleCollisionInput in = makeBarrierCollision();
    VehicleCollisionInput bouncier = in;
    bouncier.epsilon = 0.5;
    const VehicleCollisionResult r = solveVehicleCollision(in), rb = solveVehicleCollision(bouncier);
    VehicleResultsTable table;
    table.setCollisions({{&in, &r, "epsilon = 0.1"}, {&bouncier, &rb, "epsilon = 0.5"}});
    ASSERT_EQ(table.columnCount(), VehicleResultsTable::ValueColumn + 2);
    const QRegularExpression fixed(QStringLiteral("^-?\\d+(\\.(\\d+))?$"));
    for (int row = 0; row < table.rowCount(); ++row) {
        const QString unit = table.item(row, VehicleResultsTable::UnitColumn)->text();
        QString rowFormat;
        for (int c = VehicleResultsTable::ValueColumn; c < table.columnCount(); ++c) {
            const QString value = table.item(row, c)->text();
            EXPECT_FALSE(value.startsWith("-0") && value.toDouble() == 0.0) << "negative zero: " << value.toStdString();
            // Round-off, a quantity that does not exist for a barrier (mu~ of
            // eq. 62 is not a number there), and the clock's whole hours have no format.
            if (value == "0" || value == "n/a" || unit == "o'clock") continue;
            const QRegularExpressionMatch m = fixed.match(value);
            EXPECT_TRUE(m.hasMatch()) << "row " << row << " (" << unit.toStdString() << "): " << value.toStdString();
            const QString format = QString("fixed %1").arg(m.captured(2).size());
            if (rowFormat.isEmpty()) rowFormat = format;
            EXPECT_EQ(rowFormat, format) << "row " << row << ": " << value.toStdString();
        }
    }
}

}}  // namespace
}  // namespace impactlab::ui
