#pragma once
// Real tosses of a box against every law (scene/TossScene.h): the measured
// cube (translucent) and the cube simulated from its measured start, on one
// timeline; the position, orientation and velocity against time for the
// scene's law and every compared law; the toss's table with the first
// impact's change of velocity measured and predicted; and, on request, every
// toss of the file scored per law (a table beside the simulators' published
// scores, and histograms). Fit... fits the law's friction and restitution to
// the file's tosses on a worker thread, with progress and Cancel, and applies
// them as one document edit (one undo step). No physics here: the core runs
// each toss (sim/tosses/TossExperiment.h), scores and fits
// (experiment/TossFit.h) and computes every figure (diagram/TossFigures.h).
#include <memory>
#include <optional>

#include "common/RunWorker.h"
#include "diagram/TossFigures.h"
#include "experiment/TossFit.h"
#include "pages/ScenePage.h"
#include "scene/TossScene.h"
#include "sim/tosses/TossExperiment.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace impactlab::ui {

class ComparisonTableView;
class FigureView;
class LawComparisonBox;
class MeshRenderer;

// The page's fit: a coarse and a fine grid of this many values per parameter
// (experiment/TossFit.h) and this many bootstrap resamples; about a minute
// and a half over the 191 public tosses on two cores. The CLI's
// `tosses fit` takes the full grid.
inline constexpr int kPageFitCoarsePoints = 5;
inline constexpr int kPageFitFinePoints = 5;
inline constexpr int kPageFitResamples = 100;

class TossPage : public ScenePage {
    Q_OBJECT

public:
    explicit TossPage(QWidget* parent = nullptr);
    ~TossPage() override;

    void openDocument(const nlohmann::json& document) override;
    const nlohmann::json& document() const override { return scene_.document; }
    const std::vector<SceneParameter>& parameters() const override { return scene_.parameters; }
    void setParameter(const QString& id, double siValue) override;
    void setChoice(const QString& id, const QString& choice) override;
    QStringList comparedLaws() const override;
    void setComparedLaws(const QStringList& ids) override;
    TimelineWidget* timeline() const override { return timeline_; }
    void resetCamera() override;
    void flushPendingEdits() override;

    const TossScene& scene() const { return scene_; }
    const TossSet& tosses() const { return *set_; }
    // The scene's law first, then the compared laws: each law's run of the toss on show.
    const std::vector<TossLawRun>& runs() const { return runs_; }
    const TossFigures& figures() const { return figures_; }
    void setTime(double t);

    // Every toss of the file under every law, on a worker thread (progress
    // and Cancel under the views); the tables and histograms show them when
    // done. Scores of other coefficients or laws are dropped on an edit.
    void scoreFile();
    const std::optional<TossFileScores>& fileScores() const { return fileScores_; }
    // Fits the scene's law's friction and restitution to every toss of the
    // file; applied as one document edit when it ends, unless cancelled.
    void fit();
    const std::optional<TossFitResult>& lastFit() const { return lastFit_; }
    bool isBusy() const;
    void waitForWork();
    void cancelWork();

    FigureView* positionView() const { return position_; }
    FigureView* rotationView() const { return rotation_; }
    FigureView* velocityView() const { return velocity_; }
    ComparisonTableView* tossTable() const { return tossTable_; }
    ComparisonTableView* fileTable() const { return fileTable_; }
    FigureView* histogramView() const { return histogram_; }
    FigureView* rotationHistogramView() const { return rotationHistogram_; }
    QPushButton* scoreButton() const { return scoreButton_; }
    QPushButton* fitButton() const { return fitButton_; }
    QProgressBar* progressBar() const { return progress_; }
    // World poses drawn now: the simulated cube, then the measured one.
    const std::vector<std::pair<Mat3, Vec3>>& poses() const { return poses_; }


private:
    void apply(TossScene next, bool rebuild);
    void loadData(const TossScene& scene);
    void redraw();
    void updateSummary();
    void updateFileViews();
    void updatePoses(double t);
    void scheduleRun();
    void startWork(const QString& label);
    void finishWork();
    std::vector<std::string> listLaws() const;

    TossScene scene_;
    std::shared_ptr<const TossSet> set_;
    std::string loadedTosses_, loadedBody_;   // the files set_ was read from
    std::vector<TossLawRun> runs_;
    TossFigures figures_;
    std::optional<TossFileScores> fileScores_;
    std::optional<TossFitResult> lastFit_;
    QString fitNote_;   // the last fit's values and intervals, for the summary
    std::vector<std::pair<Mat3, Vec3>> poses_;
    bool runPending_ = false;
    qint64 editStartedNs_ = 0;

    std::unique_ptr<MeshRenderer> meshes_;
    FigureView* position_ = nullptr;
    FigureView* rotation_ = nullptr;
    FigureView* velocity_ = nullptr;
    ComparisonTableView* tossTable_ = nullptr;
    ComparisonTableView* fileTable_ = nullptr;
    FigureView* histogram_ = nullptr;
    FigureView* rotationHistogram_ = nullptr;
    LawComparisonBox* compare_ = nullptr;
    QPushButton* scoreButton_ = nullptr;
    QPushButton* fitButton_ = nullptr;
    TimelineWidget* timeline_ = nullptr;
    QWidget* progressRow_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QTimer* progressTimer_ = nullptr;
    std::shared_ptr<RunTask> work_;   // the file's scores or a fit, while it runs
    // Last, so it goes first: its destructor cancels and waits for the work.
    RunWorker worker_{this, QThread::InheritPriority};
};

}  // namespace impactlab::ui
