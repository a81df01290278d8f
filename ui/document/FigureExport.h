#pragma once
// A figure of the catalogue (sim/PaperFigures.h) drawn by the app's own page:
// its built-in scene set up as the figure says, and the
// one view written as ID.png, ID.svg and ID.csv. impactlab-report uses it for
// `impactlab-cli figure`, the tests walk the catalogue with it, and Help >
// Paper figures opens the same document in the window.
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include "sim/PaperFigures.h"

namespace impactlab::ui {

class ScenePage;

// The figure's document: its built-in scene with the figure's settings and
// overlay; with `full`, also its "full" settings (the paper's size). Throws
// InputError when the scene is missing or refuses a setting.
nlohmann::json makePaperFigureDocument(const PaperFigure& figure, bool full = false);

struct FigureFiles {
    QStringList files;      // written, relative to the folder
    QString error;          // empty when every file was written
    bool ok() const { return error.isEmpty(); }
};

// Writes folder/<id>.png, .svg and .csv from `page`, which shows the figure's
// document (run and drawn: flushPendingEdits). A chart is drawn by its view's
// own exports; a table is drawn whole (every row and column), from the view's
// table widget.
FigureFiles writePaperFigure(ScenePage& page, const PaperFigure& figure, const QString& folder);

// The gallery: `docsDir`/figures.md with every figure of
// the catalogue by paper, a thumbnail beside its caption, and
// `docsDir`/images/figures/<id>.png, the thumbnails, scaled from the pictures
// `impactlab-cli figure ID --out figureDir` wrote into `figureDir`. Returns
// the figures without a picture there (empty when every one was found).
QStringList writeFigureGallery(const QString& figureDir, const QString& docsDir);

}  // namespace impactlab::ui
