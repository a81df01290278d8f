#include "common/SideTabStyle.h"

#include <QStyleOptionTab>

namespace impactlab::ui {

namespace {
bool isSideShape(QTabBar::Shape shape) {
    return shape == QTabBar::RoundedWest || shape == QTabBar::RoundedEast || shape == QTabBar::TriangularWest ||
           shape == QTabBar::TriangularEast;
}
}  // namespace

QSize SideTabStyle::sizeFromContents(ContentsType type, const QStyleOption* option, const QSize& size,
                                     const QWidget* widget) const {
    QSize s = QProxyStyle::sizeFromContents(type, option, size, widget);
    // A side tab is sized for rotated text; written across, it is as wide as
    // a tab above the pages is long.
    if (type == CT_TabBarTab)
        if (const auto* tab = qstyleoption_cast<const QStyleOptionTab*>(option); tab && isSideShape(tab->shape))
            s.transpose();
    return s;
}

void SideTabStyle::drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                               const QWidget* widget) const {
    if (element == CE_TabBarTabLabel)
        if (const auto* tab = qstyleoption_cast<const QStyleOptionTab*>(option); tab && isSideShape(tab->shape)) {
            QStyleOptionTab across(*tab);
            across.shape = QTabBar::RoundedNorth;   // the label as a tab above would draw it
            QProxyStyle::drawControl(element, &across, painter, widget);
            return;
        }
    QProxyStyle::drawControl(element, option, painter, widget);
}

}  // namespace impactlab::ui
