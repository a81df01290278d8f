#pragma once
// One impact between two real bodies (Jia & Wang): the bodies in a 3D view
// beside the hodograph, the bundle of hodographs, the 3D impulse curve, energy
// against normal impulse and the impulse-space diagram. Every slider re-solves
// the impact and redraws every view at once. No physics here: the core solves
// and builds the geometry; this page maps it to widgets.
#include <QWidget>
#include <memory>

#include "diagram/ImpulseDiagram.h"
#include "diagram/MaxDissipationDiagram.h"
#include "scene/ImpactScene.h"

class QLabel;
class QTabWidget;

namespace impactlab::ui {

class VtkView;
class MeshRenderer;
class ParameterPanel;
class HodographView;
class EnergyView;
class ImpulseCurveView;
class ImpulseDiagramView;
class CompressionPlaneView;
class FobjView;
class DecisionTreeView;

class ImpactScenePage : public QWidget {
    Q_OBJECT

public:
    explicit ImpactScenePage(QWidget* parent = nullptr);
    ~ImpactScenePage() override;

    void setScene(const ImpactScene& scene);
    void setParameter(const QString& id, double siValue);   // as the panel would
    void setChoice(const QString& id, const QString& choice);
    void showTab(int index);
    void resetCamera();

    const ImpactScene& scene() const { return scene_; }
    const LawOutcome& outcome() const { return outcome_; }
    const std::string& sequence() const { return sequence_; }
    double lastUpdateMilliseconds() const { return lastUpdateMs_; }

    VtkView* bodiesView() const { return bodiesView_; }
    HodographView* hodographView() const { return hodograph_; }
    HodographView* bundleView() const { return bundle_; }
    ImpulseCurveView* impulseCurveView() const { return curve_; }
    EnergyView* energyView() const { return energy_; }
    ImpulseDiagramView* diagramView() const { return diagram_; }
    CompressionPlaneView* compressionPlaneView() const { return plane_; }
    FobjView* fobjView() const { return fobj_; }
    DecisionTreeView* decisionTreeView() const { return tree_; }
    // The maximum-dissipation geometry of the current problem (every law).
    const MdpDiagram& mdpDiagram() const { return mdp_; }
    ParameterPanel* parameterPanel() const { return panel_; }

    // Exports the view on the current tab (PNG or SVG by extension; the 3D
    // impulse curve only as PNG; the maximum-dissipation views also as CSV).
    bool exportCurrentView(const QString& path);

signals:
    void errorOccurred(const QString& message);
    void updated(const QString& summary);

private:
    void apply(ImpactScene scene, bool rebuild);
    void solveAndRedraw();

    ImpactScene scene_;
    LawOutcome outcome_;
    std::string sequence_;
    double lastUpdateMs_ = 0.0;

    ParameterPanel* panel_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* description_ = nullptr;
    QLabel* summary_ = nullptr;
    VtkView* bodiesView_ = nullptr;
    std::unique_ptr<MeshRenderer> meshes_;
    QTabWidget* tabs_ = nullptr;
    HodographView* hodograph_ = nullptr;
    HodographView* bundle_ = nullptr;
    ImpulseCurveView* curve_ = nullptr;
    EnergyView* energy_ = nullptr;
    ImpulseDiagramView* diagram_ = nullptr;
    CompressionPlaneView* plane_ = nullptr;
    FobjView* fobj_ = nullptr;
    DecisionTreeView* tree_ = nullptr;
    MdpDiagram mdp_;
};

}  // namespace impactlab::ui
