// The rich-text label of the summary and the chart legends: it wraps like a
// word-wrapped QLabel, and a new text of the same height does not make the
// layouts around it run again (the cost it exists to avoid).
#include <gtest/gtest.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QVBoxLayout>

#include <string>

#include "common/InteractiveQuality.h"
#include "common/RichTextLabel.h"
#include "diagram/Figure.h"
#include "plus/FigureView.h"

using impactlab::ui::RichTextLabel;

namespace { namespace IMPACTLAB_UNITY_ID {

// Counts the layout requests a widget receives.
struct LayoutRequests : QObject {
    int count = 0;
    bool eventFilter(QObject* /*watched*/, QEvent* event) override {
        if (event->type() == QEvent::LayoutRequest) ++count;
        return false;
    }
};

const QString kLongLine = "impulse [t1, t2, n] = (3551, 0, 10842) N s, energy 2.369e+05 J -> 1.5134e+05 J, "
                          "events: end-of-compression end-of-impact";


TEST(RichTextLabel, WrapsToMoreLinesWhenNarrower) {
    RichTextLabel label;
    label.setText("<b>Impact 1</b> " + kLongLine);
    const int narrow = label.heightForWidth(120);
    const int wide = label.heightForWidth(2000);
    const int lineHeight = label.fontMetrics().lineSpacing();
    EXPECT_GE(wide, lineHeight - 1);           // one line at least
    EXPECT_LT(wide, 2 * lineHeight);           // and only one when wide
    EXPECT_GE(narrow, 3 * lineHeight - 1);     // several when narrow
    EXPECT_EQ(label.plainText().left(8), QString("Impact 1"));
    label.setText({});
    EXPECT_EQ(label.heightForWidth(120), 0);
}

TEST(RichTextLabel, RelaysOutOnlyWhenItsHeightChanges) {
    QWidget parent;
    auto* layout = new QVBoxLayout(&parent);
    auto* label = new RichTextLabel;
    layout->addWidget(label);
    layout->addStretch(1);   // as in the side panel: the label keeps its own height
    parent.resize(300, 400);
    label->setText("energy 1.000 J");
    parent.show();
    QApplication::processEvents();
    LayoutRequests spy;
    parent.installEventFilter(&spy);

    label->setText("energy 2.000 J");   // same height: no layout pass
    QApplication::processEvents();
    EXPECT_EQ(spy.count, 0);
    EXPECT_EQ(label->text(), QString("energy 2.000 J"));

    const int before = label->height();
    label->setText(kLongLine + "<br>" + kLongLine);   // several lines: the layout runs and the label grows
    QApplication::processEvents();
    EXPECT_GE(spy.count, 1);
    EXPECT_GT(label->height(), before);
    EXPECT_EQ(label->height(), label->heightForWidth(label->width()));
}


// A figure of `count` lines with long names: its legend wraps over lines.
impactlab::Figure makeFigure(int count) {
    impactlab::Figure f;
    f.title = "legend test";
    f.xLabel = "x";
    f.yLabel = "y";
    for (int k = 0; k < count; ++k) {
        impactlab::FigureSeries s;
        s.name = "contact " + std::to_string(k + 1) + " between ball " + std::to_string(k + 1) + " and the next";
        s.colorIndex = k;
        for (int i = 0; i < 4; ++i) s.points.emplace_back(i, k * i);
        f.series.push_back(s);
    }
    return f;
}

// The settled frame comes kRefineDelayMs after the burst; a machine busy
// with other work may deliver the timer much later. This only catches a
// frame that never comes, ms.
constexpr int kSettleHangGuardMs = 30000;

// A chart's legend that loses lines in a burst of changes keeps its height
// (the chart is not resized and laid out again at every move), and fits its
// text once the burst is over.
TEST(ChartLegend, KeepsItsHeightDuringABurstAndFitsAfter) {
    impactlab::ui::FigureView view;
    view.resize(500, 400);
    view.show();
    view.setFigure(makeFigure(12));
    QApplication::processEvents();
    const int tall = view.legendLabel()->height();
    // The view says whether a change was part of a burst: a machine that
    // stalls this test for longer than kBurstMs between two changes, or
    // kRefineDelayMs inside processEvents, makes no burst, and the held
    // height is then checked only while the view still draws interactively.
    // The settled frame is checked whatever the timing.
    view.setFigure(makeFigure(11));
    QApplication::processEvents();
    if (view.isInteractiveFrame()) EXPECT_GE(view.legendLabel()->height(), tall);
    view.setFigure(makeFigure(1));
    QApplication::processEvents();
    if (view.isInteractiveFrame()) EXPECT_GE(view.legendLabel()->height(), tall);
    QElapsedTimer clock;
    clock.start();
    while (view.isInteractiveFrame() && clock.elapsed() < kSettleHangGuardMs)
        QApplication::processEvents(QEventLoop::AllEvents, impactlab::ui::kRefineDelayMs);
    QApplication::processEvents();
    EXPECT_FALSE(view.isInteractiveFrame());
    EXPECT_LT(view.legendLabel()->height(), tall / 2);
    EXPECT_GT(view.legendLabel()->height(), 0);
}
}}  // namespace
