// Vehicle-collision views on a simple oblique collision solved by the core
// (solveVehicleCollision): the momentum diagram's exported PNG shows every
// arrow in its colour, the "after" sum of momenta equals the "before" sum in
// the series data (conservation), the SVG is vector XML, and the results table
// has one row per quantity and a CSV whose header and values match the result
// to the printed precision. Runs on the offscreen platform; the 3D overlay's
// pixel check needs X for VTK, so it is compiled only into the rendering
// suite's build of this file (IMPACTLAB_WITH_DISPLAY, rendering_vehicle_views).
#include <QChart>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTextStream>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "diagram/DisplayNumber.h"
#include "render/SceneRenderer.h"
#include "render/VtkView.h"
#include "vehicles/MomentumDiagramView.h"
#include "vehicles/VehicleOverlay.h"
#include "vehicles/VehicleResultsTable.h"

#ifdef IMPACTLAB_WITH_DISPLAY
#include <vtkActor.h>
#include <vtkActorCollection.h>
#include <vtkMapper.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#endif

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// Colour match per channel: antialiasing blends only the edge pixels of a
// 2.5 px line; the palette's colours differ by more than 50 levels in some channel.
constexpr int kChannelTol = 24;
constexpr int kSearchRadiusPx = 3;
// Share of sample points along an arrow's shaft that must show its colour; the
// dashed "after" arrows show it on about half their length (plus the rest where
// dashes cross sample neighbourhoods).
constexpr double kMinDrawnShare = 0.5;
constexpr int kShaftSamples = 12;
constexpr double kConservationRelTol = 1e-9;
const QSize kSize(1000, 900);

bool isNear(QRgb p, const QColor& c) {
    return std::abs(qRed(p) - c.red()) <= kChannelTol && std::abs(qGreen(p) - c.green()) <= kChannelTol &&
           std::abs(qBlue(p) - c.blue()) <= kChannelTol;
}

bool hasColorNear(const QImage& image, QPointF at, const QColor& color) {
    for (int dy = -kSearchRadiusPx; dy <= kSearchRadiusPx; ++dy)
        for (int dx = -kSearchRadiusPx; dx <= kSearchRadiusPx; ++dx) {
            const QPoint p(static_cast<int>(std::lround(at.x())) + dx, static_cast<int>(std::lround(at.y())) + dy);
            if (image.valid(p) && isNear(image.pixel(p), color)) return true;
        }
    return false;
}

// Vehicle 1 (1500 kg) drives along +x at 15 m/s into the left side of vehicle 2
// (1200 kg), which crosses along +y at 10 m/s; the contact plane is turned 10
// degrees from vehicle 2's side, so the impact is oblique and eccentric.
VehicleCollisionInput makeObliqueCollision(double muUser = 0.8) {
    VehicleCollisionInput in;
    in.vehicle1 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(-2.25, 0.3), 0.0, 15.0);
    in.vehicle2 = Vehicle::makeWithSpeed(1200.0, 1900.0, Vec2(0.9, 0.8), EIGEN_PI / 2.0, 10.0);
    in.impactPoint = Vec2(0.0, 0.0);
    in.normalAngle = EIGEN_PI - 10.0 * EIGEN_PI / 180.0;  // n from vehicle 2 into vehicle 1
    in.muUser = muUser;
    in.epsilon = 0.1;
    return in;
}

const QLineSeries* findSeries(QChart* chart, const QString& prefix) {
    for (QAbstractSeries* s : chart->series())
        if (s->name().startsWith(prefix)) return qobject_cast<QLineSeries*>(s);
    return nullptr;
}

TEST(MomentumDiagramView, ExportedPngShowsEveryArrowInItsColour) {
    const VehicleCollisionInput in = makeObliqueCollision();
    const VehicleCollisionResult r = solveVehicleCollision(in);
    MomentumDiagramView view;
    view.setCollision(in, r);
    ASSERT_EQ(view.arrows().size(), 6u);

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath("momentum.png");
    ASSERT_TRUE(view.exportPng(path, kSize));
    QImage image(path);
    ASSERT_EQ(image.size(), kSize);
    image = image.convertToFormat(QImage::Format_RGB32);

    for (const MomentumArrow& a : view.arrows()) {
        int found = 0;
        for (int i = 0; i < kShaftSamples; ++i) {
            const double s = 0.15 + 0.6 * i / (kShaftSamples - 1);  // along the shaft, clear of the head
            if (hasColorNear(image, view.mapToImage(s * a.momentum, kSize), a.color)) ++found;
        }
        EXPECT_GE(found, kMinDrawnShare * kShaftSamples) << a.name.toStdString();
    }
}

TEST(MomentumDiagramView, SumsBeforeAndAfterCoincide) {
    const VehicleCollisionInput in = makeObliqueCollision();
    const VehicleCollisionResult r = solveVehicleCollision(in);
    MomentumDiagramView view;
    view.setCollision(in, r);
    const QLineSeries* before = findSeries(view.chart(), QStringLiteral("sum before"));
    const QLineSeries* after = findSeries(view.chart(), QStringLiteral("sum after"));
    ASSERT_TRUE(before && after);
    ASSERT_EQ(before->count(), 2);
    ASSERT_EQ(after->count(), 2);
    // Point 0 is the origin, point 1 the arrow's tip: the sum of the momenta.
    EXPECT_EQ(before->at(0), QPointF(0, 0));
    const QPointF pb = before->at(1), pa = after->at(1);
    const double scale = std::hypot(pb.x(), pb.y());
    ASSERT_GT(scale, 1000.0);
    EXPECT_LE(std::hypot(pa.x() - pb.x(), pa.y() - pb.y()), kConservationRelTol * scale);
    // And the tip is m1 v1 + m2 v2 of the input.
    const Vec2 expected = in.vehicle1.mass * in.vehicle1.velocity + in.vehicle2->mass * in.vehicle2->velocity;
    EXPECT_NEAR(pb.x(), expected.x(), kConservationRelTol * scale);
    EXPECT_NEAR(pb.y(), expected.y(), kConservationRelTol * scale);
}

TEST(MomentumDiagramView, BarrierDrawsVehicleOneOnlyAndSvgIsVector) {
    VehicleCollisionInput in = makeObliqueCollision();
    in.vehicle2.reset();
    in.normalAngle = EIGEN_PI;
    const VehicleCollisionResult r = solveVehicleCollision(in);
    MomentumDiagramView view;
    view.setCollision(in, r);
    EXPECT_EQ(view.arrows().size(), 2u);
    int named = 0;
    for (QAbstractSeries* s : view.chart()->series()) named += s->name().isEmpty() ? 0 : 1;
    EXPECT_EQ(named, 2);
    QTemporaryDir dir;
    const QString path = dir.filePath("momentum.svg");
    ASSERT_TRUE(view.exportSvg(path));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray svg = f.readAll();
    EXPECT_TRUE(svg.contains("<svg"));
    EXPECT_TRUE(svg.contains("<path") || svg.contains("<polyline"));
    view.clear();
    EXPECT_FALSE(view.hasCollision());
    EXPECT_TRUE(view.chart()->series().isEmpty());
}

std::vector<QStringList> readCsv(const QString& path) {
    QFile f(path);
    std::vector<QStringList> rows;
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return rows;
    QTextStream in(&f);
    while (!in.atEnd()) {
        const QString line = in.readLine();
        if (!line.isEmpty()) rows.push_back(line.split(','));  // no field here holds a comma
    }
    return rows;
}

// The value of (subject, quantity, unit) in the CSV rows; NaN when absent.
double csvValue(const std::vector<QStringList>& rows, const QString& subject, const QString& quantity, const QString& unit) {
    for (const QStringList& r : rows)
        if (r.size() == 4 && r[0] == subject && r[1] == quantity && r[2] == unit) return r[3].toDouble();
    return std::nan("");
}

TEST(VehicleResultsTable, RowsAndCsvMatchTheResult) {
    const VehicleCollisionInput in = makeObliqueCollision();
    const VehicleCollisionResult r = solveVehicleCollision(in);
    ASSERT_TRUE(r.vehicle2.has_value());
    VehicleResultsTable table;
    table.setCollision(in, r);
    EXPECT_EQ(table.rowCount(), 2 * VehicleResultsTable::kRowsPerVehicle + VehicleResultsTable::kCollisionRows);
    EXPECT_EQ(table.columnCount(), 4);

    QTemporaryDir dir;
    const QString path = dir.filePath("results.csv");
    ASSERT_TRUE(table.exportCsv(path));
    const std::vector<QStringList> rows = readCsv(path);
    ASSERT_EQ(static_cast<int>(rows.size()), table.rowCount() + 1);
    EXPECT_EQ(rows[0], QStringList({"Subject", "Quantity", "Unit", "Value"}));

    // Each unit's values share one format with kDisplayDigits (5) significant
    // digits of the unit's largest: speeds below 100 m/s and km/h get at least
    // 3 and 2 decimals, so half a unit in those places bounds the rounding.
    // Half a unit in the last place shown, plus the round-off of a parse.
    constexpr double kParseTol = 1e-12;
    constexpr double kHalfMilli = 0.5e-3 + kParseTol, kHalfCenti = 0.5e-2 + kParseTol;
    constexpr double kHalfTenth = 0.05 + kParseTol, kHalfFifthDigit = 0.5e-4;
    EXPECT_NEAR(csvValue(rows, "Vehicle 1", "delta-V", "m/s"), r.vehicle1.deltaV, kHalfMilli);
    EXPECT_NEAR(csvValue(rows, "Vehicle 2", "delta-V", "m/s"), r.vehicle2->deltaV, kHalfMilli);
    EXPECT_NEAR(csvValue(rows, "Vehicle 1", "delta-V", "km/h"), r.vehicle1.deltaVKmh, kHalfCenti);
    EXPECT_NEAR(csvValue(rows, "Vehicle 2", "delta-V", "km/h"), r.vehicle2->deltaVKmh, kHalfCenti);
    EXPECT_NEAR(csvValue(rows, "Vehicle 1", "PDOF", "deg"), r.vehicle1.pdofDeg, kHalfTenth);
    EXPECT_EQ(csvValue(rows, "Vehicle 2", "PDOF", "o'clock"), r.vehicle2->pdofClock);
    EXPECT_NEAR(csvValue(rows, "Vehicle 1", "EES", "m/s"), r.vehicle1.ees, kHalfMilli);
    // Energies: 5 significant digits of the largest energy in the table, which
    // is at most the two vehicles' energy before.
    const double energyBefore = r.vehicle1.kineticEnergyBefore + r.vehicle2->kineticEnergyBefore;
    EXPECT_NEAR(csvValue(rows, "Collision", "energy dissipated", "J"), r.energyDissipated, kHalfFifthDigit * energyBefore);
    EXPECT_NEAR(csvValue(rows, "Collision", "mu used (eq. 64)", "-"), r.mu, kHalfFifthDigit + kParseTol);
    // m1 dV1 = m2 dV2 survives the rounding: each side moves by at most its
    // mass (about 1500 kg) times a thousandth of a m/s.
    constexpr double kMomentumRoundingTol = 1500.0 * 1e-3;   // N s
    EXPECT_NEAR(in.vehicle1.mass * csvValue(rows, "Vehicle 1", "delta-V", "m/s"),
                in.vehicle2->mass * csvValue(rows, "Vehicle 2", "delta-V", "m/s"), kMomentumRoundingTol);

    VehicleCollisionInput barrier = in;
    barrier.vehicle2.reset();
    barrier.normalAngle = EIGEN_PI;
    table.setCollision(barrier, solveVehicleCollision(barrier));
    EXPECT_EQ(table.rowCount(), VehicleResultsTable::kRowsPerVehicle + VehicleResultsTable::kCollisionRows);
    table.clearResults();
    EXPECT_EQ(table.rowCount(), 0);
}

// The text of the Value cell of (subject, quantity, unit), or "" when absent.
QString valueText(const VehicleResultsTable& table, const QString& subject, const QString& quantity, const QString& unit) {
    for (int row = 0; row < table.rowCount(); ++row)
        if (table.item(row, VehicleResultsTable::SubjectColumn)->text() == subject &&
            table.item(row, VehicleResultsTable::QuantityColumn)->text() == quantity &&
            table.item(row, VehicleResultsTable::UnitColumn)->text() == unit)
            return table.item(row, VehicleResultsTable::ValueColumn)->text();
    return {};
}

// The built-in barrier scene (scenes/vehicle-barrier.json): its normal is
// typed as 3.14159265, 3.6e-9 rad short of pi, which turns the rebound
// 5.4e-8 m/s sideways and the PDOF 2.1e-7 deg off the axis. Both are
// round-off of their scale and read 0; every other value prints in its own
// row's format, plain decimals for these ordinary magnitudes (never
// 1.5055e+01 beside 54.197).
TEST(VehicleResultsTable, BarrierRoundOffReadsZeroAndRowsArePlain) {
    VehicleCollisionInput in;
    in.vehicle1 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(-2.3, 0.4), 0.0, 15.0);
    in.impactPoint = Vec2(-0.05, 0.0);
    in.normalAngle = 3.14159265;
    in.muUser = 0.5;
    in.epsilon = 0.1;
    const VehicleCollisionResult r = solveVehicleCollision(in);
    ASSERT_GT(std::abs(r.vehicle1.velocityAfter.y()), 0.0);   // the truncation's trace is there
    VehicleResultsTable table;
    table.setCollision(in, r);
    const QString v1 = "Vehicle 1";
    EXPECT_EQ(valueText(table, v1, "PDOF", "deg"), "0");
    EXPECT_EQ(valueText(table, v1, "velocity after y", "m/s"), "0");
    EXPECT_EQ(valueText(table, v1, "delta-V", "m/s"),
              QString::fromStdString(formatDisplayColumn({{r.vehicle1.deltaV, 0.0}})[0]));
    EXPECT_EQ(valueText(table, v1, "velocity after x", "m/s"),
              QString::fromStdString(formatDisplayColumn({{r.vehicle1.velocityAfter.x(), 0.0}})[0]));
    for (int row = 0; row < table.rowCount(); ++row) {
        const QString text = table.item(row, VehicleResultsTable::ValueColumn)->text();
        EXPECT_FALSE(text.contains('e')) << row << ": " << text.toStdString();
    }
    // The CSV is the table's text.
    EXPECT_TRUE(table.toCsv().contains("Vehicle 1,PDOF,deg,0\n"));
}

#ifdef IMPACTLAB_WITH_DISPLAY
// Pixels of `color` (within kChannelTol) in the image.
int countPixels(const QImage& image, const QColor& color) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (isNear(image.pixel(x, y), color)) ++n;
    return n;
}

QColor toQColor(const Eigen::Vector3d& c) { return QColor::fromRgbF(float(c.x()), float(c.y()), float(c.z())); }

// VTK needs X, and Qt on X beside it (with Qt offscreen VTK's own X
// connection failed intermittently): built into the rendering suite only.
TEST(VehicleOverlay, DrawsArrowsAndConesOnTheGround) {
    const VehicleCollisionInput in = makeObliqueCollision(1.5);
    const VehicleCollisionResult r = solveVehicleCollision(in);
    VtkView view;
    view.resize(640, 480);
    view.setAntiAliasing(false);
    SceneRenderer scene(view);
    scene.setGround(0.0, 15.0);
    VehicleOverlay overlay(view);
    overlay.show(in, r);
    EXPECT_TRUE(overlay.isShown());
    view.setFramingAngles(-90.0, 89.0);   // looking straight down on the ground
    view.resetCamera();
    const QImage shown = view.renderToImage().convertToFormat(QImage::Format_RGB32);
    ASSERT_FALSE(shown.isNull());
    constexpr int kMinArrowPixels = 100;
    EXPECT_GT(countPixels(shown, toQColor(VehicleOverlay::velocityBeforeColor())), kMinArrowPixels);
    EXPECT_GT(countPixels(shown, toQColor(VehicleOverlay::velocityAfterColor())), kMinArrowPixels);
    EXPECT_GT(countPixels(shown, toQColor(VehicleOverlay::impulseColor())), kMinArrowPixels / 4);
    overlay.clear();
    EXPECT_FALSE(overlay.isShown());
    const QImage cleared = view.renderToImage().convertToFormat(QImage::Format_RGB32);
    EXPECT_EQ(countPixels(cleared, toQColor(VehicleOverlay::velocityBeforeColor())), 0);
}

// A visible overlay surface (triangles) drawn in `color`.
struct DrawnSurface {
    vtkPolyData* data = nullptr;
    Eigen::Vector3d color;
};

std::vector<DrawnSurface> findVisibleSurfaces(VtkView& view, const Eigen::Vector3d& color) {
    // Colours are set from the same constants: exact up to float storage.
    constexpr double kPropertyColorTol = 1e-6;
    std::vector<DrawnSurface> found;
    vtkActorCollection* actors = view.renderer()->GetActors();
    actors->InitTraversal();
    while (vtkActor* actor = actors->GetNextActor()) {
        if (!actor->GetVisibility() || !actor->GetMapper()) continue;
        auto* data = vtkPolyData::SafeDownCast(actor->GetMapper()->GetInput());
        if (!data || data->GetNumberOfPolys() == 0) continue;
        double c[3];
        actor->GetProperty()->GetColor(c);
        if ((Eigen::Vector3d(c[0], c[1], c[2]) - color).norm() <= kPropertyColorTol) found.push_back({data, color});
    }
    return found;
}

// Every point of a cone surface other than its apex lies on the cone of
// semi-angle atan(mu) about `axis` from the apex. The apex is the surface's
// point nearest to P's vertical (the rim lies a slant length away), and it
// must be on that vertical.
void expectConeAbout(vtkPolyData* data, const Vec2& P, const Eigen::Vector3d& axis, double mu, const char* what) {
    // Points are stored as floats: angles agree to ~1e-6 rad.
    constexpr double kConeAngleTol = 1e-5;
    // A real 3D cone, not a flat fan: round about its axis, as tall as it is
    // wide across the axis (its rim has a point every 7.5 deg, the top, the
    // bottom and both sides among them; float storage ~1e-7 relative).
    constexpr double kRoundnessRelTol = 1e-5;
    // m: float storage of coordinates of a few metres.
    constexpr double kApexTol = 1e-5;
    ASSERT_GT(data->GetNumberOfPoints(), 0) << what;
    Eigen::Vector3d apex(0, 0, 0);
    double nearest = INFINITY;
    for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
        double q[3];
        data->GetPoint(i, q);
        const double d = std::hypot(q[0] - P.x(), q[1] - P.y());
        if (d < nearest) {
            nearest = d;
            apex = Eigen::Vector3d(q[0], q[1], q[2]);
        }
    }
    const Eigen::Vector3d side = Eigen::Vector3d::UnitZ().cross(axis);
    Eigen::AlignedBox2d across;   // (along side, along z), from the apex
    for (vtkIdType i = 0; i < data->GetNumberOfPoints(); ++i) {
        double q[3];
        data->GetPoint(i, q);
        const Eigen::Vector3d g = Eigen::Vector3d(q[0], q[1], q[2]) - apex;
        across.extend(Eigen::Vector2d(g.dot(side), g.z()));
        if (g.norm() < kApexTol) continue;   // the apex itself
        EXPECT_NEAR(std::acos(std::clamp(g.normalized().dot(axis), -1.0, 1.0)), std::atan(mu), kConeAngleTol) << what;
    }
    EXPECT_NEAR(apex.x(), P.x(), kApexTol) << what;
    EXPECT_NEAR(apex.y(), P.y(), kApexTol) << what;
    const Eigen::Vector2d size = across.sizes();
    EXPECT_GT(size.y(), 0.0) << what;
    EXPECT_NEAR(size.y(), size.x(), kRoundnessRelTol * size.x()) << what;
}

TEST(VehicleOverlay, DrawsBothVehiclesFrictionConesAsCones) {
    const VehicleCollisionInput in = makeObliqueCollision(1.5);
    const VehicleCollisionResult r = solveVehicleCollision(in);
    ASSERT_LT(r.mu, in.muUser) << "the case must bind mu~, so the mu-used cones are drawn too";
    VtkView view;
    view.resize(640, 480);
    view.setAntiAliasing(false);
    SceneRenderer scene(view);
    scene.setGround(0.0, 15.0);
    VehicleOverlay overlay(view);
    overlay.show(in, r);

    // The actors: one mu_user cone per vehicle in its colour, about +n and -n,
    // and the narrower mu-used cone about each (orange).
    const Vec2 n2 = in.calcNormal();
    const Eigen::Vector3d n(n2.x(), n2.y(), 0.0);
    const auto cone1 = findVisibleSurfaces(view, VehicleOverlay::vehicle1ConeColor());
    const auto cone2 = findVisibleSurfaces(view, VehicleOverlay::vehicle2ConeColor());
    ASSERT_EQ(cone1.size(), 1u);
    ASSERT_EQ(cone2.size(), 1u);
    expectConeAbout(cone1[0].data, in.impactPoint, n, in.muUser, "vehicle 1, mu_user");
    expectConeAbout(cone2[0].data, in.impactPoint, -n, in.muUser, "vehicle 2, mu_user");
    const auto used = findVisibleSurfaces(view, VehicleOverlay::effectiveConeColor());
    ASSERT_EQ(used.size(), 2u);
    const bool firstAboutPlusN = [&] {
        double q[3];
        used[0].data->GetPoint(0, q);
        return (Eigen::Vector3d(q[0] - in.impactPoint.x(), q[1] - in.impactPoint.y(), 0.0)).dot(n) > 0.0;
    }();
    expectConeAbout(used[firstAboutPlusN ? 0 : 1].data, in.impactPoint, n, r.mu, "vehicle 1, mu used");
    expectConeAbout(used[firstAboutPlusN ? 1 : 0].data, in.impactPoint, -n, r.mu, "vehicle 2, mu used");

    // The pixels: both cones' opaque rims and generators are on screen, seen
    // from above and from the default oblique camera.
    constexpr int kMinEdgePixels = 40;
    const QColor edge1 = toQColor(VehicleOverlay::coneEdgeColor(VehicleOverlay::vehicle1ConeColor()));
    const QColor edge2 = toQColor(VehicleOverlay::coneEdgeColor(VehicleOverlay::vehicle2ConeColor()));
    for (const double elevation : {89.0, 35.0}) {
        view.setFramingAngles(-90.0, elevation);
        view.resetCamera();
        const QImage shown = view.renderToImage().convertToFormat(QImage::Format_RGB32);
        ASSERT_FALSE(shown.isNull());
        EXPECT_GT(countPixels(shown, edge1), kMinEdgePixels) << "elevation " << elevation;
        EXPECT_GT(countPixels(shown, edge2), kMinEdgePixels) << "elevation " << elevation;
    }

    // A barrier: vehicle 1's cone only.
    VehicleCollisionInput barrier = in;
    barrier.vehicle2.reset();
    barrier.normalAngle = EIGEN_PI;
    overlay.show(barrier, solveVehicleCollision(barrier));
    EXPECT_EQ(findVisibleSurfaces(view, VehicleOverlay::vehicle1ConeColor()).size(), 1u);
    EXPECT_TRUE(findVisibleSurfaces(view, VehicleOverlay::vehicle2ConeColor()).empty());
    overlay.clear();
    EXPECT_TRUE(findVisibleSurfaces(view, VehicleOverlay::vehicle1ConeColor()).empty());
}
#endif

}}  // namespace
}  // namespace impactlab::ui
