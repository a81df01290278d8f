#include "equations/EquationsView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <cmath>

#include "common/ViewExport.h"
#include "equations/EquationSheetPainter.h"

namespace impactlab::ui {

// The sheet painted at the scroll area's width.
class EquationsView::Canvas : public QWidget {
public:
    explicit Canvas(EquationsView* owner) : QWidget(owner), owner_(owner) {
        setAutoFillBackground(true);
        QPalette p = palette();
        p.setColor(QPalette::Window, Qt::white);
        setPalette(p);
    }
    void relayout(int width) {
        layout_ = owner_->makeLayout(width);
        setMinimumHeight(layout_ ? static_cast<int>(std::ceil(layout_->size().height())) : 0);
        update();
    }
    const EquationSheetLayout* sheetLayout() const { return layout_.get(); }

protected:
    void paintEvent(QPaintEvent*) override {
        if (!layout_) return;
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        layout_->paint(painter);
    }
    void resizeEvent(QResizeEvent* event) override {
        QWidget::resizeEvent(event);
        if (!layout_ || std::abs(layout_->size().width() - width()) > 0.5) relayout(width());
    }

private:
    EquationsView* owner_;
    std::unique_ptr<EquationSheetLayout> layout_;
};

EquationsView::EquationsView(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(6, 4, 6, 0);
    auto* label = new QLabel(tr("Law:"), this);
    chooser_ = new QComboBox(this);
    chooser_->setToolTip(tr("The law whose equations are shown: the scene's law and the laws compared with it"));
    label->setBuddy(chooser_);
    row->addWidget(label);
    row->addWidget(chooser_, 1);
    column->addLayout(row);
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->setContentsMargins(8, 8, 8, 8);
    message_->hide();
    column->addWidget(message_);
    scroll_ = new QScrollArea(this);
    scroll_->setWidgetResizable(true);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    canvas_ = new Canvas(this);
    scroll_->setWidget(canvas_);
    column->addWidget(scroll_, 1);
    connect(chooser_, &QComboBox::activated, this, [this](int index) {
        current_ = index;
        showCurrent();
        emit lawSelected(selectedLaw());
    });
}

EquationsView::~EquationsView() = default;

void EquationsView::setSheets(std::vector<EquationSheet> sheets, const QString& caption) {
    const QString previous = selectedLaw();
    sheets_ = std::move(sheets);
    caption_ = caption;
    current_ = sheets_.empty() ? -1 : 0;
    QSignalBlocker block(chooser_);
    chooser_->clear();
    for (int i = 0; i < static_cast<int>(sheets_.size()); ++i) {
        const QString id = QString::fromStdString(sheets_[i].equations->law);
        chooser_->addItem(QString::fromStdString(sheets_[i].equations->title), id);
        if (id == previous) current_ = i;
    }
    chooser_->setCurrentIndex(current_);
    showCurrent();
}

void EquationsView::clear(const QString& message) {
    sheets_.clear();
    current_ = -1;
    caption_.clear();
    QSignalBlocker block(chooser_);
    chooser_->clear();
    message_->setText(message);
    showCurrent();
}

QStringList EquationsView::laws() const {
    QStringList ids;
    for (const EquationSheet& s : sheets_) ids << QString::fromStdString(s.equations->law);
    return ids;
}

bool EquationsView::selectLaw(const QString& id) {
    const int index = static_cast<int>(laws().indexOf(id));
    if (index < 0) return false;
    current_ = index;
    QSignalBlocker block(chooser_);
    chooser_->setCurrentIndex(index);
    showCurrent();
    return true;
}

QString EquationsView::selectedLaw() const {
    return current_ >= 0 ? QString::fromStdString(sheets_[current_].equations->law) : QString();
}

const EquationSheet* EquationsView::currentSheet() const { return current_ >= 0 ? &sheets_[current_] : nullptr; }

void EquationsView::showCurrent() {
    const bool has = current_ >= 0;
    message_->setVisible(!has);
    chooser_->setEnabled(sheets_.size() > 1);
    canvas_->relayout(scroll_->viewport()->width());
}

std::unique_ptr<EquationSheetLayout> EquationsView::makeLayout(double width) const {
    if (current_ < 0) return nullptr;
    return std::make_unique<EquationSheetLayout>(sheets_[current_], caption_, width, font());
}

bool EquationsView::exportPng(const QString& path) const {
    const auto layout = makeLayout(kEquationsExportWidth);
    if (!layout) return false;
    const QSize size = layout->size().toSize();
    QImage image(size * 2, QImage::Format_ARGB32);
    image.setDevicePixelRatio(2.0);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    layout->paint(painter);
    painter.end();
    return image.save(path, "PNG");
}

bool EquationsView::exportSvg(const QString& path) const {
    const auto layout = makeLayout(kEquationsExportWidth);
    if (!layout) return false;
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(layout->size().toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), layout->size()));
    generator.setTitle(QString::fromStdString(sheets_[current_].equations->title));
    generator.setDescription(caption_);
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    painter.fillRect(QRectF(QPointF(0, 0), layout->size()), Qt::white);
    layout->paint(painter);
    return painter.end();
}

bool EquationsView::exportCsv(const QString& path) const {
    if (current_ < 0) return false;
    return writeTextFile(path, formatEquationSheetCsv(sheets_[current_]));
}

}  // namespace impactlab::ui
