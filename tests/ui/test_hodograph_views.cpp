// Hodograph and energy views on hand-made core geometry (the builders of
// core/diagram/Hodograph are tested with the core): exported PNGs show a red
// ray exactly when a centrifugal direction exists, arrowheads point the way the
// sliding speed changes, a bundle draws one path per hodograph, the axes keep
// equal scales, the title carries the event sequence, and the SVG is vector
// XML. Runs on the offscreen platform.
#include <QChart>
#include <QXYSeries>
#include <QLegendMarker>
#include <QLegend>
#include <QAreaSeries>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "charts/ChartSupport.h"
#include "hodograph/EnergyView.h"
#include "hodograph/HodographView.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// A pixel "has" a named colour when every channel is within this many levels
// of it: antialiasing blends only the outer pixels of a 2 px line, and the
// nearest other colour in these charts (the viridis ramp, the dark path)
// differs from the red and blue of the rays by more than 80 levels.
constexpr int kChannelTol = 30;
// A ray is drawn when at least this many pixels have its colour: a 2.2 px
// dashed line across a 900 px plot covers well over a thousand, the arrowhead
// a few hundred more; a handful could come from blending at crossings.
constexpr int kMinRayPixels = 300;
constexpr int kMaxStrayPixels = 5;
// A sampled point of a line counts as drawn when a pixel of its colour lies
// within this radius (px): mapping and rasterising may differ by a pixel or two.
constexpr int kSearchRadiusPx = 3;
// Equal scales: one m/s spans the same pixels on both axes within a pixel.
constexpr double kEqualScaleTolPx = 1.0;
const QSize kSize(1000, 900);

bool isNear(QRgb p, const QColor& c) {
    return std::abs(qRed(p) - c.red()) <= kChannelTol && std::abs(qGreen(p) - c.green()) <= kChannelTol &&
           std::abs(qBlue(p) - c.blue()) <= kChannelTol;
}

int countPixels(const QImage& image, const QColor& color) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (isNear(image.pixel(x, y), color)) ++n;
    return n;
}

bool hasColorNear(const QImage& image, QPointF at, const QColor& color, int radius = kSearchRadiusPx) {
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p(static_cast<int>(std::lround(at.x())) + dx, static_cast<int>(std::lround(at.y())) + dy);
            if (image.valid(p) && isNear(image.pixel(p), color)) return true;
        }
    return false;
}

InvariantRay makeRay(double angleDeg, bool centrifugal) {
    InvariantRay r;
    const double a = angleDeg * EIGEN_PI / 180.0;
    r.direction = Vec2(std::cos(a), std::sin(a));
    r.angleDeg = angleDeg;
    r.centrifugal = centrifugal;
    r.lambda = centrifugal ? 0.6 : -4.7;
    return r;
}

// Shaped like Fig. 4(c): a path from gamma^- curving towards the centrifugal
// ray at 42.9 degrees, with a centripetal ray at 213.5 degrees.
HodographDiagram makeDiagram(bool withCentrifugal) {
    HodographDiagram d;
    for (int i = 0; i <= 40; ++i) {
        const double s = i / 40.0;
        d.path.push_back(Vec2(-0.26 + 0.75 * s, 0.39 + 0.1 * s - 0.05 * s * s));
    }
    d.rays.push_back(makeRay(213.5, false));
    d.rays.push_back(withCentrifugal ? makeRay(42.9, true) : makeRay(49.1, false));
    d.points = {{"g_c", d.path[15]}, {"g_r", d.path.back()}};
    d.sequence = withCentrifugal ? "clr" : "csr";
    d.min = Vec2(-0.3, -0.1);
    d.max = Vec2(0.6, 0.6);
    return d;
}

// What a chart shows, series by series, for comparing two charts.
std::vector<std::string> describeSeries(QChart* chart) {
    std::vector<std::string> out;
    for (QAbstractSeries* series : chart->series()) {
        if (!series->isVisible()) continue;   // a spare kept by showSeries: not shown
        std::string d = std::to_string(series->type()) + " '" + series->name().toStdString() + "'";
        for (QLegendMarker* marker : chart->legend()->markers(series)) d += marker->isVisible() ? " legend" : " hidden";
        if (auto* xy = qobject_cast<QXYSeries*>(series)) {
            d += " pen " + xy->pen().color().name().toStdString() + " " + std::to_string(xy->pen().style());
            if (xy->pointLabelsVisible()) d += " label '" + xy->pointLabelsFormat().toStdString() + "'";
            for (const QPointF& q : xy->points()) d += " " + std::to_string(q.x()) + "," + std::to_string(q.y());
        }
        if (auto* area = qobject_cast<QAreaSeries*>(series)) {
            d += " fill " + area->brush().color().name().toStdString();
            for (const QPointF& q : area->upperSeries()->points()) d += " " + std::to_string(q.x()) + "," + std::to_string(q.y());
        }
        out.push_back(d);
    }
    return out;
}

// A slider moved: the view updates its series in place when the new diagram
// has the same kinds of series, and rebuilds them when not. Either way it
// shows exactly what a fresh view of the new diagram shows.
TEST(HodographView, UpdatedInPlaceShowsWhatAFreshViewShows) {
    HodographDiagram moved = makeDiagram(true);
    for (Vec2& p : moved.path) p += Vec2(0.05, -0.02);
    moved.points = {{"g_c", moved.path[20]}, {"g_r", moved.path.back()}};
    moved.rays[1] = makeRay(57.0, true);

    HodographView updated;
    updated.setDiagram(makeDiagram(true));
    const QList<QAbstractSeries*> before = updated.chart()->series();
    updated.setDiagram(moved);
    EXPECT_EQ(updated.chart()->series(), before);   // the same series objects: updated in place
    HodographView fresh;
    fresh.setDiagram(moved);
    EXPECT_EQ(describeSeries(updated.chart()), describeSeries(fresh.chart()));

    // A centripetal second ray: its legend entry goes (the first ray's kind
    // has it), so the series are rebuilt, and still match a fresh view.
    updated.setDiagram(makeDiagram(false));
    HodographView freshWithout;
    freshWithout.setDiagram(makeDiagram(false));
    EXPECT_EQ(describeSeries(updated.chart()), describeSeries(freshWithout.chart()));
}

// A figure that gains series (a contact more) keeps the ones it had as far as
// their kinds match, updates them, and adds the rest; one that loses series
// hides the last and shows it again when it comes back. Either way it shows
// what a chart filled afresh shows.
TEST(ChartSeries, LeadingSeriesOfMatchingKindsAreKept) {
    auto line = [](const char* name, double slope) {
        chart::SeriesSpec s;
        s.name = name;
        s.pen = QPen(Qt::blue);
        for (int i = 0; i < 5; ++i) s.points.emplace_back(i, slope * i);
        return s;
    };
    chart::SeriesSpec dots = line("dots", 0.5);
    dots.kind = chart::SeriesSpec::Kind::Markers;
    auto makeChart = [] {
        auto* c = new QChart;
        chart::ensureAxes(c, "x", "y");
        return std::unique_ptr<QChart>(c);
    };
    const std::vector<chart::SeriesSpec> two = {line("a", 1.0), dots};
    const std::vector<chart::SeriesSpec> three = {line("a", 2.0), dots, line("b", -1.0)};
    const std::vector<chart::SeriesSpec> swapped = {dots, line("a", 1.0)};

    const auto shown = makeChart();
    chart::showSeries(shown.get(), two);
    const QList<QAbstractSeries*> before = shown->series();
    chart::showSeries(shown.get(), three);
    ASSERT_EQ(shown->series().size(), 3);
    EXPECT_EQ(shown->series().mid(0, 2), before);   // kept, updated in place
    const auto fresh = makeChart();
    chart::showSeries(fresh.get(), three);
    EXPECT_EQ(describeSeries(shown.get()), describeSeries(fresh.get()));

    const QList<QAbstractSeries*> withThree = shown->series();
    chart::showSeries(shown.get(), two);   // the last is hidden, kept
    EXPECT_EQ(shown->series(), withThree);
    EXPECT_FALSE(shown->series().back()->isVisible());
    const auto freshTwo = makeChart();
    chart::showSeries(freshTwo.get(), two);
    EXPECT_EQ(describeSeries(shown.get()), describeSeries(freshTwo.get()));
    chart::showSeries(shown.get(), three);   // back: the kept series shown again, none made
    EXPECT_EQ(shown->series(), withThree);
    EXPECT_EQ(describeSeries(shown.get()), describeSeries(fresh.get()));

    // The first spec's kind comes later in the chart: the line before it is
    // passed over (hidden), and the drawing order is still the specs'.
    chart::showSeries(shown.get(), swapped);
    const auto freshSwapped = makeChart();
    chart::showSeries(freshSwapped.get(), swapped);
    EXPECT_EQ(describeSeries(shown.get()), describeSeries(freshSwapped.get()));
}

TEST(HodographView, RedRayOnlyWhenCentrifugal) {
    HodographView view;
    view.setDiagram(makeDiagram(true));
    const QImage withRed = view.renderImage(kSize);
    EXPECT_GE(countPixels(withRed, HodographView::centrifugalColor()), kMinRayPixels);
    EXPECT_GE(countPixels(withRed, HodographView::centripetalColor()), kMinRayPixels);

    view.setDiagram(makeDiagram(false));
    const QImage withoutRed = view.renderImage(kSize);
    EXPECT_LE(countPixels(withoutRed, HodographView::centrifugalColor()), kMaxStrayPixels);
    EXPECT_GE(countPixels(withoutRed, HodographView::centripetalColor()), 2 * kMinRayPixels);
}

TEST(HodographView, RedRayRunsAlongItsDirection) {
    HodographView view;
    const HodographDiagram d = makeDiagram(true);
    view.setDiagram(d);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString png = dir.filePath("hodograph.png");
    ASSERT_TRUE(view.exportPng(png, kSize));
    QImage image(png);
    ASSERT_FALSE(image.isNull());
    image = image.convertToFormat(QImage::Format_RGB32);
    // Samples along the dashed ray: at least half fall on a dash (dashes are
    // longer than gaps; the arrowhead and the angle label cover a few).
    const Vec2 dir2 = d.rays[1].direction;
    int drawn = 0, samples = 0;
    for (double s = 0.05; s <= 0.5; s += 0.025, ++samples)
        if (hasColorNear(image, view.mapToImage(s * dir2, kSize), HodographView::centrifugalColor())) ++drawn;
    EXPECT_GE(2 * drawn, samples) << drawn << " of " << samples;
    // ... and not along the centripetal ray's direction.
    EXPECT_FALSE(hasColorNear(image, view.mapToImage(-0.2 * dir2, kSize), HodographView::centrifugalColor()));
}

TEST(HodographView, ArrowheadsPointTheWayTheSpeedChanges) {
    // Near the arrowhead's base both sides are filled, near its tip they are
    // not: the tip is where the sliding speed goes (away from the origin on a
    // centrifugal ray, towards it on a centripetal one).
    HodographView view;
    const HodographDiagram d = makeDiagram(true);
    view.setDiagram(d);
    const QImage image = view.renderImage(kSize);
    for (const InvariantRay& ray : d.rays) {
        const std::array<Vec2, 3> head = HodographView::calcArrowhead(ray, view.viewBox());
        const Vec2 tip = head[0], base = 0.5 * (head[1] + head[2]);
        const Vec2 halfWidth = 0.5 * (head[1] - head[2]);
        const QColor color = ray.centrifugal ? HodographView::centrifugalColor() : HodographView::centripetalColor();
        const Vec2 nearBase = base + 0.2 * (tip - base) + 0.6 * halfWidth;
        const Vec2 nearTip = tip - 0.2 * (tip - base) + 0.6 * halfWidth;
        EXPECT_TRUE(hasColorNear(image, view.mapToImage(nearBase, kSize), color, 1)) << ray.angleDeg;
        EXPECT_FALSE(hasColorNear(image, view.mapToImage(nearTip, kSize), color, 1)) << ray.angleDeg;
        // Direction: centrifugal tips lie farther from the origin than their base.
        EXPECT_EQ(tip.norm() > base.norm(), ray.centrifugal) << ray.angleDeg;
    }
}

TEST(HodographView, TitleCarriesTheSequenceAndAxesAreEqual) {
    HodographView view;
    view.setTitle("Fig. 4(a)");
    view.setDiagram(makeDiagram(false));
    EXPECT_TRUE(chart::getFullTitle(view.chart()).contains("sequence: csr")) << chart::getFullTitle(view.chart()).toStdString();
    EXPECT_TRUE(chart::getFullTitle(view.chart()).startsWith("Fig. 4(a)"));
    for (QSize size : {QSize(1000, 900), QSize(1400, 600), QSize(500, 900)}) {
        const QPointF o = view.mapToImage(Vec2::Zero(), size);
        const QPointF x = view.mapToImage(Vec2(0.1, 0.0), size);
        const QPointF y = view.mapToImage(Vec2(0.0, 0.1), size);
        EXPECT_NEAR(x.x() - o.x(), o.y() - y.y(), kEqualScaleTolPx) << size.width() << "x" << size.height();
    }
    HodographDiagram all = makeDiagram(false);
    all.rays.clear();
    all.everyDirectionInvariant = true;
    view.setDiagram(all);
    EXPECT_TRUE(chart::getFullTitle(view.chart()).contains("every direction is invariant"));
    view.clear();
    EXPECT_TRUE(view.chart()->series().isEmpty());
}

TEST(HodographView, BundleDrawsOnePathPerHodograph) {
    // Fig. 6: unit gamma^- in N directions, each bending towards the origin.
    constexpr int kPaths = 15;
    HodographBundle b;
    for (int i = 0; i < kPaths; ++i) {
        const double a = 2.0 * EIGEN_PI * i / kPaths;
        std::vector<Vec2> path;
        for (int k = 0; k <= 20; ++k) {
            const double s = 1.0 - 0.04 * k;
            path.push_back(s * Vec2(std::cos(a + 0.01 * k), std::sin(a + 0.01 * k)));
        }
        b.paths.push_back(path);
    }
    b.rays = {makeRay(49.1, false), makeRay(200.2, false)};
    HodographView view;
    view.setBundle(b);
    ASSERT_TRUE(view.isBundle());
    int paths = 0;
    for (QAbstractSeries* s : view.chart()->series())
        if (s->property(kHodographRoleProperty).toString() == kHodographBundlePathRole) ++paths;
    EXPECT_EQ(paths, kPaths);
    EXPECT_TRUE(chart::getFullTitle(view.chart()).contains("15 paths"));
    // Every path shows in its own colour in the export, at its middle.
    const QImage image = view.renderImage(kSize);
    for (int i = 0; i < kPaths; ++i)
        EXPECT_TRUE(hasColorNear(image, view.mapToImage(b.paths[i][10], kSize), HodographView::bundleColor(i, kPaths)))
            << "path " << i;
    EXPECT_LE(countPixels(image, HodographView::centrifugalColor()), kMaxStrayPixels);
}

TEST(HodographView, SvgIsVectorXml) {
    HodographView view;
    view.setTitle("Jia & Wang <Fig. 4(c)>");  // markup characters must be escaped
    view.setDiagram(makeDiagram(true));
    QTemporaryDir dir;
    const QString path = dir.filePath("hodograph.svg");
    ASSERT_TRUE(view.exportSvg(path, kSize));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int paths = 0;
    bool sequence = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && (xml.name() == QStringLiteral("path") || xml.name() == QStringLiteral("polyline"))) ++paths;
        if (xml.isCharacters() && xml.text().toString().contains("sequence: clr")) sequence = true;
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_GT(paths, 5);
    EXPECT_TRUE(sequence);
}

TEST(EnergyView, DrawsKineticAndPotentialWhenPresent) {
    EnergyCurve c;
    for (int i = 0; i <= 50; ++i) {
        const double In = 0.002 * i;
        c.kinetic.push_back(Vec2(In, 0.01 - 0.15 * In + 0.8 * In * In));
        c.potential.push_back(Vec2(In, std::max(0.0, 0.0015 * std::sin(3.14159265358979 * In / 0.1))));
    }
    EnergyView view;
    view.setCurve(c);
    const QImage both = view.renderImage();
    EXPECT_GE(countPixels(both, EnergyView::kineticColor()), kMinRayPixels);
    EXPECT_GE(countPixels(both, EnergyView::potentialColor()), kMinRayPixels);
    c.potential.clear();
    view.setCurve(c);
    const QImage kineticOnly = view.renderImage();
    EXPECT_GE(countPixels(kineticOnly, EnergyView::kineticColor()), kMinRayPixels);
    EXPECT_LE(countPixels(kineticOnly, EnergyView::potentialColor()), kMaxStrayPixels);
    QTemporaryDir dir;
    EXPECT_TRUE(view.exportPng(dir.filePath("energy.png")));
    EXPECT_TRUE(view.exportSvg(dir.filePath("energy.svg")));
    view.clear();
    EXPECT_FALSE(view.hasCurve());
}

}}  // namespace
}  // namespace impactlab::ui
