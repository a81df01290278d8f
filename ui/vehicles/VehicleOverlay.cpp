#include "VehicleOverlay.h"

#include "render/VtkView.h"

#include <QPointer>

#include <vtkActor.h>
#include <vtkActor2D.h>
#include <vtkCallbackCommand.h>
#include <vtkCellArray.h>
#include <vtkCoordinate.h>
#include <vtkFloatArray.h>
#include <vtkPointData.h>
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
// The friction cones' apex: P lifted into the overlay's layers. The cones are
// 3D (their axis is horizontal, +-n), so they rise above the layers and dip
// into the roofs; translucent, they leave the arrows beneath them readable.
constexpr double kZConeApex = kZBase + 0.03;
constexpr double kZOutline = kZBase + 0.05;
constexpr double kZVelocityBefore = kZBase + 0.06;
constexpr double kZVelocityAfter = kZBase + 0.08;
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

constexpr double kConeOpacity = 0.35;
constexpr double kEffectiveConeOpacity = 0.6;
constexpr double kConeEdgeDarkening = 0.7;
// Lit cone surfaces: mostly ambient, so their colour reads the same from
// every side and the diffuse share still shades the curvature.
constexpr double kConeAmbient = 0.55;
constexpr double kConeDiffuse = 0.45;
constexpr int kConeSegments = 48;
// Generators drawn opaque on each cone: in the horizontal plane through P
// (the planar wedge |J_t| <= mu J_n) and in the vertical one.
constexpr int kConeGenerators = 4;
// The cones' slant length reaches past the impulse arrow's tip by this
// factor, and at least this share of the narrower vehicle's width, so neither
// hides the other.
constexpr double kConeReachOverImpulse = 1.4;
constexpr double kMinConeShareOfWidth = 0.75;
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
// The mu_user cones, one per vehicle: hues of their own (not the cars'
// colours, over which each cone lies), named in the caption.
const Eigen::Vector3d kConeVehicle1{204.0 / 255.0, 121.0 / 255.0, 167.0 / 255.0};  // reddish purple
const Eigen::Vector3d kConeVehicle2{86.0 / 255.0, 180.0 / 255.0, 233.0 / 255.0};   // sky blue
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

// A friction cone |J - J_n a| <= mu J_n about the horizontal unit `axis` from
// `apex`: semi-angle atan(mu), generators of length `slant`. Around the axis,
// angle theta runs from the horizontal side u = z x a towards +z.
struct ConeGeometry {
    Vec3 apex, axis, side, up;
    double halfAngle = 0.0, slant = 0.0;

    // Unit direction of the generator at angle theta, and the surface's outward normal there.
    Vec3 calcGenerator(double theta) const {
        return std::cos(halfAngle) * axis + std::sin(halfAngle) * (std::cos(theta) * side + std::sin(theta) * up);
    }
    Vec3 calcNormal(double theta) const {
        return std::cos(halfAngle) * (std::cos(theta) * side + std::sin(theta) * up) - std::sin(halfAngle) * axis;
    }
    Vec3 calcRimPoint(double theta) const { return apex + slant * calcGenerator(theta); }
};

ConeGeometry makeCone(const Vec3& apex, const Vec2& axis, double mu, double slant) {
    ConeGeometry c;
    c.apex = apex;
    c.axis = Vec3(axis.x(), axis.y(), 0.0).normalized();
    c.up = Vec3::UnitZ();
    c.side = c.up.cross(c.axis);
    c.halfAngle = std::atan(std::max(0.0, mu));
    c.slant = slant;
    return c;
}

// The cone's lateral surface as triangles with smooth normals: one apex copy
// per segment, its normal that of the segment's middle generator.
vtkSmartPointer<vtkPolyData> makeConeSurfacePolyData(const ConeGeometry& c) {
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto normals = vtkSmartPointer<vtkFloatArray>::New();
    normals->SetNumberOfComponents(3);
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    const double step = 2.0 * EIGEN_PI / kConeSegments;
    for (int i = 0; i < kConeSegments; ++i) {
        const Vec3 rim = c.calcRimPoint(i * step);
        const Vec3 n = c.calcNormal(i * step);
        points->InsertNextPoint(rim.x(), rim.y(), rim.z());
        normals->InsertNextTuple3(n.x(), n.y(), n.z());
    }
    for (int i = 0; i < kConeSegments; ++i) {
        const Vec3 n = c.calcNormal((i + 0.5) * step);
        const vtkIdType apex = points->InsertNextPoint(c.apex.x(), c.apex.y(), c.apex.z());
        normals->InsertNextTuple3(n.x(), n.y(), n.z());
        const vtkIdType tri[3] = {apex, i, (i + 1) % kConeSegments};
        cells->InsertNextCell(3, tri);
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetPolys(cells);
    data->GetPointData()->SetNormals(normals);
    return data;
}

// Polylines through 3D points (each closed or open).
vtkSmartPointer<vtkPolyData> makePolylinesPolyData(const std::vector<std::vector<Vec3>>& lines, bool closed) {
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    for (const auto& line : lines) {
        const vtkIdType first = points->GetNumberOfPoints();
        for (const Vec3& p : line) points->InsertNextPoint(p.x(), p.y(), p.z());
        const auto n = static_cast<vtkIdType>(line.size());
        cells->InsertNextCell(closed ? n + 1 : n);
        for (vtkIdType i = 0; i < n; ++i) cells->InsertCellPoint(first + i);
        if (closed) cells->InsertCellPoint(first);
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetLines(cells);
    return data;
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
    vtkSmartPointer<vtkCallbackCommand> stackCaption;   // keeps the legend on the live line
    unsigned long stackObserver = 0;

    // Before each frame: the legend sits on the live line as drawn in that frame,
    // which the 3D view may have wrapped onto more lines (a narrow view) or
    // shrunk (a reduced frame).
    static void stackCaptionOnLiveLine(vtkObject*, unsigned long, void* clientData, void*) {
        auto* impl = static_cast<Impl*>(clientData);
        if (!impl->caption || !impl->captionLive || !impl->captionLive->GetVisibility()) return;
        double box[4] = {0, 0, 0, 0};
        impl->captionLive->GetBoundingBox(impl->renderer, box);
        const double* live = impl->captionLive->GetPositionCoordinate()->GetValue();
        const double y = live[1] + std::max(0.0, box[3] - box[2]);
        const double* at = impl->caption->GetPositionCoordinate()->GetValue();
        if (at[1] != y) impl->caption->GetPositionCoordinate()->SetValue(at[0], y);
    }
    double velocityScale = kDefaultVelocityScale;
    Eigen::AlignedBox2d box;
    double zTop = kZMarker;   // m, the highest point drawn (a cone may rise above the layers)

    // An actor of the pool, flat (unlit) unless `lit`: the pool's actors
    // change roles between shows, so every property is set each time.
    vtkActor* nextActor(vtkPolyData* data, const Eigen::Vector3d& color, double opacity, bool lit = false) {
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
        vtkProperty* p = pool[used]->GetProperty();
        p->SetLighting(lit);
        p->SetAmbient(lit ? kConeAmbient : 0.0);
        p->SetDiffuse(lit ? kConeDiffuse : 1.0);
        return pool[used++];
    }
    // A friction cone: its translucent lit surface, and opaque darker rim and
    // generators that keep its shape readable from above and from the side.
    void addCone(const ConeGeometry& cone, const Eigen::Vector3d& color, double opacity) {
        nextActor(makeConeSurfacePolyData(cone), color, opacity, true);
        std::vector<Vec3> rim;
        for (int i = 0; i < kConeSegments; ++i) rim.push_back(cone.calcRimPoint(2.0 * EIGEN_PI * i / kConeSegments));
        nextActor(makePolylinesPolyData({rim}, true), kConeEdgeDarkening * color, 1.0)->GetProperty()->SetLineWidth(kOutlineWidth);
        std::vector<std::vector<Vec3>> generators;
        for (int i = 0; i < kConeGenerators; ++i)
            generators.push_back({cone.apex, cone.calcRimPoint(2.0 * EIGEN_PI * i / kConeGenerators)});
        nextActor(makePolylinesPolyData(generators, false), kConeEdgeDarkening * color, 1.0)
            ->GetProperty()
            ->SetLineWidth(kOutlineWidth);
        for (const Vec3& p : rim) {
            box.extend(Vec2(p.x(), p.y()));
            zTop = std::max(zTop, p.z());
        }
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
            extent.extend(Eigen::Vector3d(box.max().x(), box.max().y(), zTop));
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
    d_->stackCaption = vtkSmartPointer<vtkCallbackCommand>::New();
    d_->stackCaption->SetCallback(Impl::stackCaptionOnLiveLine);
    d_->stackCaption->SetClientData(d_.get());
    d_->stackObserver = d_->renderer->AddObserver(vtkCommand::StartEvent, d_->stackCaption);
}

VehicleOverlay::~VehicleOverlay() {
    d_->renderer->RemoveObserver(d_->stackObserver);
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
    d_->zTop = kZMarker;
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

    // Friction cones at P (paper, text after eq. 64): the impulse on vehicle 1
    // lies in the cone about +n (J.n > 0), the impulse on vehicle 2 (-J) in the
    // one about -n; semi-angle atan(mu_user), and atan(mu) for the mu used
    // when mu~ binds. A barrier has no cone of its own.
    const double impulseLength = scale * result.vehicle1.impulse.norm() / input.vehicle1.mass;
    const double narrowest = input.vehicle2 ? std::min(input.vehicle1.width, input.vehicle2->width) : input.vehicle1.width;
    const double slant = std::max(kConeReachOverImpulse * impulseLength, kMinConeShareOfWidth * narrowest);
    const Vec3 apex(p.x(), p.y(), kZConeApex);
    const bool binds = result.mu < input.muUser;
    auto cones = [&](const Vec2& axis, const Eigen::Vector3d& color) {
        d_->addCone(makeCone(apex, axis, input.muUser, slant), color, kConeOpacity);
        if (binds) d_->addCone(makeCone(apex, axis, result.mu, slant), kEffectiveCone, kEffectiveConeOpacity);
    };
    cones(n, kConeVehicle1);
    if (input.vehicle2) cones(-n, kConeVehicle2);

    // Velocity arrows, before and after, from each CG.
    auto velocityArrows = [&](const Vehicle& v, const Vec2& after) {
        d_->addShapes(arrowShapes(v.position, scale * v.velocity, kShaftWidth), kZVelocityBefore, kBefore);
        d_->addShapes(arrowShapes(v.position, scale * after, kShaftWidth), kZVelocityAfter, kAfter);
    };
    velocityArrows(input.vehicle1, result.vehicle1.velocityAfter);
    if (input.vehicle2 && result.vehicle2) velocityArrows(*input.vehicle2, result.vehicle2->velocityAfter);

    // The impulse on each vehicle as the delta-V it causes (its horizontal
    // part), each inside its cone, and the marker.
    d_->addShapes(arrowShapes(p, scale * result.vehicle1.impulse / input.vehicle1.mass, kImpulseShaftWidth), kZImpulse,
                  kImpulse);
    if (input.vehicle2 && result.vehicle2)
        d_->addShapes(arrowShapes(p, scale * result.vehicle2->impulse / input.vehicle2->mass, kImpulseShaftWidth),
                      kZImpulse, kImpulse);
    d_->addShapes({disc(p, kMarkerRadius)}, kZMarker, kMarker);

    // Caption with the scale and the cones, in short lines: it must fit the
    // 3D view however narrow the window makes it. The line with the mu used
    // changes at every move of a slider; it is a text of its own, at the
    // bottom, so FreeType lays out and rasterises one short line per move
    // instead of the whole caption (about a millisecond a frame).
    char scaleLine[80];
    std::snprintf(scaleLine, sizeof scaleLine, "Arrows: 1 m = %.3g m/s", 1.0 / scale);
    const std::string legend = std::string(scaleLine) + "\nblue: velocity before, green: after" +
                               "\nred: impulse on each vehicle as its delta-V" +
                               "\nfriction cones at P, mu_user = " + formatMu(input.muUser) + ":" +
                               (input.vehicle2 ? "\n  vehicle 1 about +n (purple)\n  vehicle 2 about -n (sky blue)"
                                               : "\n  vehicle 1 about +n (purple)");
    const std::string live = binds ? "mu used = " + formatMu(result.mu) + " (orange cones, mu~ binds)"
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
Eigen::Vector3d VehicleOverlay::vehicle1ConeColor() { return kConeVehicle1; }
Eigen::Vector3d VehicleOverlay::vehicle2ConeColor() { return kConeVehicle2; }
Eigen::Vector3d VehicleOverlay::effectiveConeColor() { return kEffectiveCone; }
Eigen::Vector3d VehicleOverlay::coneEdgeColor(const Eigen::Vector3d& coneColor) {
    return kConeEdgeDarkening * coneColor;
}

}  // namespace impactlab::ui
