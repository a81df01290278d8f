#pragma once

// Qt 6 widget showing a VTK scene.
//
// Debian's VTK Qt module (QVTKOpenGLNativeWidget) is built against Qt 5 and
// cannot be linked into this Qt 6 program, so this adapter renders VTK into an
// off-screen render window, reads the pixels back and paints them as a QImage.
// Mouse handling is done here, not by a VTK interactor, because no VTK
// interactor ever sees the Qt events.
//
// A changed frame is given to GL as the window's paint pass begins and read
// back when this view is painted, last in the pass: Mesa's rasteriser threads
// draw it while the window paints its other widgets.
//
// No VTK header is included here: this header is included by UI code that
// should not pay VTK's compile-time cost.

#include <QImage>
#include <QVector3D>
#include <QWidget>

#include <Eigen/Geometry>

#include <functional>
#include <memory>

class vtkActor;
class vtkMapper;
class vtkRenderer;
class vtkRenderWindow;

namespace impactlab::ui {

class VtkView : public QWidget {
    Q_OBJECT

public:
    explicit VtkView(QWidget* parent = nullptr);
    ~VtkView() override;

    VtkView(const VtkView&) = delete;
    VtkView& operator=(const VtkView&) = delete;

    /// The renderer holding the scene; owned by this view.
    vtkRenderer* renderer() const;
    /// The off-screen window; exposed for tests and diagnostics only.
    vtkRenderWindow* renderWindow() const;

    /// Marks the scene as changed and schedules a repaint. Call after any
    /// change to actors or camera made through renderer(). Changes in quick
    /// succession (a slider drag, playback, a camera drag) are drawn at
    /// reduced resolution without anti-aliasing, then once more at full
    /// quality a moment after they stop (see kInteractivePixels in VtkView.cpp).
    void requestRender();
    /// Whether the widget currently shows (or will paint) a reduced frame.
    bool isInteractiveFrame() const;
    /// Level of detail: `mapper` draws a coarser tessellation of the same
    /// shape as `actor`'s own mapper, and replaces it in reduced frames (in
    /// Mesa's software renderer a frame costs time per vertex as well as per
    /// pixel). The actor is held weakly; the pairing ends when the actor goes
    /// or its owner gives it another mapper.
    void setInteractiveMapper(vtkActor* actor, vtkMapper* mapper);

    /// Renders now at the widget's current size (in device pixels) and
    /// returns the image; null if the widget has zero area.
    QImage renderToImage();
    /// renderToImage() written to a file; the format follows the suffix.
    bool saveImage(const QString& path);

    /// Camera framing, one rule for every scene (render/CameraFraming.h):
    /// the camera frames the union of the extents the scene's renderers
    /// report, when a scene is opened or the camera reset, and when the
    /// union changes noticeably unless the user has moved the camera since
    /// the last framing. Applied before each frame.
    /// `source` reports `box` (world); an empty box withdraws it.
    void setFramedExtent(const void* source, const Eigen::AlignedBox3d& box);
    /// Direction the framed camera looks from (degrees; azimuth about +z
    /// from +x, elevation above the ground).
    void setFramingAngles(double azimuthDegrees, double elevationDegrees);
    /// A new scene or View > Reset camera (also double-click): frames the
    /// scene now and forgets that the user moved the camera.
    void resetCamera();
    /// Whether the user has turned, panned or zoomed since the last framing.
    bool cameraMovedByUser() const;
    /// What a drag or the wheel does after moving the camera (tests too).
    void noteCameraMovedByUser();
    /// Frames the camera now if the rule says so; returns whether it did.
    bool updateFraming();

    /// World "up" for turntable rotation: left-drag then turns the camera
    /// about this axis and tilts it without ever rolling the horizon or
    /// passing over the pole. A null vector (the default) gives a free
    /// trackball about the camera's own view-up.
    void setWorldUp(const QVector3D& up);

    /// Wall time of the last render plus read-back, in milliseconds.
    double lastRenderMilliseconds() const;
    /// Size in pixels of the last frame drawn (reduced during a burst).
    QSize lastFrameSize() const;
    /// Whether the last frame was given to GL as the window's paint pass
    /// began and read back when the view was painted (the usual case in a
    /// window), rather than drawn whole in paintEvent or renderToImage().
    bool lastFrameRasterisedAhead() const;

    /// FXAA anti-aliasing (default on). It about doubles the frame time with
    /// a software renderer; it is skipped anyway while the camera is dragged.
    void setAntiAliasing(bool on);
    bool antiAliasing() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// Emitted after each render with its duration, for status displays.
    void rendered(double milliseconds);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace impactlab::ui
