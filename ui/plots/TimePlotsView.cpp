#include "TimePlotsView.h"

#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QValueAxis>
#include <algorithm>
#include <limits>

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
}  // namespace

TimePlotsView::TimePlotsView(QWidget* parent) : QWidget(parent) {
    grid_ = new QGridLayout(this);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setSpacing(2);
}

TimePlotsView::~TimePlotsView() = default;

void TimePlotsView::setPanels(const std::vector<PlotPanel>& panels, int columns) {
    for (QChartView* v : views_) {
        grid_->removeWidget(v);
        delete v;   // owns its chart
    }
    views_.clear();
    charts_.clear();
    cursors_.clear();
    yRanges_.clear();
    columns = std::max(1, columns);
    for (size_t i = 0; i < panels.size(); ++i) {
        const PlotPanel& p = panels[i];
        auto* chart = new QChart;
        chart->setTitle(p.title);
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
        double tMin = std::numeric_limits<double>::max(), tMax = -tMin;
        double yMin = tMin, yMax = -tMin;
        for (const PlotCurve& c : p.curves) {
            auto* s = new QLineSeries;
            s->setName(c.label);
            QPen pen(c.color, kCurveWidth);
            pen.setStyle(c.style);
            s->setPen(pen);
            QList<QPointF> pts(c.points.begin(), c.points.end());
            s->replace(pts);
            for (const QPointF& q : c.points) {
                tMin = std::min(tMin, q.x());
                tMax = std::max(tMax, q.x());
                yMin = std::min(yMin, q.y());
                yMax = std::max(yMax, q.y());
            }
            chart->addSeries(s);
            s->attachAxis(ax);
            s->attachAxis(ay);
        }
        if (tMin > tMax) { tMin = 0; tMax = 1; yMin = -1; yMax = 1; }
        const double span = yMax - yMin;
        if (span <= 0.0) { yMin -= kFlatHalfRange; yMax += kFlatHalfRange; }
        else { yMin -= kYMarginFraction * span; yMax += kYMarginFraction * span; }
        ax->setRange(tMin, tMax);
        ay->setRange(yMin, yMax);
        auto* cursor = new QLineSeries;
        QPen cp(QColor(120, 120, 120), kCursorWidth);
        cp.setStyle(Qt::DashLine);
        cursor->setPen(cp);
        chart->addSeries(cursor);
        cursor->attachAxis(ax);
        cursor->attachAxis(ay);
        if (chart->legend()->markers(cursor).size()) chart->legend()->markers(cursor).first()->setVisible(false);
        auto* view = new QChartView(chart);
        view->setRenderHint(QPainter::Antialiasing);
        grid_->addWidget(view, static_cast<int>(i) / columns, static_cast<int>(i) % columns);
        views_.push_back(view);
        charts_.push_back(chart);
        cursors_.push_back(cursor);
        yRanges_.emplace_back(yMin, yMax);
    }
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

}  // namespace impactlab::ui
