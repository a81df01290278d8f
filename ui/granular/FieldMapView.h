#pragma once
// Colour maps of a binned field (the mean velocity or angular velocity of
// the particles over a window of time, Preclik, Eibl & Ruede Figs. 10, 11),
// one per friction model side by side on a shared colour scale with a colour
// bar, so the two models compare at a glance. Empty cells are light grey.
// Plain data in (sim/granular/GranularAnalysis.h); exports as PNG, SVG
// (the same painting) and CSV (every cell of every map).
#include <QString>
#include <QWidget>
#include <vector>

#include "sim/granular/GranularAnalysis.h"

namespace impactlab::ui {

struct FieldMap {
    QString label;                       // "max-dissipation"
    granular::BinnedField field;
};

class FieldMapView : public QWidget {
    Q_OBJECT

public:
    explicit FieldMapView(QWidget* parent = nullptr);

    // `quantity` and `unit` name the colour ("|v|", "m/s").
    void setMaps(const std::vector<FieldMap>& maps, const QString& title, const QString& quantity, const QString& unit);
    const std::vector<FieldMap>& maps() const { return maps_; }
    // The colour scale's top (the largest mean magnitude of any map).
    double scaleMaximum() const { return maxValue_; }
    // The colour of `value` on the scale [0, scaleMaximum()].
    QColor colorOf(double value) const;

    QImage renderImage(QSize size = {1200, 600}) const;
    bool exportPng(const QString& path, QSize size = {1200, 600}) const;
    bool exportSvg(const QString& path, QSize size = {1200, 600}) const;
    bool exportCsv(const QString& path) const;
    // Where cell (ix, iy) of map `k` is drawn in a picture of `size`, for tests.
    QRectF cellRect(int k, int ix, int iy, QSize size) const;

    QSize sizeHint() const override { return {640, 360}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paint(QPainter& painter, QSize size) const;

    std::vector<FieldMap> maps_;
    QString title_, quantity_, unit_;
    double maxValue_ = 1.0;
};

}  // namespace impactlab::ui
