#pragma once
// A page of the main window: it shows one kind of scene document (a
// simulation, a single impact, a vehicle collision, a multi-point impact, a
// granular flow) with its parameter panel, a 3D view and named views in tabs.
// MainWindow knows pages only through this interface and finds the page of a
// document's kind in the registry (PageRegistry.h), so a new kind of scene is
// a new page, not new branches in the window.
//
// A page is the editor of its document while it is open (DocumentEditor):
// every edit goes through setParameter / setChoice / setComparedLaws (the
// panel's own signals lead there too), so the document controller can record
// each edit as an undo step and apply it back the same way.
#include <QString>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/ViewExport.h"
#include "document/DocumentEditor.h"
#include "panel/SceneSidePanel.h"
#include "scene/Scene.h"

class QAction;
class QSplitter;
class QTabWidget;

namespace impactlab::ui {

class ParameterPanel;
class TimelineWidget;
class VtkView;

class ScenePage : public QWidget, public DocumentEditor {
    Q_OBJECT

public:
    explicit ScenePage(QWidget* parent = nullptr);
    ~ScenePage() override;

    // --- The document (DocumentEditor) ----------------------------------------
    // An invalid edit is reported through errorOccurred.
    QString formatValue(const QString& id, double siValue) const override;
    ParameterPanel* parameterPanel() const { return side_.panel; }
    // Disables the panel rows that change nothing in the scene's current mode
    // (a parameter's "applies_when"), with the reason; after every edit.
    void updateParameterModes() override;

    // --- Views ------------------------------------------------------------
    const std::vector<PageView>& views() const { return views_; }
    // The names of the tabs this document shows (a page hides the views that
    // have nothing to show for it: a vehicle's reconstruction, a scene's
    // measurements).
    QStringList tabNames() const;
    // The view of that name; nullptr for a name the page does not have.
    const PageView* findView(const QString& name) const;
    // False for a name the page does not have.
    bool showTab(const QString& name);
    QString currentTabName() const;
    // The view on the current tab as PNG, SVG or CSV (by the suffix); false
    // when the view does not offer that format or the file cannot be written.
    bool exportCurrentView(const QString& path);
    VtkView* bodiesView() const { return view3d_; }
    bool export3dPng(const QString& path);
    // Every view in every format it offers, then the page's own data files
    // (exportData), into `folder`; the 3D view as view3d.png.
    std::vector<ExportedFile> exportAllViews(const QString& folder, QStringList* failures, bool include3dView = true);
    // The numbers of the open scene as HTML (the side panel's summary), for
    // the report.
    QString summaryHtml() const;
    // Sections of the page's own for the HTML report, after the summary (a
    // vehicle page's reconstruction); empty by default.
    virtual QString reportSectionsHtml() const { return {}; }

    // Edits of the whole document that the page makes itself (the
    // reconstruction's evidence table, its Apply): the handler (the window's
    // document controller) records each as one undo step and reopens the
    // page on the new document. It returns false when the edit was refused.
    using DocumentEditHandler = std::function<bool(const QString& text, const nlohmann::json& document)>;
    void setDocumentEditHandler(DocumentEditHandler handler) { editHandler_ = std::move(handler); }

    // The next document opened shows its initial state without starting a
    // run that would keep the cores busy for seconds (the window restoring
    // the last session's scene at launch): the user starts it. Pages whose
    // runs end within a moment ignore it.
    virtual void holdRunsUntilAsked() {}

    // --- Parameter overlays (scene/SceneOverlay.h) ------------------------
    // Whether this page draws a document's overlay (one series per value in
    // its views); a page that does not says so on the overlay line.
    virtual bool drawsOverlays() const { return false; }
    // What a page that draws overlays in some views only says on the
    // overlay line (which views); empty when every view draws them.
    virtual QString overlayScopeNote() const { return {}; }
    // Writes the overlay of parameter `id` at `siValues` into the document,
    // or removes it (no values), as one document edit (one undo step in a
    // window). False when the document refused it (reported through
    // errorOccurred). The panel's Overlay values... and Clear lead here.
    bool setOverlay(const QString& id, const QVector<double>& siValues);
    bool clearOverlay();

    // Whether the view tabs stand above the views (North) or, when their
    // titles do not fit in a row, beside them (West).
    QTabWidget* viewTabs() const { return tabs_; }

    // Answers every edit made so far now: a page that coalesces edits runs
    // and draws them before returning (tests, batch exports).
    virtual void flushPendingEdits() {}

    // --- Menus and playback ----------------------------------------------
    // File menu entries that apply only to this page (shown while it is open).
    virtual QList<QAction*> fileActions() const { return {}; }
    // The page's timeline, for the Playback menu; nullptr when it has none.
    virtual TimelineWidget* timeline() const { return nullptr; }
    virtual void resetCamera() = 0;
    // Milliseconds from the last edit to every visible view redrawn.
    double lastUpdateMilliseconds() const { return lastUpdateMs_; }
    // Milliseconds of that spent computing (simulation, solve).
    double lastComputeMilliseconds() const { return lastComputeMs_; }
    // How many updates have been drawn (an edit answered, a run shown).
    int updateCount() const { return updateCount_; }

signals:
    // The user changed the compared laws (the page has applied it).
    void comparedLawsEdited();
    void errorOccurred(const QString& message);
    void statusChanged(const QString& message);

protected:
    // The common layout: the side panel (title, description, parameters,
    // `extraSide` if any, summary) | the 3D view beside the tabs, with
    // `below` (a timeline) under both.
    void buildLayout(VtkView* view3d, QWidget* below = nullptr, QWidget* extraSide = nullptr);
    void addView(PageView view);
    // The panel's title, description and rows for a newly opened scene.
    void showSceneHeader(const std::string& name, const std::string& description, const std::string& reference,
                         const std::vector<SceneParameter>& parameters, const std::string& law = {});
    // Hides the panel rows of other laws' options (targets /contact/options/<law>/...).
    void setPanelLaw(const std::string& law);
    void setSummary(const QString& html);
    // The overlay line of the panel from the document (after every edit).
    void showOverlayLine();
    // Brings every view up to date before exportAllViews writes them (a page
    // that redraws only the view on screen redraws the others here).
    virtual void prepareForExport() {}
    // Extra files for exportAllViews (tables, series); default none.
    virtual std::vector<ExportedFile> exportData(const QString& /*folder*/, QStringList* /*failures*/) { return {}; }
    QTabWidget* tabs() const { return tabs_; }
    // A whole-document edit through the handler; a page outside a window
    // (no handler) opens the new document itself, with no undo step. An edit
    // the document's reader refuses is reported through errorOccurred.
    bool requestDocumentEdit(const QString& text, const nlohmann::json& document);
    // Schedules the 3D view and the current tab for redrawing: one backing
    // store sync for the whole window on the next turn of the event loop,
    // instead of one sync and flush per view (a synchronous repaint each).
    void updateVisibleViews();
    // Runs an edit the scene may refuse (a value its reader rejects): the
    // refusal is reported through errorOccurred and the page stays as it was.
    template <class Edit>
    void tryEdit(Edit&& edit) {
        try {
            edit();
        } catch (const std::exception& e) {
            emit errorOccurred(QString::fromUtf8(e.what()));
        }
    }

    double lastUpdateMs_ = 0.0;
    double lastComputeMs_ = 0.0;
    int updateCount_ = 0;

    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Pixels the visible tabs' titles need in a row above the views.
    int calcTabRowWidth() const;
    // Puts the tab bar above the views when the titles fit there, else beside them.
    void placeTabBar();

    SceneSidePanel side_;
    QSplitter* viewsSplitter_ = nullptr;   // the 3D view | the views
    bool splitSetByUser_ = false;
    VtkView* view3d_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    std::vector<PageView> views_;
    DocumentEditHandler editHandler_;
};

}  // namespace impactlab::ui
