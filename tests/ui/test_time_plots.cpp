// The time-histories view and the chart plumbing it shares: charts keep a
// readable size in a small window (the grid scrolls
// instead), ticks fall on round numbers, a tick at zero prints as zero, the
// laws are named by one legend with no unnamed markers anywhere, and exports
// lay the charts out readably whatever the widget's size. Offscreen platform.
#include <QApplication>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "charts/ChartSupport.h"
#include "common/RichTextLabel.h"
#include "impulse/ImpulseDiagramView.h"
#include "plots/TimePlotsView.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// A readable plot: at the view's 60 px tick spacing, at least two ticks up
// and three across, with room for the curves between them. The old grid gave
// 60-80 px tall plots at 640x500 with seven panels.
constexpr double kMinPlotHeightPx = 120.0;
constexpr double kMinPlotWidthPx = 180.0;
// A tick interval is 1, 2 or 5 times a power of ten up to double round-off
// of the log and the power.
constexpr double kNiceStepRelTol = 1e-9;
// Ticks sit on multiples of the interval within a thousandth of it, far
// below a pixel on any chart (chart::kZeroTickLift is 1e-6 of a step).
constexpr double kTickMultipleTol = 1e-3;
const QSize kSmallWindow(640, 500);
const QSize kDefaultExport(1500, 900);
const char* const kLaws[] = {"newton", "poisson", "stronge"};

// Seven panels of three laws each; values cross zero with spans that give
// steps of 0.1 and 0.2, whose sums Qt accumulates with round-off.
std::vector<PlotPanel> makePanels(int panelCount = 7) {
    std::vector<PlotPanel> panels;
    const QColor colors[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44)};
    for (int i = 0; i < panelCount; ++i) {
        PlotPanel p{QStringLiteral("Panel %1 of the histories").arg(i + 1), QStringLiteral("q%1 [m]").arg(i + 1), {}};
        for (int k = 0; k < 3; ++k) {
            PlotCurve c{QString::fromLatin1(kLaws[k]), colors[k], i == 6 && k == 1 ? Qt::DashLine : Qt::SolidLine, {}};
            for (int s = 0; s <= 200; ++s) {
                const double t = 1.07 * s / 200.0;
                c.points.emplace_back(t, 0.05 + (0.4 + 0.1 * i) * std::cos(2.0 * kPi * t + 0.3 * k) * (1.0 - 0.2 * k));
            }
            p.curves.push_back(std::move(c));
        }
        panels.push_back(std::move(p));
    }
    return panels;
}

std::vector<QString> collectTexts(QGraphicsScene* scene) {
    std::vector<QString> texts;
    for (QGraphicsItem* item : scene->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible()) {
            texts.push_back(text->toPlainText());
        }
    return texts;
}

bool isNiceStep(double step) {
    if (!(step > 0.0)) return false;
    const double power = std::pow(10.0, std::floor(std::log10(step) + kNiceStepRelTol));
    for (double m : {1.0, 2.0, 5.0})
        if (std::abs(step / (m * power) - 1.0) <= kNiceStepRelTol) return true;
    return false;
}

void expectNiceTicks(QChart* chart) {
    for (QAbstractAxis* axis : chart->axes()) {
        auto* value = qobject_cast<QValueAxis*>(axis);
        ASSERT_NE(value, nullptr);
        EXPECT_EQ(value->tickType(), QValueAxis::TicksDynamic) << chart->title().toStdString();
        const double step = value->tickInterval();
        EXPECT_TRUE(isNiceStep(step)) << "interval " << step;
        const double phase = value->tickAnchor() / step;
        EXPECT_NEAR(phase, std::round(phase), kTickMultipleTol) << "anchor " << value->tickAnchor();
    }
}

// The axis labels a chart shows: every text parsing as a number.
void expectNoRoundOffLabels(QGraphicsScene* scene, bool mustShowZero) {
    bool zeroShown = false;
    for (const QString& text : collectTexts(scene)) {
        bool isNumber = false;
        const double v = text.toDouble(&isNumber);
        if (!isNumber) continue;
        EXPECT_FALSE(text.contains(QLatin1String("e-"))) << text.toStdString();
        if (v == 0.0) {
            zeroShown = true;
            EXPECT_FALSE(text.startsWith('-')) << text.toStdString();
        }
    }
    if (mustShowZero) {
        EXPECT_TRUE(zeroShown);
    }
}

TEST(TimePlotsView, ChartsKeepAReadableSizeInASmallWindow) {
    TimePlotsView view;
    view.resize(kSmallWindow);
    view.setPanels(makePanels(), 4);
    view.show();
    QApplication::processEvents();
    ASSERT_EQ(view.panelCount(), 7);
    for (int i = 0; i < view.panelCount(); ++i) {
        const QRectF plot = view.chart(i)->plotArea();
        EXPECT_GE(plot.height(), kMinPlotHeightPx) << "chart " << i;
        EXPECT_GE(plot.width(), kMinPlotWidthPx) << "chart " << i;
        // Nothing elided: titles, tick labels and axis titles whole.
        for (const QString& text : collectTexts(view.chart(i)->scene()))
            EXPECT_FALSE(text.contains(QLatin1String("...")) || text.contains(QChar(0x2026))) << text.toStdString();
    }
    // The rows that do not fit scroll.
    auto* scroll = view.findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    EXPECT_GT(scroll->verticalScrollBar()->maximum(), 0);
}

TEST(TimePlotsView, ColumnsFollowTheWidth) {
    TimePlotsView view;
    view.setPanels(makePanels(), 4);
    // One readable chart's width per column, up to the caller's four.
    EXPECT_EQ(view.calcColumns(kSmallWindow.width()), 1);
    EXPECT_EQ(view.calcColumns(1280), 3);
    EXPECT_EQ(view.calcColumns(1920), 4);
}

TEST(TimePlotsView, AxesTickOnMultiplesOfNiceSteps) {
    TimePlotsView view;
    view.resize(1500, 900);
    view.setPanels(makePanels(), 4);
    view.show();
    QApplication::processEvents();
    for (int i = 0; i < view.panelCount(); ++i) {
        SCOPED_TRACE(i);
        expectNiceTicks(view.chart(i));
        expectNoRoundOffLabels(view.chart(i)->scene(), true);
    }
}

TEST(ChartSupport, ZeroTickPrintsZeroNotItsRoundOff) {
    // The range and size give a step of 0.1 from -0.3: Qt's sum of steps
    // reaches 2.78e-17 where the tick at zero is.
    QGraphicsScene scene;
    auto* chart = new QChart;
    chart::styleChart(chart);
    scene.addItem(chart);
    chart::resetChart(chart, QStringLiteral("x"), QStringLiteral("y"));
    chart::setViewBox(chart, QRectF(QPointF(-0.35, -0.35), QPointF(0.45, 0.45)), false);
    chart->setGeometry(QRectF(0, 0, 900, 800));
    for (int pass = 0; pass < 3; ++pass) {
        chart->layout()->activate();
        chart::fitAxes(chart);
    }
    expectNiceTicks(chart);
    EXPECT_DOUBLE_EQ(chart::findAxis(chart, Qt::Horizontal)->tickInterval(), 0.1);
    expectNoRoundOffLabels(&scene, true);
}

TEST(TimePlotsView, OneLegendNamesEachLawAndNoMarkerIsUnnamed) {
    TimePlotsView view;
    view.resize(1500, 900);
    view.setPanels(makePanels(), 4);
    view.show();
    QApplication::processEvents();
    auto* legend = view.findChild<RichTextLabel*>(QStringLiteral("plotsLegend"));
    ASSERT_NE(legend, nullptr);
    EXPECT_TRUE(legend->isVisible());
    for (const char* law : kLaws) EXPECT_TRUE(legend->plainText().contains(QLatin1String(law))) << law;
    for (int i = 0; i < view.panelCount(); ++i) {
        QLegend* chartLegend = view.chart(i)->legend();
        if (!chartLegend->isVisible()) continue;
        for (QLegendMarker* marker : chartLegend->markers()) {
            if (!marker->isVisible()) continue;
            EXPECT_FALSE(marker->label().isEmpty()) << "chart " << i;
        }
    }
}

TEST(ChartSupport, ImpulseDiagramExportHasNoUnnamedMarkers) {
    // Three laws' paths, each with an unnamed marker at the end of
    // compression and at the final impulse: six markers the legend must not show.
    ImpulseDiagram d;
    d.min = Vec2(-1.0, 0.0);
    d.max = Vec2(1.0, 2.0);
    for (int k = 0; k < 3; ++k) {
        DiagramPath path;
        path.model = kLaws[k];
        path.label = std::string(kLaws[k]) + ": path";
        path.points = {Vec2(0.0, 0.0), Vec2(0.2 * k, 1.0), Vec2(0.3 * k, 1.8)};
        path.compressionPoint = Vec2(0.2 * k, 1.0);
        path.finalPoint = Vec2(0.3 * k, 1.8);
        d.paths.push_back(path);
    }
    ImpulseDiagramView view;
    view.setDiagram(d);
    const QStringList labels = view.findExportLegendLabels(QSize(1200, 900));
    EXPECT_GE(labels.size(), 3);
    for (const QString& label : labels) EXPECT_FALSE(label.trimmed().isEmpty());
}

TEST(TimePlotsView, ExportLaysChartsOutReadablyWhateverTheWidgetSize) {
    TimePlotsView view;
    view.resize(kSmallWindow);
    view.setPanels(makePanels(), 4);
    view.show();
    QApplication::processEvents();
    const QImage image = view.renderImage(kDefaultExport);
    EXPECT_EQ(image.width(), kDefaultExport.width());
    EXPECT_GE(image.height(), kDefaultExport.height());
    const std::vector<QRectF> areas = view.calcExportPlotAreas(kDefaultExport);
    ASSERT_EQ(areas.size(), 7u);
    for (const QRectF& plot : areas) {
        EXPECT_GE(plot.height(), kMinPlotHeightPx);
        EXPECT_GE(plot.width(), kMinPlotWidthPx);
        EXPECT_LE(plot.bottom(), image.height());
    }
    // The widget on screen keeps its size.
    EXPECT_EQ(view.size(), kSmallWindow);
}

// A chart on screen whose data jumps from a small range to a huge one (a
// compared law's run that diverges) or to a constant far from zero (an energy
// kept to round-off): every axis keeps a bounded number of ticks. Qt makes a
// label per tick; the monkey once saw a chart grow to 13 GB of them.
TEST(TimePlotsView, AxesKeepABoundedNumberOfTicksWhenTheDataJumps) {
    // Ticks a chart of any size on screen shows, with a wide margin.
    constexpr double kMaxTicks = 200.0;
    TimePlotsView view;
    view.resize(900, 700);
    view.show();
    auto ticksOf = [](QChart* chart) {
        double most = 0.0;
        for (QAbstractAxis* axis : chart->axes())
            if (auto* value = qobject_cast<QValueAxis*>(axis); value && value->tickType() == QValueAxis::TicksDynamic)
                most = std::max(most, (value->max() - value->min()) / value->tickInterval());
        return most;
    };
    auto panelOf = [](double offset, double scale, double noise) {
        PlotPanel panel{"Energy", "[J]", {}};
        PlotCurve curve{"Stronge", Qt::blue, Qt::SolidLine, {}};
        for (int i = 0; i <= 100; ++i)
            curve.points.emplace_back(0.01 * i, offset + scale * (0.01 * i + noise * std::sin(i)));
        panel.curves.push_back(curve);
        return panel;
    };
    const std::vector<PlotPanel> sequence = {panelOf(0.0, 1.0, 0.0), panelOf(0.0, 1e12, 0.0), panelOf(0.0, 1.0, 0.0),
                                             panelOf(1e10, 1e-5, 0.0), panelOf(0.0, 1e-9, 0.0)};
    for (std::size_t k = 0; k < sequence.size(); ++k) {
        view.setPanels({sequence[k]}, 1);
        for (int pass = 0; pass < 3; ++pass) QApplication::processEvents();
        ASSERT_EQ(view.panelCount(), 1);
        EXPECT_LE(ticksOf(view.chart(0)), kMaxTicks) << "step " << k;
    }
}

// A short chart asks for a step as wide as half its range (seen on the
// superball's vertical velocity: -4.3 to 4.3 m/s labelled only "0"): the step
// is refined until the range holds at least three.
TEST(ChartSupport, AShortAxisStillHoldsSeveralTicks) {
    using namespace chart;
    EXPECT_DOUBLE_EQ(calcNiceStep(4.0), 5.0);
    EXPECT_DOUBLE_EQ(calcNiceStepWithin(4.0, 8.6), 2.0);
    EXPECT_DOUBLE_EQ(calcNiceStepWithin(0.4, 0.9), 0.2);
    EXPECT_DOUBLE_EQ(calcNiceStepWithin(1.5, 2.5), 0.5);
    EXPECT_DOUBLE_EQ(calcNiceStepWithin(0.7, 10.0), 1.0) << "a range with room keeps the plain nice step";
    for (double span : {0.013, 0.9, 8.6, 47.0, 3.3e4})
        for (double raw : {span, span / 2, span / 7}) EXPECT_GE(span / calcNiceStepWithin(raw, span), kMinTicksPerAxis);
}

}}  // namespace
}  // namespace impactlab::ui
