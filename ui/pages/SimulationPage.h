#pragma once
// A simulated scene (spatial or planar): the bodies in 3D with their trails,
// the impulse-space diagram of the selected impact, the time histories, the
// comparison table and the picture of the run (stroboscopic snapshots, the
// centre-of-mass path, a ball's superball cones), over a timeline of the run. Every edit re-simulates
// (core) and redraws the views on screen; a view on a hidden tab is redrawn
// when it is shown.
//
// Runs start on a worker thread. A run that ends within kSynchronousRunMs is
// drawn at once, as if it ran here; a longer one shows a progress bar with a
// Cancel button while the window stays responsive, and its views appear when
// it ends. Edits made meanwhile cancel it and start the next run.
#include <memory>

#include "common/RunWorker.h"
#include "pages/ScenePage.h"
#include "pages/SimulationOverlay.h"
#include "sim/SceneComparison.h"
#include "sim/Simulation.h"

class QProgressBar;
class QPushButton;
class QTimer;

namespace impactlab::ui {

class ComparisonTableView;
class FigureView;
class ImpulseDiagramView;
class EquationsView;
class LawComparisonBox;
class SceneRenderer;
class TimePlotsView;

// Milliseconds a run may take before the page stops waiting for it and shows
// progress: short runs (every built-in scene's) draw without a flicker, and
// the window never stays unresponsive for longer.
inline constexpr int kSynchronousRunMs = 200;

class SimulationPage : public ScenePage {
    Q_OBJECT

public:
    explicit SimulationPage(QWidget* parent = nullptr);
    ~SimulationPage() override;

    void openDocument(const nlohmann::json& document) override;
    const nlohmann::json& document() const override { return scene().document; }
    const std::vector<SceneParameter>& parameters() const override { return scene().parameters; }
    void setParameter(const QString& id, double siValue) override;
    void setChoice(const QString& id, const QString& choice) override;
    QStringList comparedLaws() const override;
    void setComparedLaws(const QStringList& ids) override;
    TimelineWidget* timeline() const override { return timeline_; }
    void resetCamera() override;
    void flushPendingEdits() override;
    bool drawsOverlays() const override { return true; }
    QString overlayScopeNote() const override;

    // The shared part of the scene on the page (what is drawn and edited).
    const Scene& scene() const { return getScene(scene_); }
    const SimulationRun& run() const { return run_; }
    // The document's overlay with each value's run (empty without one).
    const SimulationOverlay& overlay() const { return overlay_; }
    const SceneLawComparison& comparison() const { return comparison_; }
    int selectedImpact() const { return selectedImpact_; }
    void selectImpact(int index);
    void setTime(double t);
    // Whether a run is in progress on the worker thread.
    bool isRunning() const;
    // Waits until no run is in progress (tests, batch exports).
    void waitForRun();
    void cancelRun();

    ImpulseDiagramView* diagramView() const { return diagram_; }
    EquationsView* equationsView() const { return equations_; }
    TimePlotsView* timePlots() const { return plots_; }
    ComparisonTableView* comparisonTable() const { return table_; }
    FigureView* trajectoryView() const { return trajectory_; }
    FigureView* coulombView() const { return coulomb_; }
    LawComparisonBox* comparisonBox() const { return compare_; }
    SceneRenderer* renderer() const { return renderer_.get(); }
    QProgressBar* progressBar() const { return progress_; }

protected:
    // The kind-specific part of applying a scene (drawing, views) for pages
    // that extend this one; called after every run is drawn.
    virtual void updateKindViews() {}
    // A tab of the page came on screen (its view may need drawing).
    virtual void onCurrentTabChanged() {}
    // Camera angles for the scene, degrees.
    virtual void setViewAngles();
    void prepareForExport() override;
    void showError(const QString& message);

    SimulatedScene scene_;   // of its kind: spatial or planar here, vehicles on a VehiclePage
    SimulationRun run_;
    SimulationOverlay overlay_;   // the values' runs of the run drawn (run_'s job)
    std::unique_ptr<SceneRenderer> renderer_;

private:
    void applyScene(SimulatedScene next, bool rebuild);
    void startRun();
    // Runs once the events already queued are handled (the rest of a drag).
    void scheduleRun();
    void onRunFinished(const std::shared_ptr<RunJob<SimulationRuns>>& job);
    void drawRun();
    void updatePoses(double t);
    void updateComparison();
    void updateDiagram();
    void updateEquations();
    void updateSummary();
    void updateTimePlots();
    void updateTable();
    void updateTrajectory();
    void updateCurrentTab();
    void updateStatus();
    std::vector<std::string> comparedLawIds() const;

    int selectedImpact_ = -1;
    QString runError_;   // why the core refused to run the document (then run_ is empty)
    SceneLawComparison comparison_;
    // Which views still show an older run or comparison (redrawn when shown).
    bool diagramStale_ = true, equationsStale_ = true, plotsStale_ = true, tableStale_ = true, trajectoryStale_ = true;
    bool runsCompared_ = false;   // comparison_ holds the compared laws' runs

    VtkView* view3d_ = nullptr;
    ImpulseDiagramView* diagram_ = nullptr;
    EquationsView* equations_ = nullptr;
    FigureView* coulomb_ = nullptr;   // Coulomb characteristic (planar scenes)
    TimePlotsView* plots_ = nullptr;
    ComparisonTableView* table_ = nullptr;
    FigureView* trajectory_ = nullptr;
    TimelineWidget* timeline_ = nullptr;
    LawComparisonBox* compare_ = nullptr;
    QWidget* progressRow_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;

    // The latest run started (on the worker thread, or drawn already).
    std::shared_ptr<RunJob<SimulationRuns>> job_;
    bool jobDrawn_ = false;             // job_'s run is on screen (or dropped, superseded)
    bool runPending_ = false;           // a run is scheduled (scheduleRun): the panel's edits coalesce into it
    QTimer* progressTimer_ = nullptr;
    qint64 editStartedNs_ = 0;          // steady clock, ns: the edit being answered (0: none)
    // Last, so it goes first: its destructor cancels and waits for the runs,
    // which post their results to this page.
    RunWorker worker_{this, QThread::InheritPriority};
};

}  // namespace impactlab::ui
