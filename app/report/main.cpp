// impactlab-report: every view of a scene, its data, the scene and an HTML
// report into one folder, without a window. It is what
// `impactlab-cli report` runs; it needs the desktop build's libraries but no
// display: charts draw on Qt's offscreen platform, and the 3D view (VTK
// renders through X) is left out unless a display is there.
//
//   impactlab-report SCENE --out DIR [--set ID=VALUE]...
//   impactlab-report --figure ID --out DIR [--full]
//   impactlab-report --gallery FIGURE_DIR --out DOCS_DIR
//   impactlab-report --animate SCENE --out FILE [...]   (Animate.cpp)
//
// The second form writes one figure of the catalogue (sim/PaperFigures.h) as
// DIR/ID.png, .svg and .csv: what `impactlab-cli figure` runs. The third
// writes the gallery (DOCS_DIR/figures.md and its thumbnails) from the
// pictures `figure` wrote into FIGURE_DIR (scripts/make-figure-gallery.sh).
//
// Exit codes as impactlab-cli's: 0 written, 1 bad scene, 2 bad command
// line, 3 a file could not be written.
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <cstdio>
#include <string>
#include <vector>

#include "Animate.h"
#include "SceneLibrary.h"
#include "document/FigureExport.h"
#include "document/Report.h"
#include "pages/PageRegistry.h"
#include "pages/ScenePage.h"
#include "scene/Scene.h"
#include "scene/SceneDocument.h"
#include "sim/PaperFigures.h"

using namespace impactlab;
using namespace impactlab::ui;

namespace {

constexpr int kExitBadInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;

int fail(int code, const std::string& message) {
    std::fprintf(stderr, "impactlab-report: %s\n", message.c_str());
    return code;
}

// The page's size for figures and reports (pixels): the app's default window.
constexpr int kPageWidth = 1500;
constexpr int kPageHeight = 900;

int writeFigure(const std::string& id, const std::string& outDir, bool full) {
    const PaperFigure* figure = findPaperFigure(id);
    if (!figure) return fail(kExitBadInput, "figure: no figure '" + id + "' in the catalogue");
    const nlohmann::json document = makePaperFigureDocument(*figure, full);
    const PageType* type = findPageType(getSceneKind(document));
    if (!type) return fail(kExitBadInput, "kind: this build has no page for the scene's kind");
    ScenePage* page = type->make();
    QString error;
    QObject::connect(page, &ScenePage::errorOccurred, [&error](const QString& m) { error = m; });
    page->openDocument(document);
    if (!error.isEmpty()) return fail(kExitBadInput, error.toStdString());
    page->resize(kPageWidth, kPageHeight);
    page->flushPendingEdits();
    const FigureFiles r = writePaperFigure(*page, *figure, QString::fromStdString(outDir));
    delete page;
    if (!r.ok()) return fail(kExitIo, r.error.toStdString());
    std::string files;
    for (const QString& f : r.files) files += std::string(files.empty() ? "" : ", ") + "\"" + f.toStdString() + "\"";
    std::printf("{\"format\": \"impactlab.figure/1\", \"id\": \"%s\", \"folder\": \"%s\", \"files\": [%s]}\n", id.c_str(),
                QFileInfo(QString::fromStdString(outDir)).absoluteFilePath().toStdString().c_str(), files.c_str());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const bool display = !qEnvironmentVariableIsEmpty("DISPLAY");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    for (int i = 1; i < argc; ++i)   // it checks its command line before making the QApplication
        if (std::string(argv[i]) == "--animate") return runAnimate(argc, argv);
    QApplication app(argc, argv);
    std::string scenePath, outDir, figureId, galleryFrom;
    bool full = false;
    std::vector<std::pair<std::string, std::string>> sets;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--out" && i + 1 < argc) outDir = argv[++i];
        else if (a == "--figure" && i + 1 < argc) figureId = argv[++i];
        else if (a == "--full") full = true;
        else if (a == "--gallery" && i + 1 < argc) galleryFrom = argv[++i];
        else if (a == "--set" && i + 1 < argc) {
            const std::string kv = argv[++i];
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0) return fail(kExitUsage, "--set needs id=value, got '" + kv + "'");
            sets.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        } else if (a.rfind("--", 0) == 0) return fail(kExitUsage, "unknown option '" + a + "'");
        else if (scenePath.empty()) scenePath = a;
        else return fail(kExitUsage, "one scene, got '" + scenePath + "' and '" + a + "'");
    }
    if (!galleryFrom.empty()) {
        if (outDir.empty()) return fail(kExitUsage, "--gallery needs --out DOCS_DIR");
        const QStringList missing = writeFigureGallery(QString::fromStdString(galleryFrom), QString::fromStdString(outDir));
        if (!missing.isEmpty()) return fail(kExitIo, "no picture for " + missing.join(", ").toStdString());
        return 0;
    }
    if (!figureId.empty()) {
        if (!scenePath.empty() || !sets.empty()) return fail(kExitUsage, "--figure takes no scene and no --set");
        if (outDir.empty()) return fail(kExitUsage, "--figure needs --out DIR");
        try {
            return writeFigure(figureId, outDir, full);
        } catch (const std::exception& e) {
            return fail(kExitBadInput, e.what());
        }
    }
    if (scenePath.empty() || outDir.empty()) return fail(kExitUsage, "usage: impactlab-report SCENE --out DIR [--set ID=VALUE]...");
    try {
        const nlohmann::json document = toUnifiedSceneDocument(readSceneDocument(resolveSceneArgument(QString::fromStdString(scenePath))));
        const PageType* type = findPageType(getSceneKind(document));
        if (!type) return fail(kExitBadInput, "kind: this build has no page for the scene's kind");
        ScenePage* page = type->make();
        page->openDocument(document);
        QString error;
        QObject::connect(page, &ScenePage::errorOccurred, [&error](const QString& m) { error = m; });
        for (const auto& [id, value] : sets) {
            const SceneParameter* p = page->findParameter(id);
            if (!p) return fail(kExitBadInput, "--set " + id + ": no such parameter in this scene");
            if (p->kind == SceneParameter::Kind::Choice) {
                page->setChoice(QString::fromStdString(id), QString::fromStdString(value));
            } else {
                bool ok = false;
                const double v = QString::fromStdString(value).toDouble(&ok);
                if (!ok) return fail(kExitBadInput, "--set " + id + ": must be a number, got '" + value + "'");
                page->setParameter(QString::fromStdString(id), v);
            }
            if (!error.isEmpty()) return fail(kExitBadInput, error.toStdString());
        }
        page->resize(kPageWidth, kPageHeight);
        page->flushPendingEdits();   // whole runs, not their first frames
        ReportOptions options;
        options.include3dView = display;
        const ReportResult r = writeReport(*page, page->document(), QString::fromStdString(outDir), options);
        if (!r.ok()) return fail(kExitIo, "could not write " + r.failures.join(", ").toStdString());
        std::printf("{\"format\": \"impactlab.report/1\", \"folder\": \"%s\", \"files\": %zu, \"report\": \"%s\"}\n",
                    QFileInfo(QString::fromStdString(outDir)).absoluteFilePath().toStdString().c_str(), r.files.size(),
                    QDir(QString::fromStdString(outDir)).filePath("report.html").toStdString().c_str());
        delete page;
        return 0;
    } catch (const std::exception& e) {
        return fail(kExitBadInput, e.what());
    }
}
