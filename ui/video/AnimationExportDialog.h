#pragma once
// File > Export animation...: the file (its suffix names the format), frame
// rate, size, speed and view, with the frame count and a rough file size
// before anything is drawn. The export plays a page of its own, opened on
// the window's document and never shown, so the window's page, camera and
// time stay as the user left them; a progress dialog with Cancel runs over
// the frames, and a cancelled or failed export leaves no file.
#include <QDialog>

#include "video/AnimationRenderer.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace impactlab::ui {

class ScenePage;

class AnimationExportDialog : public QDialog {
    Q_OBJECT

public:
    AnimationExportDialog(const ScenePage& page, QWidget* parent = nullptr);

    QString path() const;
    AnimationRequest request() const;
    void setPath(const QString& path);
    // "75 frames, about 0.2 MB" for the current settings.
    QString estimateText() const;

    // Draws and writes the animation of the dialog's settings. False with
    // `error` on a failure, or "cancelled" when the user pressed Cancel.
    bool exportAnimation(QString* error);

private:
    void updateEstimate();

    const ScenePage& page_;
    double endTime_ = 0.0;
    QLineEdit* path_ = nullptr;
    QSpinBox* fps_ = nullptr;
    QSpinBox* width_ = nullptr;
    QSpinBox* height_ = nullptr;
    QDoubleSpinBox* speed_ = nullptr;
    QComboBox* view_ = nullptr;
    QLabel* estimate_ = nullptr;
};

}  // namespace impactlab::ui
