// Proves by reading pixels that VtkView really shows the SceneRenderer scene.
// Needs an X display (VTK renders through GLX even off-screen); run under
//   xvfb-run -a -s "-screen 0 1280x1024x24" ./test_vtkview_pixels

#include "render/SceneRenderer.h"
#include "render/VtkView.h"
#include "common/InteractiveQuality.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QScreen>
#include <QTest>
#include <QImage>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QSet>

#include <gtest/gtest.h>

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCoordinate.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

constexpr int kWidth = 400;
constexpr int kHeight = 300;

// "Reddish" as the brief defines it. Lit red (0.9, 0.1, 0.1) reaches about
// (230, 30, 30) after shading; its lighter tinted half and dark band, the grey
// ground and the blue-grey sky all fail at least one of these bounds.
constexpr int kRedMin = 150;
constexpr int kGreenMax = 100;
constexpr int kBlueMax = 100;
// A sphere framed by resetCamera() covers far more than 1 % of the image even
// though only its plain-red half counts; 1 % is well above any stray pixels.
constexpr double kMinReddishShare = 0.01;
// Reddish pixels must lie within this many projected radii of the projected
// centre: a little more than 1 to allow for the silhouette's anti-aliasing.
constexpr double kNearCentreRadii = 1.3;
// With the sphere outside the frustum nothing red remains; this allows a
// handful of pixels should anti-aliasing of grey lines ever tint one.
constexpr double kMaxStrayReddishShare = 0.0005;
// Sky blue-grey (0.70, 0.77, 0.86) has blue about 40 levels above red; the
// grey-beige ground has red at or above blue. Half that margin tells them
// apart and catches an image read back upside down.
constexpr int kSkyBlueExcess = 20;
// The image must have many distinct colours (sky gradient, ground, shading),
// not one flat fill: a failed read-back gives a single colour.
constexpr int kMinDistinctColours = 50;

// Time allowed beyond the refine delay for the full frame to be scheduled, ms.
constexpr int kRefineSlackMs = 200;
// The refined frame comes kRefineDelayMs after a burst; a machine busy with
// other work may deliver the timer much later. This only catches a frame
// that never comes, ms.
constexpr int kSettleHangGuardMs = 30000;

// Tessellations of the level-of-detail test's sphere (any two differ).
constexpr int kFullSegments = 32;
constexpr int kCoarseSegments = 8;
// A line width the reduced frames thin, and a caption they shrink (px).
constexpr float kWideLine = 3.0f;
constexpr int kCaptionFontSize = 18;
constexpr int kCaptionX = 30, kCaptionY = 60;

const Eigen::Vector3d kRed{0.9, 0.1, 0.1};
constexpr double kSphereRadius = 1.0;

bool reddish(QRgb p) { return qRed(p) > kRedMin && qGreen(p) < kGreenMax && qBlue(p) < kBlueMax; }

// Projects a world point to image pixel coordinates (origin top-left).
Eigen::Vector2d project(vtkRenderer* renderer, const Eigen::Vector3d& world, int imageHeight) {
    renderer->SetWorldPoint(world.x(), world.y(), world.z(), 1.0);
    renderer->WorldToDisplay();
    double display[3];
    renderer->GetDisplayPoint(display);
    return {display[0], imageHeight - 1 - display[1]};
}

struct RedCount {
    int total = 0;
    int nearCentre = 0;
};

RedCount countReddish(const QImage& image, const Eigen::Vector2d& centre, double radius) {
    RedCount count;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (!reddish(image.pixel(x, y))) {
                continue;
            }
            ++count.total;
            if ((Eigen::Vector2d(x, y) - centre).norm() <= kNearCentreRadii * radius) {
                ++count.nearCentre;
            }
        }
    }
    return count;
}

class VtkViewPixels : public ::testing::Test {
protected:
    void SetUp() override {
        view.resize(kWidth, kHeight);
        scene.setGround(0.0, 5.0);
        BodyVisual ball;
        ball.shape = BodyVisual::Shape::Sphere;
        ball.radius = kSphereRadius;
        ball.color = kRed;
        scene.setBodies({ball});
        scene.setPoses({BodyPose{spherePosition, Eigen::Quaterniond::Identity()}});
        scene.resetCamera();
    }

    // The sphere's projected centre and radius in pixels of an image
    // `imageHeight` high, as the last frame drawn projects them.
    std::pair<Eigen::Vector2d, double> projectSphere(int imageHeight) {
        vtkRenderer* renderer = view.renderer();
        const Eigen::Vector2d centre = project(renderer, spherePosition, imageHeight);
        double up[3];
        renderer->GetActiveCamera()->GetViewUp(up);
        const Eigen::Vector3d rim = spherePosition + kSphereRadius * Eigen::Vector3d(up[0], up[1], up[2]);
        return {centre, (project(renderer, rim, imageHeight) - centre).norm()};
    }

    VtkView view;
    SceneRenderer scene{view};
    Eigen::Vector3d spherePosition{0.0, 0.0, kSphereRadius};  // resting on the ground
};

TEST_F(VtkViewPixels, ImageHasRightSizeAndIsNotUniform) {
    const QImage image = view.renderToImage();
    ASSERT_FALSE(image.isNull());
    // The image is in device pixels (1 per widget pixel under Xvfb).
    EXPECT_EQ(image.width(), qRound(kWidth * view.devicePixelRatioF()));
    EXPECT_EQ(image.height(), qRound(kHeight * view.devicePixelRatioF()));

    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            colours.insert(image.pixel(x, y));
        }
    }
    EXPECT_GE(colours.size(), kMinDistinctColours);
    EXPECT_GT(view.lastRenderMilliseconds(), 0.0);

    // The default view looks down on the ground from above: sky at the top
    // edge, ground at the bottom edge.
    const QRgb top = image.pixel(image.width() / 2, 0);
    const QRgb bottom = image.pixel(image.width() / 2, image.height() - 1);
    EXPECT_GT(qBlue(top) - qRed(top), kSkyBlueExcess) << std::hex << top;
    EXPECT_GE(qRed(bottom), qBlue(bottom)) << std::hex << bottom;
}

TEST_F(VtkViewPixels, RedSphereShowsWhereItProjects) {
    const QImage image = view.renderToImage();
    ASSERT_FALSE(image.isNull());
    const auto [centre, radius] = projectSphere(image.height());

    const RedCount count = countReddish(image, centre, radius);
    const double pixels = double(image.width()) * image.height();
    EXPECT_GT(count.nearCentre, kMinReddishShare * pixels)
        << "centre " << centre.transpose() << " radius " << radius << " total " << count.total;
    EXPECT_EQ(count.nearCentre, count.total) << "red pixels away from the sphere";
    std::printf("reddish pixels near the sphere: %d of %d (%.1f %% of the image)\n", count.nearCentre,
                int(pixels), 100.0 * count.nearCentre / pixels);
}

TEST_F(VtkViewPixels, SphereOutsideFrustumLeavesNoRed) {
    // Put the sphere behind the camera, well outside the view frustum; the
    // camera itself stays where resetCamera() put it (as if the user had
    // placed it: otherwise the view would frame the moved sphere).
    view.noteCameraMovedByUser();
    double position[3];
    double focal[3];
    vtkCamera* camera = view.renderer()->GetActiveCamera();
    camera->GetPosition(position);
    camera->GetFocalPoint(focal);
    const Eigen::Vector3d eye(position[0], position[1], position[2]);
    const Eigen::Vector3d behind = eye + (eye - Eigen::Vector3d(focal[0], focal[1], focal[2]));
    scene.setPoses({BodyPose{behind, Eigen::Quaterniond::Identity()}});

    const QImage image = view.renderToImage();
    ASSERT_FALSE(image.isNull());
    const RedCount count = countReddish(image, Eigen::Vector2d::Zero(), 0.0);
    EXPECT_LE(count.total, kMaxStrayReddishShare * image.width() * image.height());
}

Eigen::Vector3d cameraVector(vtkCamera* camera, void (vtkCamera::*getter)(double[3])) {
    double v[3];
    (camera->*getter)(v);
    return {v[0], v[1], v[2]};
}

void sendMouse(QWidget& widget, QEvent::Type type, QPointF at, Qt::MouseButton button) {
    const Qt::MouseButtons held = type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::MouseButtons(button);
    QMouseEvent event(type, at, widget.mapToGlobal(at), button, held, Qt::NoModifier);
    QApplication::sendEvent(&widget, &event);
}

TEST_F(VtkViewPixels, MouseMovesCameraAndDoubleClickRestoresIt) {
    view.renderToImage();
    vtkCamera* camera = view.renderer()->GetActiveCamera();
    const Eigen::Vector3d home = cameraVector(camera, &vtkCamera::GetPosition);
    const Eigen::Vector3d focal = cameraVector(camera, &vtkCamera::GetFocalPoint);
    const double homeDistance = camera->GetDistance();

    // One wheel notch forward moves closer by the adapter's dolly factor.
    constexpr int kOneNotch = 120;
    QWheelEvent wheel(QPointF(kWidth / 2, kHeight / 2), view.mapToGlobal(QPointF(kWidth / 2, kHeight / 2)),
                      QPoint(), QPoint(0, kOneNotch), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                      false);
    QApplication::sendEvent(&view, &wheel);
    EXPECT_LT(camera->GetDistance(), homeDistance);

    // A diagonal left drag orbits about the focal point and, the scene being
    // z-up, keeps the horizon level: the camera's right vector stays horizontal.
    const QPointF start(kWidth / 2, kHeight / 2);
    const QPointF end = start + QPointF(kWidth / 4, kHeight / 5);
    sendMouse(view, QEvent::MouseButtonPress, start, Qt::LeftButton);
    sendMouse(view, QEvent::MouseMove, end, Qt::LeftButton);
    sendMouse(view, QEvent::MouseButtonRelease, end, Qt::LeftButton);
    const Eigen::Vector3d forward = cameraVector(camera, &vtkCamera::GetDirectionOfProjection);
    const Eigen::Vector3d up = cameraVector(camera, &vtkCamera::GetViewUp);
    constexpr double kTolerance = 1e-9;  // pure floating-point round-off
    EXPECT_NEAR(forward.cross(up).normalized().z(), 0.0, kTolerance);
    EXPECT_GT(up.z(), 0.0);
    EXPECT_TRUE(cameraVector(camera, &vtkCamera::GetFocalPoint).isApprox(focal, kTolerance));
    EXPECT_FALSE(cameraVector(camera, &vtkCamera::GetPosition).isApprox(home, kTolerance));

    sendMouse(view, QEvent::MouseButtonDblClick, start, Qt::LeftButton);
    EXPECT_TRUE(cameraVector(camera, &vtkCamera::GetPosition).isApprox(home, kTolerance));
    EXPECT_FALSE(view.renderToImage().isNull());
}

// A burst of changes (a slider dragged) is drawn at reduced resolution and
// scaled up: the widget still shows the sphere where it projects, and once
// the changes stop it is drawn again at full resolution.
TEST_F(VtkViewPixels, BurstFramesShowTheSceneThenRefine) {
    view.show();
    // repaint() draws only on a window the X server has mapped: on a loaded
    // machine that takes longer than one turn of the event loop.
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QApplication::processEvents();
    // Where the sphere projects in the full-resolution frame (VTK's display
    // coordinates follow the size of the last frame drawn).
    const QSize device = view.renderToImage().size();
    const auto [centre, radius] = projectSphere(device.height());

    // Two changes in quick succession: the second continues a burst.
    scene.setPoses({BodyPose{spherePosition, Eigen::Quaterniond::Identity()}});
    view.requestRender();
    view.requestRender();
    ASSERT_TRUE(view.isInteractiveFrame());
    const QImage fast = view.grab().toImage();
    ASSERT_EQ(fast.size(), device);
    const double pixels = double(device.width()) * device.height();
    const RedCount during = countReddish(fast, centre, radius);
    EXPECT_GT(during.nearCentre, kMinReddishShare * pixels);
    EXPECT_EQ(during.nearCentre, during.total) << "red pixels away from the sphere in a reduced frame";

    // After the burst the view refines by itself.
    QElapsedTimer clock;
    clock.start();
    while (view.isInteractiveFrame() && clock.elapsed() < kSettleHangGuardMs)
        QApplication::processEvents(QEventLoop::AllEvents, kRefineSlackMs);
    EXPECT_FALSE(view.isInteractiveFrame());
    const QImage full = view.grab().toImage();
    EXPECT_EQ(view.lastFrameSize(), device);
    const RedCount after = countReddish(full, centre, radius);
    EXPECT_GT(after.nearCentre, kMinReddishShare * pixels);
    EXPECT_EQ(after.nearCentre, after.total);
    // Both are real renders (sky gradient, shading), not a flat fill.
    QSet<QRgb> fastColours, fullColours;
    for (int y = 0; y < device.height(); ++y)
        for (int x = 0; x < device.width(); ++x) {
            fastColours.insert(fast.pixel(x, y));
            fullColours.insert(full.pixel(x, y));
        }
    EXPECT_GE(fullColours.size(), kMinDistinctColours);
    EXPECT_GE(fastColours.size(), kMinDistinctColours);
}

// In a window, a changed frame is given to GL as the window's paint pass
// begins and read back when the view is painted, after the window's other
// widgets: what reaches the screen is the moved scene, not the last frame.
TEST_F(VtkViewPixels, AWindowsPaintPassShowsTheFrameRasterisedAhead) {
    QWidget window;
    auto* layout = new QHBoxLayout(&window);
    auto* label = new QLabel("a widget painted in the same pass");
    layout->addWidget(label);
    view.setParent(&window);
    layout->addWidget(&view);
    window.resize(kWidth + label->sizeHint().width() + 40, kHeight + 20);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QApplication::processEvents();
    const QSize device = view.renderToImage().size();

    // Move the sphere to the left and let the window paint as an edit would.
    const Eigen::Vector3d moved = spherePosition + Eigen::Vector3d(-3.0 * kSphereRadius, 0.0, 0.0);
    for (const Eigen::Vector3d& at : {moved, moved}) {   // two changes: a burst, reduced frames
        scene.setPoses({BodyPose{at, Eigen::Quaterniond::Identity()}});
        view.requestRender();
        QApplication::processEvents();
    }
    EXPECT_TRUE(view.lastFrameRasterisedAhead());
    // The pixels on screen, from the X server.
    const QImage screen = window.screen()->grabWindow(window.winId()).toImage();
    const QImage shown = screen.copy(QRect(view.mapTo(&window, QPoint(0, 0)), view.size()))
                             .scaled(device, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    // Where the moved sphere projects (a full frame: VTK's display
    // coordinates follow the size of the last frame drawn).
    spherePosition = moved;
    ASSERT_EQ(view.renderToImage().size(), device);
    const auto [centre, radius] = projectSphere(device.height());
    const RedCount red = countReddish(shown, centre, radius);
    const double pixels = double(device.width()) * device.height();
    EXPECT_GT(red.nearCentre, kMinReddishShare * pixels) << "the moved sphere is not on screen";
    EXPECT_LE(red.total - red.nearCentre, kMaxStrayReddishShare * pixels) << "red where the sphere was";
    view.setParent(nullptr);
}

// Level of detail: a paired actor is drawn with its coarse mapper in reduced
// frames and with its own in full ones (a screenshot included).
TEST(VtkViewDetail, CoarseMapperOnlyInReducedFrames) {
    VtkView view;
    view.resize(kWidth, kHeight);
    auto sphere = [](int segments) {
        auto source = vtkSmartPointer<vtkSphereSource>::New();
        source->SetThetaResolution(segments);
        source->SetPhiResolution(segments);
        auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
        mapper->SetInputConnection(source->GetOutputPort());
        return mapper;
    };
    const vtkSmartPointer<vtkPolyDataMapper> full = sphere(kFullSegments), coarse = sphere(kCoarseSegments);
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(full);
    view.renderer()->AddActor(actor);
    view.setInteractiveMapper(actor, coarse);
    view.show();
    // repaint() draws only on a window the X server has mapped: on a loaded
    // machine that takes longer than one turn of the event loop.
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QApplication::processEvents();
    EXPECT_EQ(actor->GetMapper(), full.Get());

    view.requestRender();
    view.requestRender();   // a burst: the next frame is reduced
    ASSERT_TRUE(view.isInteractiveFrame());
    view.repaint();
    EXPECT_EQ(actor->GetMapper(), coarse.Get());
    EXPECT_LT(view.lastFrameSize().width(), kWidth);

    EXPECT_FALSE(view.renderToImage().isNull());   // exports are full quality
    EXPECT_EQ(actor->GetMapper(), full.Get());

    // Another mapper given by the owner ends the pairing.
    const vtkSmartPointer<vtkPolyDataMapper> other = sphere(kCoarseSegments);
    actor->SetMapper(other);
    view.requestRender();
    view.repaint();
    EXPECT_EQ(actor->GetMapper(), other.Get());
}

// Sizes in pixels shrink by the scale of a reduced frame (which is scaled
// up): wide lines, never under a pixel, and text with its place on screen.
// Full frames draw them as set.
TEST(VtkViewDetail, PixelSizesShrinkOnlyInReducedFrames) {
    VtkView view;
    view.resize(kWidth, kHeight);
    auto wide = vtkSmartPointer<vtkActor>::New();
    wide->SetMapper(vtkSmartPointer<vtkPolyDataMapper>::New());
    wide->GetProperty()->SetLineWidth(kWideLine);
    auto thin = vtkSmartPointer<vtkActor>::New();
    thin->SetMapper(vtkSmartPointer<vtkPolyDataMapper>::New());
    view.renderer()->AddActor(wide);
    view.renderer()->AddActor(thin);
    auto caption = vtkSmartPointer<vtkTextActor>::New();
    caption->SetInput("caption");
    caption->GetTextProperty()->SetFontSize(kCaptionFontSize);
    caption->SetDisplayPosition(kCaptionX, kCaptionY);
    view.renderer()->AddViewProp(caption);
    view.show();
    // repaint() draws only on a window the X server has mapped: on a loaded
    // machine that takes longer than one turn of the event loop.
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QApplication::processEvents();

    view.requestRender();
    view.requestRender();   // a burst: the next frame is reduced
    view.repaint();
    const float reduced = wide->GetProperty()->GetLineWidth();
    EXPECT_LT(reduced, kWideLine);
    EXPECT_GE(reduced, 1.0f);
    EXPECT_EQ(thin->GetProperty()->GetLineWidth(), 1.0f);
    const double scale = double(view.lastFrameSize().width()) / kWidth;
    // Font sizes and positions are whole pixels: the scaled value rounds.
    constexpr double kWholePixelTol = 1.0;
    EXPECT_NEAR(caption->GetTextProperty()->GetFontSize(), kCaptionFontSize * scale, kWholePixelTol);
    EXPECT_NEAR(caption->GetPositionCoordinate()->GetValue()[0], kCaptionX * scale, kWholePixelTol);
    EXPECT_NEAR(caption->GetPositionCoordinate()->GetValue()[1], kCaptionY * scale, kWholePixelTol);

    EXPECT_FALSE(view.renderToImage().isNull());   // full quality
    EXPECT_EQ(wide->GetProperty()->GetLineWidth(), kWideLine);
    EXPECT_EQ(caption->GetTextProperty()->GetFontSize(), kCaptionFontSize);
    EXPECT_EQ(caption->GetPositionCoordinate()->GetValue()[0], kCaptionX);
    EXPECT_EQ(caption->GetPositionCoordinate()->GetValue()[1], kCaptionY);
}

TEST(VtkViewEdgeCases, ZeroSizeGivesNullImage) {
    VtkView view;
    view.resize(0, 0);
    EXPECT_TRUE(view.renderToImage().isNull());
    EXPECT_FALSE(view.saveImage(QStringLiteral("/nonexistent/never-written.png")));
}

// gtest_main supplies main(); Qt widgets need a QApplication before the first
// widget, so a global environment creates one for the whole run.
class QtEnvironment : public ::testing::Environment {
public:
    void SetUp() override { app_ = std::make_unique<QApplication>(argc_, argv_); }
    void TearDown() override { app_.reset(); }

private:
    int argc_ = 1;
    char name_[16] = "pixel_test";
    char* argv_[2] = {name_, nullptr};
    std::unique_ptr<QApplication> app_;
};

[[maybe_unused]] const auto* const kQtEnvironment =
    ::testing::AddGlobalTestEnvironment(new QtEnvironment);

}}  // namespace
}  // namespace impactlab::ui
