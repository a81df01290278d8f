// Exports of the impulse-space diagram view: the PNG shows a known path where
// the chart maps it, and nothing of its colour once it is removed; the SVG is
// well-formed XML with vector paths and the legend text.
#include <QChart>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QTest>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <cmath>

#include "common/InteractiveQuality.h"
#include "impulse/ImpulseDiagramView.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// A pixel "has" a colour when every channel is within this many levels of it:
// the core of a 3 px line is painted opaque, so only premultiplied-ARGB
// rounding and antialiasing at the very centre can move it, by a few levels;
// the nearest other colour in the chart differs by more than 60 levels.
constexpr int kChannelTol = 12;
// The path is sampled at points this far (px) from the end markers, which
// cover the line (the end-of-compression marker is white inside).
constexpr double kMarkerClearancePx = 14.0;
// A sampled point counts as drawn when a path-coloured pixel lies within this
// radius (px): mapToPosition and the rasteriser may round differently by a
// pixel, and the line is 3 px wide.
constexpr int kSearchRadiusPx = 2;
// Fraction of samples that must be drawn: all of them, bar one or two where a
// reference line or marker of another path crosses on top.
constexpr double kMinDrawnFraction = 0.9;

const QSize kExportSize(1200, 900);
const char* kPathLabel = "Test law: straight path";

bool isNear(QRgb pixel, const QColor& color) {
    return std::abs(qRed(pixel) - color.red()) <= kChannelTol &&
           std::abs(qGreen(pixel) - color.green()) <= kChannelTol &&
           std::abs(qBlue(pixel) - color.blue()) <= kChannelTol;
}

int countPixels(const QImage& image, const QColor& color) {
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (isNear(image.pixel(x, y), color)) ++count;
    return count;
}

bool hasColorNear(const QImage& image, QPointF at, const QColor& color) {
    const int cx = static_cast<int>(std::lround(at.x()));
    const int cy = static_cast<int>(std::lround(at.y()));
    for (int dy = -kSearchRadiusPx; dy <= kSearchRadiusPx; ++dy)
        for (int dx = -kSearchRadiusPx; dx <= kSearchRadiusPx; ++dx) {
            const QPoint p(cx + dx, cy + dy);
            if (image.valid(p) && isNear(image.pixel(p), color)) return true;
        }
    return false;
}

std::vector<Vec2> makeSegment(const Vec2& a, const Vec2& b, int n = 2) {
    std::vector<Vec2> points;
    for (int i = 0; i < n; ++i) points.push_back(a + (b - a) * (double(i) / (n - 1)));
    return points;
}

// Hand-made geometry for mu = 0.3: the lines, an energy ellipse through the
// origin and one straight path from (0, 0) to (0.5, 1.5).
ImpulseDiagram makeDiagram(bool withPath) {
    ImpulseDiagram d;
    d.lines.push_back({"friction+", "friction cone |I_t| = mu I_n", makeSegment({0, 0}, {0.66, 2.2})});
    d.lines.push_back({"friction-", "friction cone |I_t| = mu I_n", makeSegment({0, 0}, {-0.66, 2.2})});
    d.lines.push_back({"compression", "maximum compression", makeSegment({-1.0, 0.9}, {1.0, 0.7})});
    d.lines.push_back({"newton", "Newton termination", makeSegment({-1.0, 1.7}, {1.0, 1.3})});
    d.lines.push_back({"sticking", "sticking line", makeSegment({0.7, -0.2}, {0.3, 2.3})});
    DiagramPolyline ellipse{"energy-ellipse", "energy ellipse (no energy change)", {}};
    const int segments = 180;
    for (int i = 0; i < segments; ++i) {
        const double a = 2.0 * kPi * i / segments;
        ellipse.points.emplace_back(0.8 * std::sin(a), 1.0 - std::cos(a));  // through (0, 0) and (0, 2)
    }
    d.lines.push_back(ellipse);
    if (withPath) {
        DiagramPath path;
        path.model = "test";
        path.label = kPathLabel;
        path.points = makeSegment({0.0, 0.0}, {0.5, 1.5}, 20);
        path.compressionPoint = Vec2(0.25, 0.75);
        path.finalPoint = Vec2(0.5, 1.5);
        path.energyChange = -0.2;
        d.paths.push_back(path);
    }
    d.min = Vec2(-1.0, -0.2);
    d.max = Vec2(1.0, 2.3);
    return d;
}

class DiagramExportTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(dir.isValid()); }
    QString file(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
    QTemporaryDir dir;
};

TEST_F(DiagramExportTest, PngShowsThePathWhereTheChartMapsIt) {
    ImpulseDiagramView view;
    view.setTitle(QStringLiteral("Impulse space — impact 1 at t = 0.452 s"));
    view.setDiagram(makeDiagram(true));
    const QString png = file("diagram.png");
    ASSERT_TRUE(view.exportPng(png, kExportSize));

    QImage image;
    ASSERT_TRUE(image.load(png));
    ASSERT_EQ(image.size(), kExportSize);
    image = image.convertToFormat(QImage::Format_RGB32);

    const QColor color = ImpulseDiagramView::pathColor(0);
    const QPointF a = view.mapToImage({0.0, 0.0}, kExportSize);
    const QPointF b = view.mapToImage({0.5, 1.5}, kExportSize);
    const QPointF c = view.mapToImage({0.25, 0.75}, kExportSize);
    ASSERT_TRUE(QRectF(QPointF(0, 0), QSizeF(kExportSize)).contains(a));
    ASSERT_TRUE(QRectF(QPointF(0, 0), QSizeF(kExportSize)).contains(b));
    // Equal axis scales: the path's pixel slope equals its data slope (3).
    const double pixelSlope = -(b.y() - a.y()) / (b.x() - a.x());
    constexpr double kPixelSlopeRelTol = 0.02;   // one pixel over a ~150 px run is 0.7 %, with room
    EXPECT_NEAR(pixelSlope, 3.0, 3.0 * kPixelSlopeRelTol);

    int sampled = 0, drawn = 0;
    const int samples = 60;
    for (int i = 0; i <= samples; ++i) {
        const QPointF p = a + (b - a) * (double(i) / samples);
        const double toMarker = std::min({std::hypot(p.x() - a.x(), p.y() - a.y()),
                                          std::hypot(p.x() - b.x(), p.y() - b.y()),
                                          std::hypot(p.x() - c.x(), p.y() - c.y())});
        if (toMarker < kMarkerClearancePx) continue;
        ++sampled;
        if (hasColorNear(image, p, color)) ++drawn;
    }
    ASSERT_GT(sampled, samples / 2);
    EXPECT_GE(drawn, kMinDrawnFraction * sampled) << drawn << " of " << sampled << " samples drawn";

    // The whole path is at least its pixel length long in that colour.
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    EXPECT_GT(countPixels(image, color), static_cast<int>(length));
}

TEST_F(DiagramExportTest, PngHasNoPathColourWithoutThePath) {
    ImpulseDiagramView view;
    view.setDiagram(makeDiagram(false));
    const QString png = file("no-path.png");
    ASSERT_TRUE(view.exportPng(png, kExportSize));
    QImage image;
    ASSERT_TRUE(image.load(png));
    image = image.convertToFormat(QImage::Format_RGB32);
    EXPECT_EQ(countPixels(image, ImpulseDiagramView::pathColor(0)), 0);
    // The reference lines were drawn: the chart is not blank.
    EXPECT_GT(countPixels(image, QColor(35, 35, 35)), 100);
}

TEST_F(DiagramExportTest, EnergyGainingPathIsRedAndSaysSo) {
    ImpulseDiagram d = makeDiagram(true);
    d.paths[0].gainsEnergy = true;
    d.paths[0].energyChange = 0.3;
    ImpulseDiagramView view;
    view.setDiagram(d);

    bool legendSaysSo = false;
    for (QLegendMarker* marker : view.chart()->legend()->markers())
        if (marker->label().contains(QStringLiteral("ENERGY GAINED"))) legendSaysSo = true;
    EXPECT_TRUE(legendSaysSo);

    const QImage image = view.renderImage(kExportSize).convertToFormat(QImage::Format_RGB32);
    EXPECT_EQ(countPixels(image, ImpulseDiagramView::pathColor(0)), 0);
    EXPECT_GT(countPixels(image, ImpulseDiagramView::energyGainColor()), 150);
}

TEST_F(DiagramExportTest, SvgIsWellFormedWithVectorPathsAndLegendText) {
    ImpulseDiagramView view;
    view.setDiagram(makeDiagram(true));
    const QString svg = file("diagram.svg");
    ASSERT_TRUE(view.exportSvg(svg, kExportSize));

    QFile f(svg);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int vectorElements = 0;
    bool rootIsSvg = false, legendFound = false;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        const auto name = xml.name();
        if (!rootIsSvg && name == QLatin1String("svg")) rootIsSvg = true;
        if (name == QLatin1String("path") || name == QLatin1String("polyline")) ++vectorElements;
        if (name == QLatin1String("text") &&
            xml.readElementText(QXmlStreamReader::IncludeChildElements).contains(QLatin1String(kPathLabel)))
            legendFound = true;
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString() << " at line " << xml.lineNumber();
    EXPECT_TRUE(rootIsSvg);
    EXPECT_GT(vectorElements, 0);
    EXPECT_TRUE(legendFound);
}

TEST_F(DiagramExportTest, WidgetKeepsEqualAxisScales) {
    ImpulseDiagramView view;
    view.resize(900, 500);  // wide: the I_t range must grow to keep 1 N s square
    view.show();
    view.setDiagram(makeDiagram(true));
    // The change follows the view's construction closely, as one move of a
    // drag follows another: its frames may be a tick label's width from
    // square; the frame drawn once the changes stop is square.
    // Until that frame, however late a busy machine delivers its timer (the
    // guard only catches a frame that never comes).
    constexpr int kSettleHangGuardMs = 30000;
    QElapsedTimer clock;
    clock.start();
    QTest::qWait(impactlab::ui::kBurstMs + impactlab::ui::kRefineDelayMs);
    while (view.isInteractiveFrame() && clock.elapsed() < kSettleHangGuardMs) QTest::qWait(impactlab::ui::kRefineDelayMs);
    ASSERT_FALSE(view.isInteractiveFrame());
    QChart* chart = view.chart();
    ASSERT_FALSE(chart->series().isEmpty());
    const QPointF o = chart->mapToPosition({0.0, 0.0}, chart->series().first());
    const QPointF p = chart->mapToPosition({1.0, 1.0}, chart->series().first());
    // Pixel lengths of 1 N s along each axis agree to 1 %: the fit skips range
    // changes below kRangeChangeRelTol (0.1 %) and the layout rounds to pixels.
    constexpr double kAxisScaleRelTol = 0.01;
    EXPECT_NEAR(p.x() - o.x(), o.y() - p.y(), kAxisScaleRelTol * (p.x() - o.x()));
    EXPECT_GT(p.x() - o.x(), 50.0);
}

TEST_F(DiagramExportTest, ClearedViewStillExports) {
    ImpulseDiagramView view;
    view.setDiagram(makeDiagram(true));
    view.clear();
    EXPECT_FALSE(view.hasDiagram());
    EXPECT_TRUE(view.chart()->series().isEmpty());
    const QImage image = view.renderImage(QSize(400, 300));
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(countPixels(image.convertToFormat(QImage::Format_RGB32), ImpulseDiagramView::pathColor(0)), 0);
}

}}  // namespace
}  // namespace impactlab::ui
