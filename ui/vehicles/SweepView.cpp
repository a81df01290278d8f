#include "SweepView.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QFontMetricsF>
#include <QLegend>
#include <QLineSeries>
#include <QPaintEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedLayout>
#include <QTextStream>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "charts/ChartSupport.h"

namespace impactlab::ui {

namespace {

constexpr double kSweepCurveWidth = 2.6;
constexpr double kSampleMarkerSize = 7.0;
constexpr double kInvalidMarkerSize = 9.0;
// Headroom around the curve, as a share of the value range, so it stays off
// the frame; a flat curve gets kFlatHalfShare of its value (or kFlatHalfAbs
// around zero) above and below instead.
constexpr double kSweepPadShare = 0.08;
constexpr double kFlatHalfShare = 0.1;
constexpr double kFlatHalfAbs = 0.5;
// Height of the invalid points' marks above the lower frame, as a share of the view.
constexpr double kInvalidMarkShare = 0.025;
// Colour map layout, in pixels of the painted area.
constexpr double kColourMapTickSpacingPx = 90.0;
constexpr double kTickLengthPx = 5.0;
constexpr double kBarWidthPx = 22.0;
constexpr double kGapPx = 10.0;
// Font sizes scale with the painted height, within these bounds (pixels).
constexpr double kTitleFontShare = 1.0 / 42.0, kTitleFontMin = 12.0, kTitleFontMax = 24.0;
constexpr double kLabelFontShare = 1.0 / 58.0, kLabelFontMin = 10.0, kLabelFontMax = 18.0;
// Rows of the colour bar's gradient image.
constexpr int kBarSteps = 256;

// Units of the sweep inputs (VehicleSweep.h); the outputs carry theirs in
// getVehicleSweepOutputs().
const std::vector<std::pair<std::string, std::string>>& getInputUnits() {
    static const std::vector<std::pair<std::string, std::string>> units = {
        {"epsilon", "1"},       {"mu_user", "1"}, {"impact_offset", "m"}, {"normal_angle", "rad"},
        {"normal_angle_offset", "rad"}, {"speed1", "m/s"}, {"speed2", "m/s"},
    };
    return units;
}

QString makeUnitLabel(const std::string& name, const std::vector<std::pair<std::string, std::string>>& units) {
    for (const auto& [n, u] : units)
        if (n == name) return QString::fromStdString(name + " [" + u + "]");
    return QString::fromStdString(name);
}

QString formatNumber(double v) { return QString::number(v, 'g', 17); }

// Tick values of [lo, hi] at a nice step for `lengthPx` pixels.
std::vector<double> makeTicks(double lo, double hi, double lengthPx) {
    std::vector<double> ticks;
    if (!(hi > lo) || !(lengthPx > 1.0)) return ticks;
    const double step = chart::calcNiceStep((hi - lo) * kColourMapTickSpacingPx / lengthPx);
    for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + 1e-9 * step; t += step)
        ticks.push_back(std::abs(t) < 1e-9 * step ? 0.0 : t);
    return ticks;
}

QString formatTick(double v) { return QString::number(v, 'g', 4); }

QString makeInvalidNote(const SweepGrid& g) {
    if (g.invalidPoints == 0) return {};
    return QStringLiteral(" \u2014 %1 of %2 points invalid (%3)")
        .arg(g.invalidPoints)
        .arg(g.values.size())
        .arg(g.axis2 ? QStringLiteral("grey") : QStringLiteral("gaps, grey marks"));
}

// The data extent of an axis whose samples are the centres of equal cells.
std::pair<double, double> getCellExtent(const std::vector<double>& samples) {
    const auto [mn, mx] = std::minmax_element(samples.begin(), samples.end());
    double half = samples.size() > 1 ? 0.5 * (*mx - *mn) / (samples.size() - 1.0) : 0.0;
    if (!(half > 0.0)) half = std::abs(*mn) > 0.0 ? kFlatHalfShare * std::abs(*mn) : kFlatHalfAbs;
    return {*mn - half, *mx + half};
}

// ---- one input: a curve ---------------------------------------------------

void populateCurve(QChart* chart, const SweepGrid* g) {
    if (!g) {
        chart::resetChart(chart, QStringLiteral("input"), QStringLiteral("output"));
        chart::setTitle(chart, QStringLiteral("Sensitivity sweep \u2014 no sweep"));
        chart::setViewBox(chart, QRectF(0.0, 0.0, 1.0, 1.0), false);
        return;
    }
    const QString xTitle = getSweepInputLabel(g->axis1.input);
    const QString yTitle = getSweepOutputLabel(g->output);
    chart::resetChart(chart, xTitle, yTitle);
    chart::setTitle(chart, QStringLiteral("%1 against %2").arg(QString::fromStdString(g->output),
                                                         QString::fromStdString(g->axis1.input)) +
                    makeInvalidNote(*g));

    const auto n = static_cast<int>(g->values1.size());
    double xLo = std::numeric_limits<double>::infinity(), xHi = -xLo, yLo = xLo, yHi = -xLo;
    for (int i = 0; i < n; ++i) {
        xLo = std::min(xLo, g->values1[static_cast<size_t>(i)]);
        xHi = std::max(xHi, g->values1[static_cast<size_t>(i)]);
        const double y = g->values(i, 0);
        if (std::isfinite(y)) {
            yLo = std::min(yLo, y);
            yHi = std::max(yHi, y);
        }
    }
    if (!(yHi >= yLo)) {
        yLo = 0.0;
        yHi = 1.0;
    } else if (yHi - yLo <= 1e-12 * std::max(1.0, std::abs(yHi))) {
        const double half = std::abs(yHi) > 0.0 ? kFlatHalfShare * std::abs(yHi) : kFlatHalfAbs;
        yLo -= half;
        yHi += half;
    } else {
        const double pad = kSweepPadShare * (yHi - yLo);
        yLo -= pad;
        yHi += pad;
    }
    if (!(xHi > xLo)) {
        const double half = std::abs(xHi) > 0.0 ? kFlatHalfShare * std::abs(xHi) : kFlatHalfAbs;
        xLo -= half;
        xHi += half;
    } else {
        const double pad = 0.5 * kSweepPadShare * (xHi - xLo);   // room for the end markers
        xLo -= pad;
        xHi += pad;
    }
    chart::setViewBox(chart, QRectF(QPointF(xLo, yLo), QPointF(xHi, yHi)), false);

    // The curve: one line per run of valid points, so NaN points are gaps.
    const QColor color = SweepView::curveColor();
    QPen pen(color, kSweepCurveWidth);
    pen.setJoinStyle(Qt::RoundJoin);
    bool named = false;
    std::vector<Vec2> run;
    auto flush = [&] {
        if (run.size() >= 2) {
            QLineSeries* s = chart::makeLineSeries(run, QString::fromStdString(g->output), pen);
            chart::attach(chart, s);
            if (named) chart::hideLegendMarkers(chart, s);
            named = true;
        }
        run.clear();
    };
    QScatterSeries* samples = chart::makeMarkerSeries(QStringLiteral("grid points"), color, color, kSampleMarkerSize);
    QScatterSeries* invalid =
        chart::makeMarkerSeries(QStringLiteral("invalid input (no result)"), SweepView::invalidColor(),
                                SweepView::invalidColor(), kInvalidMarkerSize);
    invalid->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    // Invalid points: grey marks just above the lower frame (on it they are half clipped).
    const double invalidY = yLo + kInvalidMarkShare * (yHi - yLo);
    for (int i = 0; i < n; ++i) {
        const double x = g->values1[static_cast<size_t>(i)], y = g->values(i, 0);
        if (std::isfinite(y)) {
            run.emplace_back(x, y);
            samples->append(x, y);
        } else {
            flush();
            invalid->append(x, invalidY);
        }
    }
    flush();
    chart::attach(chart, samples);
    if (named) chart::hideLegendMarkers(chart, samples);   // a lone point keeps its legend entry
    if (invalid->count() > 0)
        chart::attach(chart, invalid);
    else
        delete invalid;
    chart->legend()->setVisible(g->invalidPoints > 0);
}

// ---- two inputs: a colour map ---------------------------------------------

QFont makeFont(const QFont& base, double px, bool bold) {
    QFont f = base;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(px))));
    f.setBold(bold);
    return f;
}

void drawRotatedText(QPainter& p, const QPointF& centre, const QString& text) {
    p.save();
    p.translate(centre);
    p.rotate(-90.0);
    const QFontMetricsF fm(p.font());
    p.drawText(QPointF(-0.5 * fm.horizontalAdvance(text), 0.5 * (fm.ascent() - fm.descent())), text);
    p.restore();
}

void paintMessage(QPainter& p, const QRectF& area, const QFont& font, const QString& text) {
    p.setFont(font);
    p.setPen(Qt::black);
    p.drawText(area, Qt::AlignCenter, text);
}

void paintColorMap(QPainter& p, const QRectF& area, const SweepGrid& g, const QFont& baseFont) {
    p.fillRect(area, Qt::white);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    const double h = area.height();
    const QFont titleFont = makeFont(baseFont, std::clamp(h * kTitleFontShare, kTitleFontMin, kTitleFontMax), true);
    const QFont labelFont = makeFont(baseFont, std::clamp(h * kLabelFontShare, kLabelFontMin, kLabelFontMax), false);
    const QFont axisFont = makeFont(baseFont, std::clamp(h * kLabelFontShare, kLabelFontMin, kLabelFontMax), true);
    const QFontMetricsF tm(titleFont), lm(labelFont), am(axisFont);

    const int n1 = static_cast<int>(g.values1.size()), n2 = static_cast<int>(g.values2.size());
    if (n1 < 1 || n2 < 1 || g.values.rows() != n1 || g.values.cols() != n2) {
        paintMessage(p, area, titleFont, QStringLiteral("Sensitivity sweep \u2014 no grid"));
        return;
    }

    // Value range of the valid points.
    double vLo = std::numeric_limits<double>::infinity(), vHi = -vLo;
    for (int i = 0; i < n1; ++i)
        for (int j = 0; j < n2; ++j)
            if (std::isfinite(g.values(i, j))) {
                vLo = std::min(vLo, g.values(i, j));
                vHi = std::max(vHi, g.values(i, j));
            }
    const bool anyValid = vHi >= vLo;
    if (anyValid && vHi - vLo <= 1e-12 * std::max(1.0, std::abs(vHi))) {
        const double half = std::abs(vHi) > 0.0 ? kFlatHalfShare * std::abs(vHi) : kFlatHalfAbs;
        vLo -= half;
        vHi += half;
    }

    const std::pair<double, double> xExtent = getCellExtent(g.values1), yExtent = getCellExtent(g.values2);
    const double xLo = xExtent.first, xHi = xExtent.second, yLo = yExtent.first, yHi = yExtent.second;

    // Margins: title on top; tick labels and axis titles left and below; the
    // colour bar with its labels and title on the right.
    const QString title = QStringLiteral("%1 over %2 and %3")
                              .arg(QString::fromStdString(g.output), QString::fromStdString(g.axis1.input),
                                   QString::fromStdString(g.axis2->input)) +
                          makeInvalidNote(g);
    double yLabelWidth = 0.0, barLabelWidth = 0.0;
    for (double t : makeTicks(yLo, yHi, h)) yLabelWidth = std::max(yLabelWidth, lm.horizontalAdvance(formatTick(t)));
    const std::vector<double> barTicksGuess = anyValid ? makeTicks(vLo, vHi, h) : std::vector<double>{};
    for (double t : barTicksGuess) barLabelWidth = std::max(barLabelWidth, lm.horizontalAdvance(formatTick(t)));
    const double top = area.top() + tm.height() * 1.8 + kGapPx;
    const double bottom = area.bottom() - (lm.height() + am.height() + kTickLengthPx + 2.5 * kGapPx);
    const double left = area.left() + am.height() + yLabelWidth + kTickLengthPx + 3.0 * kGapPx;
    const double right = area.right() - (kBarWidthPx + barLabelWidth + am.height() + kTickLengthPx + 6.0 * kGapPx);
    const QRectF plot(QPointF(left, top), QPointF(right, bottom));
    if (plot.width() < 10.0 || plot.height() < 10.0) {
        paintMessage(p, area, labelFont, QStringLiteral("too small"));
        return;
    }

    p.setPen(Qt::black);
    p.setFont(titleFont);
    p.drawText(QRectF(area.left(), area.top() + 0.4 * tm.height(), area.width(), tm.height()), Qt::AlignCenter, title);

    // One image pixel per grid point, columns by increasing input 1, rows by
    // decreasing input 2 (the top is the largest), scaled without smoothing.
    const bool up1 = g.values1.back() >= g.values1.front(), up2 = g.values2.back() >= g.values2.front();
    QImage cells(n1, n2, QImage::Format_RGB32);
    for (int i = 0; i < n1; ++i)
        for (int j = 0; j < n2; ++j) {
            const double v = g.values(i, j);
            const QColor c = std::isfinite(v) ? SweepView::mapColor((v - vLo) / (vHi - vLo)) : SweepView::invalidColor();
            cells.setPixel(up1 ? i : n1 - 1 - i, up2 ? n2 - 1 - j : j, c.rgb());
        }
    auto mapX = [&](double x) { return plot.left() + (x - xLo) / (xHi - xLo) * plot.width(); };
    auto mapY = [&](double y) { return plot.bottom() - (y - yLo) / (yHi - yLo) * plot.height(); };
    p.save();
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.drawImage(plot, cells);
    p.restore();
    p.setPen(QPen(Qt::black, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(plot);

    // Axes: ticks and labels, then the titles with the inputs' names and units.
    p.setFont(labelFont);
    for (double t : makeTicks(xLo, xHi, plot.width())) {
        const double x = mapX(t);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + kTickLengthPx));
        const QString s = formatTick(t);
        p.drawText(QPointF(x - 0.5 * lm.horizontalAdvance(s), plot.bottom() + kTickLengthPx + 0.4 * kGapPx + lm.ascent()), s);
    }
    for (double t : makeTicks(yLo, yHi, plot.height())) {
        const double y = mapY(t);
        p.drawLine(QPointF(plot.left() - kTickLengthPx, y), QPointF(plot.left(), y));
        const QString s = formatTick(t);
        p.drawText(QPointF(plot.left() - kTickLengthPx - 0.5 * kGapPx - lm.horizontalAdvance(s),
                           y + 0.5 * (lm.ascent() - lm.descent())),
                   s);
    }
    p.setFont(axisFont);
    const QString xTitle = getSweepInputLabel(g.axis1.input);
    p.drawText(QPointF(plot.center().x() - 0.5 * am.horizontalAdvance(xTitle),
                       plot.bottom() + kTickLengthPx + lm.height() + kGapPx + am.ascent()),
               xTitle);
    drawRotatedText(p, QPointF(area.left() + kGapPx + 0.5 * am.height(), plot.center().y()),
                    getSweepInputLabel(g.axis2->input));

    // Colour bar with the output's name and unit.
    const QRectF bar(plot.right() + 2.0 * kGapPx, plot.top(), kBarWidthPx, plot.height());
    const QString barTitle = getSweepOutputLabel(g.output);
    if (!anyValid) {
        p.fillRect(bar, SweepView::invalidColor());
        p.drawRect(bar);
        drawRotatedText(p, QPointF(bar.right() + 1.5 * kGapPx + 0.5 * am.height(), bar.center().y()),
                        barTitle + QStringLiteral(": no valid point"));
        return;
    }
    QImage ramp(1, kBarSteps, QImage::Format_RGB32);
    for (int k = 0; k < kBarSteps; ++k) ramp.setPixel(0, kBarSteps - 1 - k, SweepView::mapColor(k / (kBarSteps - 1.0)).rgb());
    p.drawImage(bar, ramp);
    p.drawRect(bar);
    p.setFont(labelFont);
    double widest = 0.0;
    for (double t : makeTicks(vLo, vHi, bar.height())) {
        const double y = bar.bottom() - (t - vLo) / (vHi - vLo) * bar.height();
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + kTickLengthPx, y));
        const QString s = formatTick(t);
        widest = std::max(widest, lm.horizontalAdvance(s));
        p.drawText(QPointF(bar.right() + kTickLengthPx + 0.5 * kGapPx, y + 0.5 * (lm.ascent() - lm.descent())), s);
    }
    p.setFont(axisFont);
    drawRotatedText(p, QPointF(bar.right() + kTickLengthPx + widest + 1.5 * kGapPx + 0.5 * am.height(), bar.center().y()),
                    barTitle);
}

// The colour map as a widget: repaints the grid at its current size.
class ColorMapCanvas : public QWidget {
public:
    ColorMapCanvas(const SweepGrid* grid, QWidget* parent) : QWidget(parent), grid_(grid) {
        setAutoFillBackground(false);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        paintColorMap(p, QRectF(rect()), *grid_, font());
    }

private:
    const SweepGrid* grid_;
};

}  // namespace

QString getSweepInputLabel(const std::string& input) { return makeUnitLabel(input, getInputUnits()); }
QString getSweepOutputLabel(const std::string& output) { return makeUnitLabel(output, getVehicleSweepOutputs()); }

SweepView::SweepView(QWidget* parent) : QWidget(parent) {
    auto* chart = new QChart;
    chart::styleChart(chart);
    chartView_ = new QChartView(chart, this);
    chart::relayoutWhenResized(chartView_);
    chartView_->setRenderHint(QPainter::Antialiasing);
    mapCanvas_ = new ColorMapCanvas(&grid_, this);
    stack_ = new QStackedLayout(this);
    stack_->setContentsMargins(0, 0, 0, 0);
    stack_->addWidget(chartView_);
    stack_->addWidget(mapCanvas_);
    connect(chart, &QChart::plotAreaChanged, this, [chart](const QRectF&) { chart::fitAxes(chart); });
    rebuild();
}

SweepView::~SweepView() = default;

void SweepView::setGrid(const SweepGrid& grid) {
    grid_ = grid;
    hasGrid_ = true;
    rebuild();
}

QChart* SweepView::chart() const { return chartView_->chart(); }

void SweepView::rebuild() {
    if (isHeatMap()) {
        populateCurve(chart(), nullptr);
        stack_->setCurrentWidget(mapCanvas_);
        mapCanvas_->update();
    } else {
        populateCurve(chart(), hasGrid_ ? &grid_ : nullptr);
        chart::fitAxes(chart());
        stack_->setCurrentWidget(chartView_);
    }
}

QImage SweepView::renderImage(QSize size) {
    if (size.isEmpty()) return {};
    if (!isHeatMap())
        return chart::renderChart([this](QChart* ch) { populateCurve(ch, hasGrid_ ? &grid_ : nullptr); }, size);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    paintColorMap(p, QRectF(QPointF(0, 0), QSizeF(size)), grid_, font());
    p.end();
    return image;
}

bool SweepView::exportPng(const QString& path, QSize size) {
    const QImage image = renderImage(size);
    return !image.isNull() && image.save(path, "PNG");
}

bool SweepView::exportCsv(const QString& path) const {
    if (!hasGrid_) return false;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return false;
    QTextStream out(&file);
    out << getSweepInputLabel(grid_.axis1.input);
    if (grid_.axis2) out << ',' << getSweepInputLabel(grid_.axis2->input);
    out << ',' << getSweepOutputLabel(grid_.output) << '\n';
    const auto n1 = static_cast<int>(grid_.values1.size());
    const int n2 = grid_.axis2 ? static_cast<int>(grid_.values2.size()) : 1;
    for (int i = 0; i < n1; ++i)
        for (int j = 0; j < n2; ++j) {
            out << formatNumber(grid_.values1[static_cast<size_t>(i)]);
            if (grid_.axis2) out << ',' << formatNumber(grid_.values2[static_cast<size_t>(j)]);
            const double v = grid_.values(i, j);
            out << ',' << (std::isfinite(v) ? formatNumber(v) : QStringLiteral("nan")) << '\n';
        }
    out.flush();
    return out.status() == QTextStream::Ok && file.error() == QFileDevice::NoError;
}

QColor SweepView::curveColor() { return QColor(0, 114, 178); }
QColor SweepView::invalidColor() { return QColor(170, 170, 170); }

QColor SweepView::mapColor(double t) {
    // Viridis at five stops, linearly interpolated.
    static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140),
                                   QColor(94, 201, 98), QColor(253, 231, 37)};
    constexpr int kLast = 4;
    if (!std::isfinite(t)) return invalidColor();
    t = std::clamp(t, 0.0, 1.0) * kLast;
    const int k = std::min(kLast - 1, static_cast<int>(t));
    const double f = t - k;
    const QColor& a = stops[k];
    const QColor& b = stops[k + 1];
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

}  // namespace impactlab::ui
