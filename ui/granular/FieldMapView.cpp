#include "granular/FieldMapView.h"

#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "diagram/Figure.h"   // quoteCsvField

namespace impactlab::ui {

namespace {

// Layout, px: margins around the maps, the gap between two maps, the colour
// bar's width and its gap, the title's height.
constexpr int kMapMargin = 12;
constexpr int kGap = 24;
constexpr int kBarWidth = 16;
constexpr int kBarGap = 56;
constexpr int kMapTitleHeight = 44;   // two lines: the title, then the extent
constexpr int kLabelHeight = 34;
// Significant digits of the exported cells.
constexpr int kFieldCsvDigits = 8;
const QColor kEmptyCell(225, 225, 225);

// A perceptually ordered dark-blue to yellow scale (viridis, sampled).
QColor sampleScale(double u) {
    static const QColor stops[] = {QColor(68, 1, 84),    QColor(59, 82, 139), QColor(33, 145, 140),
                                   QColor(94, 201, 98), QColor(253, 231, 37)};
    u = std::clamp(u, 0.0, 1.0) * 4.0;
    const int i = std::min(3, static_cast<int>(u));
    const double t = u - i;
    const QColor& a = stops[i];
    const QColor& b = stops[i + 1];
    return QColor::fromRgbF(a.redF() + t * (b.redF() - a.redF()), a.greenF() + t * (b.greenF() - a.greenF()),
                            a.blueF() + t * (b.blueF() - a.blueF()));
}

// The rectangle of map k of n in a picture of `size`, keeping the field's
// aspect ratio (one metre as many pixels across as up). The maps go in a grid
// of as many columns as makes them largest: side by side in a wide view, one
// above the other in a tall one.
QRectF mapRect(const granular::FieldGrid& g, int k, int n, QSize size) {
    const double w = std::max(g.xMax - g.xMin, 1e-12), h = std::max(g.yMax - g.yMin, 1e-12);
    const double fullW = size.width() - 2 * kMapMargin - kBarGap - kBarWidth;
    const double fullH = size.height() - 2 * kMapMargin - kMapTitleHeight;
    int columns = 1;
    double scale = 0.0, areaW = 0.0, areaH = 0.0;
    for (int c = 1; c <= std::max(1, n); ++c) {
        const int rows = (n + c - 1) / c;
        const double aw = (fullW - (c - 1) * kGap) / c, ah = fullH / rows - kLabelHeight;
        const double sc = std::min(aw / w, ah / h);
        if (sc > scale) {
            scale = sc;
            columns = c;
            areaW = aw;
            areaH = ah;
        }
    }
    scale = std::max(scale, 0.0);
    const int col = k % columns, row = k / columns;
    const double left = kMapMargin + col * (areaW + kGap) + 0.5 * (areaW - scale * w);
    const double top = kMapMargin + kMapTitleHeight + row * (areaH + kLabelHeight) + 0.5 * (areaH - scale * h);
    return QRectF(left, top, scale * w, scale * h);
}

}  // namespace

FieldMapView::FieldMapView(QWidget* parent) : QWidget(parent) { setAttribute(Qt::WA_OpaquePaintEvent); }

void FieldMapView::setMaps(const std::vector<FieldMap>& maps, const QString& title, const QString& quantity,
                           const QString& unit) {
    maps_ = maps;
    title_ = title;
    quantity_ = quantity;
    unit_ = unit;
    maxValue_ = 0.0;
    for (const FieldMap& m : maps_)
        for (std::size_t i = 0; i < m.field.meanMagnitude.size(); ++i)
            if (m.field.samples[i] > 0) maxValue_ = std::max(maxValue_, m.field.meanMagnitude[i]);
    if (!(maxValue_ > 0.0)) maxValue_ = 1.0;
    setToolTip(title);   // the drawn title may be elided
    update();
}

QColor FieldMapView::colorOf(double value) const { return sampleScale(value / maxValue_); }

namespace {
// Cell (ix, iy) of a map drawn in `r`, y up.
QRectF cellIn(const QRectF& r, const granular::FieldGrid& g, int ix, int iy) {
    const double cw = r.width() / g.nx, ch = r.height() / g.ny;
    return QRectF(r.left() + ix * cw, r.bottom() - (iy + 1) * ch, cw, ch);
}
}  // namespace

QRectF FieldMapView::cellRect(int k, int ix, int iy, QSize size) const {
    const granular::FieldGrid& g = maps_.at(k).field.grid;
    return cellIn(mapRect(g, k, static_cast<int>(maps_.size()), size), g, ix, iy);
}

void FieldMapView::paint(QPainter& painter, QSize size) const {
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    QFont bold = painter.font();
    bold.setBold(true);
    painter.setFont(bold);
    const QString title = maps_.empty() ? title_ + tr(": no run yet") : title_;
    const int lineHeight = kMapTitleHeight / 2;
    const QRect titleRect(kMapMargin, kMapMargin, size.width() - 2 * kMapMargin, lineHeight);
    painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(title, Qt::ElideRight, titleRect.width()));
    painter.setFont(font());
    if (!maps_.empty()) {
        const granular::FieldGrid& g = maps_.front().field.grid;
        const QString extent = tr("x %1 to %2 m, y %3 to %4 m")
                                   .arg(g.xMin, 0, 'g', 3)
                                   .arg(g.xMax, 0, 'g', 3)
                                   .arg(g.yMin, 0, 'g', 3)
                                   .arg(g.yMax, 0, 'g', 3);
        const QRect extentRect = titleRect.translated(0, lineHeight);
        painter.drawText(extentRect, Qt::AlignLeft | Qt::AlignVCenter,
                         painter.fontMetrics().elidedText(extent, Qt::ElideRight, extentRect.width()));
    }
    painter.setFont(font());
    if (maps_.empty()) return;
    const int n = static_cast<int>(maps_.size());
    for (int k = 0; k < n; ++k) {
        const granular::BinnedField& f = maps_[k].field;
        const QRectF r = mapRect(f.grid, k, n, size);
        for (int iy = 0; iy < f.grid.ny; ++iy)
            for (int ix = 0; ix < f.grid.nx; ++ix) {
                const int i = f.index(ix, iy);
                // Cells overlap by a hair so no white seams show between them.
                painter.fillRect(cellIn(r, f.grid, ix, iy).adjusted(0, 0, 0.5, 0.5),
                                 f.samples[i] > 0 ? colorOf(f.meanMagnitude[i]) : kEmptyCell);
            }
        painter.setPen(QPen(Qt::black, 1.0));
        painter.drawRect(r);
        const QRectF labelRect(r.left() - kGap / 2.0, r.bottom() + 2, r.width() + kGap, kLabelHeight / 2.0);
        painter.drawText(labelRect, Qt::AlignCenter,
                         painter.fontMetrics().elidedText(maps_[k].label, Qt::ElideRight, static_cast<int>(labelRect.width())));
    }
    // The colour bar, bottom to top.
    const int barLeft = size.width() - kMapMargin - kBarWidth - kBarGap + 8;
    const int barTop = kMapMargin + kMapTitleHeight, barHeight = size.height() - 2 * kMapMargin - kMapTitleHeight - kLabelHeight;
    for (int y = 0; y < barHeight; ++y)
        painter.fillRect(QRect(barLeft, barTop + y, kBarWidth, 1), sampleScale(1.0 - y / std::max(1.0, barHeight - 1.0)));
    painter.setPen(Qt::black);
    painter.drawRect(QRect(barLeft, barTop, kBarWidth, barHeight));
    const QRect labels(barLeft + kBarWidth + 4, barTop - 8, kBarGap, barHeight + 16);
    painter.drawText(labels, Qt::AlignTop | Qt::AlignLeft, QString::number(maxValue_, 'g', 3));
    painter.drawText(labels, Qt::AlignBottom | Qt::AlignLeft, "0");
    painter.drawText(QRect(barLeft - 8, barTop + barHeight + 2, kBarGap + kBarWidth, kLabelHeight), Qt::AlignLeft,
                     quantity_ + " [" + unit_ + "]");
}

void FieldMapView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paint(painter, size());
}

QImage FieldMapView::renderImage(QSize size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    paint(painter, size);
    return image;
}

bool FieldMapView::exportPng(const QString& path, QSize size) const { return renderImage(size).save(path, "PNG"); }

bool FieldMapView::exportSvg(const QString& path, QSize size) const {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title_.toHtmlEscaped());
    svg.setDescription(QString("ImpactLab: %1 [%2]").arg(quantity_, unit_).toHtmlEscaped());
    QPainter painter;
    if (!painter.begin(&svg)) return false;
    paint(painter, size);
    return painter.end() && QFileInfo(path).size() > 0;
}

bool FieldMapView::exportCsv(const QString& path) const {
    std::ostringstream os;
    os.precision(kFieldCsvDigits);
    os << "model,x_min [m],x_max [m],y_min [m],y_max [m],samples,mean_x,mean_y,mean_z,"
       << quoteCsvField((quantity_ + " [" + unit_ + "]").toStdString()) << "\n";
    for (const FieldMap& m : maps_) {
        const granular::FieldGrid& g = m.field.grid;
        const double cw = (g.xMax - g.xMin) / g.nx, ch = (g.yMax - g.yMin) / g.ny;
        for (int iy = 0; iy < g.ny; ++iy)
            for (int ix = 0; ix < g.nx; ++ix) {
                const int i = m.field.index(ix, iy);
                const Vec3& v = m.field.mean[i];
                os << quoteCsvField(m.label.toStdString()) << "," << g.xMin + ix * cw << "," << g.xMin + (ix + 1) * cw
                   << "," << g.yMin + iy * ch << "," << g.yMin + (iy + 1) * ch << "," << m.field.samples[i] << ","
                   << v.x() << "," << v.y() << "," << v.z() << "," << m.field.meanMagnitude[i] << "\n";
            }
    }
    const std::string text = os.str();
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

}  // namespace impactlab::ui
