#include "VehicleOverlay.h"

#include "render/VtkView.h"

#include <QPointer>

#include <vtkActor.h>
#include <vtkActor2D.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProp.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace impactlab::ui {

namespace {

constexpr double kDefaultVelocityScale = 0.25;  // m of arrow per m/s

// Heights of the layers above the ground (m): far enough apart that the depth
// buffer keeps them in order at the distances a collision is viewed from.
// The layers float just above the roofs of the drawn vehicles (VehicleSetup::height,
// 1.4 m), so the car boxes seen from above do not hide them.
constexpr double kZBase = 1.45;
constexpr double kZUserCone = kZBase + 0.02;
constexpr double kZEffectiveCone = kZBase + 0.04;
constexpr double kZOutline = kZBase + 0.05;
constexpr double kZVelocityBefore = kZBase + 0.06;
constexpr double kZVelocityAfter = kZBase + 0.08;
constexpr double kZConeEdges = kZBase + 0.09;  // the cones' rays stay visible over the arrows
constexpr double kZImpulse = kZBase + 0.10;
constexpr double kZMarker = kZBase + 0.12;

// Arrow shape: shaft width and head size in metres, the head shrinking for
// arrows shorter than twice its length.
constexpr double kShaftWidth = 0.12;
constexpr double kHeadLength = 0.45;
constexpr double kArrowHeadWidth = 0.38;
constexpr double kImpulseShaftWidth = 0.16;
// Arrows shorter than this (m) are not drawn: a zero velocity has no direction.
constexpr double kMinArrowLength = 1e-3;

constexpr double kConeOpacity = 0.4;
constexpr double kEffectiveConeOpacity = 0.7;
constexpr double kConeEdgeDarkening = 0.75;
constexpr int kFanSegments = 48;
// The fan reaches past the impulse arrow's tip by this factor, and at least
// this share of vehicle 1's width, so neither hides the other.
constexpr double kFanReachOverImpulse = 1.4;
constexpr double kMinFanShareOfWidth = 0.75;
constexpr double kMarkerRadius = 0.15;
constexpr int kMarkerSegments = 32;
constexpr float kOutlineWidth = 2.0f;
constexpr double kPlaneTraceHalfLength = 1.5;  // m, along the contact plane
constexpr int kCaptionFontSize = 14;
constexpr double kCaptionMargin = 8.0;  // px
// A line of the caption as tall as any (parentheses reach above capitals and
// below the baseline): its height places the legend above the live line.
constexpr const char* kCaptionLineSample = "mu used (orange)";

const Eigen::Vector3d kBefore{0.0, 114.0 / 255.0, 178.0 / 255.0};        // blue
const Eigen::Vector3d kAfter{0.0, 158.0 / 255.0, 115.0 / 255.0};         // bluish green
const Eigen::Vector3d kImpulse{0.60, 0.0, 0.08};                          // dark red
const Eigen::Vector3d kUserCone{0.30, 0.30, 0.32};                        // grey
const Eigen::Vector3d kEffectiveCone{230.0 / 255.0, 159.0 / 255.0, 0.0};  // orange
const Eigen::Vector3d kOutline{0.15, 0.15, 0.18};
const Eigen::Vector3d kPlaneTrace{0.35, 0.20, 0.45};
const Eigen::Vector3d kMarker{0.08, 0.08, 0.08};
const Eigen::Vector3d kCaption{0.1, 0.1, 0.1};

using Poly = std::vector<Vec2>;

// A flat polydata of convex polygons (each fanned into triangles) or, with
// `lines`, of closed/open polylines, at height z.
vtkSmartPointer<vtkPolyData> makeShapesPolyData(const std::vector<Poly>& shapes, double z, bool lines, bool closed = true) {
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    for (const Poly& shape : shapes) {
        const vtkIdType first = points->GetNumberOfPoints();
        for (const Vec2& p : shape) points->InsertNextPoint(p.x(), p.y(), z);
        const auto n = static_cast<vtkIdType>(shape.size());
        if (lines) {
            cells->InsertNextCell(closed ? n + 1 : n);
            for (vtkIdType i = 0; i < n; ++i) cells->InsertCellPoint(first + i);
            if (closed) cells->InsertCellPoint(first);
        } else {
            for (vtkIdType i = 1; i + 1 < n; ++i) {
                const vtkIdType tri[3] = {first, first + i, first + i + 1};
                cells->InsertNextCell(3, tri);
            }
        }
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    if (lines)
        data->SetLines(cells);
    else
        data->SetPolys(cells);
    return data;
}

vtkSmartPointer<vtkActor> makeFlatActor(vtkPolyData* data, const Eigen::Vector3d& color, double opacity = 1.0) {
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputData(data);
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    vtkProperty* p = actor->GetProperty();
    p->SetColor(color.x(), color.y(), color.z());
    p->LightingOff();  // flat colours read the same from every camera angle
    p->SetOpacity(opacity);
    return actor;
}

// An arrow from `from` along `vec` as two convex polygons (shaft, head).
std::vector<Poly> arrowShapes(const Vec2& from, const Vec2& vec, double shaftWidth) {
    const double length = vec.norm();
    if (!(length > kMinArrowLength)) return {};
    const Vec2 u = vec / length;
    const Vec2 side(-u.y(), u.x());
    const double head = std::min(kHeadLength, 0.5 * length);
    const double headHalf = 0.5 * std::max(kArrowHeadWidth * head / kHeadLength, shaftWidth * 1.6);
    const double shaftHalf = 0.5 * shaftWidth;
    const Vec2 neck = from + (length - head) * u;
    const Vec2 tip = from + vec;
    Poly shaft{from - shaftHalf * side, neck - shaftHalf * side, neck + shaftHalf * side, from + shaftHalf * side};
    Poly tipShape{neck - headHalf * side, tip, neck + headHalf * side};
    return {shaft, tipShape};
}

// The wedge of half-angle atan(mu) about `axis` (unit) from `apex`.
Poly fanShape(const Vec2& apex, const Vec2& axis, double mu, double radius) {
    const double half = std::atan(std::max(0.0, mu));
    const double base = std::atan2(axis.y(), axis.x());
    Poly fan{apex};
    for (int i = 0; i <= kFanSegments; ++i) {
        const double a = base - half + 2.0 * half * i / kFanSegments;
        fan.push_back(apex + radius * makeDirection(a));
    }
    return fan;
}

Poly rectangle(const Vehicle& v) {
    const Vec2 f = v.calcForward();
    const Vec2 s(-f.y(), f.x());
    const Vec2 a = 0.5 * v.length * f, b = 0.5 * v.width * s;
    return {v.position - a - b, v.position + a - b, v.position + a + b, v.position - a + b};
}

Poly disc(const Vec2& centre, double radius) {
    Poly d;
    for (int i = 0; i < kMarkerSegments; ++i) d.push_back(centre + radius * makeDirection(2.0 * EIGEN_PI * i / kMarkerSegments));
    return d;
}

std::string formatMu(double mu) {
    if (!std::isfinite(mu)) return "inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", mu);
    return buf;
}

}  // namespace

struct VehicleOverlay::Impl {
    QPointer<VtkView> view;
    vtkSmartPointer<vtkRenderer> renderer;  // kept alive even if the view dies
    // Actors are kept between shows and given the next show's shapes: a
    // slider dragged re-fills them instead of destroying and building ~15
    // actors per move (a destroyed actor frees its GPU buffers). Those beyond
    // `used` are hidden.
    std::vector<vtkSmartPointer<vtkActor>> pool;
    std::size_t used = 0;
    vtkSmartPointer<vtkTextActor> caption;       // the arrows' and cones' legend
    vtkSmartPointer<vtkTextActor> captionLive;   // its last line, the mu used, below it
    double velocityScale = kDefaultVelocityScale;
    Eigen::AlignedBox2d box;

    vtkActor* nextActor(vtkPolyData* data, const Eigen::Vector3d& color, double opacity) {
        if (used == pool.size()) {
            pool.push_back(makeFlatActor(data, color, opacity));
            renderer->AddViewProp(pool.back());
        } else {
            vtkActor* actor = pool[used];
            vtkPolyDataMapper::SafeDownCast(actor->GetMapper())->SetInputData(data);
            actor->GetProperty()->SetColor(color.x(), color.y(), color.z());
            actor->GetProperty()->SetOpacity(opacity);
            actor->VisibilityOn();
        }
        return pool[used++];
    }
    void addShapes(const std::vector<Poly>& shapes, double z, const Eigen::Vector3d& color, double opacity = 1.0) {
        if (shapes.empty()) return;
        nextActor(makeShapesPolyData(shapes, z, false), color, opacity)->GetProperty()->SetLineWidth(1.0f);
        for (const Poly& s : shapes)
            for (const Vec2& p : s) box.extend(p);
    }
    void addOutline(const Poly& shape, double z, const Eigen::Vector3d& color, bool closed) {
        nextActor(makeShapesPolyData({shape}, z, true, closed), color, 1.0)->GetProperty()->SetLineWidth(kOutlineWidth);
        for (const Vec2& p : shape) box.extend(p);
    }
    // The camera frames the overlay with the scene (the view's rule,
    // render/CameraFraming.h): from the ground to the top layer.
    void reportExtent() {
        if (!view) return;
        Eigen::AlignedBox3d extent;
        if (!box.isEmpty()) {
            extent.extend(Eigen::Vector3d(box.min().x(), box.min().y(), 0.0));
            extent.extend(Eigen::Vector3d(box.max().x(), box.max().y(), kZMarker));
        }
        view->setFramedExtent(this, extent);
    }
    void changed() {
        if (view) view->requestRender();
    }
    vtkSmartPointer<vtkTextActor> makeCaptionActor() {
        auto actor = vtkSmartPointer<vtkTextActor>::New();
        vtkTextProperty* tp = actor->GetTextProperty();
        tp->SetFontSize(kCaptionFontSize);
        tp->SetColor(kCaption.x(), kCaption.y(), kCaption.z());
        tp->SetBackgroundColor(1.0, 1.0, 1.0);
        tp->SetBackgroundOpacity(0.7);
        actor->SetDisplayPosition(static_cast<int>(kCaptionMargin), static_cast<int>(kCaptionMargin));
        renderer->AddViewProp(actor);
        return actor;
    }
};

VehicleOverlay::VehicleOverlay(VtkView& view) : d_(std::make_unique<Impl>()) {
    d_->view = &view;
    d_->renderer = view.renderer();
}

VehicleOverlay::~VehicleOverlay() {
    d_->box.setEmpty();
    d_->reportExtent();
    for (const auto& actor : d_->pool) d_->renderer->RemoveViewProp(actor);
    if (d_->caption) d_->renderer->RemoveViewProp(d_->caption);
    if (d_->captionLive) d_->renderer->RemoveViewProp(d_->captionLive);
    d_->changed();
}

void VehicleOverlay::clear() {
    for (const auto& actor : d_->pool) actor->VisibilityOff();
    d_->used = 0;
    if (d_->caption) d_->caption->VisibilityOff();
    if (d_->captionLive) d_->captionLive->VisibilityOff();
    d_->box.setEmpty();
    d_->reportExtent();
    d_->changed();
}

bool VehicleOverlay::isShown() const { return d_->used > 0 || (d_->caption && d_->caption->GetVisibility()); }

void VehicleOverlay::setVelocityScale(double metresPerMps) {
    if (metresPerMps > 0.0 && std::isfinite(metresPerMps)) d_->velocityScale = metresPerMps;
}

double VehicleOverlay::velocityScale() const { return d_->velocityScale; }

void VehicleOverlay::show(const VehicleCollisionInput& input, const VehicleCollisionResult& result) {
    clear();
    const double scale = d_->velocityScale;
    const Vec2 p = input.impactPoint;
    const Vec2 n = input.calcNormal();
    const Vec2 t = input.calcPlaneTangent();

    // Outlines at impact and the contact plane's trace.
    d_->addOutline(rectangle(input.vehicle1), kZOutline, kOutline, true);
    if (input.vehicle2) d_->addOutline(rectangle(*input.vehicle2), kZOutline, kOutline, true);
    d_->addOutline({p - kPlaneTraceHalfLength * t, p + kPlaneTraceHalfLength * t}, kZOutline, kPlaneTrace, false);

    // Friction cones about +n at P (the impulse on vehicle 1 has J.n > 0).
    const double impulseLength = scale * result.vehicle1.impulse.norm() / input.vehicle1.mass;
    const double fanRadius = std::max(kFanReachOverImpulse * impulseLength, kMinFanShareOfWidth * input.vehicle1.width);
    auto cone = [&](double mu, double z, const Eigen::Vector3d& color, double opacity) {
        const Poly fan = fanShape(p, n, mu, fanRadius);
        d_->addShapes({fan}, z, color, opacity);
        // Its two bounding rays |J_t| = mu |J_n|, opaque and darker.
        d_->addOutline({fan[1], p, fan.back()}, kZConeEdges, kConeEdgeDarkening * color, false);
    };
    cone(input.muUser, kZUserCone, kUserCone, kConeOpacity);
    const bool binds = result.mu < input.muUser;
    if (binds) cone(result.mu, kZEffectiveCone, kEffectiveCone, kEffectiveConeOpacity);

    // Velocity arrows, before and after, from each CG.
    auto velocityArrows = [&](const Vehicle& v, const Vec2& after) {
        d_->addShapes(arrowShapes(v.position, scale * v.velocity, kShaftWidth), kZVelocityBefore, kBefore);
        d_->addShapes(arrowShapes(v.position, scale * after, kShaftWidth), kZVelocityAfter, kAfter);
    };
    velocityArrows(input.vehicle1, result.vehicle1.velocityAfter);
    if (input.vehicle2 && result.vehicle2) velocityArrows(*input.vehicle2, result.vehicle2->velocityAfter);

    // The impulse on vehicle 1 as the delta-V it causes, and the marker.
    d_->addShapes(arrowShapes(p, scale * result.vehicle1.impulse / input.vehicle1.mass, kImpulseShaftWidth), kZImpulse,
                  kImpulse);
    d_->addShapes({disc(p, kMarkerRadius)}, kZMarker, kMarker);

    // Caption with the scale and the cones, in short lines: it must fit the
    // 3D view however narrow the window makes it. The line with the mu used
    // changes at every move of a slider; it is a text of its own, at the
    // bottom, so FreeType lays out and rasterises one short line per move
    // instead of the whole caption (about a millisecond a frame).
    char scaleLine[80];
    std::snprintf(scaleLine, sizeof scaleLine, "Arrows: 1 m = %.3g m/s", 1.0 / scale);
    const std::string legend = std::string(scaleLine) + "\nblue: velocity before, green: after" +
                               "\nred: impulse on vehicle 1 as its delta-V" +
                               "\nfriction cone at P: mu_user = " + formatMu(input.muUser) + " (grey)";
    const std::string live = binds ? "mu used = " + formatMu(result.mu) + " (orange, mu~ binds)"
                                   : std::string("mu~ does not bind");
    if (!d_->caption) {
        d_->caption = d_->makeCaptionActor();
        d_->captionLive = d_->makeCaptionActor();
        // The legend sits on the live line: its box starts where a line's
        // ends. Measured once, at the full font size, so the place never
        // changes (the 3D view shrinks text and its place in reduced frames
        // and restores only what it shrank).
        d_->captionLive->SetInput(kCaptionLineSample);
        double box[4] = {0, 0, 0, 0};
        d_->captionLive->GetBoundingBox(d_->renderer, box);
        d_->caption->SetDisplayPosition(static_cast<int>(kCaptionMargin),
                                        static_cast<int>(std::lround(kCaptionMargin + std::max(0.0, box[3] - box[2]))));
    }
    // A text is rasterised again only when it changed.
    if (live != d_->captionLive->GetInput()) d_->captionLive->SetInput(live.c_str());
    if (!d_->caption->GetInput() || legend != d_->caption->GetInput()) d_->caption->SetInput(legend.c_str());
    d_->caption->VisibilityOn();
    d_->captionLive->VisibilityOn();
    d_->reportExtent();
    d_->changed();
}

Eigen::Vector4d VehicleOverlay::bounds() const {
    if (d_->box.isEmpty()) return Eigen::Vector4d(0, 0, -1, -1);
    return Eigen::Vector4d(d_->box.min().x(), d_->box.min().y(), d_->box.max().x(), d_->box.max().y());
}

Eigen::Vector3d VehicleOverlay::velocityBeforeColor() { return kBefore; }
Eigen::Vector3d VehicleOverlay::velocityAfterColor() { return kAfter; }
Eigen::Vector3d VehicleOverlay::impulseColor() { return kImpulse; }
Eigen::Vector3d VehicleOverlay::userConeColor() { return kUserCone; }
Eigen::Vector3d VehicleOverlay::effectiveConeColor() { return kEffectiveCone; }

}  // namespace impactlab::ui
