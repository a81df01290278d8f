#include "SceneRenderer.h"
#include "VtkSupport.h"

#include "SceneGeometry.h"
#include "VtkView.h"

#include <QPointer>

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDataArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkLightKit.h>
#include <vtkMatrix4x4.h>
#include <vtkPlaneSource.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>

#include <algorithm>
#include <cmath>

namespace impactlab::ui {

namespace {

// Sky-like gradient: light blue-grey at the top fading to near white at the
// horizon, so the grey ground stands out against the lower part.
const render::Backdrop kSceneBackdrop{{0.70, 0.77, 0.86}, {0.97, 0.97, 0.98}};
const Eigen::Vector3d kGroundColor{0.80, 0.80, 0.78};
const Eigen::Vector3d kGridColor{0.62, 0.62, 0.60};
const Eigen::Vector3d kPivotColor{0.15, 0.15, 0.15};
// Heading marker of a box: a near-white bar over the front fifth of the roof,
// 80% of the width and raised by 10% of the height.
const Eigen::Vector3d kHeadingMarkerColor{0.95, 0.95, 0.9};
constexpr double kHeadingMarkerDepth = 0.2;
constexpr double kHeadingMarkerWidth = 0.8;
constexpr double kHeadingMarkerRise = 0.1;
// Ambient share that keeps the ground from going dark at grazing light.
constexpr double kGroundAmbient = 0.35;
constexpr double kGroundDiffuse = 0.65;

constexpr double kDefaultGroundHeight = 0.0;
constexpr double kDefaultGroundHalfSize = 5.0;

// Material of the bodies: a moderate highlight shows their curvature.
constexpr double kBodyAmbient = 0.15;
constexpr double kBodyDiffuse = 0.85;
constexpr double kBodySpecular = 0.35;
constexpr double kBodySpecularPower = 40.0;
// Box edges are drawn in a darkened body colour so faces read as separate.
constexpr double kBoxEdgeDarkening = 0.35;
// Facets around a rod (cylinder) body.
constexpr int kCylinderResolution = 24;
// Strings: thin, dark grey, unlit.
constexpr float kStringWidth = 1.5f;
const Eigen::Vector3d kStringColor(0.25, 0.25, 0.28);
constexpr float kBoxEdgeWidth = 1.5f;

// Trails: thin, unlit, darker than the body so they read over the ground.
constexpr float kTrailWidth = 2.0f;
constexpr double kTrailDarkening = 0.7;
constexpr size_t kMinTrailPoints = 2;

// Marker radius as a share of the largest body size: visible next to the
// body without hiding the contact region.
constexpr double kMarkerLargestBodyShare = 0.12;
constexpr double kMarkerAmbient = 0.5;

// Default view: from the front-right (-60 degrees azimuth from +x) and 25
// degrees above the horizon, the usual oblique "engineering" view.
constexpr double kDefaultAzimuthDegrees = -60.0;
constexpr double kDefaultElevationDegrees = 25.0;
// Smallest radius framed, in metres: a single point still gets a view.
constexpr double kMinSceneRadius = 0.05;
// The ground spot under the bodies is framed too if it lies within this
// many scene radii below them: impacts with the ground need it in view,
// while a distant ground would only shrink the bodies.
constexpr double kGroundFramingReach = 3.0;

using render::setColor;

double boundingRadius(const BodyVisual& visual) {
    return visual.shape == BodyVisual::Shape::Sphere ? visual.radius : visual.halfExtents.norm();
}

// The box around a square panel, whatever its turn in its plane: the box of
// its circumscribed disc (radius halfSize * sqrt 2), which is
// r * sqrt(1 - n_i^2) across along axis i.
Eigen::AlignedBox3d calcPanelBox(const PlaneVisual& p) {
    const Eigen::Vector3d n = p.normal.normalized();
    const Eigen::Vector3d reach =
        std::sqrt(2.0) * p.halfSize * (Eigen::Vector3d::Ones() - n.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
    return {p.point - reach, p.point + reach};
}

bool isSamePanel(const PlaneVisual& a, const PlaneVisual& b) {
    return a.point == b.point && a.normal == b.normal && a.halfSize == b.halfSize && a.color == b.color;
}

}  // namespace

struct SceneRenderer::Impl {
    QPointer<VtkView> view;
    vtkSmartPointer<vtkRenderer> renderer;  // kept alive even if the view dies

    double groundHeight = kDefaultGroundHeight;
    double groundHalfSize = 0.0;
    vtkSmartPointer<vtkActor> ground;
    vtkSmartPointer<vtkActor> grid;

    struct Body {
        BodyVisual visual;
        BodyPose pose;
        vtkSmartPointer<vtkActor> actor;
        vtkSmartPointer<vtkActor> marker;   // heading marker, posed with the body
        vtkSmartPointer<vtkMatrix4x4> matrix;
        vtkSmartPointer<vtkActor> trail;
        Eigen::AlignedBox3d trailBox;   // of the trail's points; empty when hidden
    };
    std::vector<Body> bodies;
    std::vector<vtkSmartPointer<vtkActor>> planes;
    std::vector<PlaneVisual> planeVisuals;
    std::vector<vtkSmartPointer<vtkActor>> pivots;
    Eigen::AlignedBox3d pivotBox;
    vtkSmartPointer<vtkActor> marker;
    vtkSmartPointer<vtkSphereSource> markerSource;
    vtkSmartPointer<vtkActor> strings;   // created at the first strings, then its data replaced
    std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>> stringSegments;

    // Every change reports the scene's extent to the view, which frames it
    // by its rule (render/CameraFraming.h) before the next frame.
    void changed() {
        if (view) {
            view->setFramedExtent(this, calcFramedExtent());
            view->requestRender();
        }
    }
    void remove(vtkActor* actor) {
        if (actor) {
            renderer->RemoveActor(actor);
        }
    }
    vtkSmartPointer<vtkActor> makeBody(const BodyVisual& visual);
    Eigen::AlignedBox3d calcFramedExtent() const;
};

vtkSmartPointer<vtkActor> SceneRenderer::Impl::makeBody(const BodyVisual& visual) {
    vtkSmartPointer<vtkActor> actor;
    if (visual.shape == BodyVisual::Shape::Sphere) {
        auto sphereMapper = [&visual](SphereDetail detail) {
            auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
            mapper->SetInputData(geometry::spinSphere(visual.radius, visual.color, detail));
            mapper->SetScalarModeToUseCellData();
            mapper->SetColorModeToDirectScalars();
            mapper->ScalarVisibilityOn();
            return mapper;
        };
        actor = vtkSmartPointer<vtkActor>::New();
        actor->SetMapper(sphereMapper(kFullSphereDetail));
        if (view) view->setInteractiveMapper(actor, sphereMapper(kInteractiveSphereDetail));
    } else if (visual.shape == BodyVisual::Shape::Cylinder) {
        // VTK's cylinder lies along y: turned to the body's x axis, (x, y) -> (y, -x).
        auto cylinder = vtkSmartPointer<vtkCylinderSource>::New();
        cylinder->SetRadius(visual.radius);
        cylinder->SetHeight(visual.length);
        cylinder->SetResolution(kCylinderResolution);
        cylinder->Update();
        vtkSmartPointer<vtkPolyData> data = cylinder->GetOutput();
        vtkPoints* points = data->GetPoints();
        for (vtkIdType i = 0; i < points->GetNumberOfPoints(); ++i) {
            double p[3];
            points->GetPoint(i, p);
            points->SetPoint(i, p[1], -p[0], p[2]);
        }
        if (vtkDataArray* normals = data->GetPointData()->GetNormals()) {
            for (vtkIdType i = 0; i < normals->GetNumberOfTuples(); ++i) {
                double n[3];
                normals->GetTuple(i, n);
                normals->SetTuple3(i, n[1], -n[0], n[2]);
            }
        }
        actor = render::actorFor(data);
        setColor(actor->GetProperty(), visual.color);
    } else {
        auto cube = vtkSmartPointer<vtkCubeSource>::New();
        cube->SetXLength(2.0 * visual.halfExtents.x());
        cube->SetYLength(2.0 * visual.halfExtents.y());
        cube->SetZLength(2.0 * visual.halfExtents.z());
        cube->Update();
        actor = render::actorFor(cube->GetOutput());
        setColor(actor->GetProperty(), visual.color);
        actor->GetProperty()->EdgeVisibilityOn();
        const Eigen::Vector3d edge = kBoxEdgeDarkening * visual.color;
        actor->GetProperty()->SetEdgeColor(edge.x(), edge.y(), edge.z());
        actor->GetProperty()->SetLineWidth(kBoxEdgeWidth);
    }
    vtkProperty* property = actor->GetProperty();
    property->SetInterpolationToPhong();
    property->SetAmbient(kBodyAmbient);
    property->SetDiffuse(kBodyDiffuse);
    property->SetSpecular(kBodySpecular);
    property->SetSpecularPower(kBodySpecularPower);
    return actor;
}

// What the camera frames: the bodies where they are and along their trails,
// the walls and pivots, and the ground under them when it is near.
Eigen::AlignedBox3d SceneRenderer::Impl::calcFramedExtent() const {
    Eigen::AlignedBox3d box;
    for (const Body& body : bodies) {
        const Eigen::Vector3d reach = Eigen::Vector3d::Constant(boundingRadius(body.visual));
        box.extend(body.pose.position - reach);
        box.extend(body.pose.position + reach);
        if (!body.trailBox.isEmpty()) {
            box.extend(body.trailBox.min() - reach);
            box.extend(body.trailBox.max() + reach);
        }
    }
    for (const PlaneVisual& p : planeVisuals) box.extend(calcPanelBox(p));
    if (!pivotBox.isEmpty()) box.extend(pivotBox);
    if (box.isEmpty()) {  // nothing to frame: show the middle of the ground
        const double half = kDefaultGroundHalfSize / 2.0;
        box.extend(Eigen::Vector3d(-half, -half, groundHeight));
        box.extend(Eigen::Vector3d(half, half, groundHeight));
    }
    const double radius = std::max(box.diagonal().norm() / 2.0, kMinSceneRadius);
    const Eigen::Vector3d centre = box.center();
    const double drop = box.min().z() - groundHeight;
    if (ground && ground->GetVisibility() && drop > 0.0 && drop < kGroundFramingReach * radius) {
        box.extend(Eigen::Vector3d(centre.x(), centre.y(), groundHeight));
    }
    return box;
}

SceneRenderer::SceneRenderer(VtkView& view) : d_(std::make_unique<Impl>()) {
    d_->view = &view;
    d_->renderer = view.renderer();
    vtkRenderer* r = d_->renderer;
    render::setUpStudio(r, kSceneBackdrop);

    d_->markerSource = vtkSmartPointer<vtkSphereSource>::New();
    d_->markerSource->SetThetaResolution(render::kContactMarkerResolution);
    d_->markerSource->SetPhiResolution(render::kContactMarkerResolution);
    d_->marker = vtkSmartPointer<vtkActor>::New();
    auto markerMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    markerMapper->SetInputConnection(d_->markerSource->GetOutputPort());
    d_->marker->SetMapper(markerMapper);
    setColor(d_->marker->GetProperty(), render::kContactMarkerColor);
    d_->marker->GetProperty()->SetAmbient(kMarkerAmbient);
    d_->marker->VisibilityOff();
    r->AddActor(d_->marker);

    view.setFramingAngles(kDefaultAzimuthDegrees, kDefaultElevationDegrees);
    setGround(kDefaultGroundHeight, kDefaultGroundHalfSize);
    view.setWorldUp(QVector3D(0.0f, 0.0f, 1.0f));  // z is up in the world
}

SceneRenderer::~SceneRenderer() {
    d_->remove(d_->ground);
    d_->remove(d_->grid);
    d_->remove(d_->marker);
    for (const auto& a : d_->planes) d_->remove(a);
    for (const auto& a : d_->pivots) d_->remove(a);
    for (const auto& body : d_->bodies) {
        d_->remove(body.actor);
        d_->remove(body.marker);
        d_->remove(body.trail);
    }
    if (d_->view) {
        d_->view->setFramedExtent(d_.get(), Eigen::AlignedBox3d());
        d_->view->setWorldUp(QVector3D());
        d_->view->requestRender();
    }
}

void SceneRenderer::setGround(double height, double halfSize) {
    // Rebuilding the same ground would upload it to the GPU again.
    if (d_->ground && height == d_->groundHeight && halfSize == d_->groundHalfSize) return;
    d_->remove(d_->ground);
    d_->remove(d_->grid);
    d_->groundHeight = height;
    d_->groundHalfSize = halfSize;

    auto plane = vtkSmartPointer<vtkPlaneSource>::New();
    plane->SetOrigin(-halfSize, -halfSize, height);
    plane->SetPoint1(halfSize, -halfSize, height);
    plane->SetPoint2(-halfSize, halfSize, height);
    plane->Update();
    d_->ground = render::actorFor(plane->GetOutput());
    setColor(d_->ground->GetProperty(), kGroundColor);
    d_->ground->GetProperty()->SetAmbient(kGroundAmbient);
    d_->ground->GetProperty()->SetDiffuse(kGroundDiffuse);

    d_->grid = render::actorFor(geometry::groundGrid(height, halfSize));
    setColor(d_->grid->GetProperty(), kGridColor);
    d_->grid->GetProperty()->LightingOff();

    d_->renderer->AddActor(d_->ground);
    d_->renderer->AddActor(d_->grid);
    d_->changed();
}

void SceneRenderer::setPlanes(const std::vector<PlaneVisual>& planes) {
    // Called after every run (a slider can turn a barrier): the same panels
    // are not rebuilt and uploaded again.
    if (std::equal(planes.begin(), planes.end(), d_->planeVisuals.begin(), d_->planeVisuals.end(), isSamePanel)) return;
    d_->planeVisuals = planes;
    for (const auto& a : d_->planes) d_->remove(a);
    d_->planes.clear();
    for (const PlaneVisual& p : planes) {
        auto source = vtkSmartPointer<vtkPlaneSource>::New();
        source->SetOrigin(-p.halfSize, -p.halfSize, 0.0);
        source->SetPoint1(p.halfSize, -p.halfSize, 0.0);
        source->SetPoint2(-p.halfSize, p.halfSize, 0.0);
        source->SetCenter(p.point.x(), p.point.y(), p.point.z());
        source->SetNormal(p.normal.x(), p.normal.y(), p.normal.z());
        source->Update();
        auto actor = render::actorFor(source->GetOutput());
        setColor(actor->GetProperty(), p.color);
        actor->GetProperty()->SetOpacity(render::kSeeThroughOpacity);
        actor->GetProperty()->EdgeVisibilityOn();
        d_->renderer->AddActor(actor);
        d_->planes.push_back(actor);
    }
    d_->changed();
}

void SceneRenderer::setPivots(const std::vector<Eigen::Vector3d>& points, double radius) {
    for (const auto& a : d_->pivots) d_->remove(a);
    d_->pivots.clear();
    d_->pivotBox.setEmpty();
    for (const Eigen::Vector3d& q : points) {
        d_->pivotBox.extend(q - Eigen::Vector3d::Constant(radius));
        d_->pivotBox.extend(q + Eigen::Vector3d::Constant(radius));
        auto source = vtkSmartPointer<vtkSphereSource>::New();
        source->SetCenter(q.x(), q.y(), q.z());
        source->SetRadius(radius);
        source->SetThetaResolution(render::kContactMarkerResolution);
        source->SetPhiResolution(render::kContactMarkerResolution);
        source->Update();
        auto actor = render::actorFor(source->GetOutput());
        setColor(actor->GetProperty(), kPivotColor);
        d_->renderer->AddActor(actor);
        d_->pivots.push_back(actor);
    }
    d_->changed();
}

void SceneRenderer::setBodies(const std::vector<BodyVisual>& bodies) {
    for (const auto& body : d_->bodies) {
        d_->remove(body.actor);
        d_->remove(body.marker);
        d_->remove(body.trail);
    }
    d_->bodies.clear();
    double largest = 0.0;
    for (const BodyVisual& visual : bodies) {
        Impl::Body body;
        body.visual = visual;
        body.actor = d_->makeBody(visual);
        body.matrix = vtkSmartPointer<vtkMatrix4x4>::New();  // identity pose
        body.actor->SetUserMatrix(body.matrix);
        d_->renderer->AddActor(body.actor);
        if (visual.shape == BodyVisual::Shape::Box && visual.headingMarker) {
            // A light bar across the roof at the front (+x) end.
            const Eigen::Vector3d h = visual.halfExtents;
            auto bar = vtkSmartPointer<vtkCubeSource>::New();
            bar->SetCenter(h.x() * (1.0 - kHeadingMarkerDepth), 0.0, h.z() * (1.0 + kHeadingMarkerRise));
            bar->SetXLength(2.0 * h.x() * kHeadingMarkerDepth);
            bar->SetYLength(2.0 * h.y() * kHeadingMarkerWidth);
            bar->SetZLength(2.0 * h.z() * kHeadingMarkerRise);
            bar->Update();
            body.marker = render::actorFor(bar->GetOutput());
            setColor(body.marker->GetProperty(), kHeadingMarkerColor);
            body.marker->SetUserMatrix(body.matrix);
            d_->renderer->AddActor(body.marker);
        }
        largest = std::max(largest, boundingRadius(visual));
        d_->bodies.push_back(std::move(body));
    }
    if (largest > 0.0) {
        d_->markerSource->SetRadius(kMarkerLargestBodyShare * largest);
    }
    d_->changed();
}

void SceneRenderer::setPoses(const std::vector<BodyPose>& poses) {
    const size_t n = std::min(poses.size(), d_->bodies.size());
    for (size_t i = 0; i < n; ++i) {
        Impl::Body& body = d_->bodies[i];
        body.pose = poses[i];
        const Eigen::Matrix3d rotation = poses[i].orientation.normalized().toRotationMatrix();
        for (int row = 0; row < 3; ++row) {
            for (int col = 0; col < 3; ++col) {
                body.matrix->SetElement(row, col, rotation(row, col));
            }
            body.matrix->SetElement(row, 3, poses[i].position[row]);
        }
        // SetElement already marks the matrix modified; the actor notices
        // through its user transform.
    }
    d_->changed();
}

void SceneRenderer::setTrail(int body, const std::vector<Eigen::Vector3d>& points) {
    if (body < 0 || body >= static_cast<int>(d_->bodies.size())) {
        return;
    }
    Impl::Body& b = d_->bodies[static_cast<size_t>(body)];
    b.trailBox.setEmpty();
    if (points.size() < kMinTrailPoints) {
        if (b.trail) {
            b.trail->VisibilityOff();
        }
        d_->changed();
        return;
    }
    for (const Eigen::Vector3d& p : points) b.trailBox.extend(p);
    if (!b.trail) {  // created once, then only its data is replaced
        b.trail = render::actorFor(geometry::polyline(points));
        setColor(b.trail->GetProperty(), kTrailDarkening * b.visual.color);
        b.trail->GetProperty()->SetLineWidth(kTrailWidth);
        b.trail->GetProperty()->LightingOff();
        d_->renderer->AddActor(b.trail);
    } else {
        vtkPolyDataMapper::SafeDownCast(b.trail->GetMapper())->SetInputData(geometry::polyline(points));
        b.trail->VisibilityOn();
    }
    d_->changed();
}

const std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>>& SceneRenderer::strings() const {
    return d_->stringSegments;
}

void SceneRenderer::setStrings(const std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>>& segments) {
    d_->stringSegments = segments;
    if (segments.empty()) {
        if (d_->strings) d_->strings->VisibilityOff();
        return;
    }
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto lines = vtkSmartPointer<vtkCellArray>::New();
    for (const auto& s : segments) {
        const vtkIdType a = points->InsertNextPoint(s.first.x(), s.first.y(), s.first.z());
        const vtkIdType b = points->InsertNextPoint(s.second.x(), s.second.y(), s.second.z());
        const vtkIdType ids[2] = {a, b};
        lines->InsertNextCell(2, ids);
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetLines(lines);
    if (!d_->strings) {
        d_->strings = render::actorFor(data);
        setColor(d_->strings->GetProperty(), kStringColor);
        d_->strings->GetProperty()->SetLineWidth(kStringWidth);
        d_->strings->GetProperty()->LightingOff();
        d_->renderer->AddActor(d_->strings);
    } else {
        vtkPolyDataMapper::SafeDownCast(d_->strings->GetMapper())->SetInputData(data);
        d_->strings->VisibilityOn();
    }
}

void SceneRenderer::setMarker(const std::optional<Eigen::Vector3d>& point) {
    if (point) {
        d_->marker->SetPosition(point->x(), point->y(), point->z());
    }
    d_->marker->SetVisibility(point.has_value());
    d_->changed();
}

void SceneRenderer::resetCamera() {
    d_->changed();
    if (d_->view) d_->view->resetCamera();
}

void SceneRenderer::setViewAngles(double azimuthDegrees, double elevationDegrees) {
    if (d_->view) d_->view->setFramingAngles(azimuthDegrees, elevationDegrees);
}

}  // namespace impactlab::ui
