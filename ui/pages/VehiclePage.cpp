#include "pages/VehiclePage.h"

#include <QAction>
#include <QComboBox>
#include <QGridLayout>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QTabWidget>
#include <QVBoxLayout>
#include <variant>

#include "render/SceneRenderer.h"
#include "vehicles/GhostCars.h"
#include "vehicles/MomentumDiagramView.h"
#include "vehicles/ReconstructionCharts.h"
#include "vehicles/ReconstructionView.h"
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

// Whether two documents differ in their reconstruction block only.
bool differOnlyInReconstruction(nlohmann::json a, nlohmann::json b) {
    a.erase("reconstruction");
    b.erase("reconstruction");
    return a == b;
}
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

    // Reconstruction from evidence, with its ghost cars in the 3D view.
    reconstruction_ = new ReconstructionView;
    reconstruction_->setEditRequest(
        [this](const QString& text, const nlohmann::json& document) { requestDocumentEdit(text, document); });
    ghosts_ = std::make_unique<GhostCars>(*bodiesView());
    ghosts_->setDragHandler([this](int vehicle, const Vec2& p) { reconstruction_->moveRestPosition(vehicle, p); });
    connect(reconstruction_, &ReconstructionView::ghostsChanged, this, &VehiclePage::updateGhosts);
    connect(reconstruction_, &ReconstructionView::statusMessage, this, &VehiclePage::statusChanged);

    addView({"momentum", "Momentum", "Kudlich-Slibar: the momenta before and after and the impulse, to scale",
             ViewKind::Diagram, momentum_, makeViewExports(momentum_)});
    addView({"results", "Results", "Kudlich-Slibar: delta-V, PDOF, EES, energies and the run-out of each vehicle",
             ViewKind::Table, results_, makeViewExports(results_)});
    addView({"sweep", "Sensitivity", "How a result moves with one or two inputs of the collision", ViewKind::Chart,
             sweepPage_,
             {[this](const QString& p) { return exportSweepPng(p); }, {},
              [this](const QString& p) { return exportSweepCsv(p); }}});

    addView({"reconstruction", "Reconstruction",
             "The scene inputs that best explain the evidence, with 95 % intervals (docs/reconstruction-format.md)",
             ViewKind::Chart, reconstruction_,
             // The samples exist only after a run: Export all views writes
             // them (exportData) when there is a current result, and never
             // fails for want of one.
             {[this](const QString& p) { return reconstruction_->cloudView()->exportPng(p); },
              [this](const QString& p) { return reconstruction_->cloudView()->exportSvg(p); },
              {}}});

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
    addReconstructionActions();
}

// File > Export reconstruction: the samples, the estimate and each plot.
void VehiclePage::addReconstructionActions() {
    auto* menu = new QMenu(tr("Export r&econstruction"), this);
    menu->menuAction()->setObjectName("exportReconstructionMenu");
    ReconstructionView* r = reconstruction_;
    const auto add = [this, menu](const QString& text, const char* name, ExportFormat format, ExportFunction write) {
        menu->addAction(makeExportAction(this, {text, name, tr("Export reconstruction"), format}, std::move(write)));
    };
    add(tr("Samples as &CSV..."), "exportReconstructionSamples", ExportFormat::Csv,
        [r](const QString& p) { return r->exportSamplesCsv(p); });
    add(tr("&Estimate as CSV..."), "exportReconstructionEstimate", ExportFormat::Csv,
        [r](const QString& p) { return r->exportEstimateCsv(p); });
    add(tr("&Speeds plot as PNG..."), "exportReconstructionSpeedsPng", ExportFormat::Png,
        [r](const QString& p) { return r->cloudView()->exportPng(p); });
    add(tr("Speeds plot as SV&G..."), "exportReconstructionSpeedsSvg", ExportFormat::Svg,
        [r](const QString& p) { return r->cloudView()->exportSvg(p); });
    add(tr("&Delta-V histograms as PNG..."), "exportReconstructionDeltaVPng", ExportFormat::Png,
        [r](const QString& p) { return r->deltaVView()->exportPng(p); });
    add(tr("Delta-V histograms as S&VG..."), "exportReconstructionDeltaVSvg", ExportFormat::Svg,
        [r](const QString& p) { return r->deltaVView()->exportSvg(p); });
    add(tr("&Residuals as PNG..."), "exportReconstructionResidualsPng", ExportFormat::Png,
        [r](const QString& p) { return r->residualView()->exportPng(p); });
    add(tr("Residuals as SVG..."), "exportReconstructionResidualsSvg", ExportFormat::Svg,
        [r](const QString& p) { return r->residualView()->exportSvg(p); });
    actions_ << menu->menuAction();
}

void VehiclePage::openDocument(const nlohmann::json& document) {
    const VehicleScene* current = std::get_if<VehicleScene>(&scene_);
    if (current && run_.vehicleCollision && differOnlyInReconstruction(current->document, document)) {
        getScene(scene_).document = document;
        reconstruction_->setScene(std::get<VehicleScene>(scene_));
        return;
    }
    SimulationPage::openDocument(document);
}

QString VehiclePage::reportSectionsHtml() const {
    if (!std::holds_alternative<VehicleScene>(scene_)) return {};
    // The Results tab's table as it reads on screen (delta-V, PDOF, EES, ...).
    QString html;
    if (results_->rowCount() > 0) html += "<h2>Collision results</h2>\n" + results_->toHtml();
    return html + reconstruction_->reportHtml();
}

QString VehiclePage::overlayScopeNote() const {
    return tr("The time histories, the trajectory, the comparison table and the results table draw every value; "
              "the 3D view with its arrows, the timeline, the impulse diagram, the momentum diagram, the sensitivity "
              "map and the reconstruction show the scene's own value.");
}

void VehiclePage::updateGhosts() {
    ghosts_->setObserved(reconstruction_->findObservedGhosts());
    ghosts_->setPredicted(reconstruction_->findPredictedGhosts());
}

std::vector<ExportedFile> VehiclePage::exportData(const QString& folder, QStringList* failures) {
    std::vector<ExportedFile> files;
    if (!reconstruction_->currentResult()) return files;   // nothing current to write
    const QDir dir(folder);
    const auto write = [&](const QString& name, const QString& what, const ExportFunction& f) {
        if (f(dir.filePath(name))) files.push_back({name, what});
        else if (failures) *failures << name;
    };
    ReconstructionView* r = reconstruction_;
    write("reconstruction-samples.csv", tr("reconstruction: the Monte Carlo samples of the unknowns and derived quantities"),
          [r](const QString& p) { return r->exportSamplesCsv(p); });
    write("reconstruction-estimate.csv", tr("reconstruction: each unknown's estimate and 95 % interval"),
          [r](const QString& p) { return r->exportEstimateCsv(p); });
    write("reconstruction-delta-v.png", tr("reconstruction: sampled delta-V per vehicle"),
          [r](const QString& p) { return r->deltaVView()->exportPng(p); });
    write("reconstruction-delta-v.svg", tr("reconstruction: sampled delta-V per vehicle"),
          [r](const QString& p) { return r->deltaVView()->exportSvg(p); });
    write("reconstruction-residuals.png", tr("reconstruction: evidence residuals in sigmas"),
          [r](const QString& p) { return r->residualView()->exportPng(p); });
    write("reconstruction-residuals.svg", tr("reconstruction: evidence residuals in sigmas"),
          [r](const QString& p) { return r->residualView()->exportSvg(p); });
    return files;
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
        if (current) reconstruction_->setScene(*current);   // the evidence, and results withdrawn
        return;
    }
    reconstruction_->setScene(*current);
    const VehicleCollisionInput& input = current->vehicles.collision;
    overlay_->show(input, *run_.vehicleCollision);
    // Each vehicle in its scene colour, as the 3D view draws its body.
    std::vector<QColor> colors;
    for (const SceneBody& b : current->bodies)
        colors.push_back(QColor::fromRgbF(static_cast<float>(b.color.x()), static_cast<float>(b.color.y()),
                                          static_cast<float>(b.color.z())));
    momentum_->setVehicleColors(std::move(colors));
    momentum_->setCollision(input, *run_.vehicleCollision);
    updateResultsTable();
    sweepStale_ = true;
    if (tabs()->currentWidget() == sweepPage_) updateSweep();
}

// The results of the scene, or under an overlay a value column per value
// (each value's collision with its own input).
void VehiclePage::updateResultsTable() {
    const VehicleScene& scene = std::get<VehicleScene>(scene_);
    const SimulationOverlay& values = overlay();
    std::vector<VehicleResultsTable::ResultsColumn> columns;
    for (size_t i = 0; i < values.runs.size(); ++i) {
        const VehicleScene* s = std::get_if<VehicleScene>(&values.scenes[i]);
        if (!s || !values.runs[i].vehicleCollision) continue;
        columns.push_back({&s->vehicles.collision, &*values.runs[i].vehicleCollision,
                           QString::fromStdString(values.labels[i])});
    }
    if (columns.empty()) results_->setCollision(scene.vehicles.collision, *run_.vehicleCollision);
    else results_->setCollisions(columns);
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
