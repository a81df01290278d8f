// SweepView on sweeps of a head-on, equal-mass collision: a one-input sweep
// exports a PNG drawn in the curve colour and a CSV of a header plus one row
// per point; invalid points leave gaps marked grey; a two-input sweep renders
// as a colour map (many distinct colours, grey cells where the input is
// rejected), and its CSV has one row per grid point. Offscreen platform.
// With IMPACTLAB_UI_TEST_IMAGES=DIR the rendered images are also saved there
// for a look by eye.
#include <QFile>
#include <QImage>
#include <QPixmap>
#include <QSet>
#include <QTemporaryDir>
#include <QTextStream>

#include <gtest/gtest.h>

#include <cmath>

#include "vehicles/SweepView.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// A pixel "has" a colour when every channel is within this many levels: the
// 2.6 px curve is solid in its core, antialiasing blends only its edges; the
// nearest other colours (axis grid, black text, grey marks) differ by > 80.
constexpr int kChannelTol = 30;
// A curve across a ~1000 px plot at 2.6 px draws thousands of pixels in its
// colour, the markers a few hundred more.
constexpr int kMinCurvePixels = 1000;
// Grey marks of invalid points: a 9 px square has ~50 pixels of solid fill.
constexpr int kMinInvalidPixels = 40;
// A 7 x 5 colour map of a smoothly varying output: each valid cell has its own
// colour, so the plot holds at least this many distinct ramp colours (far more
// with the colour bar's 256 steps).
constexpr int kMinDistinctMapColors = 20;
const QSize kSize(1200, 900);

bool isNear(QRgb p, const QColor& c) {
    return std::abs(qRed(p) - c.red()) <= kChannelTol && std::abs(qGreen(p) - c.green()) <= kChannelTol &&
           std::abs(qBlue(p) - c.blue()) <= kChannelTol;
}

// Pixels of exactly this colour: the filled interiors of markers and cells,
// rarely the antialiased edge of text.
int countExact(const QImage& image, const QColor& color) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) == color.rgb()) ++n;
    return n;
}

int countPixels(const QImage& image, const QColor& color) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (isNear(image.pixel(x, y), color)) ++n;
    return n;
}

// Two 1500 kg cars 10 m/s towards each other on the x axis, P midway.
VehicleCollisionInput makeHeadOn() {
    VehicleCollisionInput in;
    in.vehicle1 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(2.25, 0.0), EIGEN_PI, 10.0);
    in.vehicle2 = Vehicle::makeWithSpeed(1500.0, 2500.0, Vec2(-2.25, 0.0), 0.0, 10.0);
    in.impactPoint = Vec2::Zero();
    in.normalAngle = 0.0;
    in.muUser = 0.5;
    in.epsilon = 0.1;
    return in;
}

void keepImage(const QImage& image, const QString& name) {
    const QString dir = qEnvironmentVariable("IMPACTLAB_UI_TEST_IMAGES");
    if (!dir.isEmpty()) image.save(dir + "/" + name, "PNG");
}

QStringList readLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    QStringList lines;
    QTextStream in(&f);
    while (!in.atEnd()) lines << in.readLine();
    return lines;
}

TEST(SweepView, OneInputExportsCurveColourAndCsvRows) {
    const SweepGrid grid = sweep(makeHeadOn(), SweepAxis{"epsilon", 0.0, 1.0, 11});
    SweepView view;
    view.resize(900, 650);
    view.setGrid(grid);
    EXPECT_FALSE(view.isHeatMap());

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString png = dir.filePath("sweep.png");
    ASSERT_TRUE(view.exportPng(png));
    QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), kSize);
    EXPECT_GE(countPixels(image, SweepView::curveColor()), kMinCurvePixels);
    keepImage(image, "sweep-curve.png");

    const QString csv = dir.filePath("sweep.csv");
    ASSERT_TRUE(view.exportCsv(csv));
    const QStringList lines = readLines(csv);
    ASSERT_EQ(lines.size(), 11 + 1);
    EXPECT_EQ(lines[0], QStringLiteral("epsilon [1],delta_v1 [m/s]"));
    for (int k = 1; k < lines.size(); ++k) {
        const QStringList cells = lines[k].split(',');
        ASSERT_EQ(cells.size(), 2) << lines[k].toStdString();
        EXPECT_DOUBLE_EQ(cells[0].toDouble(), grid.values1[static_cast<size_t>(k - 1)]);
        EXPECT_DOUBLE_EQ(cells[1].toDouble(), grid.values(k - 1, 0));
    }
}

TEST(SweepView, InvalidPointsAreGapsWithGreyMarks) {
    // Vehicle 1 stops approaching at speed1 <= -10 m/s: 2 of 7 points invalid.
    const SweepGrid grid = sweep(makeHeadOn(), SweepAxis{"speed1", -15.0, 15.0, 7});
    ASSERT_EQ(grid.invalidPoints, 2);
    SweepView view;
    view.setGrid(grid);
    const QImage image = view.renderImage(kSize);
    EXPECT_GE(countPixels(image, SweepView::curveColor()), kMinCurvePixels / 2);
    keepImage(image, "sweep-curve-invalid.png");
    // Against the same sweep over valid speeds only (no grey marks).
    SweepView valid;
    valid.setGrid(sweep(makeHeadOn(), SweepAxis{"speed1", 0.0, 15.0, 7}));
    const int baseline = countExact(valid.renderImage(kSize), SweepView::invalidColor());
    EXPECT_GE(countExact(image, SweepView::invalidColor()) - baseline, kMinInvalidPixels);

    QTemporaryDir dir;
    const QString csv = dir.filePath("sweep.csv");
    ASSERT_TRUE(view.exportCsv(csv));
    const QStringList lines = readLines(csv);
    ASSERT_EQ(lines.size(), 7 + 1);
    EXPECT_TRUE(lines[1].endsWith(QStringLiteral(",nan")));
}

TEST(SweepView, TwoInputsRenderAColourMapWithGreyInvalidCells) {
    const SweepGrid grid =
        sweep(makeHeadOn(), SweepAxis{"speed1", -15.0, 15.0, 7}, SweepAxis{"epsilon", 0.0, 1.0, 5}, "delta_v2");
    ASSERT_EQ(grid.invalidPoints, 2 * 5);
    SweepView view;
    view.resize(900, 650);
    view.setGrid(grid);
    EXPECT_TRUE(view.isHeatMap());
    const QImage image = view.renderImage(kSize);
    ASSERT_EQ(image.size(), kSize);
    keepImage(image, "sweep-map.png");

    QSet<QRgb> colors;
    int grey = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (p == SweepView::invalidColor().rgb()) ++grey;   // exact: the cells are not smoothed
            // Saturated pixels only: text and frame are grey levels.
            if (std::max({qRed(p), qGreen(p), qBlue(p)}) - std::min({qRed(p), qGreen(p), qBlue(p)}) > 40)
                colors.insert(p);
        }
    EXPECT_GE(colors.size(), kMinDistinctMapColors);
    // The invalid cells are 2 of 7 columns of a plot of ~800 x 700 px.
    EXPECT_GE(grey, 2 * 800 / 7 * 600 / 2);
    // The lowest and highest valid outputs get the ends of the ramp.
    EXPECT_GT(colors.size(), 0);
    bool low = false, high = false;
    for (QRgb c : colors) {
        low = low || isNear(c, SweepView::mapColor(0.0));
        high = high || isNear(c, SweepView::mapColor(1.0));
    }
    EXPECT_TRUE(low);
    EXPECT_TRUE(high);

    QTemporaryDir dir;
    const QString csv = dir.filePath("map.csv");
    ASSERT_TRUE(view.exportCsv(csv));
    const QStringList lines = readLines(csv);
    ASSERT_EQ(lines.size(), 7 * 5 + 1);
    EXPECT_EQ(lines[0], QStringLiteral("speed1 [m/s],epsilon [1],delta_v2 [m/s]"));
    ASSERT_TRUE(view.exportPng(dir.filePath("map.png")));

    // The widget paints the same map on screen.
    view.show();
    const QImage shown = view.grab().toImage();
    keepImage(shown, "sweep-map-widget.png");
    EXPECT_GE(countExact(shown, SweepView::invalidColor()), grey / 4);
}

TEST(SweepView, LabelsCarryUnits) {
    EXPECT_EQ(getSweepInputLabel("impact_offset"), QStringLiteral("impact_offset [m]"));
    EXPECT_EQ(getSweepInputLabel("normal_angle_offset"), QStringLiteral("normal_angle_offset [rad]"));
    EXPECT_EQ(getSweepOutputLabel("energy_dissipated"), QStringLiteral("energy_dissipated [J]"));
    SweepView empty;
    EXPECT_FALSE(empty.exportCsv(QStringLiteral("/nonexistent/x.csv")));
    EXPECT_FALSE(empty.renderImage(QSize(400, 300)).isNull());
}

}}  // namespace
}  // namespace impactlab::ui
