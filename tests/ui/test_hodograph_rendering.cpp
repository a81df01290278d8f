// Proves by reading pixels that the VTK-based views of a single impact show their
// content: the 3D impulse curve (curve, plane of compression, line of
// sticking) and the impact-scene meshes (both bodies, the contact marker and
// the normal arrow drawn over them). Needs an X display for VTK:
//   xvfb-run -a -s "-screen 0 1280x1024x24" ./impactlab_hodograph_rendering_tests
#include <QApplication>
#include <QImage>
#include <QMouseEvent>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "hodograph/ImpulseCurveView.h"
#include "render/ImpulseCurveRenderer.h"
#include "render/MeshRenderer.h"
#include "render/VtkView.h"
#include "scene/ImpactScene.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

constexpr int kWidth = 480;
constexpr int kHeight = 400;
// Each feature must cover at least this share of the image. Measured at
// 480 x 400 under Xvfb with Mesa's software renderer: curve 0.55 %, plane
// 3.0 %, sticking line 0.43 %, the Fig. 3 bodies 5.0 % and 3.9 %, the contact
// marker 0.032 % (a 4 cm ball in a 1.1 m scene, its base under the arrow), the
// arrow 0.10 %. The bounds sit at about half of those or less; the classes
// below match nothing in an image without the feature (checked after clear()).
constexpr double kMinCurveShare = 0.0025;
constexpr double kMinPlaneShare = 0.012;
constexpr double kMinLineShare = 0.001;
constexpr double kMinBodyShare = 0.02;
constexpr double kMinMarkerShare = 0.00015;
constexpr double kMaxAbsentShare = 0.00005;

using Predicate = std::function<bool(QRgb)>;

double share(const QImage& image, const Predicate& p) {
    long n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (p(image.pixel(x, y))) ++n;
    return double(n) / (double(image.width()) * image.height());
}

// Colour classes, loose enough for lighting (shading scales a colour, the
// specular highlight whitens it) and tight enough to exclude everything else
// in the scene; each is argued against its neighbours.
// Magenta curve (0.80, 0.10, 0.60): red and blue well above green. Nothing
// else drawn has green 60 levels under both red and blue.
bool isMagenta(QRgb p) { return qRed(p) > qGreen(p) + 60 && qBlue(p) > qGreen(p) + 40; }
// The translucent blue plane over the white-grey backdrop: blue clearly above
// red. The backdrop's blue exceeds its red by at most 16 levels.
bool isPlaneBlue(QRgb p) { return qBlue(p) > qRed(p) + 40 && qGreen(p) > qRed(p) + 10 && qBlue(p) > 180; }
// Green sticking line (0.10, 0.60, 0.25) and the I_s ball: green dominant.
bool isGreen(QRgb p) { return qGreen(p) > qRed(p) + 60 && qGreen(p) > qBlue(p) + 40; }
// Orange icosahedron (0.93, 0.60, 0.20): red > green > blue, both gaps wide.
bool isOrange(QRgb p) { return qRed(p) > qGreen(p) + 25 && qGreen(p) > qBlue(p) + 25 && qRed(p) > 120; }
// Teal tetrahedron (0.30, 0.62, 0.60): green and blue above red.
bool isTeal(QRgb p) { return qGreen(p) > qRed(p) + 40 && qBlue(p) > qRed(p) + 30; }
// Yellow contact marker (1.0, 0.85, 0.0): red and green high, blue low; the
// orange body's green is at most 0.65 of its red.
bool isYellow(QRgb p) { return qRed(p) > 180 && qGreen(p) > 0.8 * qRed(p) && qBlue(p) < 90; }
// Red arrow (0.85, 0.10, 0.10): red only; the orange body has green > 0.5 red.
bool isArrowRed(QRgb p) { return qRed(p) > 120 && qGreen(p) < 0.35 * qRed(p) && qBlue(p) < 0.35 * qRed(p); }

// Fig. 5's geometry (reference A2.2, inverse-consistent instance): the curve
// through I_c, I_s and I_r, the plane of compression through I_c with normal
// W^T z, the line of sticking through I_s along sigma.
ImpulseCurve3D makeCurve() {
    ImpulseCurve3D c;
    const Vec3 Ic(0.0112107, -0.0324648, 0.0436314), Is(0.0033935, -0.0528324, 0.0714555),
        Ir(-0.00326657, -0.0592263, 0.1007);
    for (int i = 0; i <= 20; ++i) {
        const double s = i / 20.0;
        c.points.push_back(s * Ic + 0.004 * std::sin(EIGEN_PI * s) * Vec3(1, 0, 0));
    }
    for (int i = 1; i <= 10; ++i) c.points.push_back(Ic + (Is - Ic) * (i / 10.0));
    c.points.push_back(Ir);
    c.compressionPoint = Ic;
    c.stickPoint = Is;
    c.finalPoint = Ir;
    c.planePoint = Ic;
    c.planeNormal = Vec3(2.44236, 1.95747, 2.59042).normalized();
    c.linePoint = Is;
    c.lineDirection = Vec3(-0.2277383, -0.2186366, 1.0);
    return c;
}

TEST(ImpulseCurveView, ShowsCurvePlaneAndLine) {
    ImpulseCurveView view;
    view.resize(kWidth, kHeight);
    view.setAntiAliasing(false);
    view.setCurve(makeCurve());
    const QImage image = view.renderToImage();
    ASSERT_FALSE(image.isNull()) << "no X display?";
    EXPECT_GT(share(image, isMagenta), kMinCurveShare);
    EXPECT_GT(share(image, isPlaneBlue), kMinPlaneShare);
    EXPECT_GT(share(image, isGreen), kMinLineShare);

    view.clear();
    const QImage empty = view.renderToImage();
    EXPECT_LT(share(empty, isMagenta), kMaxAbsentShare);
    EXPECT_LT(share(empty, isPlaneBlue), kMaxAbsentShare);
    EXPECT_LT(share(empty, isGreen), kMaxAbsentShare);
}

TEST(ImpulseCurveView, DragTurnsTheCurve) {
    ImpulseCurveView view;
    view.resize(kWidth, kHeight);
    view.setAntiAliasing(false);
    view.setCurve(makeCurve());
    const QImage before = view.renderToImage();
    const QPointF from(kWidth / 2.0, kHeight / 2.0), to(kWidth / 2.0 + 120.0, kHeight / 2.0);
    QMouseEvent press(QEvent::MouseButtonPress, from, from, Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, to, to, Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QMouseEvent release(QEvent::MouseButtonRelease, to, to, Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &press);
    QApplication::sendEvent(&view, &move);
    QApplication::sendEvent(&view, &release);
    const QImage after = view.renderToImage();
    ASSERT_EQ(before.size(), after.size());
    long changed = 0;
    for (int y = 0; y < before.height(); ++y)
        for (int x = 0; x < before.width(); ++x)
            if (before.pixel(x, y) != after.pixel(x, y)) ++changed;
    EXPECT_GT(changed, long(0.02 * kWidth * kHeight));
    EXPECT_GT(share(after, isMagenta), kMinCurveShare);  // still in view
}

TEST(MeshRenderer, ShowsBothBodiesContactAndNormal) {
    const ImpactScene scene = loadImpactScene(std::string(IMPACTLAB_SCENES_DIR) + "/impact-icosahedron-tetrahedron.json");
    VtkView view;
    view.resize(kWidth, kHeight);
    view.setAntiAliasing(false);
    MeshRenderer renderer(view);
    showImpactScene(renderer, scene);
    const QImage image = view.renderToImage();
    ASSERT_FALSE(image.isNull()) << "no X display?";
    EXPECT_GT(share(image, isOrange), kMinBodyShare);
    EXPECT_GT(share(image, isTeal), kMinBodyShare);
    // The marker and the arrow sit inside or on the bodies; the overlay layer
    // must still show them.
    EXPECT_GT(share(image, isYellow), kMinMarkerShare);
    EXPECT_GT(share(image, isArrowRed), kMinMarkerShare);

    renderer.clearContact();
    const QImage plain = view.renderToImage();
    EXPECT_LT(share(plain, isArrowRed), kMaxAbsentShare);
    EXPECT_LT(share(plain, isYellow), kMaxAbsentShare);
    EXPECT_GT(share(plain, isOrange), kMinBodyShare);
}

TEST(MeshRenderer, ShowsTheBowlingScene) {
    const ImpactScene scene = loadImpactScene(std::string(IMPACTLAB_SCENES_DIR) + "/impact-bowling-pin-ball.json");
    VtkView view;
    view.resize(kWidth, kHeight);
    MeshRenderer renderer(view);
    showImpactScene(renderer, scene);
    const QImage image = view.renderToImage();
    ASSERT_FALSE(image.isNull());
    // The dark blue ball (0.20, 0.28, 0.62): blue well above red.
    EXPECT_GT(share(image, [](QRgb p) { return qBlue(p) > qRed(p) + 50 && qRed(p) < 120; }), kMinBodyShare);
    EXPECT_GT(share(image, isArrowRed), kMinMarkerShare);
}

}}  // namespace
}  // namespace impactlab::ui
