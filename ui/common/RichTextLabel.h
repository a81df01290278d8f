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

class RichTextLabel : public QWidget {
    Q_OBJECT

public:
    explicit RichTextLabel(QWidget* parent = nullptr);

    void setText(const QString& html);
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

    QString html_;
    mutable QTextDocument document_;
    mutable int laidOutWidth_ = -1;
};

}  // namespace impactlab::ui
