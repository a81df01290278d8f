#include "pages/VehiclePage.h"

#include <QAction>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>
#include <variant>

#include "render/SceneRenderer.h"
#include "vehicles/MomentumDiagramView.h"
#include "vehicles/SweepView.h"
#include "vehicles/VehicleOverlay.h"
#include "vehicles/VehicleResultsTable.h"
#include "vehicle/VehicleSweep.h"

namespace impactlab::ui {

namespace {
// Degrees: vehicles move in the ground plane, so look down on them steeply;
// from 20 degrees left of straight behind -y, so that a barrier across the
// x axis (the built-in barrier scene's) shows its face instead of its edge.
constexpr double kVehicleViewAzimuth = -110.0;
constexpr double kVehicleViewElevation = 60.0;
// Characters a sweep choice box shows at least (its list shows them whole).
constexpr int kSweepBoxChars = 6;
}  // namespace

VehiclePage::VehiclePage(QWidget* parent) : SimulationPage(parent) {
    overlay_ = std::make_unique<VehicleOverlay>(*bodiesView());
    momentum_ = new MomentumDiagramView;
    results_ = new VehicleResultsTable;
    sweep_ = new SweepView;

    // Sensitivity: what to vary (one or two inputs) and what to map.
    sweepPage_ = new QWidget;
    auto* sweepLayout = new QVBoxLayout(sweepPage_);
    auto* controls = new QGridLayout;
    sweepInput1_ = new QComboBox;
    sweepInput2_ = new QComboBox;
    sweepOutput_ = new QComboBox;
    sweepInput2_->addItem("(none)");
    for (const SweepAxis& a : getVehicleSweepInputs()) {
        sweepInput1_->addItem(QString::fromStdString(a.input));
        sweepInput2_->addItem(QString::fromStdString(a.input));
    }
    for (const auto& [name, unit] : getVehicleSweepOutputs())
        sweepOutput_->addItem(QString::fromStdString(name), QString::fromStdString(unit));
    sweepInput1_->setCurrentText("epsilon");
    sweepInput2_->setCurrentText("impact_offset");
    sweepOutput_->setCurrentText("delta_v1");
    // The boxes take the width they get (they never force the pane wider
    // than the window allows: the 3D view beside it needs room too).
    for (QComboBox* box : {sweepInput1_, sweepInput2_, sweepOutput_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(kSweepBoxChars);
        box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    // Two rows, so the pane needs no more width than a chart does (with the
    // view tabs beside it, one row of three boxes pressed the 3D view thin).
    controls->addWidget(new QLabel(tr("Vary")), 0, 0);
    controls->addWidget(sweepInput1_, 0, 1);
    controls->addWidget(new QLabel(tr("and")), 0, 2);
    controls->addWidget(sweepInput2_, 0, 3);
    controls->addWidget(new QLabel(tr("map")), 1, 0);
    controls->addWidget(sweepOutput_, 1, 1, 1, 3);
    controls->setColumnStretch(1, 1);
    controls->setColumnStretch(3, 1);
    sweepLayout->addLayout(controls);
    sweepLayout->addWidget(sweep_, 1);
    for (QComboBox* box : {sweepInput1_, sweepInput2_, sweepOutput_})
        connect(box, &QComboBox::currentTextChanged, this, [this] {
            sweepStale_ = true;
            updateSweep();
        });

    addView({"momentum", "Momentum", "Kudlich-Slibar: the momenta before and after and the impulse, to scale",
             ViewKind::Diagram, momentum_, makeViewExports(momentum_)});
    addView({"results", "Results", "Kudlich-Slibar: delta-V, PDOF, EES, energies and the run-out of each vehicle",
             ViewKind::Table, results_, makeViewExports(results_)});
    addView({"sweep", "Sensitivity", "How a result moves with one or two inputs of the collision", ViewKind::Chart,
             sweepPage_,
             {[this](const QString& p) { return exportSweepPng(p); }, {},
              [this](const QString& p) { return exportSweepCsv(p); }}});

    // The File menu's entries for this page: the same exports, by name.
    const ViewExports& results = findView("results")->exports;
    const ViewExports& sensitivity = findView("sweep")->exports;
    actions_ << makeExportAction(this,
                                 {tr("Export vehicle &results as CSV..."), "exportVehicleResults", tr("Export results"),
                                  ExportFormat::Csv},
                                 results.csv);
    actions_ << makeExportAction(this,
                                 {tr("Export sensitivity map as P&NG..."), "exportSweepPng", tr("Export sensitivity"),
                                  ExportFormat::Png},
                                 sensitivity.png);
    actions_ << makeExportAction(this,
                                 {tr("Export sensitivity map as &CSV..."), "exportSweepCsv", tr("Export sensitivity"),
                                  ExportFormat::Csv},
                                 sensitivity.csv);
}

VehiclePage::~VehiclePage() = default;

void VehiclePage::setViewAngles() { renderer_->setViewAngles(kVehicleViewAzimuth, kVehicleViewElevation); }

bool VehiclePage::exportResultsCsv(const QString& path) { return results_->exportCsv(path); }
bool VehiclePage::exportSweepPng(const QString& path) {
    updateSweep();
    return sweep_->exportPng(path);
}
bool VehiclePage::exportSweepCsv(const QString& path) {
    updateSweep();
    return sweep_->exportCsv(path);
}

// The reconstruction views: arrows and friction cones on the 3D view, the
// momentum diagram and the results table after every run; the sensitivity
// map (a few hundred collisions) only while its tab is on screen.
void VehiclePage::updateKindViews() {
    // A page that has opened no vehicle scene yet holds none.
    const VehicleScene* current = std::get_if<VehicleScene>(&scene_);
    if (!current || !run_.vehicleCollision) {
        overlay_->clear();
        momentum_->clear();
        results_->clearResults();
        return;
    }
    const VehicleCollisionInput& input = current->vehicles.collision;
    overlay_->show(input, *run_.vehicleCollision);
    momentum_->setCollision(input, *run_.vehicleCollision);
    results_->setCollision(input, *run_.vehicleCollision);
    sweepStale_ = true;
    if (tabs()->currentWidget() == sweepPage_) updateSweep();
}

void VehiclePage::onCurrentTabChanged() {
    if (tabs()->currentWidget() == sweepPage_) updateSweep();
}

void VehiclePage::prepareForExport() {
    SimulationPage::prepareForExport();
    updateSweep();
}

void VehiclePage::updateSweep() {
    const VehicleScene* current = std::get_if<VehicleScene>(&scene_);
    if (!sweepStale_ || !current) return;
    sweepStale_ = false;
    try {
        VehicleCollisionOptions o;
        o.recordTrace = false;
        std::optional<SweepAxis> axis2;
        if (sweepInput2_->currentIndex() > 0 && sweepInput2_->currentText() != sweepInput1_->currentText())
            axis2 = getVehicleSweepAxis(sweepInput2_->currentText().toStdString());
        sweep_->setGrid(sweep(current->vehicles.collision, getVehicleSweepAxis(sweepInput1_->currentText().toStdString()),
                              axis2, sweepOutput_->currentText().toStdString(), o));
    } catch (const InputError& e) {
        showError(QString::fromUtf8(e.what()));
    }
}

}  // namespace impactlab::ui
