#include "TimePlotsView.h"

#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QValueAxis>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>
#include <sstream>

#include "charts/ChartSupport.h"
#include "common/InteractiveQuality.h"
#include "diagram/DiagramCsv.h"

namespace impactlab::ui {

namespace {
constexpr double kCurveWidth = 2.0;
constexpr double kCursorWidth = 1.0;
// Fraction of the value range added above and below, so curves do not touch
// the frame; a flat curve gets this absolute half-range instead.
constexpr double kYMarginFraction = 0.08;
constexpr double kFlatHalfRange = 0.5;
constexpr int kTitlePointSize = 9;
// Few time ticks: the panels are narrow and share one time range.
constexpr int kTimeTicks = 3;
// Significant digits of exported values: the simulation's own resolution.
constexpr int kCsvDigits = 10;
}  // namespace

TimePlotsView::TimePlotsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    note_ = new QLabel;
    note_->setWordWrap(true);
    note_->setObjectName("plotsNote");
    note_->hide();
    layout->addWidget(note_);
    quality_ = new InteractiveQuality(this, [this] {
        // The burst is over: exact ranges, smooth lines.
        sticky_ = false;
        for (size_t i = 0; i < panels_.size() && i < charts_.size(); ++i) fillChart(static_cast<int>(i), panels_[i]);
        for (QChartView* v : views_) {
            v->setRenderHint(QPainter::Antialiasing, true);
            v->viewport()->update();
        }
    });
    grid_ = new QGridLayout;
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setSpacing(2);
    layout->addLayout(grid_, 1);
}

TimePlotsView::~TimePlotsView() = default;

void TimePlotsView::setNote(const QString& note) {
    note_->setText(note);
    note_->setVisible(!note.isEmpty());
}

bool TimePlotsView::hasSameLayout(const std::vector<PlotPanel>& panels, int columns) const {
    if (columns != columns_ || panels.size() != panels_.size()) return false;
    for (size_t i = 0; i < panels.size(); ++i) {
        if (panels[i].title != panels_[i].title || panels[i].curves.size() != panels_[i].curves.size()) return false;
        for (size_t k = 0; k < panels[i].curves.size(); ++k)
            if (panels[i].curves[k].label != panels_[i].curves[k].label ||
                panels[i].curves[k].style != panels_[i].curves[k].style)
                return false;
    }
    return true;
}

void TimePlotsView::setPanels(const std::vector<PlotPanel>& panels, int columns) {
    columns = std::max(1, columns);
    const bool interactive = quality_->noteChange();
    sticky_ = interactive;
    for (QChartView* v : views_) v->setRenderHint(QPainter::Antialiasing, !interactive);
    if (hasSameLayout(panels, columns)) {
        panels_ = panels;
        for (size_t i = 0; i < panels.size(); ++i) fillChart(static_cast<int>(i), panels[i]);
        return;
    }
    for (QChartView* v : views_) {
        grid_->removeWidget(v);
        delete v;   // owns its chart
    }
    views_.clear();
    charts_.clear();
    cursors_.clear();
    yRanges_.clear();
    panels_ = panels;
    columns_ = columns;
    for (size_t i = 0; i < panels.size(); ++i) {
        const PlotPanel& p = panels[i];
        auto* chart = new QChart;
        chart::setTitle(chart, p.title);
        QFont f = chart->titleFont();
        f.setPointSize(kTitlePointSize);
        chart->setTitleFont(f);
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->legend()->setVisible(p.curves.size() > 1);
        chart->setMargins(QMargins(2, 2, 2, 2));
        auto* ax = new QValueAxis;
        ax->setTitleText("t [s]");
        ax->setTickCount(kTimeTicks);
        ax->setLabelFormat("%g");
        auto* ay = new QValueAxis;
        ay->setTitleText(p.yLabel);
        ay->setLabelFormat("%.3g");
        chart->addAxis(ax, Qt::AlignBottom);
        chart->addAxis(ay, Qt::AlignLeft);
        for (const PlotCurve& c : p.curves) {
            auto* s = new QLineSeries;
            s->setName(c.label);
            QPen pen(c.color, kCurveWidth);
            pen.setStyle(c.style);
            s->setPen(pen);
            chart->addSeries(s);
            s->attachAxis(ax);
            s->attachAxis(ay);
        }
        auto* cursor = new QLineSeries;
        QPen cp(QColor(120, 120, 120), kCursorWidth);
        cp.setStyle(Qt::DashLine);
        cursor->setPen(cp);
        chart->addSeries(cursor);
        cursor->attachAxis(ax);
        cursor->attachAxis(ay);
        if (chart->legend()->markers(cursor).size()) chart->legend()->markers(cursor).first()->setVisible(false);
        auto* view = new QChartView(chart);
        view->setRenderHint(QPainter::Antialiasing, !interactive);
        grid_->addWidget(view, static_cast<int>(i) / columns, static_cast<int>(i) % columns);
        views_.push_back(view);
        charts_.push_back(chart);
        cursors_.push_back(cursor);
        yRanges_.emplace_back(0.0, 1.0);
        fillChart(static_cast<int>(i), p);
    }
}

void TimePlotsView::fillChart(int index, const PlotPanel& p) {
    QChart* chart = charts_[index];
    const QList<QAbstractSeries*> series = chart->series();   // the curves in order, then the cursor
    double tMin = std::numeric_limits<double>::max(), tMax = -tMin;
    double yMin = tMin, yMax = -tMin;
    for (size_t k = 0; k < p.curves.size(); ++k) {
        const PlotCurve& c = p.curves[k];
        auto* s = static_cast<QLineSeries*>(series[static_cast<int>(k)]);
        QPen pen(c.color, kCurveWidth);
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
    const double span = yMax - yMin;
    if (span <= 0.0) { yMin -= kFlatHalfRange; yMax += kFlatHalfRange; }
    else { yMin -= kYMarginFraction * span; yMax += kYMarginFraction * span; }
    auto* ax = static_cast<QValueAxis*>(chart->axes(Qt::Horizontal).front());
    auto* ay = static_cast<QValueAxis*>(chart->axes(Qt::Vertical).front());
    // During a drag the ranges stay while the curves fit and fill them
    // (chart::kStickyFill): a range change re-lays out the axis labels.
    const bool keep = sticky_ && tMin >= ax->min() && tMax <= ax->max() && yMin >= ay->min() && yMax <= ay->max() &&
                      (tMax - tMin) >= chart::kStickyFill * (ax->max() - ax->min()) &&
                      (yMax - yMin) >= chart::kStickyFill * (ay->max() - ay->min());
    if (!keep) {
        // During a drag, room for its next moves (chart::kStickyHeadroom).
        const double growY = sticky_ ? 0.5 * (chart::kStickyHeadroom - 1.0) * (yMax - yMin) : 0.0;
        ax->setRange(tMin, tMax);
        ay->setRange(yMin - growY, yMax + growY);
    }
    yRanges_[index] = {ay->min(), ay->max()};
}

void TimePlotsView::setCursorTime(double t) {
    for (size_t i = 0; i < cursors_.size(); ++i)
        cursors_[i]->replace(QList<QPointF>{{t, yRanges_[i].first}, {t, yRanges_[i].second}});
}

QImage TimePlotsView::renderImage(QSize size) {
    const QSize old = this->size();
    resize(size);
    QImage img(size, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter painter(&img);
    render(&painter);
    painter.end();
    resize(old);
    return img;
}

bool TimePlotsView::exportPng(const QString& path, QSize size) { return renderImage(size).save(path); }

bool TimePlotsView::exportSvg(const QString& path, QSize size) {
    const QSize old = this->size();
    resize(size);
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle("ImpactLab time histories");
    QPainter painter;
    const bool ok = painter.begin(&svg);
    if (ok) {
        render(&painter);
        painter.end();
    }
    resize(old);
    return ok && QFileInfo(path).size() > 0;
}

bool TimePlotsView::exportCsv(const QString& path) const {
    std::ostringstream os;
    os.precision(kCsvDigits);
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
