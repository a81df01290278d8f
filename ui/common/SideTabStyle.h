#pragma once
// A tab bar on the side of its pages (QTabWidget::West) with its titles
// written across, as a list of views reads, instead of rotated a quarter
// turn. Pages switch their view tabs to the side when the titles do not fit
// in a row above the view (ScenePage), so every view stays one click away
// without scroll arrows.
#include <QProxyStyle>

namespace impactlab::ui {

class SideTabStyle : public QProxyStyle {
public:
    using QProxyStyle::QProxyStyle;
    QSize sizeFromContents(ContentsType type, const QStyleOption* option, const QSize& size,
                           const QWidget* widget) const override;
    void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget) const override;
};

}  // namespace impactlab::ui
