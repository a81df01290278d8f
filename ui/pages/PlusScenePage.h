#pragma once
// A simultaneous multi-point impact (PLUS, Uchida, Sherman & Delp 2015): the
// bodies at the instant of impact with an impulse arrow at every contact,
// beside the paper's figures (PLUS dashed, the compliant reference solid),
// the interval table and the rounds table. Every slider re-runs both models
// and redraws every view at once; selecting an interval in the table selects
// it in the trajectory, impulse and interval-geometry figures. No physics
// here: the core runs the scene and computes every series
// (sim/PlusSceneRun.h).
#include <QWidget>
#include <memory>

#include "scene/PlusScene.h"
#include "sim/PlusSceneRun.h"

class QComboBox;
class QLabel;
class QTabWidget;
class QTableWidget;

namespace impactlab::ui {

class VtkView;
class MeshRenderer;
class ParameterPanel;
class FigureView;

class PlusScenePage : public QWidget {
    Q_OBJECT

public:
    explicit PlusScenePage(QWidget* parent = nullptr);
    ~PlusScenePage() override;

    void setScene(const PlusScene& scene);
    void setParameter(const QString& id, double siValue);   // as the panel would
    void setChoice(const QString& id, const QString& choice);
    // The tabs by name: "velocity", "impulses", "penetration", "cor",
    // "geometry", "intervals", "rounds", "timelapse". False for an unknown name.
    bool showTab(const QString& name);
    static QStringList tabNames();
    // Selects an interval (1-based; 0: none) in every view, as a click in the
    // interval table does.
    void selectInterval(int interval);
    int selectedInterval() const { return selectedInterval_; }
    void resetCamera();

    const PlusScene& scene() const { return scene_; }
    const PlusSceneRun& run() const { return run_; }
    const PlusFigures& figures() const { return figures_; }
    double lastUpdateMilliseconds() const { return lastUpdateMs_; }

    VtkView* bodiesView() const { return bodiesView_; }
    FigureView* velocityView() const { return velocity_; }
    FigureView* impulseView() const { return impulses_; }
    FigureView* penetrationView() const { return penetration_; }
    FigureView* restitutionView() const { return restitution_; }
    FigureView* geometryView() const { return geometry_; }
    FigureView* timeLapseView() const { return timeLapse_; }
    QTableWidget* intervalTable() const { return intervalTable_; }
    QTableWidget* roundsTable() const { return roundsTable_; }
    ParameterPanel* parameterPanel() const { return panel_; }
    // The impulse arrows drawn (world), for tests.
    const std::vector<std::pair<Vec3, Vec3>>& arrows() const { return arrows_; }

    // Exports the view on the current tab: figures as PNG, SVG or CSV (by
    // extension), tables as CSV.
    bool exportCurrentView(const QString& path);

signals:
    void errorOccurred(const QString& message);
    void updated(const QString& summary);

private:
    void apply(PlusScene scene, bool rebuild);
    void redrawAll();        // every view from run_
    void redrawFigures();    // the figures only (an interval selected)
    void showSelectedRow();  // the interval table's selection, without signals
    void showBodies();

    PlusScene scene_;
    PlusSceneRun run_;
    PlusFigures figures_;
    int selectedInterval_ = 0;
    double lastUpdateMs_ = 0.0;
    std::vector<std::pair<Vec3, Vec3>> arrows_;

    ParameterPanel* panel_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* description_ = nullptr;
    QLabel* summary_ = nullptr;
    VtkView* bodiesView_ = nullptr;
    std::unique_ptr<MeshRenderer> meshes_;
    QTabWidget* tabs_ = nullptr;
    FigureView* velocity_ = nullptr;
    FigureView* impulses_ = nullptr;
    FigureView* penetration_ = nullptr;
    FigureView* restitution_ = nullptr;
    FigureView* geometry_ = nullptr;
    FigureView* timeLapse_ = nullptr;
    QComboBox* geometryContact_ = nullptr;
    QTableWidget* intervalTable_ = nullptr;
    QTableWidget* roundsTable_ = nullptr;
};

}  // namespace impactlab::ui
