#pragma once
// One impact between two real bodies (Jia & Wang) or a model system (the
// maximum-dissipation paper's examples): the bodies in a 3D view beside the
// hodograph, the bundle of hodographs, the 3D impulse curve, energy against
// normal impulse, the impulse-space diagram with every compared law, the
// maximum-dissipation views and the comparison table. Every edit re-solves
// the impact; the view on screen is redrawn at once, the others when shown.
// No physics here: the core solves and builds the geometry; this page maps
// it to widgets.
#include <memory>

#include "diagram/Hodograph.h"
#include "diagram/ImpulseDiagram.h"
#include "diagram/MaxDissipationDiagram.h"
#include "diagram/MeasurementFigures.h"
#include "common/RunWorker.h"
#include "laws/LawComparison.h"
#include "pages/ImpactOverlay.h"
#include "pages/ScenePage.h"
#include "scene/ImpactScene.h"

namespace impactlab::ui {

class MeshRenderer;
class HodographView;
class EnergyView;
class ImpulseCurveView;
class ImpulseDiagramView;
class EquationsView;
class FigureView;
class CompressionPlaneView;
class FobjView;
class DecisionTreeView;
class ComparisonTableView;
class LawComparisonBox;
class MeasurementsView;

class ImpactScenePage : public ScenePage {
    Q_OBJECT

public:
    explicit ImpactScenePage(QWidget* parent = nullptr);
    ~ImpactScenePage() override;

    void openDocument(const nlohmann::json& document) override;
    const nlohmann::json& document() const override { return scene_.document; }
    const std::vector<SceneParameter>& parameters() const override { return scene_.parameters; }
    void setParameter(const QString& id, double siValue) override;
    void setChoice(const QString& id, const QString& choice) override;
    QStringList comparedLaws() const override;
    void setComparedLaws(const QStringList& ids) override;
    void resetCamera() override;

    const ImpactScene& scene() const { return scene_; }
    const LawOutcome& outcome() const { return outcome_; }
    const std::string& sequence() const { return sequence_; }
    // The scene's law and the compared ones on this impact.
    const std::vector<ComparedLaw>& comparison() const { return comparison_; }

    HodographView* hodographView() const { return hodograph_; }
    HodographView* bundleView() const { return bundle_; }
    ImpulseCurveView* impulseCurveView() const { return curve_; }
    EnergyView* energyView() const { return energy_; }
    ImpulseDiagramView* diagramView() const { return diagram_; }
    EquationsView* equationsView() const { return equations_; }
    CompressionPlaneView* compressionPlaneView() const { return plane_; }
    FobjView* fobjView() const { return fobj_; }
    DecisionTreeView* decisionTreeView() const { return tree_; }
    ComparisonTableView* comparisonTable() const { return table_; }
    ComparisonTableView* solutionsTable() const { return solutions_; }
    FigureView* sequenceView() const { return sequenceView_; }
    LawComparisonBox* comparisonBox() const { return compare_; }
    MeasurementsView* measurementsView() const { return measured_; }
    ComparisonTableView* residualsTable() const { return residuals_; }
    // The laws swept against the scene's measurements (empty without any):
    // computed on a worker after an edit that changes them, so a slider
    // answers at once; isSweepCurrent() says whether it is this document's.
    const MeasurementSweep& measurementSweep() const { return sweep_; }
    bool isSweepCurrent() const;
    void flushPendingEdits() override;
    // The maximum-dissipation geometry of the current problem (every law),
    // drawn when first asked for after a solve.
    const MdpDiagram& mdpDiagram() const;

    // Parameter overlays: the hodograph, the 3D impulse curve,
    // energy, the impulse-space diagram, the event sequence, f_obj and both
    // tables draw every value; the bundle (16 paths a value would be
    // unreadable), the eight chains of Fig. 9 and the methods' timing table
    // (this impact's chain highlighted, its own timings), the compression
    // plane and the decision tree (one problem's geometry and branch each),
    // the 3D bodies and the summary's first lines show the scene's own value
    // (overlayScopeNote).
    bool drawsOverlays() const override { return true; }
    QString overlayScopeNote() const override;
    const std::vector<HodographDiagram>& overlayHodographs() const { return overlayHodographs_; }
    // Each overlay value solved, in the overlay's order; empty without one.
    const std::vector<ImpactOverlayValue>& overlayValues() const { return overlay_; }

protected:
    void prepareForExport() override;

private:
    void apply(ImpactScene scene, bool rebuild);
    void solve();
    void redrawCurrentTab();
    void redrawView(QWidget* view);
    void updateSummary();
    void solveOverlay();
    // A view's CSV: with an overlay every value's series, named with its value.
    std::string writeHodographCsv() const;
    std::string writeCurveCsv() const;
    std::string writeEnergyCsv() const;
    std::vector<std::string> listOverlayLabels() const;
    // Starts the measurement sweep when the document changed in anything but
    // the swept parameter (whose value only moves the marker line).
    void updateMeasurementSweep();
    void onSweepFinished(std::shared_ptr<RunJob<MeasurementSweep>> job);
    void redrawMeasurements();
    void redrawResiduals();

    ImpactScene scene_;
    LawOutcome outcome_;
    std::vector<ComparedLaw> comparison_;
    std::string sequence_;
    HodographDiagram hodographData_;
    std::vector<ImpactOverlayValue> overlay_;           // one per overlay value, empty without an overlay
    std::vector<HodographDiagram> overlayHodographs_;   // overlay_'s, for HodographView::setOverlay
    QStringList overlayLabels_;
    std::string overlayParameter_;                      // the overlay's parameter id, the tables' value column
    HodographBundle bundleData_;
    ImpulseCurve3D curveData_;
    EnergyCurve energyData_;
    // The maximum-dissipation solution and its branch at every solve (the
    // summary prints them); the plane's contours and f_obj, which take as
    // long as all the rest of a solve, only once a view or a caller asks.
    mutable MdpDiagram mdp_;
    mutable bool mdpFiguresDrawn_ = false;
    std::vector<QWidget*> stale_;   // views that show an older solve

    std::unique_ptr<MeshRenderer> meshes_;
    HodographView* hodograph_ = nullptr;
    EquationsView* equations_ = nullptr;
    HodographView* bundle_ = nullptr;
    ImpulseCurveView* curve_ = nullptr;
    EnergyView* energy_ = nullptr;
    ImpulseDiagramView* diagram_ = nullptr;
    FigureView* sequenceView_ = nullptr;   // Jia & Wang Fig. 9, this impact's chain
    FigureView* sequencesView_ = nullptr;  // Jia & Wang Fig. 9, the eight chains
    ComparisonTableView* methods_ = nullptr;   // Jia & Wang Table 1, timed here
    CompressionPlaneView* plane_ = nullptr;
    FobjView* fobj_ = nullptr;
    DecisionTreeView* tree_ = nullptr;
    ComparisonTableView* table_ = nullptr;
    ComparisonTableView* solutions_ = nullptr;   // Preclik et al. Table 1
    LawComparisonBox* compare_ = nullptr;
    MeasurementsView* measured_ = nullptr;
    ComparisonTableView* residuals_ = nullptr;

    MeasurementSweep sweep_;
    nlohmann::json sweptDocument_;     // what sweep_ was computed for, the swept value left out
    nlohmann::json wantedDocument_;    // the same for the document on screen
    std::shared_ptr<RunJob<MeasurementSweep>> sweepJob_;
    int sweepGeneration_ = 0;                        // counts the sweeps shown
    std::pair<int, bool> residualsDrawn_{-1, false};   // the generation and currency the table shows
    RunWorker sweepWorker_{this, QThread::LowPriority};
};

}  // namespace impactlab::ui
