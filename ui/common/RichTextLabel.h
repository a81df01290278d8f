#pragma once
// A word-wrapped rich-text label for text that changes at every slider move
// (a scene's numbers, a chart's legend). QLabel lays its rich text out again
// for every size hint the layouts ask of it and asks its parent layout to
// re-run at every change; this one lays out once per text and width, and
// asks for a new layout only when its height at the current width changed.
// Its text can be copied from the context menu.
#include <QTextDocument>
#include <QWidget>

namespace impactlab::ui {

class InteractiveQuality;

class RichTextLabel : public QWidget {
    Q_OBJECT

public:
    explicit RichTextLabel(QWidget* parent = nullptr);

    void setText(const QString& html);
    // During a burst of new texts (a slider dragged: common/InteractiveQuality.h)
    // the label keeps the tallest height it had, so a text that loses a line
    // does not move the widgets around it at every change; it fits its text
    // again when the burst ends. Off by default.
    void setHeightHeldDuringBursts(bool on);
    // The same hold, driven by an owner that keeps its own burst (a chart):
    // while held the label keeps the tallest height it had; released, it fits
    // its text at once. The label then holds exactly while its owner draws
    // interactively, rather than by a clock of its own that starts a little
    // later.
    void setHeightHeld(bool held);
    QString text() const { return html_; }
    QString plainText() const { return document_.toPlainText(); }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // Lays the document out at `width` (the contents' width) if it is not already.
    void layOutAt(int contentsWidth) const;
    int contentsWidthFor(int width) const;

    // The height the layouts see: the text's at the current width, or the
    // height held during a burst if taller.
    int shownHeight() const;
    void releaseHeldHeight();

    QString html_;
    InteractiveQuality* burst_ = nullptr;   // set while heights are held in bursts
    bool held_ = false;                     // held by the owner (setHeightHeld)
    int heldHeight_ = 0;
    mutable QTextDocument document_;
    mutable int laidOutWidth_ = -1;
};

}  // namespace impactlab::ui
