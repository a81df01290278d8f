#pragma once
// A simultaneous multi-point impact (PLUS, Uchida, Sherman & Delp 2015): the
// bodies at the instant of impact with an impulse arrow at every contact,
// beside the paper's figures (PLUS dashed, the compliant reference solid),
// the interval table and the rounds table. Every slider re-runs both models
// and redraws every view at once; selecting an interval in the table selects
// it in the trajectory, impulse and interval-geometry figures. A document with
// an overlay (scene/SceneOverlay.h) runs every value too and draws every
// figure with one series per quantity and value, the tables with a column
// naming the value; the 3D view and the summary show the document's own
// value. No physics
// here: the core runs the scene (sim/PlusSceneRun.h) and computes every
// series (diagram/PlusFigures.h).
#include <memory>

#include "diagram/PlusFigures.h"
#include "diagram/PlusCpuTime.h"
#include "pages/ScenePage.h"
#include "scene/PlusScene.h"
#include "sim/PlusSceneRun.h"

class QComboBox;
class QTableWidget;

namespace impactlab::ui {

class MeshRenderer;
class FigureView;
class EquationsView;

class PlusScenePage : public ScenePage {
    Q_OBJECT

public:
    explicit PlusScenePage(QWidget* parent = nullptr);
    ~PlusScenePage() override;

    void openDocument(const nlohmann::json& document) override;
    const nlohmann::json& document() const override { return scene_.document; }
    const std::vector<SceneParameter>& parameters() const override { return scene_.parameters; }
    void setParameter(const QString& id, double siValue) override;
    void setChoice(const QString& id, const QString& choice) override;
    void resetCamera() override;
    bool drawsOverlays() const override { return true; }
    // The tabs by name: "velocity", "impulses", "penetration", "cor",
    // "geometry", "intervals", "rounds", "timelapse", "cputime".
    // Selects an interval (1-based; 0: none) in every view, as a click in the
    // interval table does.
    void selectInterval(int interval);
    int selectedInterval() const { return selectedInterval_; }

    const PlusScene& scene() const { return scene_; }
    const PlusSceneRun& run() const { return run_; }
    // The runs of the overlay's values (empty without an overlay), in order.
    const std::vector<PlusSceneRun>& overlayRuns() const { return overlayRuns_; }
    const PlusFigures& figures() const { return figures_; }
    FigureView* velocityView() const { return velocity_; }
    FigureView* impulseView() const { return impulses_; }
    FigureView* penetrationView() const { return penetration_; }
    FigureView* restitutionView() const { return restitution_; }
    FigureView* geometryView() const { return geometry_; }
    FigureView* timeLapseView() const { return timeLapse_; }
    // Fig. 15b: the scene timed over the paper's stiffness range. Measured
    // when its tab is shown (or for an export), not on every edit: a
    // measurement takes about 0.1 s.
    FigureView* cpuTimeView() const { return cpuTime_; }
    const CpuTimeCurve& cpuTimeCurve() const { return cpuTimeCurve_; }
    QTableWidget* intervalTable() const { return intervalTable_; }
    QTableWidget* roundsTable() const { return roundsTable_; }
    // The impulse arrows drawn (world), for tests.
    const std::vector<std::pair<Vec3, Vec3>>& arrows() const { return arrows_; }

protected:
    void prepareForExport() override;

private:
    void apply(PlusScene scene, bool rebuild);
    void updateCpuTime();    // when stale and asked for
    void updateEquations();  // when stale and asked for
    void redrawAll();        // every view from run_
    void redrawFigures();    // the figures only (an interval selected)
    void showSelectedRow();  // the interval table's selection, without signals
    void showBodies();

    PlusScene scene_;
    PlusSceneRun run_;
    std::vector<PlusSceneRun> overlayRuns_;
    std::vector<std::string> overlayLabels_;
    std::string overlayParameter_;
    std::vector<int> intervalRows_;   // the interval each row of the interval table shows
    PlusFigures figures_;
    int selectedInterval_ = 0;
    std::vector<std::pair<Vec3, Vec3>> arrows_;

    std::unique_ptr<MeshRenderer> meshes_;
    FigureView* velocity_ = nullptr;
    FigureView* impulses_ = nullptr;
    FigureView* penetration_ = nullptr;
    FigureView* restitution_ = nullptr;
    FigureView* geometry_ = nullptr;
    FigureView* timeLapse_ = nullptr;
    FigureView* cpuTime_ = nullptr;
    EquationsView* equations_ = nullptr;
    CpuTimeCurve cpuTimeCurve_;
    bool cpuTimeStale_ = true;
    bool equationsStale_ = true;
    QComboBox* geometryContact_ = nullptr;
    QTableWidget* intervalTable_ = nullptr;
    QTableWidget* roundsTable_ = nullptr;
};

}  // namespace impactlab::ui
