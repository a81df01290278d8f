#include "ImpactScenePage.h"

#include <QElapsedTimer>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include "diagram/Hodograph.h"
#include "diagram/ImpulseDiagramView.h"
#include "hodograph/EnergyView.h"
#include "hodograph/HodographView.h"
#include "hodograph/ImpulseCurveView.h"
#include "impact/InvariantDirections.h"
#include "impact/JiaWang.h"
#include "impact/LawRegistry.h"
#include "mdp/CompressionPlaneView.h"
#include "mdp/DecisionTreeView.h"
#include "mdp/FobjView.h"
#include "panel/ParameterPanel.h"
#include "panel/SceneSidePanel.h"
#include "render/MeshRenderer.h"
#include "render/VtkView.h"

namespace impactlab::ui {

namespace {
// Directions of the bundle of hodographs (Fig. 6 draws a dozen or so).
constexpr int kBundleDirections = 16;
// Pixels: room for a label, a slider and a spin box with its unit.
constexpr int kSidePanelWidth = 470;

QString vec(const Vec3& v, int digits = 5) {
    return QString("(%1, %2, %3)").arg(v.x(), 0, 'g', digits).arg(v.y(), 0, 'g', digits).arg(v.z(), 0, 'g', digits);
}
}  // namespace

ImpactScenePage::ImpactScenePage(QWidget* parent) : QWidget(parent) {
    const SceneSidePanel side = makeSceneSidePanel(kSidePanelWidth);
    title_ = side.title;
    description_ = side.description;
    panel_ = side.panel;
    summary_ = side.summary;
    auto* scroll = side.scroll;

    bodiesView_ = new VtkView;
    meshes_ = std::make_unique<MeshRenderer>(*bodiesView_);
    tabs_ = new QTabWidget;
    hodograph_ = new HodographView;
    bundle_ = new HodographView;
    curve_ = new ImpulseCurveView;
    energy_ = new EnergyView;
    diagram_ = new ImpulseDiagramView;
    tabs_->addTab(hodograph_, "Hodograph");
    tabs_->addTab(bundle_, "Hodograph bundle");
    tabs_->addTab(curve_, "Impulse curve (3D)");
    tabs_->addTab(energy_, "Energy");
    tabs_->addTab(diagram_, "Impulse space");
    plane_ = new CompressionPlaneView;
    fobj_ = new FobjView;
    tree_ = new DecisionTreeView;
    tabs_->addTab(plane_, "Max. compression plane");
    tabs_->addTab(fobj_, "f_obj(alpha)");
    tabs_->addTab(tree_, "Decision tree");
    tabs_->setTabToolTip(tabs_->indexOf(plane_), "Preclik, Eibl & Ruede Figs. 2 and 7: objective contours, the cone's section, "
                                                 "the maximum-dissipation impulse (red cross) and every Coulomb solution (circles)");
    tabs_->setTabToolTip(tabs_->indexOf(fobj_), "Preclik, Eibl & Ruede Fig. 3: the objective on the cone boundary against the polar angle");
    tabs_->setTabToolTip(tabs_->indexOf(tree_), "Preclik, Eibl & Ruede Fig. 5: the analytic solver's decision tree, the branch taken highlighted");

    auto* views = new QSplitter(Qt::Horizontal);
    views->addWidget(bodiesView_);
    views->addWidget(tabs_);
    views->setStretchFactor(0, 1);
    views->setStretchFactor(1, 1);
    auto* main = new QSplitter(Qt::Horizontal);
    main->addWidget(scroll);
    main->addWidget(views);
    main->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(main);

    connect(panel_, &ParameterPanel::numberChanged, this, [this](const QString& id, double v) { setParameter(id, v); });
    connect(panel_, &ParameterPanel::choiceChanged, this, &ImpactScenePage::setChoice);
}

ImpactScenePage::~ImpactScenePage() = default;

void ImpactScenePage::setScene(const ImpactScene& scene) {
    apply(scene, true);
    meshes_->resetCamera();
}

void ImpactScenePage::setParameter(const QString& id, double siValue) {
    try {
        panel_->setValue(id, siValue);
        apply(withParameter(scene_, id.toStdString(), siValue), false);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
    }
}

void ImpactScenePage::setChoice(const QString& id, const QString& choice) {
    try {
        panel_->setChoice(id, choice);
        apply(withChoice(scene_, id.toStdString(), choice.toStdString()), false);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
    }
}

void ImpactScenePage::resetCamera() {
    meshes_->resetCamera();
    bodiesView_->requestRender();
}

void ImpactScenePage::showTab(int index) { tabs_->setCurrentIndex(index); }

void ImpactScenePage::apply(ImpactScene scene, bool rebuild) {
    scene_ = std::move(scene);
    if (rebuild) {
        title_->setText(QString::fromStdString(scene_.name));
        description_->setText(QString::fromStdString(scene_.description));
        panel_->setParameters(scene_.parameters);
    }
    showImpactScene(*meshes_, scene_);
    solveAndRedraw();
}

void ImpactScenePage::solveAndRedraw() {
    QElapsedTimer clock;
    clock.start();
    outcome_ = LawOutcome{};
    try {
        outcome_.result = getLaw(scene_.law, "law").solve(scene_.problem, scene_.lawOptions, &outcome_.trace);
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromUtf8(e.what()));
        return;
    }
    const ImpactProblem& p = scene_.problem;
    const ImpactResult& r = outcome_.result;
    sequence_ = calcEventSequence(r);
    const HodographDiagram hodo = makeHodographDiagram(p, r, outcome_.trace);
    hodograph_->setDiagram(hodo);
    hodograph_->setTitle(QString("Hodograph of the sliding velocity (sequence: %1)").arg(QString::fromStdString(sequence_)));
    bundle_->setBundle(makeHodographBundle(p, kBundleDirections));
    bundle_->setTitle("Hodographs from unit initial sliding velocities");
    curve_->setCurve(makeImpulseCurve3D(p, r, outcome_.trace));
    energy_->setCurve(makeEnergyCurve(outcome_.trace));
    energy_->setTitle("Energy against normal impulse");
    diagram_->setDiagram(makeImpulseDiagram(p, {outcome_}));
    diagram_->setTitle(QString("Impulse space (%1)").arg(QString::fromStdString(r.model)));

    // Maximum dissipation on the same contact, whatever the scene's law: the
    // plane of maximum compression, f_obj(alpha) and the branch taken.
    mdp_ = makeMdpDiagram(p);
    plane_->setPlane(mdp_.plane);
    plane_->setTitle(QString("Plane of maximum compression (%1)").arg(toString(mdp_.plane.conic)));
    fobj_->setCurve(mdp_.fobj);
    tree_->setPath(mdp_.path);
    tree_->setTitle(QString("Decision tree (Fig. 5): branch %1").arg(QString::fromStdString(mdp_.path.leaf)));

    const double stickThreshold = calcStickThreshold(p.W);
    QString text = QString("<b>%1</b>, mu = %2, e = %3<br>sequence <b>%4</b>; ||B^-1 d|| = %5 (%6)<br>"
                           "impulse [t1, t2, n] = %7 N s<br>v+ = %8 m/s<br>energy %9 J -> %10 J<br>invariant directions:")
                       .arg(QString::fromStdString(r.model))
                       .arg(p.friction)
                       .arg(p.restitution)
                       .arg(QString::fromStdString(sequence_))
                       .arg(stickThreshold, 0, 'f', 4)
                       .arg(stickThreshold <= p.friction ? "sticks when sliding stops" : "slip resumes when sliding stops")
                       .arg(vec(r.impulse))
                       .arg(vec(r.vPlus, 4))
                       .arg(r.energyBefore, 0, 'g', 5)
                       .arg(r.energyAfter, 0, 'g', 5);
    if (hodo.everyDirectionInvariant) text += " every direction";
    for (const InvariantRay& ray : hodo.rays)
        text += QString(" %1 deg (%2)").arg(ray.angleDeg, 0, 'f', 2).arg(ray.centrifugal ? "centrifugal" : "centripetal");
    for (std::size_t i = 0; i < r.solutions.size(); ++i) {
        const ImpactSolution& sol = r.solutions[i];
        text += QString("<br>Coulomb solution %1 (%2): %3 N s, energy after %4 J%5")
                    .arg(i + 1)
                    .arg(QString::fromStdString(sol.kind))
                    .arg(vec(sol.impulse, 4))
                    .arg(sol.energyAfter, 0, 'g', 5)
                    .arg(sol.maxDissipation ? " <b>(maximum dissipation)</b>" : "");
    }
    text += QString("<br>maximum dissipation: %1 N s (branch %2)")
                .arg(vec(mdp_.solution.impulse, 5))
                .arg(QString::fromStdString(mdp_.path.leaf));
    for (const std::string& note : scene_.notes) text += "<br>" + QString::fromStdString(note).toHtmlEscaped();
    for (const auto& w : r.warnings)
        text += QString("<br><font color='#b00'>warning: %1</font>").arg(QString::fromStdString(w).toHtmlEscaped());
    summary_->setText(text);

    bodiesView_->repaint();
    tabs_->currentWidget()->repaint();
    lastUpdateMs_ = clock.nsecsElapsed() * 1e-6;
    emit updated(QString("%1: sequence %2, impulse %3 N s, updated in %4 ms")
                     .arg(QString::fromStdString(scene_.name), QString::fromStdString(sequence_), vec(r.impulse, 4))
                     .arg(lastUpdateMs_, 0, 'f', 1));
}

bool ImpactScenePage::exportCurrentView(const QString& path) {
    const bool svg = path.endsWith(".svg", Qt::CaseInsensitive);
    QWidget* w = tabs_->currentWidget();
    if (w == hodograph_ || w == bundle_) {
        auto* v = static_cast<HodographView*>(w);
        return svg ? v->exportSvg(path) : v->exportPng(path);
    }
    if (w == energy_) return svg ? energy_->exportSvg(path) : energy_->exportPng(path);
    if (w == diagram_) return svg ? diagram_->exportSvg(path) : diagram_->exportPng(path);
    if (w == curve_) return !svg && curve_->exportPng(path);
    const bool csv = path.endsWith(".csv", Qt::CaseInsensitive);
    if (w == plane_) return csv ? plane_->exportCsv(path) : svg ? plane_->exportSvg(path) : plane_->exportPng(path);
    if (w == fobj_) return csv ? fobj_->exportCsv(path) : svg ? fobj_->exportSvg(path) : fobj_->exportPng(path);
    if (w == tree_) return csv ? tree_->exportCsv(path) : svg ? tree_->exportSvg(path) : tree_->exportPng(path);
    return false;
}

}  // namespace impactlab::ui
