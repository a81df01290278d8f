#pragma once
// The ImpactLab main window: one page per kind of scene (pages/PageRegistry.h)
// in a stack, and the document around it: the open scene's file, its edits as
// undo steps, the recovery copy, recent files, the menus and the status bar.
// The window never branches on the kind of scene: it asks the registry which
// page shows a document and talks to pages through ScenePage.
// No physics here: pages call the core and map its output to widgets.
#include <QHash>
#include <QMainWindow>
#include <QStringList>
#include <functional>
#include <map>
#include <utility>

#include <nlohmann/json.hpp>

#include "pages/ScenePage.h"

class QAction;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QTimer;
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

    // --- The document -----------------------------------------------------
    // Opens a scene file or a built-in resource (":/scenes/..."). On failure
    // returns false and puts the one-line reason in *error; the open scene
    // stays. Never throws.
    bool openScene(const QString& path, QString* error = nullptr);
    // Opens `path`, or on failure the default scene with a dialog naming the
    // error (a scene given on the command line). Returns whether `path` opened.
    bool openSceneOrDefault(const QString& path);
    // The next scene opened shows its initial state without starting a long
    // run (a granular flow): the app restoring the last session's scene at
    // launch must not fill the cores before the user asks.
    void holdRunsOnNextOpen() { holdRunsOnce_ = true; }
    // Opens a scene document already read (a recovered copy): the page of its
    // kind shows it, and `path` becomes its file. Same errors as openScene.
    bool openDocument(const nlohmann::json& document, const QString& path, QString* error = nullptr);
    const QString& lastError() const { return lastError_; }
    // The open scene as a document: its JSON with every edit applied, and the
    // file it came from (a ":/scenes/..." resource for a built-in one).
    const nlohmann::json& currentDocument() const;
    const QString& documentPath() const { return documentPath_; }
    // Writes the document to `path` (2-space JSON) and makes it the
    // document's file; false with the reason in the status bar on failure.
    bool saveSceneAs(const QString& path);
    // Saves to the document's file, or asks for one (a built-in scene).
    bool saveScene();
    // Every user edit of the document (slider, typed value, choice, compared
    // laws) is a command here; Edit > Undo and Redo walk it, and its clean
    // state is the saved one (the title's [*] marker).
    QUndoStack* undoStack() const { return undoStack_; }
    bool isDocumentModified() const { return isWindowModified(); }
    // Written a moment after each edit while the document has unsaved
    // changes, removed once they are saved or discarded.
    void writeRecoveryNow();
    // Interactive start: if a recovery copy was left by a crash or a kill,
    // asks whether to reopen it and does; true when it did.
    bool offerRecovery();
    // Window geometry and layout from the last session (QSettings); returns
    // the last scene's file, or an empty string.
    QString restoreSettings(bool restoreGeometry);
    void saveSettings() const;
    QMenu* recentFilesMenu() const { return recentMenu_; }

    // --- Edits, as the panel makes them (undo, redo, --measure-slider) ------
    void setParameter(const QString& id, double siValue);
    void setChoice(const QString& id, const QString& choice);
    void setComparedLaws(const QStringList& ids);
    // Edit > Add body / Remove body, on scenes that allow it
    // (canEditSceneBodies): undoable edits of the whole document.
    bool addBody();
    bool removeBody(int index);
    // Reopens the current page on `document`, keeping the file, the undo
    // history and the modified state (an undo or redo of a body edit).
    void setDocument(const nlohmann::json& document);
    QStringList comparedLawIds() const;
    const std::vector<SceneParameter>& currentParameters() const;
    const SceneParameter* findParameter(const std::string& id) const;

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
    // The File menu entries of the current page (vehicle exports), visible
    // only while it is open.
    QList<QAction*> pageActions() const;
    UpdateTiming lastUpdateTiming() const;
    void setPrintTiming(bool on) { printTiming_ = on; }

    // --- Export ---------------------------------------------------------------
    bool exportDiagramPng(const QString& path);
    bool exportDiagramSvg(const QString& path);
    // The current view's data.
    bool exportDiagramCsv(const QString& path);
    bool export3dPng(const QString& path);
    // File > Export all views: every view as PNG and SVG, every data series
    // as CSV, the scene as JSON and report.html with the pictures and numbers,
    // into `folder` (created). False with the failures in lastError().
    bool exportAllViews(const QString& folder);
    // The guide of the open scene (Help > Scene guide), HTML.
    QString sceneGuide() const;

protected:
    // Asks to save unsaved changes; ignores the close on Cancel.
    void closeEvent(QCloseEvent* event) override;
    // Frames the 3D views once the window has its real size (the aspect ratio
    // decides the camera distance).
    void showEvent(QShowEvent* event) override;

private:
    void buildMenus();
    ScenePage* getPage(const PageType& type);
    void showPage(ScenePage* page);
    bool saveSceneWithDialog();
    // True when the current document may be replaced: unchanged, saved, or
    // its changes discarded on the user's word.
    bool maybeSave();
    void onUndoCleanChanged(bool clean);
    void recordNumberEdit(const QString& id, double value);
    void recordChoiceEdit(const QString& id, const QString& choice);
    void recordComparedLaws();
    void refreshEditSnapshot();
    QString parameterLabel(const QString& id) const;
    void rebuildRecentMenu();
    // Adds `path` to the recent files and brings the menu up to date.
    void rememberRecentFile(const QString& path);
    void setDocumentPath(const QString& path);
    void updateTitle();
    void updateMenus();
    void updateBodyMenu();
    // Applies `edit` (the document -> the undo text and the new document) to
    // the open document as one undo step; an edit that throws is shown, not applied.
    bool editDocument(const std::function<std::pair<QString, nlohmann::json>(const nlohmann::json&)>& edit);
    void fillRemoveBodyMenu();
    QString currentSceneName() const;
    bool isBuiltInDocument() const;
    void showError(const QString& message);
    void showStatus(const QString& message);
    void showGuide();

    std::map<QString, ScenePage*> pages_;   // by page type id, created on first use
    ScenePage* page_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    bool printTiming_ = false;
    QString lastError_;
    QString documentPath_;
    QMenu* fileMenu_ = nullptr;
    QAction* pageActionsSeparator_ = nullptr;
    QList<QAction*> shownPageActions_;
    QMenu* playbackMenu_ = nullptr;
    QAction* playAction_ = nullptr;
    QAction* addBodyAction_ = nullptr;
    QMenu* removeBodyMenu_ = nullptr;
    bool framedOnShow_ = false;
    bool holdRunsOnce_ = false;

    QUndoStack* undoStack_ = nullptr;
    QDockWidget* historyDock_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QTimer* autosaveTimer_ = nullptr;
    // Values on screen, as the last recorded edit left them: the "before" of
    // the next edit (the panel reports only the new value).
    QHash<QString, double> numberSnapshot_;
    QHash<QString, QString> choiceSnapshot_;
    QStringList comparedSnapshot_;
};

}  // namespace impactlab::ui
