#include "ImpulseCurveRenderer.h"
#include "VtkSupport.h"

#include "CameraFraming.h"
#include "SceneGeometry.h"
#include "VtkView.h"

#include <QPointer>

#include <vtkActor.h>
#include <vtkBillboardTextActor3D.h>
#include <vtkCellArray.h>
#include <vtkConeSource.h>
#include <vtkLightKit.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProp.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkSphereSource.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkCoordinate.h>
#include <vtkTubeFilter.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace impactlab::ui {

namespace {

// Pale grey-blue at the top to white: the coloured curve, plane and line carry
// the view, the backdrop stays out of the way.
const render::Backdrop kCurveBackdrop{{0.88, 0.90, 0.94}, {1.0, 1.0, 1.0}};
const Eigen::Vector3d kCurveColor{0.80, 0.10, 0.60};      // magenta: nothing else is
const Eigen::Vector3d kCompressionPlaneColor{0.30, 0.65, 0.95};
const Eigen::Vector3d kLineColor{0.10, 0.60, 0.25};
const Eigen::Vector3d kAxisColor{0.35, 0.35, 0.38};
const Eigen::Vector3d kTextColor{0.12, 0.12, 0.15};
const Eigen::Vector3d kCompressionColor{1.0, 0.78, 0.0};
const Eigen::Vector3d kStickColor{0.1, 0.75, 0.3};
const Eigen::Vector3d kFinalColor{0.15, 0.15, 0.18};

// The view box reaches this share of the data's diagonal beyond it on every
// side: room for the labels and for the plane and line to show their slope.
constexpr double kViewBoxPadShare = 0.15;
// Sizes as shares of the view box's diagonal: thick enough to read at 400 px,
// thin enough not to hide one another.
constexpr double kCurveRadiusShare = 0.008;
constexpr double kLineRadiusShare = 0.0035;
constexpr double kAxisRadiusShare = 0.0018;
constexpr double kPointRadiusShare = 0.016;
constexpr double kConeLengthShare = 0.04;
constexpr double kLabelOffsetShare = 0.03;
constexpr int kTubeSides = 16;
constexpr int kSphereResolution = 20;
constexpr int kLabelFontSize = 15;
// The colour key in the top-left corner; margins and rows as shares of the
// view (rows of 5.5 % fit a 14 pt line in views down to 260 px high).
constexpr int kKeyFontSize = 14;
constexpr double kKeyMarginShare = 0.02;
constexpr double kKeyRowShare = 0.055;
// Consecutive curve points closer than this share of the diagonal are merged:
// the tube filter cannot orient a zero-length segment.
constexpr double kMergeShare = 1e-9;
// No side of the view box is shorter than this share of the longest.
constexpr double kMinSideShare = 0.45;
// The box never shrinks below this (N s) on any side, so an impact at rest
// still has a view.
constexpr double kMinHalfExtent = 1e-6;

using render::setColor;

vtkSmartPointer<vtkActor> makeTube(const std::vector<Eigen::Vector3d>& points, double radius, const Eigen::Vector3d& color) {
    auto tube = vtkSmartPointer<vtkTubeFilter>::New();
    tube->SetInputData(geometry::polyline(points));
    tube->SetRadius(radius);
    tube->SetNumberOfSides(kTubeSides);
    tube->CappingOn();
    tube->Update();
    auto actor = render::actorFor(tube->GetOutput());
    setColor(actor->GetProperty(), color);
    actor->GetProperty()->SetSpecular(0.3);
    actor->GetProperty()->SetSpecularPower(30.0);
    return actor;
}

vtkSmartPointer<vtkActor> makeBall(const Eigen::Vector3d& at, double radius, const Eigen::Vector3d& color) {
    auto sphere = vtkSmartPointer<vtkSphereSource>::New();
    sphere->SetCenter(at.data());
    sphere->SetRadius(radius);
    sphere->SetThetaResolution(kSphereResolution);
    sphere->SetPhiResolution(kSphereResolution);
    sphere->Update();
    auto actor = render::actorFor(sphere->GetOutput());
    setColor(actor->GetProperty(), color);
    actor->GetProperty()->SetAmbient(0.3);
    return actor;
}

vtkSmartPointer<vtkBillboardTextActor3D> makeBillboardLabel(const std::string& text, const Eigen::Vector3d& at) {
    auto label = vtkSmartPointer<vtkBillboardTextActor3D>::New();
    label->SetInput(text.c_str());
    label->SetPosition(at.x(), at.y(), at.z());
    vtkTextProperty* p = label->GetTextProperty();
    p->SetFontSize(kLabelFontSize);
    p->SetColor(kTextColor.x(), kTextColor.y(), kTextColor.z());
    p->BoldOn();
    p->SetJustificationToLeft();
    p->SetVerticalJustificationToBottom();
    return label;
}

// The polygon where the plane (point p, normal n) cuts the box: its crossings
// with the box's 12 edges, ordered by angle about their centroid.
std::vector<Eigen::Vector3d> clipPlaneToBox(const Eigen::Vector3d& p, const Eigen::Vector3d& n, const Eigen::AlignedBox3d& box) {
    std::vector<Eigen::Vector3d> hits;
    const Eigen::Vector3d lo = box.min(), hi = box.max();
    for (int axis = 0; axis < 3; ++axis) {
        const int a = (axis + 1) % 3, b = (axis + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            Eigen::Vector3d start;
            start[a] = (corner & 1) ? hi[a] : lo[a];
            start[b] = (corner & 2) ? hi[b] : lo[b];
            start[axis] = lo[axis];
            const double denom = n[axis];
            if (std::abs(denom) < 1e-300) continue;
            const double t = n.dot(p - start) / denom;  // along the edge, in length units
            if (t < 0.0 || t > hi[axis] - lo[axis]) continue;
            Eigen::Vector3d q = start;
            q[axis] += t;
            hits.push_back(q);
        }
    }
    if (hits.size() < 3) return {};
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (const auto& h : hits) centre += h;
    centre /= static_cast<double>(hits.size());
    const Eigen::Vector3d u = (hits.front() - centre).normalized();
    const Eigen::Vector3d v = n.normalized().cross(u);
    std::sort(hits.begin(), hits.end(), [&](const Eigen::Vector3d& x, const Eigen::Vector3d& y) {
        return std::atan2((x - centre).dot(v), (x - centre).dot(u)) < std::atan2((y - centre).dot(v), (y - centre).dot(u));
    });
    return hits;
}

// The part of the line p + s d inside the box (Liang-Barsky), or nothing.
std::vector<Eigen::Vector3d> clipLineToBox(const Eigen::Vector3d& p, const Eigen::Vector3d& d, const Eigen::AlignedBox3d& box) {
    double s0 = -std::numeric_limits<double>::infinity(), s1 = std::numeric_limits<double>::infinity();
    for (int k = 0; k < 3; ++k) {
        if (std::abs(d[k]) < 1e-300) {
            if (p[k] < box.min()[k] || p[k] > box.max()[k]) return {};
            continue;
        }
        double a = (box.min()[k] - p[k]) / d[k], b = (box.max()[k] - p[k]) / d[k];
        if (a > b) std::swap(a, b);
        s0 = std::max(s0, a);
        s1 = std::min(s1, b);
    }
    if (!(s1 > s0)) return {};
    return {p + s0 * d, p + s1 * d};
}

}  // namespace

struct ImpulseCurveRenderer::Impl {
    QPointer<VtkView> view;
    vtkSmartPointer<vtkRenderer> renderer;
    std::vector<vtkSmartPointer<vtkProp>> props;
    Eigen::AlignedBox3d box;

    void add(vtkProp* prop) {
        renderer->AddViewProp(prop);
        props.push_back(prop);
    }
    void removeAll() {
        for (const auto& p : props) renderer->RemoveViewProp(p);
        props.clear();
    }
    void changed() {
        if (view) view->requestRender();
    }
    // The view frames the view box by its rule (render/CameraFraming.h).
    void reportExtent() {
        if (view) view->setFramedExtent(this, box);
    }
};

ImpulseCurveRenderer::ImpulseCurveRenderer(VtkView& view) : d_(std::make_unique<Impl>()) {
    d_->view = &view;
    d_->renderer = view.renderer();
    vtkRenderer* r = d_->renderer;
    render::setUpStudio(r, kCurveBackdrop);
    view.setFramingAngles(render::kDefaultAzimuthDegrees, render::kDefaultElevationDegrees);
    view.setWorldUp(QVector3D(0.0f, 0.0f, 1.0f));
}

ImpulseCurveRenderer::~ImpulseCurveRenderer() {
    d_->removeAll();
    if (d_->view) {
        d_->view->setFramedExtent(d_.get(), Eigen::AlignedBox3d());
        d_->view->setWorldUp(QVector3D());
        d_->view->requestRender();
    }
}

void ImpulseCurveRenderer::setCurve(const ImpulseCurve3D& curve) { show({curve}, {}); }

void ImpulseCurveRenderer::setOverlay(const std::vector<ImpulseCurve3D>& curves, const std::vector<OverlayKey>& keys) {
    show(curves, keys);
}

void ImpulseCurveRenderer::show(const std::vector<ImpulseCurve3D>& curves, const std::vector<OverlayKey>& keys) {
    d_->removeAll();
    if (curves.empty()) {
        d_->changed();
        return;
    }
    const bool overlay = !keys.empty();

    // View box: the curves, their marked points and the origin, padded.
    Eigen::AlignedBox3d data(Eigen::Vector3d::Zero());
    for (const ImpulseCurve3D& curve : curves) {
        for (const Vec3& p : curve.points)
            if (p.allFinite()) data.extend(p);
        for (const auto& p : {curve.compressionPoint, curve.stickPoint, curve.finalPoint})
            if (p && p->allFinite()) data.extend(*p);
    }
    // Every side at least kMinSideShare of the longest: the tangential
    // impulses are often far smaller than the normal one, and a sliver of a box
    // would show neither the plane's tilt nor the tangential axes.
    const Eigen::Vector3d halfData = 0.5 * data.diagonal();
    const Eigen::Vector3d half = halfData.cwiseMax(Eigen::Vector3d::Constant(kMinSideShare * halfData.maxCoeff()));
    const double pad = std::max(kViewBoxPadShare * 2.0 * half.norm(), kMinHalfExtent);
    const Eigen::Vector3d reach = half + Eigen::Vector3d::Constant(pad);
    Eigen::AlignedBox3d box(data.center() - reach, data.center() + reach);
    d_->box = box;
    const double diag = box.diagonal().norm();

    // Axes through the origin across the box, arrow cones at the + ends, labels.
    const char* names[3] = {"I_t1", "I_t2", "I_n"};
    for (int k = 0; k < 3; ++k) {
        Eigen::Vector3d from = Eigen::Vector3d::Zero(), to = Eigen::Vector3d::Zero();
        from[k] = box.min()[k];
        to[k] = box.max()[k];
        auto axis = makeTube({from, to}, kAxisRadiusShare * diag, kAxisColor);
        axis->GetProperty()->SetAmbient(0.5);
        d_->add(axis);
        auto cone = vtkSmartPointer<vtkConeSource>::New();
        const double coneLength = kConeLengthShare * diag;
        Eigen::Vector3d dir = Eigen::Vector3d::Zero();
        dir[k] = 1.0;
        const Eigen::Vector3d coneCentre = to + 0.5 * coneLength * dir;
        cone->SetCenter(coneCentre.data());
        cone->SetDirection(dir.data());
        cone->SetHeight(coneLength);
        cone->SetRadius(0.3 * coneLength);
        cone->SetResolution(kTubeSides);
        cone->Update();
        auto coneActor = render::actorFor(cone->GetOutput());
        setColor(coneActor->GetProperty(), kAxisColor);
        d_->add(coneActor);
        d_->add(makeBillboardLabel(names[k], to + (coneLength + kLabelOffsetShare * diag) * dir));
    }

    // Plane of compression and line of sticking of each value, once when
    // values share them (neither depends on friction or restitution).
    for (std::size_t v = 0; v < curves.size(); ++v) {
        const ImpulseCurve3D& curve = curves[v];
        const auto earlier = curves.begin() + static_cast<std::ptrdiff_t>(v);
        const bool seen = std::any_of(curves.begin(), earlier, [&curve](const ImpulseCurve3D& c) {
            return c.planePoint == curve.planePoint && c.planeNormal == curve.planeNormal && c.linePoint == curve.linePoint &&
                   c.lineDirection == curve.lineDirection;
        });
        if (seen) continue;
        const std::vector<Eigen::Vector3d> patch = clipPlaneToBox(curve.planePoint, curve.planeNormal, box);
        if (patch.size() >= 3) {
            auto points = vtkSmartPointer<vtkPoints>::New();
            auto polys = vtkSmartPointer<vtkCellArray>::New();
            auto outline = vtkSmartPointer<vtkCellArray>::New();
            polys->InsertNextCell(static_cast<int>(patch.size()));
            outline->InsertNextCell(static_cast<int>(patch.size()) + 1);
            for (std::size_t i = 0; i < patch.size(); ++i) {
                points->InsertNextPoint(patch[i].data());
                polys->InsertCellPoint(static_cast<vtkIdType>(i));
                outline->InsertCellPoint(static_cast<vtkIdType>(i));
            }
            outline->InsertCellPoint(0);
            auto surface = vtkSmartPointer<vtkPolyData>::New();
            surface->SetPoints(points);
            surface->SetPolys(polys);
            auto plane = render::actorFor(surface);
            setColor(plane->GetProperty(), kCompressionPlaneColor);
            plane->GetProperty()->SetOpacity(render::kSeeThroughOpacity);
            plane->GetProperty()->SetAmbient(0.5);
            plane->GetProperty()->BackfaceCullingOff();
            d_->add(plane);
            auto border = vtkSmartPointer<vtkPolyData>::New();
            border->SetPoints(points);
            border->SetLines(outline);
            auto borderActor = render::actorFor(border);
            setColor(borderActor->GetProperty(), 0.7 * kCompressionPlaneColor);
            borderActor->GetProperty()->LightingOff();
            borderActor->GetProperty()->SetLineWidth(1.5f);
            d_->add(borderActor);
        }

        // Line of sticking.
        if (curve.lineDirection.norm() > 0.0) {
            const std::vector<Eigen::Vector3d> line = clipLineToBox(curve.linePoint, curve.lineDirection.normalized(), box);
            if (line.size() == 2) {
                d_->add(makeTube(line, kLineRadiusShare * diag, kLineColor));
            }
        }

    }

    // The curves: the scene's own in its colour, an overlay's in each value's.
    for (std::size_t i = 0; i < curves.size(); ++i) {
        std::vector<Eigen::Vector3d> path;
        for (const Vec3& p : curves[i].points) {
            if (!p.allFinite()) continue;
            if (path.empty() || (p - path.back()).norm() > kMergeShare * diag) path.push_back(p);
        }
        if (path.size() >= 2) {
            auto tube = makeTube(path, kCurveRadiusShare * diag, overlay ? keys[i].second : kCurveColor);
            tube->GetProperty()->SetAmbient(0.35);
            d_->add(tube);
        }
    }

    // Colour key, top left: 3D labels for these would crowd the small
    // tangential axes.
    std::vector<OverlayKey> key;
    if (overlay) key = keys;
    else key.push_back({"impulse curve", kCurveColor});
    key.push_back({"plane of compression", 0.75 * kCompressionPlaneColor});
    key.push_back({"line of sticking", kLineColor});
    int row = 0;
    for (const OverlayKey& entry : key) {
        const Eigen::Vector3d& color = entry.second;
        auto actor = vtkSmartPointer<vtkTextActor>::New();
        actor->SetInput(entry.first.c_str());
        vtkTextProperty* p = actor->GetTextProperty();
        p->SetFontSize(kKeyFontSize);
        p->BoldOn();
        p->SetColor(color.x(), color.y(), color.z());
        p->SetVerticalJustificationToTop();
        actor->GetPositionCoordinate()->SetCoordinateSystemToNormalizedViewport();
        actor->GetPositionCoordinate()->SetValue(kKeyMarginShare, 1.0 - kKeyMarginShare - kKeyRowShare * row++);
        d_->add(actor);
    }

    // Marked points.
    const double ball = kPointRadiusShare * diag;
    const Eigen::Vector3d offset = Eigen::Vector3d::Constant(kLabelOffsetShare * diag);
    auto mark = [&](const std::optional<Vec3>& p, const char* name, const Eigen::Vector3d& color) {
        if (!p || !p->allFinite()) return;
        d_->add(makeBall(*p, ball, color));
        if (name) d_->add(makeBillboardLabel(name, *p + offset));
    };
    if (!overlay) {
        mark(curves.front().compressionPoint, "I_c", kCompressionColor);
        mark(curves.front().stickPoint, "I_s", kStickColor);
        mark(curves.front().finalPoint, "I_r", kFinalColor);
    } else {
        // Each value's points in its colour; three labels per value would
        // cover the curves, and the key names the colours.
        for (std::size_t i = 0; i < curves.size(); ++i)
            for (const auto& p : {curves[i].compressionPoint, curves[i].stickPoint, curves[i].finalPoint})
                mark(p, nullptr, keys[i].second);
    }

    d_->reportExtent();
    d_->changed();
}

void ImpulseCurveRenderer::clear() {
    d_->removeAll();
    d_->changed();
}

void ImpulseCurveRenderer::resetCamera() {
    d_->reportExtent();
    if (d_->view) d_->view->resetCamera();
}

Eigen::Vector3d ImpulseCurveRenderer::curveColor() { return kCurveColor; }
Eigen::Vector3d ImpulseCurveRenderer::planeColor() { return kCompressionPlaneColor; }
Eigen::Vector3d ImpulseCurveRenderer::stickingLineColor() { return kLineColor; }
Eigen::Vector3d ImpulseCurveRenderer::axisColor() { return kAxisColor; }

}  // namespace impactlab::ui
