#include "DecisionTreeView.h"

#include <QFile>
#include <QFontMetrics>
#include <QSvgGenerator>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <map>

namespace impactlab::ui {

namespace {

constexpr double kTreeMargin = 14.0;          // px around the drawing
constexpr double kTreeTitleHeight = 30.0;     // px for the title line
constexpr double kGapShare = 0.22;        // of a cell, between boxes
constexpr double kArrowHead = 7.0;        // px
constexpr double kTreePathWidth = 3.2;        // px, edges on the path
constexpr double kTreeEdgeWidth = 1.2;        // px, other edges
constexpr const char* kFinalBlock = "final-block";

struct Cell {
    int col = 0, row = 0;
};

// Tests down the left column, "yes" children to the right; returns rows used.
int place(const std::string& id, int col, int row, const std::map<std::string, const MdpTreeNode*>& nodes,
          std::map<std::string, Cell>& cells) {
    const auto it = nodes.find(id);
    if (it == nodes.end() || id == kFinalBlock) return 0;
    cells[id] = {col, row};
    const MdpTreeNode& n = *it->second;
    if (n.leaf) return 1;
    const int yesRows = std::max(1, place(n.ifTrue, col + 1, row, nodes, cells));
    const int noRows = place(n.ifFalse, col, row + yesRows, nodes, cells);
    return yesRows + noRows;
}

struct Layout {
    std::map<std::string, QRectF> boxes;
    std::map<std::string, const MdpTreeNode*> nodes;
};

Layout makeLayout(QSize size) {
    Layout l;
    const auto& tree = getMdpDecisionTree();
    for (const MdpTreeNode& n : tree) l.nodes[n.id] = &n;
    std::map<std::string, Cell> cells;
    const int rows = tree.empty() ? 0 : place(tree.front().id, 0, 0, l.nodes, cells);
    int cols = 1;
    for (const auto& [id, c] : cells) cols = std::max(cols, c.col + 1);
    const int totalRows = rows + (l.nodes.count(kFinalBlock) ? 1 : 0);
    const double w = (size.width() - 2 * kTreeMargin) / cols;
    const double h = (size.height() - 2 * kTreeMargin - kTreeTitleHeight) / std::max(1, totalRows);
    const double gx = kGapShare * w, gy = kGapShare * h;
    for (const auto& [id, c] : cells)
        l.boxes[id] = QRectF(kTreeMargin + c.col * w + 0.5 * gx, kTreeMargin + kTreeTitleHeight + c.row * h + 0.5 * gy, w - gx, h - gy);
    if (l.nodes.count(kFinalBlock))
        l.boxes[kFinalBlock] = QRectF(kTreeMargin + 0.5 * gx, kTreeMargin + kTreeTitleHeight + rows * h + 0.5 * gy,
                                      size.width() - 2 * kTreeMargin - gx, h - gy);
    return l;
}

void drawArrow(QPainter& p, QPointF from, QPointF to, const QString& label, bool onPath) {
    p.setPen(QPen(onPath ? DecisionTreeView::highlightColor().darker(130) : QColor(90, 90, 90),
                  onPath ? kTreePathWidth : kTreeEdgeWidth));
    p.drawLine(from, to);
    const QPointF d = (to - from) / std::max(1e-9, std::hypot(to.x() - from.x(), to.y() - from.y()));
    const QPointF nrm(-d.y(), d.x());
    QPolygonF head;
    head << to << to - kArrowHead * d + 0.5 * kArrowHead * nrm << to - kArrowHead * d - 0.5 * kArrowHead * nrm;
    p.setBrush(p.pen().color());
    p.drawPolygon(head);
    if (!label.isEmpty()) {
        p.setPen(QColor(40, 40, 40));
        // Centred on the arrow: above a horizontal one, beside a vertical one.
        const QPointF mid = 0.5 * (from + to);
        const double width = QFontMetricsF(p.font()).horizontalAdvance(label);
        const bool horizontal = std::abs(to.x() - from.x()) > std::abs(to.y() - from.y());
        p.drawText(horizontal ? mid + QPointF(-0.5 * width, -4.0) : mid + QPointF(4.0, 4.0), label);
    }
}

}  // namespace

DecisionTreeView::DecisionTreeView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(320, 280);
    setAutoFillBackground(true);
}

void DecisionTreeView::setPath(const MdpDecisionPath& path) {
    path_ = path;
    update();
}

void DecisionTreeView::setTitle(const QString& title) {
    if (title == title_) return;
    title_ = title;
    update();
}

QColor DecisionTreeView::highlightColor() { return QColor(245, 140, 30); }

void DecisionTreeView::paint(QPainter& p, QSize size) const {
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const Layout l = makeLayout(size);
    auto onPath = [this](const std::string& id) {
        return std::any_of(path_.steps.begin(), path_.steps.end(), [&](const MdpTreeStep& s) { return s.id == id; });
    };
    auto outcomeOf = [this](const std::string& id) {
        for (const MdpTreeStep& s : path_.steps)
            if (s.id == id) return s.outcome;
        return false;
    };

    QFont titleFont = p.font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    p.setFont(titleFont);
    p.setPen(Qt::black);
    p.drawText(QRectF(kTreeMargin, kTreeMargin, size.width() - 2 * kTreeMargin, kTreeTitleHeight), Qt::AlignLeft | Qt::AlignVCenter,
               title_.isEmpty() ? QStringLiteral("Decision tree of the analytic solver (Fig. 5)") : title_);
    p.setFont(QFont());

    // Edges first, boxes over them.
    for (const auto& [id, node] : l.nodes) {
        if (!l.boxes.count(id)) continue;
        const QRectF b = l.boxes.at(id);
        if (!node->leaf) {
            if (l.boxes.count(node->ifTrue)) {
                const QRectF t = l.boxes.at(node->ifTrue);
                drawArrow(p, QPointF(b.right(), b.center().y()), QPointF(t.left(), t.center().y()), "yes",
                          onPath(id) && outcomeOf(id) && onPath(node->ifTrue));
            }
            if (l.boxes.count(node->ifFalse)) {
                const QRectF f = l.boxes.at(node->ifFalse);
                drawArrow(p, QPointF(b.center().x(), b.bottom()), QPointF(b.center().x(), f.top()), "no",
                          onPath(id) && !outcomeOf(id) && onPath(node->ifFalse));
            }
        } else if (node->ifTrue == kFinalBlock && l.boxes.count(kFinalBlock)) {
            const QRectF f = l.boxes.at(kFinalBlock);
            drawArrow(p, QPointF(b.center().x(), b.bottom()), QPointF(b.center().x(), f.top()), QString(),
                      onPath(id) && onPath(kFinalBlock));
        }
    }
    for (const auto& [id, box] : l.boxes) {
        const MdpTreeNode& node = *l.nodes.at(id);
        const bool hot = onPath(id);
        p.setPen(QPen(hot ? highlightColor().darker(140) : QColor(110, 110, 110), hot ? 2.6 : 1.0));
        p.setBrush(hot ? highlightColor().lighter(150) : (node.leaf ? QColor(240, 244, 250) : QColor(250, 250, 250)));
        p.drawRoundedRect(box, 6.0, 6.0);
        QFont f;
        f.setBold(hot);
        // Shrink the text until it fits its box (long leaf formulas).
        for (double pt = f.pointSizeF(); pt > 5.0; pt -= 0.5) {
            f.setPointSizeF(pt);
            const QRectF need = QFontMetricsF(f).boundingRect(box.adjusted(6, 4, -6, -4), Qt::TextWordWrap | Qt::AlignCenter,
                                                              QString::fromStdString(node.label));
            if (need.height() <= box.height() - 8.0 && need.width() <= box.width() - 12.0) break;
        }
        p.setFont(f);
        p.setPen(QColor(20, 20, 20));
        p.drawText(box.adjusted(6, 4, -6, -4), Qt::TextWordWrap | Qt::AlignCenter, QString::fromStdString(node.label));
    }
}

void DecisionTreeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    paint(p, size());
}

QImage DecisionTreeView::renderImage(QSize size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    paint(p, size);
    return image;
}

bool DecisionTreeView::exportPng(const QString& path, QSize size) const { return renderImage(size).save(path, "PNG"); }

bool DecisionTreeView::exportSvg(const QString& path, QSize size) const {
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QStringLiteral("Maximum-dissipation decision tree"));
    generator.setDescription(QStringLiteral("ImpactLab: the branch of Preclik, Eibl and Ruede's Fig. 5 taken"));
    QPainter p;
    if (!p.begin(&generator)) return false;
    paint(p, size);
    return p.end();
}

bool DecisionTreeView::exportCsv(const QString& path) const {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return false;
    QTextStream out(&f);
    out << "step,node,outcome\n";
    for (std::size_t i = 0; i < path_.steps.size(); ++i)
        out << i << ',' << QString::fromStdString(path_.steps[i].id) << ',' << (path_.steps[i].outcome ? "yes" : "no") << '\n';
    return out.status() == QTextStream::Ok;
}

QRectF DecisionTreeView::nodeRect(const std::string& id, QSize size) const {
    const Layout l = makeLayout(size);
    const auto it = l.boxes.find(id);
    return it == l.boxes.end() ? QRectF() : it->second;
}

}  // namespace impactlab::ui
