#include "RichTextLabel.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QEvent>
#include <QMenu>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "InteractiveQuality.h"

namespace impactlab::ui {

namespace {

// Width asked for when the layout has none to give yet, in average
// characters: a short paragraph's line.
constexpr int kPreferredWidthChars = 40;
// Narrowest useful width, in average characters.
constexpr int kMinimumWidthChars = 8;

}  // namespace

RichTextLabel::RichTextLabel(QWidget* parent) : QWidget(parent) {
    document_.setDocumentMargin(0);
    document_.setDefaultFont(font());
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    // Opaque (its palette's window colour, as the panels around it): a new
    // text then repaints the label alone, not every parent behind it (a tab
    // widget's frame, a group box) as well.
    setAutoFillBackground(true);
}

int RichTextLabel::contentsWidthFor(int width) const {
    const QMargins m = contentsMargins();
    return std::max(1, width - m.left() - m.right());
}

void RichTextLabel::layOutAt(int contentsWidth) const {
    if (laidOutWidth_ == contentsWidth) return;
    document_.setTextWidth(contentsWidth);
    laidOutWidth_ = contentsWidth;
}

void RichTextLabel::setText(const QString& html) {
    if (html == html_) return;
    const int before = shownHeight();
    html_ = html;
    document_.setHtml(html);
    laidOutWidth_ = -1;
    const bool burst = burst_ && burst_->noteChange();
    if (held_ || burst) {
        const int height = std::max(before, heightForWidth(width()));
        if (height > heldHeight_) {
            heldHeight_ = height;
            setMinimumHeight(height);
        }
    }
    // Only a change of height moves the widgets around it.
    if (shownHeight() != before) updateGeometry();
    update();
}

void RichTextLabel::setHeightHeldDuringBursts(bool on) {
    if (on == (burst_ != nullptr)) return;
    if (on) {
        burst_ = new InteractiveQuality(this, [this] { releaseHeldHeight(); });
    } else {
        delete burst_;
        burst_ = nullptr;
        heldHeight_ = 0;
        setMinimumHeight(0);
    }
}

void RichTextLabel::setHeightHeld(bool held) {
    held_ = held;
    if (!held) releaseHeldHeight();
}

void RichTextLabel::releaseHeldHeight() {
    if (heldHeight_ == 0) return;
    heldHeight_ = 0;
    setMinimumHeight(0);   // fits the text again
}

int RichTextLabel::shownHeight() const { return std::max(heightForWidth(width()), heldHeight_); }

int RichTextLabel::heightForWidth(int width) const {
    if (html_.isEmpty()) return 0;
    layOutAt(contentsWidthFor(width));
    const QMargins m = contentsMargins();
    return static_cast<int>(std::ceil(document_.size().height())) + m.top() + m.bottom();
}

QSize RichTextLabel::sizeHint() const {
    const int w = width() > 0 ? width() : fontMetrics().averageCharWidth() * kPreferredWidthChars;
    return {w, heightForWidth(w)};
}

QSize RichTextLabel::minimumSizeHint() const {
    const int w = fontMetrics().averageCharWidth() * kMinimumWidthChars;
    return {w, heightForWidth(width() > 0 ? width() : w)};
}

void RichTextLabel::paintEvent(QPaintEvent* /*event*/) {
    if (html_.isEmpty()) return;
    QPainter painter(this);
    const QRect r = contentsRect();
    layOutAt(r.width());
    painter.translate(r.topLeft());
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = palette();
    context.palette.setColor(QPalette::Text, palette().color(QPalette::WindowText));
    context.clip = QRectF(0, 0, r.width(), r.height());
    document_.documentLayout()->draw(&painter, context);
}

void RichTextLabel::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Copy"), [this] { QApplication::clipboard()->setText(plainText()); });
    menu.exec(event->globalPos());
}

void RichTextLabel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) {
        document_.setDefaultFont(font());
        laidOutWidth_ = -1;
        updateGeometry();
    }
    QWidget::changeEvent(event);
}

}  // namespace impactlab::ui
