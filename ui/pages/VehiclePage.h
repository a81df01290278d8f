#pragma once
// A vehicle collision (Kudlich-Slibar): the simulation page's views (3D with
// the approach and run-out, the impulse diagram, time histories, the law
// comparison) plus the reconstruction: delta-V and PDOF arrows and friction
// cones over the 3D view, the momentum diagram, the results table and a
// sensitivity map, each exportable from the File menu while the page is open.
#include "pages/SimulationPage.h"

class QAction;
class QComboBox;

namespace impactlab::ui {

class MomentumDiagramView;
class SweepView;
class VehicleOverlay;
class VehicleResultsTable;

class VehiclePage : public SimulationPage {
    Q_OBJECT

public:
    explicit VehiclePage(QWidget* parent = nullptr);
    ~VehiclePage() override;

    QList<QAction*> fileActions() const override { return actions_; }

    MomentumDiagramView* momentumView() const { return momentum_; }
    VehicleResultsTable* resultsTable() const { return results_; }
    SweepView* sweepView() const { return sweep_; }
    bool exportResultsCsv(const QString& path);
    bool exportSweepPng(const QString& path);
    bool exportSweepCsv(const QString& path);

protected:
    void updateKindViews() override;
    void onCurrentTabChanged() override;
    void setViewAngles() override;
    void prepareForExport() override;

private:
    void updateSweep();

    std::unique_ptr<VehicleOverlay> overlay_;
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
