#pragma once
// The ImpactLab main window: one page per kind of scene (pages/PageRegistry.h)
// in a stack, the menus, the dialogs and the status bar around it. The open
// document (its file, undo steps, recovery copy, recent files) is the
// DocumentController's; the window shows it and asks the user. The window
// never branches on the kind of scene: it asks the registry which page shows
// a document and talks to pages through ScenePage.
// No physics here: pages call the core and map its output to widgets.
#include <QMainWindow>
#include <QStringList>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "document/DocumentController.h"
#include "pages/ScenePage.h"

class QAction;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QUndoStack;

namespace impactlab::ui {

struct PageType;

// Help > About: the version of ImpactLab and of the libraries it runs on.
QString aboutText();

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // Milliseconds spent by the last update: from an edit to every view on
    // screen redrawn, and the part of it spent computing.
    struct UpdateTiming {
        double simulateMs = 0.0;
        double viewsMs = 0.0;
        double totalMs = 0.0;
    };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The open document: its file, edits, undo history and recovery copy.
    DocumentController* documentController() const { return doc_; }

    // --- The document (DocumentController's, reported here) ---------------
    // Opens a scene file or a built-in resource (":/scenes/..."). On failure
    // returns false and puts the one-line reason in *error and the status
    // bar; the open scene stays. Never throws.
    bool openScene(const QString& path, QString* error = nullptr) { return doc_->openFile(path, error); }
    // Opens `path`, or on failure the default scene with a dialog naming the
    // error (a scene given on the command line). Returns whether `path` opened.
    bool openSceneOrDefault(const QString& path);
    // The next scene opened shows its initial state without starting a long
    // run (a granular flow): the app restoring the last session's scene at
    // launch must not fill the cores before the user asks.
    void holdRunsOnNextOpen() { holdRunsOnce_ = true; }
    // Sets up the figure `id` of the catalogue (sim/PaperFigures.h): its
    // built-in scene (opened unless it is the open document's), the figure's
    // values and overlay as one undo step, and its view's tab. False, with
    // the reason in *error, for an unknown id or a scene that does not open.
    bool openPaperFigure(const QString& id, QString* error = nullptr);
    // Help > Paper figures (made on first use; nullptr before).
    class PaperFiguresDialog* paperFiguresDialog() const { return figuresDialog_; }
    // Opens a scene document already read (a recovered copy): the page of its
    // kind shows it, and `path` becomes its file. Same errors as openScene.
    bool openDocument(const nlohmann::json& document, const QString& path, QString* error = nullptr) {
        return doc_->openDocument(document, path, error);
    }
    const QString& lastError() const { return lastError_; }
    const nlohmann::json& currentDocument() const { return doc_->document(); }
    const QString& documentPath() const { return doc_->path(); }
    // Writes the document to `path` and makes it the document's file; false
    // with the reason in the status bar on failure.
    bool saveSceneAs(const QString& path);
    // Saves to the document's file, or asks for one (a built-in scene).
    bool saveScene();
    // Edit > Undo and Redo walk it; its clean state is the saved one (the
    // title's [*] marker).
    QUndoStack* undoStack() const { return doc_->undoStack(); }
    bool isDocumentModified() const { return doc_->isModified(); }
    void writeRecoveryNow() { doc_->writeRecoveryNow(); }
    // Interactive start: if a recovery copy was left by a crash or a kill,
    // asks whether to reopen it and does; true when it did.
    bool offerRecovery();
    // Window geometry and layout from the last session (QSettings); returns
    // the last scene's file, or an empty string.
    QString restoreSettings(bool restoreGeometry);
    void saveSettings() const;
    QMenu* recentFilesMenu() const { return recentMenu_; }

    // --- Edits, as the panel makes them (undo, redo, --set) ------------------
    void setParameter(const QString& id, double siValue) { doc_->setParameter(id, siValue); }
    void setChoice(const QString& id, const QString& choice) { doc_->setChoice(id, choice); }
    void setComparedLaws(const QStringList& ids) { doc_->setComparedLaws(ids); }
    QStringList comparedLawIds() const { return doc_->comparedLaws(); }
    const std::vector<SceneParameter>& currentParameters() const { return doc_->parameters(); }
    const SceneParameter* findParameter(const std::string& id) const { return doc_->findParameter(id); }

    // --- Pages --------------------------------------------------------------
    ScenePage* currentPage() const { return page_; }
    // The current page as a page class, or nullptr when another kind is open.
    template <class Page>
    Page* page() const {
        return qobject_cast<Page*>(page_);
    }
    // Shows a view of the current page by name (ScenePage::tabNames()).
    bool showTab(const QString& name);
    // Play/pause (Space), next (Ctrl+.) and previous (Ctrl+,) impact; shown on pages with a timeline.
    QMenu* playbackMenu() const { return playbackMenu_; }
    UpdateTiming lastUpdateTiming() const;
    void setPrintTiming(bool on) { printTiming_ = on; }

    // --- Export ---------------------------------------------------------------
    // The current view as PNG, SVG or CSV (by the file's suffix, whichever is
    // called), and the 3D view as PNG.
    bool exportDiagramPng(const QString& path) { return exportCurrentView(path); }
    bool exportDiagramSvg(const QString& path) { return exportCurrentView(path); }
    bool exportDiagramCsv(const QString& path) { return exportCurrentView(path); }
    bool export3dPng(const QString& path);
    // File > Export all views: every view as PNG and SVG, every data series
    // as CSV, the scene as JSON and report.html with the pictures and numbers,
    // into `folder` (created). False with the failures in lastError().
    bool exportAllViews(const QString& folder);
    // File > Export animation...: the dialog (video/AnimationExportDialog.h),
    // then the export with progress and Cancel.
    void exportAnimationWithDialog();
    // The guide of the open scene (Help > Scene guide), HTML.
    QString sceneGuide() const;

protected:
    // Asks to save unsaved changes; ignores the close on Cancel.
    void closeEvent(QCloseEvent* event) override;
    // Frames the 3D views once the window has its real size (the aspect ratio
    // decides the camera distance).
    void showEvent(QShowEvent* event) override;

private:
    void buildFileMenu();
    void buildEditMenu();
    void buildViewMenus();
    // View > Overlay a parameter: which parameter, then its values (OverlayDialog).
    void askOverlayParameter();
    // Shows the edit history docked when there is room, floating otherwise.
    void setHistoryVisible(bool visible);
    // The page of a document's kind, made on first use; throws InputError
    // for a kind no page shows.
    ScenePage* findPage(const nlohmann::json& document);
    void showPage(DocumentEditor* editor);
    bool exportCurrentView(const QString& path);
    // Opens `path` after maybeSave; a dialog names the failure. False when
    // the user kept the open document or the file did not open.
    bool openSceneAsked(const QString& path);
    bool saveSceneWithDialog();
    // True when the current document may be replaced: unchanged, saved, its
    // changes discarded on the user's word, or changed only by opening a
    // paper figure (the catalogue sets it up again: nothing to lose).
    bool maybeSave();
    void rebuildRecentMenu();
    void onDocumentStateChanged();
    void updateTitle();
    void updateMenus();
    void updateBodyMenu();
    void fillRemoveBodyMenu();
    void showError(const QString& message);
    void showStatus(const QString& message);
    void showGuide();

    DocumentController* doc_ = nullptr;
    std::map<QString, ScenePage*> pages_;   // by page type id, created on first use
    ScenePage* page_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    bool printTiming_ = false;
    QString lastError_;
    // The document as the last paper figure opened set it up; the scene is
    // "unchanged" for maybeSave while it is still this.
    std::optional<nlohmann::json> lastFigureDocument_;
    QMenu* fileMenu_ = nullptr;
    QAction* pageActionsSeparator_ = nullptr;
    QList<QAction*> shownPageActions_;
    QMenu* playbackMenu_ = nullptr;
    QAction* playAction_ = nullptr;
    QAction* addBodyAction_ = nullptr;
    QMenu* removeBodyMenu_ = nullptr;
    QDockWidget* historyDock_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    bool framedOnShow_ = false;
    bool holdRunsOnce_ = false;
    class PaperFiguresDialog* figuresDialog_ = nullptr;
};

}  // namespace impactlab::ui
