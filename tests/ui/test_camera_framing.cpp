// The 3D view's camera-framing rule, through the real
// MainWindow as a person uses it: a scene is framed when opened, and again
// when a slider changes its extent, with everything it holds inside the view
// (the car and its barrier, every ball of a longer cradle, a higher drop's
// whole trail); once the user has moved the camera, a slider leaves it alone
// until the camera is reset or another scene is opened.
// Needs an X display for VTK (CTest runs it under with-display.sh).
#include <QApplication>
#include <QMouseEvent>
#include <gtest/gtest.h>

#include <vtkActor.h>
#include <vtkActorCollection.h>
#include <vtkCamera.h>
#include <vtkMath.h>
#include <vtkMatrix4x4.h>
#include <vtkRenderer.h>

#include <Eigen/Geometry>

#include <algorithm>
#include <vector>

#include "MainWindow.h"
#include "WindowTestSupport.h"
#include "render/VtkView.h"
#include "timeline/TimelineWidget.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// A point counts as inside the view when its normalised device coordinates
// are within this of the border (of the [-1, 1] range): 2 % of the half view,
// a dozen pixels in the window's 3D view, so a body cut by the border fails.
constexpr double kInsideMargin = 0.02;
// m: an actor's bounds match a drawn panel's box to a millimetre (both are
// computed from the same point, normal and half size).
constexpr double kBoundsTol = 1e-3;
// A ball's bounds are its diameter within this share (tessellated sphere).
constexpr double kBallSizeShare = 0.05;
// The superball's drop height raised "a lot": the top of its slider, three
// times the scene's 1 m.
constexpr double kHighDrop = 3.0;
constexpr int kCradleBalls = 8;
// Camera coordinates equal to this (m) are the same camera.
constexpr double kSameCameraTol = 1e-9;
// Pixels a simulated drag moves the mouse: a clear turn of the camera.
constexpr int kDragPixels = 60;

// The view's camera projection of `p` into normalised device coordinates.
Eigen::Vector2d calcNdc(VtkView& view, const Eigen::Vector3d& p) {
    const double aspect = double(view.width()) / std::max(1, view.height());
    vtkMatrix4x4* m = view.renderer()->GetActiveCamera()->GetCompositeProjectionTransformMatrix(aspect, -1.0, 1.0);
    double in[4] = {p.x(), p.y(), p.z(), 1.0}, out[4];
    m->MultiplyPoint(in, out);
    return Eigen::Vector2d(out[0], out[1]) / out[3];
}

// The points of `points` outside the view (with the margin), as text; empty
// when every one is inside and in front of the camera.
std::string findOutside(VtkView& view, const std::vector<Eigen::Vector3d>& points, const std::string& what) {
    std::string out;
    vtkCamera* camera = view.renderer()->GetActiveCamera();
    Eigen::Vector3d eye, forward;
    camera->GetPosition(eye.data());
    camera->GetDirectionOfProjection(forward.data());
    for (const Eigen::Vector3d& p : points) {
        const Eigen::Vector2d ndc = calcNdc(view, p);
        const bool inFront = (p - eye).dot(forward) > 0.0;
        if (!inFront || !(ndc.cwiseAbs().maxCoeff() <= 1.0 - kInsideMargin))
            out += what + " point (" + std::to_string(p.x()) + ", " + std::to_string(p.y()) + ", " +
                   std::to_string(p.z()) + ") shows at (" + std::to_string(ndc.x()) + ", " + std::to_string(ndc.y()) +
                   ")\n";
    }
    return out;
}

std::vector<Eigen::Vector3d> corners(const Eigen::AlignedBox3d& box) {
    std::vector<Eigen::Vector3d> c;
    for (int k = 0; k < 8; ++k) c.push_back(box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(k)));
    return c;
}

Eigen::AlignedBox3d boundsOf(vtkActor* actor) {
    const double* b = actor->GetBounds();
    return {Eigen::Vector3d(b[0], b[2], b[4]), Eigen::Vector3d(b[1], b[3], b[5])};
}

// The visible actors that draw something (a smooth ball's outline has no
// feature edges: its actor is empty, with VTK's uninitialised bounds).
std::vector<vtkActor*> visibleActors(VtkView& view) {
    std::vector<vtkActor*> out;
    vtkActorCollection* actors = view.renderer()->GetActors();
    actors->InitTraversal();
    while (vtkActor* a = actors->GetNextActor())
        if (a->GetVisibility() && vtkMath::AreBoundsInitialized(a->GetBounds())) out.push_back(a);
    return out;
}

// The view as the user sees it: the window's events handled and a frame
// drawn (the camera is framed before a frame).
VtkView& showView(MainWindow& w) {
    QApplication::processEvents();
    VtkView& view = *w.currentPage()->bodiesView();
    view.renderToImage();
    return view;
}

// Every sample of the open simulation's body `i` as a box of its radius.
std::vector<Eigen::Vector3d> trailCorners(const SimulationPage& page, int i) {
    const double r = page.scene().bodies[i].shape.radius;
    std::vector<Eigen::Vector3d> out;
    for (const auto& s : page.run().samples) {
        const Eigen::Vector3d c = s.bodies[i].position;
        for (const Eigen::Vector3d& p : corners({c - Eigen::Vector3d::Constant(r), c + Eigen::Vector3d::Constant(r)}))
            out.push_back(p);
    }
    return out;
}

struct CameraPlace {
    Eigen::Vector3d position, focal;
};
CameraPlace getCamera(VtkView& view) {
    CameraPlace c;
    view.renderer()->GetActiveCamera()->GetPosition(c.position.data());
    view.renderer()->GetActiveCamera()->GetFocalPoint(c.focal.data());
    return c;
}

class CameraFramingTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1500, 900);
        w.show();
        QApplication::processEvents();
    }
    void open(const QString& path) {
        QString error;
        ASSERT_TRUE(w.openScene(path, &error)) << error.toStdString();
    }
    MainWindow w;
};


TEST_F(CameraFramingTest, VehicleBarrierShowsTheBarrierAndTheCar) {
    open(":/scenes/vehicle-barrier.json");
    VtkView& view = showView(w);
    const SimulationPage& page = sim(w);

    // The barrier is part of the scene and drawn where the scene puts it.
    const auto barrier = std::find_if(page.scene().planes.begin(), page.scene().planes.end(),
                                      [](const ScenePlane& p) { return p.name == "barrier"; });
    ASSERT_NE(barrier, page.scene().planes.end()) << "the scene has no barrier to draw";
    const Eigen::Vector3d n = barrier->normal.normalized();
    const Eigen::Vector3d reach =
        std::sqrt(2.0) * barrier->size * (Eigen::Vector3d::Ones() - n.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
    const Eigen::AlignedBox3d panel(barrier->point - reach, barrier->point + reach);
    vtkActor* drawn = nullptr;
    for (vtkActor* a : visibleActors(view)) {
        const Eigen::AlignedBox3d b = boundsOf(a);
        // Its corners lie on the panel's box (the square may turn in its
        // plane), and it stands up from the ground (the contact plane's
        // trace in the overlay is a flat line on the same spot).
        if (panel.exteriorDistance(b.min()) < kBoundsTol && panel.exteriorDistance(b.max()) < kBoundsTol &&
            b.sizes().z() > barrier->size)
            drawn = a;
    }
    ASSERT_NE(drawn, nullptr) << "no actor draws the barrier";
    EXPECT_EQ(findOutside(view, corners(boundsOf(drawn)), "barrier"), "");

    // The car, as posed at the timeline's time, every corner of its box.
    const auto states = page.run().calcStatesAt(w.currentPage()->timeline()->time());
    ASSERT_FALSE(states.empty());
    const Eigen::Vector3d h = page.scene().bodies[0].shape.halfExtents;
    std::vector<Eigen::Vector3d> car;
    for (const Eigen::Vector3d& c : corners({-h, h})) car.push_back(states[0].orientation * c + states[0].position);
    EXPECT_EQ(findOutside(view, car, "car"), "");

    // So does a camera reset.
    view.resetCamera();
    view.renderToImage();
    EXPECT_EQ(findOutside(view, corners(boundsOf(drawn)), "barrier after a reset"), "");
    EXPECT_EQ(findOutside(view, car, "car after a reset"), "");
}

TEST_F(CameraFramingTest, EightBallCradleIsInsideTheView) {
    open(":/scenes/plus-newtons-cradle.json");
    showView(w);
    w.setParameter("balls", kCradleBalls);
    VtkView& view = showView(w);
    const double diameter = 2.0 * w.page<PlusScenePage>()->scene().cradle.radius;
    int balls = 0;
    std::string outside;
    for (vtkActor* a : visibleActors(view)) {
        const Eigen::AlignedBox3d b = boundsOf(a);
        if (std::abs(b.sizes().maxCoeff() / diameter - 1.0) < kBallSizeShare) ++balls;
        outside += findOutside(view, corners(b), "ball");
    }
    EXPECT_GE(balls, kCradleBalls);
    EXPECT_EQ(outside, "");
}

TEST_F(CameraFramingTest, HigherDropKeepsTheWholeTrailInTheView) {
    open(":/scenes/superball.json");
    showView(w);
    w.setParameter("height", kHighDrop);
    VtkView& view = showView(w);
    ASSERT_GT(sim(w).run().samples.front().bodies[0].position.z(), kHighDrop - kBoundsTol);
    EXPECT_EQ(findOutside(view, trailCorners(sim(w), 0), "trail"), "");
}

TEST_F(CameraFramingTest, AMovedCameraStaysUntilAReset) {
    open(":/scenes/superball.json");
    VtkView& view = showView(w);
    EXPECT_FALSE(view.cameraMovedByUser());

    // A left drag across the view, through the view's own mouse handling.
    const QPointF from(view.width() / 2.0, view.height() / 2.0), to = from + QPointF(kDragPixels, 0.0);
    QMouseEvent press(QEvent::MouseButtonPress, from, view.mapToGlobal(from), Qt::LeftButton, Qt::LeftButton,
                      Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, to, view.mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent release(QEvent::MouseButtonRelease, to, view.mapToGlobal(to), Qt::LeftButton, Qt::NoButton,
                        Qt::NoModifier);
    QApplication::sendEvent(&view, &press);
    QApplication::sendEvent(&view, &move);
    QApplication::sendEvent(&view, &release);
    EXPECT_TRUE(view.cameraMovedByUser());
    view.renderToImage();
    const CameraPlace moved = getCamera(view);

    // A slider that raises the drop threefold leaves the user's camera.
    w.setParameter("height", kHighDrop);
    showView(w);
    const CameraPlace after = getCamera(view);
    EXPECT_LT((after.position - moved.position).norm(), kSameCameraTol);
    EXPECT_LT((after.focal - moved.focal).norm(), kSameCameraTol);

    // A reset frames the new extent and forgets the move.
    view.resetCamera();
    view.renderToImage();
    EXPECT_FALSE(view.cameraMovedByUser());
    EXPECT_EQ(findOutside(view, trailCorners(sim(w), 0), "trail after a reset"), "");

    // So does a new scene (the window reuses the page and its view).
    view.noteCameraMovedByUser();
    open(":/scenes/superball.json");
    ASSERT_EQ(w.currentPage()->bodiesView(), &view);
    EXPECT_FALSE(view.cameraMovedByUser());
}
}}  // namespace
