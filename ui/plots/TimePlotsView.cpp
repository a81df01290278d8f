#include "TimePlotsView.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <limits>
#include <sstream>

#include "charts/ChartSupport.h"
#include "common/InteractiveQuality.h"
#include "common/RichTextLabel.h"
#include "diagram/DiagramCsv.h"

namespace impactlab::ui {

namespace {
constexpr double kPlotCurveWidth = 2.0;
constexpr double kCursorWidth = 1.0;
// Fraction of the value range added above and below, so curves do not touch
// the frame; a flat curve gets this absolute half-range instead.
constexpr double kYMarginFraction = 0.08;
constexpr double kFlatHalfRange = 0.5;
// Small charts: a title of about 40 characters fits a readable chart's width.
constexpr int kTitlePointSize = 9;
constexpr QMargins kChartMargins(2, 2, 2, 2);
// Layout passes for an exported chart: lay out, fit the axes, lay out again
// for the new tick labels; the third is a no-op unless labels changed width.
constexpr int kExportLayoutPasses = 3;
// Significant digits of exported values: the simulation's own resolution.
constexpr int kPlotCsvDigits = 10;

// A line's swatch in the legend: its colour, drawn as its pen style.
QString makePenSwatch(const QColor& color, Qt::PenStyle style) {
    const QString glyph = style == Qt::SolidLine ? QStringLiteral("\u2501\u2501")   // heavy line
                          : style == Qt::DotLine ? QStringLiteral("\u2505\u2505")   // dotted
                                                 : QStringLiteral("\u254D\u254D");  // dashed
    return QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color.name(), glyph);
}
}  // namespace

TimePlotsView::TimePlotsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    note_ = new QLabel;
    note_->setWordWrap(true);
    note_->setObjectName("plotsNote");
    note_->hide();
    layout->addWidget(note_);
    legend_ = new RichTextLabel;
    legend_->setObjectName("plotsLegend");
    legend_->setContentsMargins(8, 2, 8, 2);
    legend_->hide();
    layout->addWidget(legend_);
    quality_ = new InteractiveQuality(this, [this] {
        // The burst is over: exact ranges, smooth lines, a legend that fits.
        sticky_ = false;
        legend_->setHeightHeld(false);
        for (size_t i = 0; i < panels_.size() && i < charts_.size(); ++i) fillChart(static_cast<int>(i), panels_[i]);
        for (QChartView* v : views_) {
            v->setRenderHint(QPainter::Antialiasing, true);
            v->viewport()->update();
        }
    });
    // Rows that do not fit scroll rather than shrink below the readable size.
    content_ = new QWidget;
    grid_ = new QGridLayout(content_);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setSpacing(kChartSpacingPx);
    scroll_ = new QScrollArea;
    scroll_->setObjectName("plotsScroll");
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setWidgetResizable(true);
    scroll_->setWidget(content_);
    layout->addWidget(scroll_, 1);
}

TimePlotsView::~TimePlotsView() = default;

void TimePlotsView::setNote(const QString& note) {
    note_->setText(note);
    note_->setVisible(!note.isEmpty());
}

bool TimePlotsView::hasSameLayout(const std::vector<PlotPanel>& panels, int maxColumns) const {
    if (maxColumns != maxColumns_ || panels.size() != panels_.size()) return false;
    for (size_t i = 0; i < panels.size(); ++i) {
        if (panels[i].title != panels_[i].title || panels[i].curves.size() != panels_[i].curves.size()) return false;
        for (size_t k = 0; k < panels[i].curves.size(); ++k)
            if (panels[i].curves[k].label != panels_[i].curves[k].label ||
                panels[i].curves[k].style != panels_[i].curves[k].style)
                return false;
    }
    return true;
}

int TimePlotsView::calcColumns(int width) const {
    // The vertical scroll bar's width is kept free whether it shows or not,
    // so that its coming and going never changes the number of columns.
    const int usable = width - style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int fit = (usable + kChartSpacingPx) / (kMinChartWidthPx + kChartSpacingPx);
    int most = std::max(1, maxColumns_);
    if (!panels_.empty()) most = std::min(most, static_cast<int>(panels_.size()));
    return std::clamp(fit, 1, most);
}

QSize TimePlotsView::minimumSizeHint() const {
    // A scroll area's own hint is small (it scrolls whatever does not fit);
    // only the height may scroll here, so the width of a column is the floor.
    const QSize base = QWidget::minimumSizeHint();
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    return {std::max(base.width(), kMinChartWidthPx + scrollBar + 2 * scroll_->frameWidth()), base.height()};
}

void TimePlotsView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int columns = calcColumns(width());
    if (columns != columns_ && !views_.empty()) placeCharts(columns);
}

void TimePlotsView::placeCharts(int columns) {
    for (QChartView* v : views_) grid_->removeWidget(v);
    for (size_t i = 0; i < views_.size(); ++i)
        grid_->addWidget(views_[i], static_cast<int>(i) / columns, static_cast<int>(i) % columns);
    columns_ = columns;
}

void TimePlotsView::setPanels(const std::vector<PlotPanel>& panels, int maxColumns) {
    maxColumns = std::max(1, maxColumns);
    const bool interactive = quality_->noteChange();
    sticky_ = interactive;
    // A legend that loses a line in a drag would move every chart.
    legend_->setHeightHeld(interactive);
    for (QChartView* v : views_) v->setRenderHint(QPainter::Antialiasing, !interactive);
    if (hasSameLayout(panels, maxColumns)) {
        panels_ = panels;
        for (size_t i = 0; i < panels.size(); ++i) fillChart(static_cast<int>(i), panels[i]);
        updateLegend();
        return;
    }
    for (QChartView* v : views_) {
        grid_->removeWidget(v);
        delete v;   // owns its chart
    }
    views_.clear();
    charts_.clear();
    cursors_.clear();
    panels_ = panels;
    maxColumns_ = maxColumns;
    for (size_t i = 0; i < panels.size(); ++i) {
        const PlotPanel& p = panels[i];
        auto* chart = new QChart;
        chart::styleChart(chart);
        QFont f = chart->titleFont();
        f.setPointSize(kTitlePointSize);
        chart->setTitleFont(f);
        chart->setMargins(kChartMargins);
        chart::setTitle(chart, p.title);
        // The view's one legend (updateLegend) names the laws for every chart.
        chart->legend()->hide();
        chart::resetChart(chart, QStringLiteral("t [s]"), p.yLabel);
        for (const PlotCurve& c : p.curves) {
            auto* s = new QLineSeries;
            s->setName(c.label);
            chart::attach(chart, s);
        }
        auto* cursor = new QLineSeries;
        QPen cp(QColor(120, 120, 120), kCursorWidth);
        cp.setStyle(Qt::DashLine);
        cursor->setPen(cp);
        chart::attach(chart, cursor);
        chart::hideUnnamedLegendMarkers(chart);
        auto* view = new QChartView(chart);
        chart::relayoutWhenResized(view);
        view->setMinimumSize(kMinChartWidthPx, kMinChartHeightPx);
        view->setRenderHint(QPainter::Antialiasing, !interactive);
        const int index = static_cast<int>(i);
        // A new plot area (a resize, wider tick labels) gets ticks for its size.
        connect(chart, &QChart::plotAreaChanged, view, [this, chart, index](const QRectF&) {
            chart::fitAxes(chart);
            updateCursor(index);
        });
        views_.push_back(view);
        charts_.push_back(chart);
        cursors_.push_back(cursor);
        fillChart(index, p);
    }
    placeCharts(calcColumns(width()));
    updateLegend();
}

void TimePlotsView::updateLegend() {
    // Each law once, in order of appearance, with a swatch per line style it
    // is drawn in (solid and dashed: the two ends of a rod).
    struct Entry {
        QString label;
        std::vector<std::pair<QColor, Qt::PenStyle>> swatches;
    };
    std::vector<Entry> entries;
    for (const PlotPanel& p : panels_)
        for (const PlotCurve& c : p.curves) {
            if (c.label.isEmpty()) continue;
            auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.label == c.label; });
            if (it == entries.end()) it = entries.insert(entries.end(), Entry{c.label, {}});
            const std::pair<QColor, Qt::PenStyle> swatch{c.color, c.style};
            if (std::find(it->swatches.begin(), it->swatches.end(), swatch) == it->swatches.end())
                it->swatches.push_back(swatch);
        }
    QStringList html;
    for (const Entry& e : entries) {
        QString swatches;
        for (const auto& [color, style] : e.swatches) swatches += makePenSwatch(color, style);
        html << swatches + "&nbsp;" + e.label.toHtmlEscaped().replace(' ', QStringLiteral("&nbsp;"));
    }
    legend_->setText(html.join(QStringLiteral(" &nbsp;&nbsp;&nbsp; ")));
    legend_->setVisible(!entries.empty());
}

void TimePlotsView::fillChart(int index, const PlotPanel& p) {
    QChart* chart = charts_[index];
    const QList<QAbstractSeries*> series = chart->series();   // the curves in order, then the cursor
    double tMin = std::numeric_limits<double>::max(), tMax = -tMin;
    double yMin = tMin, yMax = -tMin;
    for (size_t k = 0; k < p.curves.size(); ++k) {
        const PlotCurve& c = p.curves[k];
        auto* s = static_cast<QLineSeries*>(series[static_cast<int>(k)]);
        QPen pen(c.color, kPlotCurveWidth);
        pen.setStyle(c.style);
        s->setPen(pen);
        s->replace(QList<QPointF>(c.points.begin(), c.points.end()));
        for (const QPointF& q : c.points) {
            tMin = std::min(tMin, q.x());
            tMax = std::max(tMax, q.x());
            yMin = std::min(yMin, q.y());
            yMax = std::max(yMax, q.y());
        }
    }
    if (tMin > tMax) { tMin = 0; tMax = 1; yMin = -1; yMax = 1; }
    if (!(tMax > tMin)) tMax = tMin + 1.0;
    const double span = yMax - yMin;
    if (span <= 0.0) { yMin -= kFlatHalfRange; yMax += kFlatHalfRange; }
    else { yMin -= kYMarginFraction * span; yMax += kYMarginFraction * span; }
    // Round ticks for the plot's size (chart::fitAxes); during a drag the
    // ranges stay while the curves fit and fill them (chart::kStickyFill):
    // a range change re-lays out the axis labels.
    chart::setViewBox(chart, QRectF(QPointF(tMin, yMin), QPointF(tMax, yMax)), false,
                      std::numeric_limits<double>::infinity(), chart::kDenseTickSpacingPx);
    chart::setStickyAxes(chart, sticky_);
    chart::fitAxes(chart);
    updateCursor(index);
}

void TimePlotsView::updateCursor(int index) {
    const QValueAxis* ay = chart::findAxis(charts_[index], Qt::Vertical);
    cursors_[index]->replace(QList<QPointF>{{cursorTime_, ay->min()}, {cursorTime_, ay->max()}});
}

void TimePlotsView::setCursorTime(double t) {
    cursorTime_ = t;
    for (size_t i = 0; i < cursors_.size(); ++i) updateCursor(static_cast<int>(i));
}

std::unique_ptr<TimePlotsView> TimePlotsView::makeExportCopy(QSize size, QSize* finalSize) const {
    // A copy, so the widget on screen is neither resized nor re-laid out, and
    // the export's layout depends only on its size.
    auto copy = std::make_unique<TimePlotsView>();
    copy->setAttribute(Qt::WA_DontShowOnScreen);
    copy->setPanels(panels_, maxColumns_);
    copy->setNote(note_->text());
    copy->setCursorTime(cursorTime_);
    copy->resize(size);
    copy->show();
    copy->layout()->activate();
    // The rows at their readable height below the note and the legend.
    const int header = copy->height() - copy->scroll_->height();
    const QSize grown(size.width(), std::max(size.height(), header + copy->content_->minimumSizeHint().height()));
    if (grown != size) {
        copy->resize(grown);
        copy->layout()->activate();
    }
    copy->grid_->activate();
    for (QChart* c : copy->charts_)
        for (int pass = 0; pass < kExportLayoutPasses; ++pass) {
            c->layout()->activate();
            chart::fitAxes(c);
        }
    copy->setCursorTime(cursorTime_);
    *finalSize = grown;
    return copy;
}

QImage TimePlotsView::renderImage(QSize size) const {
    QSize finalSize;
    const std::unique_ptr<TimePlotsView> copy = makeExportCopy(size, &finalSize);
    QImage img(finalSize, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter painter(&img);
    copy->render(&painter);
    painter.end();
    return img;
}

std::vector<QRectF> TimePlotsView::calcExportPlotAreas(QSize size) const {
    QSize finalSize;
    const std::unique_ptr<TimePlotsView> copy = makeExportCopy(size, &finalSize);
    std::vector<QRectF> areas;
    for (size_t i = 0; i < copy->views_.size(); ++i)
        areas.push_back(copy->charts_[i]->plotArea().translated(copy->views_[i]->mapTo(copy.get(), QPoint(0, 0))));
    return areas;
}

bool TimePlotsView::exportPng(const QString& path, QSize size) const { return renderImage(size).save(path); }

bool TimePlotsView::exportSvg(const QString& path, QSize size) const {
    QSize finalSize;
    const std::unique_ptr<TimePlotsView> copy = makeExportCopy(size, &finalSize);
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(finalSize);
    svg.setViewBox(QRect(QPoint(0, 0), finalSize));
    svg.setTitle("ImpactLab time histories");
    QPainter painter;
    const bool ok = painter.begin(&svg);
    if (ok) {
        copy->render(&painter);
        painter.end();
    }
    return ok && QFileInfo(path).size() > 0;
}

bool TimePlotsView::exportCsv(const QString& path) const {
    std::ostringstream os;
    os.precision(kPlotCsvDigits);
    os << "panel,curve,t [s],value\n";
    for (const PlotPanel& p : panels_)
        for (const PlotCurve& c : p.curves)
            for (const QPointF& q : c.points)
                os << quoteCsvField((p.title + " " + p.yLabel).toStdString()) << "," << quoteCsvField(c.label.toStdString())
                   << "," << q.x() << "," << q.y() << "\n";
    QFile f(path);
    const std::string text = os.str();
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

}  // namespace impactlab::ui
