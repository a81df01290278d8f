#include "video/AnimationExportDialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <memory>

#include "pages/PageRegistry.h"
#include "pages/ScenePage.h"
#include "timeline/TimelineWidget.h"
#include "video/VideoEncoder.h"

namespace impactlab::ui {

namespace {

// Bytes per pixel per frame, measured on the built-in scenes (a ground, a
// sky and a few moving bodies: most of each frame repeats the last). Good to a
// factor of two or so; the estimate says "about".
double getBytesPerPixelFrame(VideoFormat format) {
    switch (format) {
    case VideoFormat::Mp4: return 0.0025;   // superball, 1280x720, 30 fps: 2.0 kB a frame
    case VideoFormat::WebM: return 0.0025;
    case VideoFormat::Gif: return 0.02;     // swinging cradle, 480x320: 2.8 kB a frame
    }
    return 0.0;
}

}  // namespace

AnimationExportDialog::AnimationExportDialog(const ScenePage& page, QWidget* parent) : QDialog(parent), page_(page) {
    setWindowTitle(tr("Export animation"));
    endTime_ = page.timeline() ? page.timeline()->endTime() : 0.0;
    auto* form = new QFormLayout;
    path_ = new QLineEdit(QDir::home().filePath("animation.mp4"));
    path_->setObjectName("animationPath");
    auto* browse = new QPushButton(tr("Browse..."));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_);
    pathRow->addWidget(browse);
    form->addRow(tr("File (.mp4, .webm, .gif)"), pathRow);
    fps_ = new QSpinBox;
    fps_->setRange(1, 120);
    fps_->setValue(30);
    form->addRow(tr("Frames per second"), fps_);
    width_ = new QSpinBox;
    height_ = new QSpinBox;
    width_->setRange(16, 7680);
    height_->setRange(16, 4320);
    width_->setSingleStep(2);
    height_->setSingleStep(2);
    width_->setValue(1280);
    height_->setValue(720);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("\u00d7")));
    sizeRow->addWidget(height_);
    form->addRow(tr("Size (pixels)"), sizeRow);
    speed_ = new QDoubleSpinBox;
    speed_->setRange(0.01, 100.0);
    speed_->setDecimals(2);
    speed_->setValue(1.0);
    speed_->setToolTip(tr("Scene seconds per second of the file: 0.25 plays four times slower"));
    form->addRow(tr("Speed"), speed_);
    view_ = new QComboBox;
    view_->addItem(tr("3D view"), "3d");
    view_->addItem(tr("3D view beside the impulse diagram"), "diagram-beside");
    form->addRow(tr("View"), view_);
    estimate_ = new QLabel;
    estimate_->setObjectName("animationEstimate");
    form->addRow(tr("Estimate"), estimate_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    form->addRow(buttons);
    setLayout(form);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Export animation"), path_->text(),
                                                       tr("Videos (*.mp4 *.webm *.gif)"));
        if (!p.isEmpty()) path_->setText(p);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QSpinBox* s : {fps_, width_, height_}) connect(s, &QSpinBox::valueChanged, this, [this] { updateEstimate(); });
    connect(speed_, &QDoubleSpinBox::valueChanged, this, [this] { updateEstimate(); });
    connect(path_, &QLineEdit::textChanged, this, [this] { updateEstimate(); });
    updateEstimate();
}

QString AnimationExportDialog::path() const { return path_->text(); }
void AnimationExportDialog::setPath(const QString& path) { path_->setText(path); }

AnimationRequest AnimationExportDialog::request() const {
    AnimationRequest r;
    r.size = QSize(width_->value(), height_->value());
    r.fps = fps_->value();
    r.speed = speed_->value();
    r.from = 0.0;
    r.to = endTime_;
    findAnimationView(view_->currentData().toString(), &r.view);
    return r;
}

QString AnimationExportDialog::estimateText() const {
    VideoFormat format;
    if (!findVideoFormat(path(), &format)) return tr("the file must end in .mp4, .webm or .gif");
    const AnimationRequest r = request();
    if (!(r.to > r.from)) return tr("this scene has no run to play");
    const int frames = calcAnimationFrameCount(r);
    const double megabytes = frames * double(r.size.width()) * r.size.height() * getBytesPerPixelFrame(format) / 1e6;
    return tr("%1 frames (%2 s), about %3 MB").arg(frames).arg(frames / r.fps, 0, 'f', 1).arg(megabytes, 0, 'f', 1);
}

void AnimationExportDialog::updateEstimate() { estimate_->setText(estimateText()); }

bool AnimationExportDialog::exportAnimation(QString* error) {
    // A page of its own: the window's page keeps its camera, time and tab.
    const PageType* type = findPageType(getSceneKind(page_.document()));
    if (!type) {
        *error = tr("this build has no page for the scene's kind");
        return false;
    }
    std::unique_ptr<ScenePage> page(type->make());
    page->openDocument(page_.document());
    page->flushPendingEdits();
    AnimationRequest r = request();
    if (const QString problem = checkAnimationRequest(*page, &r); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    QProgressDialog progress(tr("Drawing and encoding the frames..."), tr("Cancel"), 0, calcAnimationFrameCount(r),
                             parentWidget());
    progress.setWindowTitle(tr("Export animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    // The frames are drawn here, on the GUI thread (widgets and VTK live
    // there); the events between frames keep the window and Cancel alive.
    return writeAnimation(*page, r, path(),
                          [&progress](int done, int) {
                              progress.setValue(done);
                              QCoreApplication::processEvents();
                              return !progress.wasCanceled();
                          },
                          error);
}

}  // namespace impactlab::ui
