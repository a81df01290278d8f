#include "document/FigureExport.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QTableView>
#include <algorithm>

#include "SceneLibrary.h"
#include "io/JsonInput.h"
#include "pages/ScenePage.h"
#include "scene/SceneDocument.h"

namespace impactlab::ui {

namespace {

// A table figure is drawn whole up to this size (pixels); a longer table (the
// hundred intervals of a fine PLUS run) is cut there, and its CSV has every row.
constexpr int kMaxTableWidth = 2400;
constexpr int kMaxTableHeight = 3000;
// White space around a drawn table (pixels).
constexpr int kTableMargin = 8;

// The size that shows every row and column of `table`, within the caps.
QSize calcWholeTableSize(const QTableView& table) {
    int width = table.verticalHeader()->isVisible() ? table.verticalHeader()->width() : 0;
    width += table.horizontalHeader()->length() + 2 * table.frameWidth();
    int height = table.horizontalHeader()->isVisible() ? table.horizontalHeader()->height() : 0;
    height += table.verticalHeader()->length() + 2 * table.frameWidth();
    return {std::min(width, kMaxTableWidth), std::min(height, kMaxTableHeight)};
}

// A view of `table`'s model laid out whole: shown (off screen) so its
// headers and viewport take the size that holds every row and column.
class WholeTable {
public:
    explicit WholeTable(const QTableView& table) {
        copy_.setAttribute(Qt::WA_DontShowOnScreen);
        copy_.setModel(table.model());
        copy_.setFont(table.font());
        copy_.setWordWrap(false);
        copy_.verticalHeader()->setVisible(table.verticalHeader()->isVisible());
        copy_.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        copy_.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        copy_.show();
        copy_.resizeColumnsToContents();
        copy_.resizeRowsToContents();
        size_ = calcWholeTableSize(copy_);
        copy_.resize(size_);
    }
    QSize pageSize() const { return size_ + QSize(2 * kTableMargin, 2 * kTableMargin); }
    // Draws the table on white into `device` of pageSize().
    void draw(QPaintDevice& device) {
        QPainter painter(&device);
        painter.fillRect(QRect(QPoint(0, 0), pageSize()), Qt::white);
        copy_.render(&painter, QPoint(kTableMargin, kTableMargin));
    }

private:
    QTableView copy_;
    QSize size_;
};

bool writeTablePng(const QTableView& table, const QString& path) {
    WholeTable whole(table);
    QImage image(whole.pageSize(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    whole.draw(image);
    return image.save(path, "PNG");
}

bool writeTableSvg(const QTableView& table, const QString& path, const QString& title) {
    WholeTable whole(table);
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(whole.pageSize());
    svg.setViewBox(QRect(QPoint(0, 0), whole.pageSize()));
    svg.setTitle(title);
    whole.draw(svg);
    return QFileInfo(path).size() > 0;
}

}  // namespace

nlohmann::json makePaperFigureDocument(const PaperFigure& figure, bool full) {
    const QString path = findBuiltInScenePath(QString::fromStdString(figure.scene));
    if (path.isEmpty()) throw InputError("figures." + figure.id + ".scene", "no built-in scene " + figure.scene);
    nlohmann::json document = toUnifiedSceneDocument(readSceneDocument(path));
    document = applyPaperFigure(document, figure);
    if (full && !figure.full.empty()) {
        PaperFigure sized = figure;
        sized.set = figure.full;
        sized.overlay = nullptr;
        document = applyPaperFigure(document, sized);
    }
    return document;
}

FigureFiles writePaperFigure(ScenePage& page, const PaperFigure& figure, const QString& folder) {
    FigureFiles out;
    const QString name = QString::fromStdString(figure.view);
    const PageView* view = page.findView(name);
    if (!view) {
        out.error = QString("the %1 page has no view '%2'").arg(QString::fromStdString(figure.scene), name);
        return out;
    }
    if (!QDir().mkpath(folder)) {
        out.error = "cannot create " + folder;
        return out;
    }
    page.showTab(name);
    const QString id = QString::fromStdString(figure.id);
    QTableView* table = figure.kind == PaperFigureKind::Table ? qobject_cast<QTableView*>(view->widget) : nullptr;
    if (figure.kind == PaperFigureKind::Table && !table) table = view->widget->findChild<QTableView*>();
    const QDir dir(folder);
    const auto write = [&](const QString& suffix, const std::function<bool(const QString&)>& writer) {
        const QString file = id + suffix;
        if (!writer || !writer(dir.filePath(file))) {
            if (out.error.isEmpty()) out.error = "could not write " + dir.filePath(file);
            return;
        }
        out.files << file;
    };
    if (table) {
        write(".png", [table](const QString& p) { return writeTablePng(*table, p); });
        write(".svg", [table, &figure](const QString& p) {
            return writeTableSvg(*table, p, QString::fromStdString(figure.title));
        });
    } else {
        write(".png", view->exports.png);
        write(".svg", view->exports.svg);
    }
    write(".csv", view->exports.csv);
    return out;
}

}  // namespace impactlab::ui
