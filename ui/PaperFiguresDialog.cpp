#include "PaperFiguresDialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "sim/PaperFigures.h"

namespace impactlab::ui {

namespace {

// The figure id kept on each figure's row (papers' rows have none).
constexpr int kIdRole = Qt::UserRole + 1;
// The dialog's first size (pixels): room for the longest titles and a caption.
constexpr int kDialogWidth = 820;
constexpr int kDialogHeight = 620;
constexpr int kLabelColumnWidth = 110;

QString toHtml(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

}  // namespace

QString PaperFiguresDialog::figureLabel(const QString& id) {
    const int fig = id.lastIndexOf("-fig");
    if (fig >= 0) return "Fig. " + id.mid(fig + 4);
    const int table = id.lastIndexOf("-table");
    if (table >= 0) return "Table " + id.mid(table + 6);
    return id;
}

PaperFiguresDialog::PaperFiguresDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Paper figures"));
    setObjectName("paperFiguresDialog");
    tree_ = new QTreeWidget;
    tree_->setObjectName("paperFiguresTree");
    tree_->setColumnCount(2);
    tree_->setHeaderLabels({tr("Figure"), tr("Title")});
    tree_->header()->resizeSection(0, kLabelColumnWidth);
    for (const PaperFigurePaper& paper : listFigurePapers()) {
        auto* top = new QTreeWidgetItem(tree_, {QString::fromStdString(paper.title)});
        top->setFirstColumnSpanned(true);
        top->setFlags(Qt::ItemIsEnabled);
        for (const PaperFigure& f : listPaperFigures()) {
            if (f.paper != paper.id) continue;
            const QString id = QString::fromStdString(f.id);
            auto* item = new QTreeWidgetItem(top, {figureLabel(id), QString::fromStdString(f.title)});
            item->setData(0, kIdRole, id);
            item->setToolTip(1, QString::fromStdString(f.caption));
        }
        top->setExpanded(true);
    }
    details_ = new QLabel;
    details_->setObjectName("paperFigureDetails");
    details_->setWordWrap(true);
    details_->setTextFormat(Qt::RichText);
    details_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    details_->setMinimumHeight(details_->fontMetrics().lineSpacing() * 7);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    open_ = buttons->addButton(tr("&Open"), QDialogButtonBox::AcceptRole);
    open_->setObjectName("openPaperFigure");
    open_->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open_, &QPushButton::clicked, this, [this] {
        if (!selectedId().isEmpty()) emit figureChosen(selectedId());
    });
    connect(tree_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        const QString id = item->data(0, kIdRole).toString();
        if (!id.isEmpty()) emit figureChosen(id);
    });
    connect(tree_, &QTreeWidget::currentItemChanged, this, [this] { showDetails(); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tree_, 1);
    layout->addWidget(details_);
    layout->addWidget(buttons);
    resize(kDialogWidth, kDialogHeight);
    showDetails();
}

QString PaperFiguresDialog::selectedId() const {
    const QTreeWidgetItem* item = tree_->currentItem();
    return item ? item->data(0, kIdRole).toString() : QString();
}

bool PaperFiguresDialog::selectFigure(const QString& id) {
    for (int p = 0; p < tree_->topLevelItemCount(); ++p) {
        QTreeWidgetItem* top = tree_->topLevelItem(p);
        for (int i = 0; i < top->childCount(); ++i)
            if (top->child(i)->data(0, kIdRole).toString() == id) {
                tree_->setCurrentItem(top->child(i));
                return true;
            }
    }
    return false;
}

void PaperFiguresDialog::showDetails() {
    const PaperFigure* f = findPaperFigure(selectedId().toStdString());
    open_->setEnabled(f != nullptr);
    if (!f) {
        details_->setText(tr("Choose a figure to see the paper's caption; <b>Open</b> sets up its scene, "
                             "values and view (one undo step)."));
        return;
    }
    QString html = QString("<b>%1</b> &mdash; %2<br>%3").arg(figureLabel(selectedId()), toHtml(f->title), toHtml(f->caption));
    if (!f->differences.empty()) html += "<br><i>" + tr("In ImpactLab:") + "</i> " + toHtml(f->differences);
    html += "<br><span style='color:#555'>" +
            tr("Scene %1, view %2; from the command line: impactlab-cli figure %3 --out DIR")
                .arg(toHtml(f->scene), toHtml(f->view), selectedId()) +
            "</span>";
    details_->setText(html);
}

}  // namespace impactlab::ui
