#include "document/FigureExport.h"

#include <QDir>
#include <QFile>
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
// The gallery's thumbnails: this wide (pixels), scaled smoothly.
constexpr int kThumbnailWidth = 320;

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

QStringList writeFigureGallery(const QString& figureDir, const QString& docsDir) {
    QStringList missing;
    const QDir docs(docsDir);
    docs.mkpath("images/figures");
    QString md;
    md += "# Paper figures\n\n";
    md += "Every figure and table of the five papers that ImpactLab draws, beside what the paper's figure shows "
          "(captions in our words) and what ImpactLab draws differently. Each is one command, "
          "`impactlab-cli figure ID --out DIR` (PNG, SVG and the plotted numbers as CSV), or Help > Paper figures in "
          "the app. The thumbnails are made by `scripts/make-figure-gallery.sh` from `figure --out`; the catalogue "
          "is `resources/figures.json`. Kudlich-Slibar's paper has no numbered figures of results: its vehicle "
          "examples are the scenes `vehicles`, `vehicle-barrier` and the reconstruction scenes.\n";
    for (const PaperFigurePaper& paper : listFigurePapers()) {
        md += "\n## " + QString::fromStdString(paper.title) + "\n\n| figure | ImpactLab | the paper's figure |\n| --- | --- | --- |\n";
        for (const PaperFigure& f : listPaperFigures()) {
            if (f.paper != paper.id) continue;
            const QString id = QString::fromStdString(f.id);
            const QImage picture(QDir(figureDir).filePath(id + ".png"));
            const QString thumb = "images/figures/" + id + ".png";
            if (picture.isNull()) missing << id;
            else picture.scaledToWidth(kThumbnailWidth, Qt::SmoothTransformation).save(docs.filePath(thumb), "PNG");
            const auto cell = [](const std::string& text) { return QString::fromStdString(text).replace('|', "\\|"); };
            QString about = "**" + cell(f.title) + "**<br>" + cell(f.caption);
            if (!f.differences.empty()) about += "<br>*In ImpactLab:* " + cell(f.differences);
            md += QString("| `%1`<br>scene `%2`, view `%3` | ![%1](%4) | %5 |\n")
                      .arg(id, QString::fromStdString(f.scene), QString::fromStdString(f.view), thumb, about);
        }
    }
    QFile file(docs.filePath("figures.md"));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text | QIODevice::Truncate)) return {"figures.md"};
    file.write(md.toUtf8());
    return missing;
}

}  // namespace impactlab::ui
