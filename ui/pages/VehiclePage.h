#pragma once
// A vehicle collision (Kudlich-Slibar): the simulation page's views (3D with
// the approach and run-out, the impulse diagram, time histories, the law
// comparison) plus the reconstruction: delta-V and PDOF arrows and friction
// cones over the 3D view, the momentum diagram, the results table and a
// sensitivity map, each exportable from the File menu while the page is open;
// and the reconstruction from evidence (vehicles/ReconstructionView.h) with
// its ghost cars at the observed and predicted rest poses in the 3D view.
#include "pages/SimulationPage.h"

class QAction;
class QComboBox;

namespace impactlab::ui {

class GhostCars;
class MomentumDiagramView;
class ReconstructionView;
class SweepView;
class VehicleOverlay;
class VehicleResultsTable;

class VehiclePage : public SimulationPage {
    Q_OBJECT

public:
    explicit VehiclePage(QWidget* parent = nullptr);
    ~VehiclePage() override;

    QList<QAction*> fileActions() const override { return actions_; }
    // A document that differs from the one shown only in its reconstruction
    // block (an evidence edit, its undo) updates the Reconstruction tab and
    // the ghost cars without a new run or a new camera.
    void openDocument(const nlohmann::json& document) override;
    QString reportSectionsHtml() const override;
    // The simulation page's overlay views and the results table draw every
    // value; the other vehicle views show the scene's own value.
    QString overlayScopeNote() const override;

    MomentumDiagramView* momentumView() const { return momentum_; }
    VehicleResultsTable* resultsTable() const { return results_; }
    SweepView* sweepView() const { return sweep_; }
    ReconstructionView* reconstructionView() const { return reconstruction_; }
    GhostCars* ghostCars() const { return ghosts_.get(); }
    bool exportResultsCsv(const QString& path);
    bool exportSweepPng(const QString& path);
    bool exportSweepCsv(const QString& path);

protected:
    void updateKindViews() override;
    void onCurrentTabChanged() override;
    void setViewAngles() override;
    void prepareForExport() override;
    std::vector<ExportedFile> exportData(const QString& folder, QStringList* failures) override;

private:
    void updateSweep();
    void updateResultsTable();
    void updateGhosts();
    void addReconstructionActions();

    std::unique_ptr<VehicleOverlay> overlay_;
    std::unique_ptr<GhostCars> ghosts_;
    ReconstructionView* reconstruction_ = nullptr;
    MomentumDiagramView* momentum_ = nullptr;
    VehicleResultsTable* results_ = nullptr;
    SweepView* sweep_ = nullptr;
    QComboBox* sweepInput1_ = nullptr;
    QComboBox* sweepInput2_ = nullptr;
    QComboBox* sweepOutput_ = nullptr;
    QWidget* sweepPage_ = nullptr;
    bool sweepStale_ = true;
    QList<QAction*> actions_;
};

}  // namespace impactlab::ui
