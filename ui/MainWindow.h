#pragma once
// The ImpactLab main window: 3D view, impulse-space diagram of the selected
// impact, parameter panel and timeline. It owns the current scene and its run;
// every parameter change re-simulates (core) and redraws every view at once.
// No physics here: the window only calls core functions and maps their output
// to widgets.
#include <QMainWindow>
#include <QStringList>
#include <memory>

#include "scene/Scene.h"
#include "sim/Simulation.h"

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QMenu;
class QTabWidget;
class QStackedWidget;
class QVBoxLayout;

namespace impactlab::ui {

class VtkView;
class SceneRenderer;
class ImpulseDiagramView;
class ParameterPanel;
class TimelineWidget;
class TimePlotsView;
class ImpactScenePage;
class PlusScenePage;
class VehicleOverlay;
class MomentumDiagramView;
class VehicleResultsTable;
class SweepView;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // Milliseconds spent by the last update: from a parameter change to every
    // view redrawn (simulation, then 3D view, diagram, timeline painted).
    struct UpdateTiming {
        double simulateMs = 0.0;
        double viewsMs = 0.0;
        double totalMs = 0.0;
    };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a scene file or a built-in resource (":/scenes/..."). On failure
    // returns false and puts the one-line reason in *error.
    // Catches every exception of the readers; the current scene stays open.
    bool openScene(const QString& path, QString* error = nullptr);
    // Opens `path`, or on failure the default scene with a dialog naming the
    // error (a scene given on the command line). Returns whether `path` opened.
    bool openSceneOrDefault(const QString& path);
    const QString& lastError() const { return lastError_; }

    // The open scene as a document: its JSON with every edit applied, the
    // file it came from (a ":/scenes/..." resource for a built-in one), and
    // whether it changed since it was opened or saved (the title's marker).
    const nlohmann::json& currentDocument() const;
    const QString& documentPath() const { return documentPath_; }
    // Writes the document to `path` (2-space JSON) and makes it the
    // document's file; false with the reason in the status bar on failure.
    bool saveSceneAs(const QString& path);
    // Saves to the document's file, or asks for one (a built-in scene).
    bool saveScene();
    void setScene(const Scene& scene);

    // Programmatic edits, as the panel would make them (used by --measure-slider).
    void setParameter(const QString& id, double siValue);
    void setChoice(const QString& id, const QString& choice);
    void setComparedLaws(const QStringList& ids);
    void selectImpact(int index);
    void setTime(double t);
    // Shows a view by name beside the 3D view: "diagram" or "plots" for a
    // simulation; "hodograph", "bundle", "curve", "energy", "diagram" for a
    // single-impact scene. Returns false for an unknown name.
    bool showTab(const QString& name);
    bool isImpactSceneOpen() const;
    // The open scene's sliders (simulation or single-impact scene).
    const std::vector<SceneParameter>& currentParameters() const;
    const SceneParameter* findParameter(const std::string& id) const;
    ImpactScenePage* impactPage() const { return impactPage_; }
    PlusScenePage* plusPage() const { return plusPage_; }
    bool isPlusSceneOpen() const;
    bool isVehicleSceneOpen() const;
    // File menu entries that apply only to vehicle collisions (results table,
    // sensitivity map); hidden on other scenes.
    const std::vector<QAction*>& vehicleActions() const { return vehicleActions_; }
    // Play/pause (Space), next (Ctrl+.) and previous (Ctrl+,) impact; shown on simulation scenes.
    QMenu* playbackMenu() const { return playbackMenu_; }

    const Scene& scene() const { return scene_; }
    const SimulationRun& run() const { return run_; }
    int selectedImpact() const { return selectedImpact_; }
    UpdateTiming lastUpdateTiming() const { return timing_; }
    void setPrintTiming(bool on) { printTiming_ = on; }

    VtkView* view3d() const { return view3d_; }
    ImpulseDiagramView* diagramView() const { return diagram_; }
    ParameterPanel* parameterPanel() const { return panel_; }
    TimelineWidget* timeline() const { return timeline_; }
    TimePlotsView* timePlots() const { return plots_; }
    // Runs of the compared laws (the scene's law first), as plotted.
    const std::vector<std::pair<std::string, SimulationRun>>& comparedRuns() const { return comparedRuns_; }

    bool exportDiagramPng(const QString& path);
    // The current view's data (PLUS figures and tables, maximum-dissipation views).
    bool exportDiagramCsv(const QString& path);
    bool exportDiagramSvg(const QString& path);
    bool export3dPng(const QString& path);
    bool exportVehicleResultsCsv(const QString& path);
    bool exportSweepPng(const QString& path);
    bool exportSweepCsv(const QString& path);
    SweepView* sweepView() const { return sweep_; }
    MomentumDiagramView* momentumView() const { return momentum_; }
    VehicleResultsTable* resultsTable() const { return results_; }

protected:
    // Asks to save unsaved changes; ignores the close on Cancel.
    void closeEvent(QCloseEvent* event) override;
    // Frames the 3D views once the window has its real size (the aspect ratio
    // decides the camera distance).
    void showEvent(QShowEvent* event) override;

private:
    void buildMenus();
    bool saveSceneWithDialog();
    // True when the current document may be replaced: unchanged, saved, or
    // its changes discarded on the user's word.
    bool maybeSave();
    void markModified();
    void setDocumentPath(const QString& path);
    void updateTitle();
    void updateMenus();
    QString currentSceneName() const;
    bool isBuiltInDocument() const;
    void buildLawComparison(QWidget* parent, QVBoxLayout* layout);
    void onNumberChanged(const QString& id, double value);
    void onChoiceChanged(const QString& id, const QString& choice);
    void applyScene(Scene scene, bool rebuildPanel);
    void resimulate();
    void updatePoses(double t);
    void updateDiagram();
    void updateTimePlots();
    void updateVehicleViews();
    std::vector<std::string> comparedLaws() const;
    void updateStatus();
    void redrawNow();
    void showError(const QString& message);

    Scene scene_;
    SimulationRun run_;
    int selectedImpact_ = -1;
    UpdateTiming timing_;
    bool printTiming_ = false;
    QString lastError_;
    QString documentPath_;
    std::vector<QAction*> vehicleActions_;
    QMenu* playbackMenu_ = nullptr;
    bool framedOnShow_ = false;

    VtkView* view3d_ = nullptr;
    std::unique_ptr<SceneRenderer> renderer_;
    ImpulseDiagramView* diagram_ = nullptr;
    ParameterPanel* panel_ = nullptr;
    TimelineWidget* timeline_ = nullptr;
    TimePlotsView* plots_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QWidget* simulationPage_ = nullptr;
    ImpactScenePage* impactPage_ = nullptr;
    PlusScenePage* plusPage_ = nullptr;
    std::vector<std::pair<std::string, SimulationRun>> comparedRuns_;
    std::unique_ptr<VehicleOverlay> vehicleOverlay_;
    MomentumDiagramView* momentum_ = nullptr;
    VehicleResultsTable* results_ = nullptr;
    SweepView* sweep_ = nullptr;
    QComboBox* sweepInput1_ = nullptr;
    QComboBox* sweepInput2_ = nullptr;
    QComboBox* sweepOutput_ = nullptr;
    QLabel* sceneTitle_ = nullptr;
    QLabel* sceneDescription_ = nullptr;
    QLabel* eventSummary_ = nullptr;
    std::vector<std::pair<QString, QCheckBox*>> compareBoxes_;
};

}  // namespace impactlab::ui
