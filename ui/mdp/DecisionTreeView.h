#pragma once
// The decision tree of the analytic maximum-dissipation solver (Preclik, Eibl
// & Ruede Fig. 5) with the path the current problem takes highlighted. Tests
// run down the left column ("no" goes down, "yes" to the right); the final
// block that builds x* from (alpha*, r*) sits at the bottom. The tree and the
// path are the core's (getMdpDecisionTree, MdpDecisionPath); this view only
// lays them out and paints. Exports PNG, SVG and CSV (the path).
#include <QImage>
#include <QPainter>
#include <QSize>
#include <QString>
#include <QWidget>

#include "diagram/MaxDissipationDiagram.h"

namespace impactlab::ui {

class DecisionTreeView : public QWidget {
    Q_OBJECT

public:
    explicit DecisionTreeView(QWidget* parent = nullptr);

    void setPath(const MdpDecisionPath& path);
    const MdpDecisionPath& path() const { return path_; }
    /// Redraws only when the title changes (set it before the data).
    void setTitle(const QString& title);
    QString title() const { return title_; }

    QImage renderImage(QSize size = {1000, 800}) const;
    bool exportPng(const QString& path, QSize size = {1000, 800}) const;
    bool exportSvg(const QString& path, QSize size = {1000, 800}) const;
    bool exportCsv(const QString& path) const;
    // The box of a node in an image of this size (empty if unknown), for tests.
    QRectF nodeRect(const std::string& id, QSize size) const;

    static QColor highlightColor();
    QSize sizeHint() const override { return {640, 520}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paint(QPainter& painter, QSize size) const;

    MdpDecisionPath path_;
    QString title_;
};

}  // namespace impactlab::ui
