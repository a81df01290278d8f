#include "VtkView.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <QPointer>
#include <QWheelEvent>

#include <vtkActor.h>
#include <vtkActorCollection.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkCamera.h>
#include <vtkCoordinate.h>
#include <vtkMapper.h>
#include <vtk_glew.h>
#include <vtkOpenGLPolyDataMapper.h>
#include <vtkOpenGLVertexBufferObject.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkRenderStepsPass.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>
#include <vtkSmartPointer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkTranslucentPass.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWeakPointer.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "common/InteractiveQuality.h"
#include "render/CameraFraming.h"
#include "render/CameraMoves.h"
#include "render/CaptionFitter.h"
#include "render/VtkSupport.h"

namespace impactlab::ui {

namespace {

// Dragging across the whole widget turns the camera by this much: enough to
// see the far side of the scene in one stroke without being twitchy.
constexpr double kRotateDegreesPerWidgetExtent = 180.0;
// One wheel notch (Qt reports 120 units per notch) moves the camera 10 %
// closer or farther: small enough to aim, big enough to cross a scene quickly.
constexpr double kWheelUnitsPerNotch = 120.0;
constexpr double kDollyFactorPerNotch = 1.1;
// Right-drag over the whole widget height dollies by this factor.
constexpr double kDollyFactorPerWidgetHeight = 4.0;
// Bytes per RGBA pixel as read back from VTK.
constexpr int kBytesPerPixel = 4;
// VTK's "front" flag of the read-back calls: 0 reads the back buffer, into
// which Render() blits the finished frame. The buffers are never swapped
// (see the constructor), so the front buffer holds nothing.
constexpr int kReadBackBuffer = 0;

// Interactive level of detail. Mesa's software renderer costs about 3 ms
// plus 20 ms per million pixels (measured at 0.18, 0.43 and 1.04 Mpx), and
// FXAA doubles it: a full-quality frame of the default window's 3D view takes
// ~30 ms, twice a 60 Hz frame. While the scene changes in a burst (a slider
// dragged, playback, the camera dragged), frames are drawn at a reduced
// resolution without FXAA and scaled up; once nothing has changed for
// kRefineDelayMs the view is drawn again at full quality. Exports and
// renderToImage() are always at full quality (common/InteractiveQuality.h).
// The reduced frame has about kInteractivePixels pixels (the default
// window's 3D view at a third of its resolution: 5 ms of a 16 ms budget
// instead of 7 at half), never less than kMinInteractiveScale of the
// resolution, and never more than all of it.
constexpr double kInteractivePixels = 55e3;
constexpr double kMinInteractiveScale = 0.3;

// The share of the resolution an interactive frame of `size` is drawn at.
double interactiveScale(QSize size) {
    const double pixels = static_cast<double>(size.width()) * size.height();
    if (!(pixels > 0.0)) return 1.0;
    return std::clamp(std::sqrt(kInteractivePixels / pixels), kMinInteractiveScale, 1.0);
}

QSize scaledSize(QSize size, double scale) {
    return {std::max(1, qRound(size.width() * scale)), std::max(1, qRound(size.height() * scale))};
}

constexpr QSize kPreferredSize{640, 480};
constexpr QSize kMinimumSize{160, 120};

constexpr double kNanosecondsPerMillisecond = 1e6;

// VTK 9.1 on Linux renders through GLX even off-screen and aborts the whole
// process when it cannot reach an X server, so never try without one.
bool xDisplayAvailable() {
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    return !qEnvironmentVariableIsEmpty("DISPLAY");
#else
    return true;
#endif
}

vtkSmartPointer<vtkRenderStepsPass> makeInteractivePass() {
    auto steps = vtkSmartPointer<vtkRenderStepsPass>::New();
    steps->SetTranslucentPass(vtkSmartPointer<vtkTranslucentPass>::New());
    return steps;
}

QSize devicePixelSize(const QWidget& widget) {
    const qreal ratio = widget.devicePixelRatioF();
    return {qRound(widget.width() * ratio), qRound(widget.height() * ratio)};
}

}  // namespace

// What a held mouse button does to the camera. Outside the anonymous
// namespace: Impl holds one, and in a unity build this file is not the
// translation unit's main file (GCC's -Wsubobject-linkage).
enum class VtkDragMode { None, Rotate, Pan, Dolly };

struct VtkView::Impl {
    vtkSmartPointer<vtkRenderWindow> window = vtkSmartPointer<vtkRenderWindow>::New();
    vtkSmartPointer<vtkRenderer> renderer = vtkSmartPointer<vtkRenderer>::New();
    vtkSmartPointer<vtkUnsignedCharArray> pixels = vtkSmartPointer<vtkUnsignedCharArray>::New();
    // The default steps with plain alpha blending for translucency (see render()).
    vtkSmartPointer<vtkRenderStepsPass> interactivePass = makeInteractivePass();

    // Actors with a coarser mapper for reduced frames (setInteractiveMapper).
    struct Detail {
        vtkWeakPointer<vtkActor> actor;
        vtkSmartPointer<vtkMapper> full, coarse;
    };
    std::vector<Detail> details;
    // Gives every paired actor the mapper of this frame's quality.
    void selectDetail(bool fast);
    // Lines wider than a pixel are drawn by a geometry shader in VTK's
    // core-profile renderer, which Mesa's software renderer runs on this
    // thread for every vertex (2 of the ball row's 7 ms per frame). A reduced
    // frame is scaled up by 1 / scale, so its lines are drawn that much thinner
    // (never under a pixel) and show about as wide as in a full frame.
    struct ThinnedLine {
        vtkWeakPointer<vtkProperty> property;
        float full, thinned;
    };
    std::vector<ThinnedLine> thinned;
    // Text has its size in pixels too (a caption, billboard labels): in a
    // reduced frame it is drawn smaller by the frame's scale, and its place
    // in display pixels moves with it, so the scaled-up frame shows it where
    // and as large as a full frame does (not three times larger).
    struct ShrunkText {
        vtkWeakPointer<vtkTextProperty> property;
        int full, shrunk;
        vtkWeakPointer<vtkCoordinate> position;   // a text actor's anchor in display pixels, or null
        double fullAt[2], shrunkAt[2];
    };
    std::vector<ShrunkText> shrunk;
    // Captions broken to the frame's width (CaptionFitter.h).
    render::CaptionFitter captions;
    // Line widths and text sizes for this frame's scale (1 for a full frame).
    void selectPixelSizes(bool fast, double scale);
    // VTK shifts and scales a mapper's coordinates into single precision
    // around the data's own range, which it computes over every point at each
    // upload (on a worker pool that is woken for the purpose): a third of a
    // millisecond a frame on the vehicle scenes. The scenes are metres
    // around the origin, where floats resolve micrometres, so the mappers
    // upload their coordinates as they are.
    void skipShiftScale();

    QImage frame;           // last rendered image, already flipped
    bool dirty = true;      // scene or camera changed since `frame`
    InteractiveQuality* quality = nullptr;   // reduced frames during a burst of changes
    double lastMs = 0.0;
    bool antiAliasing = true;
    QVector3D worldUp;  // null: free trackball
    render::FramingRule framing;

    VtkDragMode drag = VtkDragMode::None;
    QPointF lastMouse;

    // Renders at `size` device pixels and returns the flipped image; with
    // `fast`, at interactiveScale() of it without FXAA.
    QImage render(QSize size, qreal devicePixelRatio, bool fast = false);
    // render() in two halves: submit() gives the frame to GL, whose
    // rasteriser (Mesa's threads) draws it while this thread goes on;
    // readBack() waits for the pixels and makes them `frame`.
    bool submit(QSize size, qreal devicePixelRatio, bool fast);
    QImage readBack();
    struct Submitted {
        QSize size, scaled;     // the widget's device pixels; the frame's
        qreal ratio;            // the image's device pixel ratio
        bool fast;
        double submitMs;
    };
    std::optional<Submitted> submitted;   // a frame given to GL and not yet read
    bool lastAhead = false;               // the last frame was submitted as a paint pass began
    QPointer<QWidget> watchedWindow;      // whose paint passes submit this view's frame first
};

void VtkView::Impl::selectDetail(bool fast) {
    details.erase(std::remove_if(details.begin(), details.end(),
                                 [](const Detail& d) {
                                     vtkMapper* current = d.actor ? d.actor->GetMapper() : nullptr;
                                     return current != d.full && current != d.coarse;
                                 }),
                  details.end());
    for (const Detail& d : details) d.actor->SetMapper(fast ? d.coarse : d.full);
}

void VtkView::Impl::selectPixelSizes(bool fast, double scale) {
    // Each is restored unless its owner has set another value meanwhile.
    if (!fast) {
        for (const ThinnedLine& t : thinned)
            if (t.property && t.property->GetLineWidth() == t.thinned) t.property->SetLineWidth(t.full);
        thinned.clear();
        for (const ShrunkText& t : shrunk) {
            if (t.property && t.property->GetFontSize() == t.shrunk) t.property->SetFontSize(t.full);
            if (t.position) {
                const double* at = t.position->GetValue();
                if (at[0] == t.shrunkAt[0] && at[1] == t.shrunkAt[1]) t.position->SetValue(t.fullAt[0], t.fullAt[1]);
            }
        }
        shrunk.clear();
        return;
    }
    auto shrinkText = [&](vtkTextProperty* p, vtkCoordinate* position) {
        if (!p || std::any_of(shrunk.begin(), shrunk.end(), [p](const ShrunkText& t) { return t.property == p; })) return;
        ShrunkText t{p, p->GetFontSize(), std::max(1, static_cast<int>(std::lround(p->GetFontSize() * scale))), nullptr, {}, {}};
        p->SetFontSize(t.shrunk);
        if (position && position->GetCoordinateSystem() == VTK_DISPLAY) {
            t.position = position;
            const double* at = position->GetValue();
            t.fullAt[0] = at[0];
            t.fullAt[1] = at[1];
            t.shrunkAt[0] = at[0] * scale;
            t.shrunkAt[1] = at[1] * scale;
            position->SetValue(t.shrunkAt[0], t.shrunkAt[1]);
        }
        shrunk.push_back(t);
    };
    render::forEachViewProp(window, [&](vtkRenderer*, vtkProp* prop) {
        if (auto* text = vtkTextActor::SafeDownCast(prop)) {
            shrinkText(text->GetTextProperty(), text->GetPositionCoordinate());
        } else if (auto* label = vtkBillboardTextActor3D::SafeDownCast(prop)) {
            shrinkText(label->GetTextProperty(), nullptr);
        } else if (auto* actor = vtkActor::SafeDownCast(prop)) {
            vtkProperty* p = actor->GetProperty();
            const float width = p->GetLineWidth();
            if (!(width > 1.0f)) return;
            if (std::any_of(thinned.begin(), thinned.end(), [p](const ThinnedLine& t) { return t.property == p; })) return;
            const float narrow = std::max(1.0f, static_cast<float>(width * scale));
            thinned.push_back({p, width, narrow});
            p->SetLineWidth(narrow);
        }
    });
}

void VtkView::Impl::skipShiftScale() {
    vtkRendererCollection* renderers = window->GetRenderers();
    renderers->InitTraversal();
    while (vtkRenderer* r = renderers->GetNextItem()) {
        vtkActorCollection* actors = r->GetActors();
        actors->InitTraversal();
        while (vtkActor* actor = actors->GetNextActor()) {
            auto* mapper = vtkOpenGLPolyDataMapper::SafeDownCast(actor->GetMapper());
            if (mapper && mapper->GetVBOShiftScaleMethod() != vtkOpenGLVertexBufferObject::DISABLE_SHIFT_SCALE)
                mapper->SetVBOShiftScaleMethod(vtkOpenGLVertexBufferObject::DISABLE_SHIFT_SCALE);
        }
    }
}

bool VtkView::Impl::submit(QSize size, qreal devicePixelRatio, bool fast) {
    submitted.reset();
    if (size.isEmpty() || !xDisplayAvailable()) {
        return false;  // a zero-area GL surface is an error on most drivers
    }
    QElapsedTimer timer;
    timer.start();

    const double scale = fast ? interactiveScale(size) : 1.0;
    const QSize scaled = scaledSize(size, scale);
    const int w = scaled.width();
    const int h = scaled.height();
    const int* current = window->GetSize();
    if (current[0] != w || current[1] != h) {
        window->SetSize(w, h);
    }
    // FXAA roughly doubles the frame time in Mesa's software renderer
    // (measured 4.5 -> 9.6 ms at 400x300), so it is left out while the user
    // drags the camera and comes back on the frame after release.
    renderer->SetUseFXAA(antiAliasing && drag == VtkDragMode::None && !fast);
    // Order-independent translucency (VTK's default) draws the translucent
    // surfaces into extra full-frame buffers and blends them in a further
    // pass: 4-5 ms of the vehicle view's 12 ms frame in Mesa's software
    // renderer. An interactive frame blends them in drawing order instead.
    renderer->SetPass(fast ? interactivePass.Get() : nullptr);
    selectDetail(fast);
    selectPixelSizes(fast, scale);
    captions.fit(window, w);
    skipShiftScale();
    framing.apply(renderer, double(size.width()) / size.height());
    // Bodies move between frames, so the near/far planes must follow them;
    // otherwise a body that moved off the original bounds is clipped away.
    renderer->ResetCameraClippingRange();
    window->Render();
    // Mesa's software renderer bins the frame on this thread and rasterises
    // it on its own threads only once the commands are flushed: without the
    // flush, the read-back would start (and wait for) all of it.
    glFlush();
    submitted = Submitted{size, scaled, devicePixelRatio * scale, fast,
                          static_cast<double>(timer.nsecsElapsed()) / kNanosecondsPerMillisecond};
    dirty = false;
    return true;
}

QImage VtkView::Impl::readBack() {
    if (!submitted) return {};
    const Submitted f = *submitted;
    submitted.reset();
    QElapsedTimer timer;
    timer.start();
    const int w = f.scaled.width();
    const int h = f.scaled.height();
    const vtkIdType expected = static_cast<vtkIdType>(w) * h * kBytesPerPixel;
    if (!window->GetRGBACharPixelData(0, 0, w - 1, h - 1, kReadBackBuffer, pixels)
        || pixels->GetNumberOfValues() < expected) {
        return {};
    }

    // VTK's rows start at the bottom, QImage's at the top. The pixels go
    // into the window's own format (0xffRRGGBB), which QPainter scales and
    // copies without a conversion per pixel: alpha is dropped, the widget is
    // opaque whatever the GL alpha holds. The last frame's buffer is reused
    // when nothing else holds it (a fresh 1.6 MB image per frame costs page
    // faults).
    if (frame.size() != QSize(w, h) || frame.format() != QImage::Format_RGB32) frame = QImage(w, h, QImage::Format_RGB32);
    QImage& image = frame;
    const auto* src = pixels->GetPointer(0);
    for (int y = 0; y < h; ++y) {
        const unsigned char* in = src + static_cast<size_t>(h - 1 - y) * static_cast<size_t>(w) * kBytesPerPixel;
        auto* out = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < w; ++x, in += kBytesPerPixel) out[x] = qRgb(in[0], in[1], in[2]);
    }
    image.setDevicePixelRatio(f.ratio);
    lastMs = f.submitMs + static_cast<double>(timer.nsecsElapsed()) / kNanosecondsPerMillisecond;
    return image;
}

QImage VtkView::Impl::render(QSize size, qreal devicePixelRatio, bool fast) {
    lastAhead = false;
    return submit(size, devicePixelRatio, fast) ? readBack() : QImage();
}

VtkView::VtkView(QWidget* parent) : QWidget(parent), d_(std::make_unique<Impl>()) {
    d_->quality = new InteractiveQuality(this, [this] {
        d_->dirty = true;
        update();
    });
    d_->window->SetOffScreenRendering(1);
    d_->window->AddRenderer(d_->renderer);
    // Anti-aliasing is done by FXAA (see Impl::render): multisampling costs
    // more in Mesa's software renderer (measured 31 vs 23 ms at 800x600).
    d_->window->SetMultiSamples(0);
    // The frame is read back from the back buffer, where Render() leaves it.
    // Swapping it to the front would put the whole image to the (hidden) X
    // window on every frame, an X round trip with a copy of the frame: 2-3 ms
    // of a reduced frame's 7-9 in Mesa's software renderer under Xvfb.
    d_->window->SwapBuffersOff();

    // Not Qt::WA_OpaquePaintEvent, although the view paints every pixel: Qt
    // paints opaque widgets before all others in a paint pass, and this view
    // must come last, when its frame has been rasterised (see eventFilter).
    setFocusPolicy(Qt::StrongFocus);
}

VtkView::~VtkView() {
    // Release GL resources while the renderer and its props still exist.
    d_->window->Finalize();
}

vtkRenderer* VtkView::renderer() const { return d_->renderer; }
vtkRenderWindow* VtkView::renderWindow() const { return d_->window; }

void VtkView::requestRender() {
    d_->quality->noteChange();
    if (d_->drag != VtkDragMode::None) d_->quality->noteInteraction();
    d_->dirty = true;
    update();
}

bool VtkView::isInteractiveFrame() const { return d_->quality->isInteractive(); }

void VtkView::setInteractiveMapper(vtkActor* actor, vtkMapper* mapper) {
    if (!actor || !mapper) return;
    auto same = [actor](const Impl::Detail& d) { return d.actor == actor; };
    auto it = std::find_if(d_->details.begin(), d_->details.end(), same);
    if (it == d_->details.end()) it = d_->details.insert(d_->details.end(), Impl::Detail{actor, actor->GetMapper(), mapper});
    else if (actor->GetMapper() != it->coarse) it->full = actor->GetMapper();
    it->coarse = mapper;
}

QImage VtkView::renderToImage() {
    QImage image = d_->render(devicePixelSize(*this), devicePixelRatioF());
    if (!image.isNull()) {
        emit rendered(d_->lastMs);
    }
    return image;
}

bool VtkView::saveImage(const QString& path) {
    const QImage image = renderToImage();
    return !image.isNull() && image.save(path);
}

void VtkView::setFramedExtent(const void* source, const Eigen::AlignedBox3d& box) {
    d_->framing.setExtent(source, box);
}

void VtkView::setFramingAngles(double azimuthDegrees, double elevationDegrees) {
    d_->framing.setAngles(azimuthDegrees, elevationDegrees);
}

void VtkView::resetCamera() {
    d_->framing.requestFraming();
    updateFraming();   // at once, for whoever reads the camera; again at the next frame if the scene grows
    requestRender();
}

bool VtkView::cameraMovedByUser() const { return d_->framing.userMoved(); }
void VtkView::noteCameraMovedByUser() { d_->framing.noteUserMove(); }

bool VtkView::updateFraming() {
    const QSize size = devicePixelSize(*this);
    return d_->framing.apply(d_->renderer, size.height() > 0 ? double(size.width()) / size.height() : 1.0);
}

double VtkView::lastRenderMilliseconds() const { return d_->lastMs; }
QSize VtkView::lastFrameSize() const { return d_->frame.size(); }
bool VtkView::lastFrameRasterisedAhead() const { return d_->lastAhead; }

void VtkView::setWorldUp(const QVector3D& up) { d_->worldUp = up; }

void VtkView::setAntiAliasing(bool on) {
    d_->antiAliasing = on;
    requestRender();
}

bool VtkView::antiAliasing() const { return d_->antiAliasing; }

QSize VtkView::sizeHint() const { return kPreferredSize; }
QSize VtkView::minimumSizeHint() const { return kMinimumSize; }

void VtkView::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    const QSize size = devicePixelSize(*this);
    const bool interactive = d_->quality->isInteractive();
    const QSize frameSize = interactive ? scaledSize(size, interactiveScale(size)) : size;
    const bool submittedFits = d_->submitted && d_->submitted->size == size && d_->submitted->fast == interactive;
    if (submittedFits && !d_->dirty) {
        d_->readBack();   // the frame submitted as the window's paint pass began
        d_->lastAhead = true;
        emit rendered(d_->lastMs);
    } else if (d_->dirty || d_->frame.size() != frameSize) {
        d_->render(size, devicePixelRatioF(), interactive);
        emit rendered(d_->lastMs);
    }
    if (d_->frame.isNull()) {
        painter.fillRect(rect(), palette().window());
        if (!xDisplayAvailable()) {
            painter.drawText(rect(), Qt::AlignCenter, tr("3D view unavailable: no X display"));
        }
        return;
    }
    // A reduced frame is scaled up (bilinear: blockiness would read as a
    // rendering fault); a full frame is copied pixel for pixel.
    if (interactive) painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(QRectF(rect()), d_->frame);
}

bool VtkView::eventFilter(QObject* watched, QEvent* event) {
    // The window's paint pass is about to begin. A changed frame is given to
    // GL now, and Mesa's rasteriser threads draw it while this thread paints
    // the window's other widgets (charts, tables, text: 2-4 ms); this view,
    // painted last (see showEvent), then only reads the pixels back (0.2 ms
    // instead of 2-3). Only paint handlers run between here and its
    // paintEvent, and none of them touches VTK.
    if (watched == d_->watchedWindow && event->type() == QEvent::UpdateRequest && d_->dirty && isVisible() &&
        !d_->frame.isNull()) {
        d_->submit(devicePixelSize(*this), devicePixelRatioF(), d_->quality->isInteractive());
    }
    return QWidget::eventFilter(watched, event);
}

void VtkView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (window() != d_->watchedWindow) {
        if (d_->watchedWindow) d_->watchedWindow->removeEventFilter(this);
        d_->watchedWindow = window();
        d_->watchedWindow->installEventFilter(this);
    }
    // Widgets are painted in stacking order: with this view and its
    // containers on top of their siblings (which they do not overlap), the
    // window paints its other widgets while the frame is rasterised, and this
    // view last.
    for (QWidget* w = this; w && !w->isWindow(); w = w->parentWidget()) w->raise();
}

void VtkView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    d_->dirty = true;  // paintEvent follows a resize; it re-renders at the new size
}

void VtkView::mousePressEvent(QMouseEvent* event) {
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    switch (event->button()) {
        case Qt::LeftButton: d_->drag = shift ? VtkDragMode::Pan : VtkDragMode::Rotate; break;
        case Qt::MiddleButton: d_->drag = VtkDragMode::Pan; break;
        case Qt::RightButton: d_->drag = VtkDragMode::Dolly; break;
        default: return QWidget::mousePressEvent(event);
    }
    d_->lastMouse = event->position();
    setCursor(d_->drag == VtkDragMode::Rotate ? Qt::ClosedHandCursor : Qt::SizeAllCursor);
    event->accept();
}

void VtkView::mouseReleaseEvent(QMouseEvent* event) {
    const bool wasDragging = d_->drag != VtkDragMode::None;
    d_->drag = VtkDragMode::None;
    unsetCursor();
    if (wasDragging && d_->antiAliasing) {
        requestRender();  // the final, anti-aliased frame
    }
    event->accept();
}

void VtkView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        resetCamera();
        event->accept();
    }
}

void VtkView::mouseMoveEvent(QMouseEvent* event) {
    if (d_->drag == VtkDragMode::None || width() <= 0 || height() <= 0) {
        return QWidget::mouseMoveEvent(event);
    }
    const QPointF delta = event->position() - d_->lastMouse;
    d_->lastMouse = event->position();
    vtkCamera* camera = d_->renderer->GetActiveCamera();
    switch (d_->drag) {
        case VtkDragMode::Rotate: {
            // The scene follows the hand: dragging right turns the camera left
            // about the vertical; dragging down lifts the camera.
            const double azimuth = -delta.x() * kRotateDegreesPerWidgetExtent / width();
            const double elevation = delta.y() * kRotateDegreesPerWidgetExtent / height();
            render::rotateCamera(camera, azimuth, elevation, d_->worldUp);
            break;
        }
        case VtkDragMode::Pan: render::panCamera(camera, delta, height()); break;
        case VtkDragMode::Dolly:
            // Dragging up moves closer, as with the wheel.
            render::dollyCamera(camera, std::pow(kDollyFactorPerWidgetHeight, -delta.y() / height()));
            break;
        case VtkDragMode::None: break;
    }
    noteCameraMovedByUser();
    requestRender();
    event->accept();
}

void VtkView::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / kWheelUnitsPerNotch;
    if (notches == 0.0) {
        return QWidget::wheelEvent(event);
    }
    render::dollyCamera(d_->renderer->GetActiveCamera(), std::pow(kDollyFactorPerNotch, notches));
    noteCameraMovedByUser();
    requestRender();
    event->accept();
}

}  // namespace impactlab::ui
