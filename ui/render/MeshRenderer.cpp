#include "MeshRenderer.h"
#include "VtkSupport.h"

#include "CameraFraming.h"
#include "VtkView.h"

#include <QPointer>

#include <vtkActor.h>
#include <vtkArrowSource.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkFeatureEdges.h>
#include <vtkLightKit.h>
#include <vtkMatrix4x4.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPolyDataNormals.h>
#include <vtkProperty.h>
#include <vtkQuadricClustering.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkSphereSource.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <algorithm>

#include "scene/ImpactScene.h"

namespace impactlab::ui {

namespace {

// A soft studio backdrop: light grey-blue at the top to near white.
const render::Backdrop kMeshBackdrop{{0.78, 0.82, 0.88}, {0.98, 0.98, 0.99}};
const Eigen::Vector3d kArrowColor{0.85, 0.1, 0.1};
// The legend: as the vehicle view's caption (14 px text on a light box, 8 px
// from the corner), so the 3D views read alike.
constexpr int kLegendFontSize = 14;
constexpr int kLegendMarginPx = 8;
constexpr double kLegendBackgroundOpacity = 0.7;
const Eigen::Vector3d kLegendTextColor{0.1, 0.1, 0.1};
// Faces meeting at more than this keep separate normals (and get an outline):
// the truncated icosahedron's faces meet at 138-142 degrees (38-42 off flat),
// a 64-gon's neighbouring facets at under 6 degrees.
constexpr double kFeatureAngleDegrees = 25.0;
// Material: a moderate highlight shows the curvature of smooth bodies.
// Ambient high enough that a face turned from the key light still shows its
// colour (a tetrahedron seen from below is mostly such faces).
constexpr double kAmbient = 0.3;
constexpr double kDiffuse = 0.75;
constexpr double kSpecular = 0.3;
constexpr double kSpecularPower = 30.0;
// Outlines: the body colour darkened, thin.
constexpr double kEdgeDarkening = 0.35;
constexpr float kOutlineWidth = 1.4f;
// Contact marker and arrow, as shares of the smaller body's radius (a bounding
// sphere about its vertices' mean): visible next to small bodies, not
// swamping them.
constexpr double kMarkerSmallerBodyShare = 0.08;
constexpr double kArrowSmallerBodyShare = 0.9;
constexpr int kArrowResolution = 24;
// The overlay renderer's layer: drawn after (over) layer 0 without clearing it.
constexpr int kOverlayLayer = 1;

using render::setColor;

vtkSmartPointer<vtkPolyData> makeMeshPolyData(const impactlab::geometry::TriangleMesh& mesh) {
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetNumberOfPoints(static_cast<vtkIdType>(mesh.vertices.size()));
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
        points->SetPoint(static_cast<vtkIdType>(i), mesh.vertices[i].data());
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    for (const auto& t : mesh.triangles) {
        const vtkIdType ids[3] = {t[0], t[1], t[2]};
        cells->InsertNextCell(3, ids);
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetPolys(cells);
    return data;
}

// A mesh with more triangles than this gets a coarser copy for reduced
// interactive frames (VtkView::setInteractiveMapper) unless its builder gave
// one: in Mesa's software renderer every vertex costs time, and a reduced
// frame has a third of the resolution. About a 16 x 12 sphere's worth.
constexpr std::size_t kInteractiveMaxTriangles = 1000;
// The coarse copy merges vertices on a grid of this many cells along the
// mesh's longest side (quadric clustering, each cell's vertex placed to fit
// its faces best): a cell is then at most ~2 pixels of a reduced frame.
constexpr int kInteractiveGridCells = 24;

// The coarse copy of a mesh for reduced frames.
vtkSmartPointer<vtkPolyData> makeCoarse(vtkPolyData* data) {
    double bounds[6];
    data->GetBounds(bounds);
    const double longest = std::max({bounds[1] - bounds[0], bounds[3] - bounds[2], bounds[5] - bounds[4]});
    auto cluster = vtkSmartPointer<vtkQuadricClustering>::New();
    cluster->SetInputData(data);
    cluster->AutoAdjustNumberOfDivisionsOff();
    int divisions[3];
    for (int axis = 0; axis < 3; ++axis) {
        const double side = bounds[2 * axis + 1] - bounds[2 * axis];
        divisions[axis] = std::max(1, static_cast<int>(std::ceil(kInteractiveGridCells * side / longest)));
    }
    cluster->SetNumberOfDivisions(divisions);
    cluster->Update();
    return cluster->GetOutput();
}

// A body's surface, with normals split at feature edges.
vtkSmartPointer<vtkPolyDataMapper> makeSurfaceMapper(vtkPolyData* data) {
    auto normals = vtkSmartPointer<vtkPolyDataNormals>::New();
    normals->SetInputData(data);
    normals->SetFeatureAngle(kFeatureAngleDegrees);
    normals->SplittingOn();
    normals->ConsistencyOff();        // the core's meshes are consistently outward
    normals->AutoOrientNormalsOff();
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputConnection(normals->GetOutputPort());
    return mapper;
}

vtkSmartPointer<vtkMatrix4x4> makeMatrix(const Eigen::Matrix3d& R, const Eigen::Vector3d& t) {
    auto m = vtkSmartPointer<vtkMatrix4x4>::New();
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) m->SetElement(r, c, R(r, c));
        m->SetElement(r, 3, t[r]);
    }
    return m;
}

void setMatrix(vtkMatrix4x4* m, const Eigen::Matrix3d& R, const Eigen::Vector3d& t) {
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) m->SetElement(r, c, R(r, c));
        m->SetElement(r, 3, t[r]);
    }
}

// vtkArrowSource points from the origin along +x with unit length: this
// matrix takes x onto `v` (its length the arrow's) and scales the other axes alike.
Eigen::Matrix3d calcArrowFrame(const Eigen::Vector3d& v) {
    const double length = v.norm();
    const Eigen::Vector3d n = v / length;
    const Eigen::Vector3d seed = std::abs(n.x()) < 0.9 ? Eigen::Vector3d::UnitX() : Eigen::Vector3d::UnitY();
    const Eigen::Vector3d u = n.cross(seed).normalized();
    Eigen::Matrix3d M;
    M.col(0) = n;
    M.col(1) = u;
    M.col(2) = n.cross(u);
    return length * M;
}

// Arrows are nearly self-lit, so they read as their colour from every side.
void styleArrow(vtkProperty* property, const Eigen::Vector3d& color) {
    setColor(property, color);
    property->SetAmbient(0.6);
    property->SetDiffuse(0.5);
}

double calcRadius(const MeshVisual& v) {
    if (v.mesh.vertices.empty()) return 0.0;
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (const Vec3& p : v.mesh.vertices) centre += p;
    centre /= static_cast<double>(v.mesh.vertices.size());
    double r = 0.0;
    for (const Vec3& p : v.mesh.vertices) r = std::max(r, (p - centre).norm());
    return r;
}

}  // namespace

struct MeshRenderer::Impl {
    QPointer<VtkView> view;
    vtkSmartPointer<vtkRenderer> renderer;   // the view's, kept alive even if the view dies
    vtkSmartPointer<vtkRenderer> overlay;    // contact marker and arrow, over the bodies
    vtkSmartPointer<vtkRenderWindow> window;

    struct Body {
        vtkSmartPointer<vtkActor> surface;
        vtkSmartPointer<vtkActor> edges;
        vtkSmartPointer<vtkMatrix4x4> matrix;
        Eigen::AlignedBox3d box;   // mesh frame
        double radius = 0.0;
        Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
        Eigen::Vector3d translation = Eigen::Vector3d::Zero();
        impactlab::geometry::TriangleMesh mesh;   // what the pipeline was built from
        // The surface's own mapper, and the one for reduced frames (or null);
        // the view swaps them on the actor, so it is not asked for either.
        vtkSmartPointer<vtkPolyDataMapper> mapper, interactiveMapper;
    };
    std::vector<Body> bodies;
    // The contact shown (its marker's size follows the bodies').
    bool contactShown = false;
    Eigen::Vector3d contactPoint = Eigen::Vector3d::Zero(), contactNormal = Eigen::Vector3d::Zero();

    // Whether `body` shows `mesh`'s shape (its pose or colour may differ):
    // a slider that moves bodies then re-poses the actors instead of
    // rebuilding normals and feature edges.
    static bool sameShape(const Body& body, const impactlab::geometry::TriangleMesh& mesh) {
        return mesh.vertices == body.mesh.vertices && mesh.triangles == body.mesh.triangles;
    }
    vtkSmartPointer<vtkActor> marker;
    vtkSmartPointer<vtkSphereSource> markerSource;
    vtkSmartPointer<vtkActor> arrow;
    vtkSmartPointer<vtkTextActor> caption;           // the legend (setLegend)
    vtkSmartPointer<vtkMatrix4x4> arrowMatrix;
    vtkSmartPointer<vtkPolyDataMapper> arrowMapper;   // shared by the extra arrows
    std::vector<vtkSmartPointer<vtkActor>> extraArrows;

    // Every change reports the bodies' extent to the view, which frames it by
    // its rule (render/CameraFraming.h) before the next frame.
    void changed() {
        if (!view) return;
        view->setFramedExtent(this, calcFramedExtent());
        view->requestRender();
    }
    void removeBodies() {
        for (const Body& b : bodies) {
            renderer->RemoveActor(b.surface);
            renderer->RemoveActor(b.edges);
        }
        bodies.clear();
    }
    // The posed bodies' mesh boxes, in the world.
    Eigen::AlignedBox3d calcFramedExtent() const {
        Eigen::AlignedBox3d world;
        for (const Body& b : bodies) {
            if (b.box.isEmpty()) continue;
            for (int k = 0; k < 8; ++k)
                world.extend(b.rotation * b.box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(k)) + b.translation);
        }
        return world;
    }
};

MeshRenderer::MeshRenderer(VtkView& view) : d_(std::make_unique<Impl>()) {
    d_->view = &view;
    d_->renderer = view.renderer();
    d_->window = view.renderWindow();
    vtkRenderer* r = d_->renderer;
    render::setUpStudio(r, kMeshBackdrop);

    // The overlay shares the camera, so it turns and zooms with the bodies.
    d_->overlay = vtkSmartPointer<vtkRenderer>::New();
    d_->overlay->SetLayer(kOverlayLayer);
    d_->overlay->InteractiveOff();
    d_->overlay->SetActiveCamera(r->GetActiveCamera());
    d_->window->SetNumberOfLayers(std::max(d_->window->GetNumberOfLayers(), kOverlayLayer + 1));
    d_->window->AddRenderer(d_->overlay);

    d_->markerSource = vtkSmartPointer<vtkSphereSource>::New();
    d_->markerSource->SetThetaResolution(render::kContactMarkerResolution);
    d_->markerSource->SetPhiResolution(render::kContactMarkerResolution);
    auto markerMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    markerMapper->SetInputConnection(d_->markerSource->GetOutputPort());
    d_->marker = vtkSmartPointer<vtkActor>::New();
    d_->marker->SetMapper(markerMapper);
    setColor(d_->marker->GetProperty(), render::kContactMarkerColor);
    // Nearly self-lit: a marker must read as its colour from every side.
    d_->marker->GetProperty()->SetAmbient(0.8);
    d_->marker->GetProperty()->SetDiffuse(0.3);
    d_->marker->VisibilityOff();
    d_->overlay->AddActor(d_->marker);

    auto arrowSource = vtkSmartPointer<vtkArrowSource>::New();
    arrowSource->SetTipResolution(kArrowResolution);
    arrowSource->SetShaftResolution(kArrowResolution);
    auto arrowMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    arrowMapper->SetInputConnection(arrowSource->GetOutputPort());
    d_->arrowMapper = arrowMapper;
    d_->arrow = vtkSmartPointer<vtkActor>::New();
    d_->arrow->SetMapper(arrowMapper);
    d_->arrowMatrix = vtkSmartPointer<vtkMatrix4x4>::New();
    d_->arrow->SetUserMatrix(d_->arrowMatrix);
    styleArrow(d_->arrow->GetProperty(), kArrowColor);
    d_->arrow->VisibilityOff();
    d_->overlay->AddActor(d_->arrow);

    // The legend of the marker and the arrows, in the view's lower left corner.
    d_->caption = vtkSmartPointer<vtkTextActor>::New();
    vtkTextProperty* tp = d_->caption->GetTextProperty();
    tp->SetFontSize(kLegendFontSize);
    tp->SetColor(kLegendTextColor.x(), kLegendTextColor.y(), kLegendTextColor.z());
    tp->SetBackgroundColor(1.0, 1.0, 1.0);
    tp->SetBackgroundOpacity(kLegendBackgroundOpacity);
    d_->caption->SetDisplayPosition(kLegendMarginPx, kLegendMarginPx);
    d_->caption->VisibilityOff();
    d_->overlay->AddViewProp(d_->caption);

    view.setFramingAngles(render::kDefaultAzimuthDegrees, render::kDefaultElevationDegrees);
    view.setWorldUp(QVector3D(0.0f, 0.0f, 1.0f));
}

MeshRenderer::~MeshRenderer() {
    d_->removeBodies();
    d_->overlay->RemoveAllViewProps();
    d_->window->RemoveRenderer(d_->overlay);
    if (d_->view) {
        d_->view->setFramedExtent(d_.get(), Eigen::AlignedBox3d());
        d_->view->setWorldUp(QVector3D());
        d_->view->requestRender();
    }
}

void MeshRenderer::setMeshes(const std::vector<MeshVisual>& meshes) {
    // Bodies whose shapes are already on display keep their actors and are
    // only re-posed and re-coloured; the rest are built (sharing the mappers
    // of identical shapes: a row of equal balls uploads one sphere). A slider
    // that changes the impact, not the bodies, draws nothing again; one that
    // adds a ball builds one ball.
    std::size_t kept = 0;
    while (kept < meshes.size() && kept < d_->bodies.size() && d_->sameShape(d_->bodies[kept], meshes[kept].mesh)) ++kept;
    bool changed = kept != d_->bodies.size() || kept != meshes.size();
    for (std::size_t i = kept; i < d_->bodies.size(); ++i) {
        d_->renderer->RemoveActor(d_->bodies[i].surface);
        d_->renderer->RemoveActor(d_->bodies[i].edges);
    }
    d_->bodies.resize(kept);
    for (std::size_t i = 0; i < kept; ++i) {
        const MeshVisual& v = meshes[i];
        Impl::Body& b = d_->bodies[i];
        double rgb[3];
        b.surface->GetProperty()->GetColor(rgb);
        if (b.rotation == v.rotation && b.translation == v.translation &&
            Eigen::Vector3d(rgb[0], rgb[1], rgb[2]) == v.color && b.surface->GetProperty()->GetOpacity() == v.opacity)
            continue;
        b.rotation = v.rotation;
        b.translation = v.translation;
        setMatrix(b.matrix, v.rotation, v.translation);
        setColor(b.surface->GetProperty(), v.color);
        b.surface->GetProperty()->SetOpacity(v.opacity);
        setColor(b.edges->GetProperty(), kEdgeDarkening * v.color);
        b.edges->GetProperty()->SetOpacity(v.opacity);
        changed = true;
    }
    if (!changed) return;
    if (meshes.size() != kept) d_->contactShown = false;   // its size follows the new bodies
    for (std::size_t i = kept; i < meshes.size(); ++i) {
        const MeshVisual& v = meshes[i];
        Impl::Body b;
        b.rotation = v.rotation;
        b.translation = v.translation;
        b.radius = calcRadius(v);
        for (const Vec3& p : v.mesh.vertices) b.box.extend(p);
        b.matrix = makeMatrix(v.rotation, v.translation);
        b.mesh = v.mesh;
        vtkSmartPointer<vtkPolyDataMapper> mapper, interactiveMapper, edgeMapper;
        for (const Impl::Body& other : d_->bodies) {
            if (!d_->sameShape(other, v.mesh)) continue;
            mapper = other.mapper;
            interactiveMapper = other.interactiveMapper;
            edgeMapper = vtkPolyDataMapper::SafeDownCast(other.edges->GetMapper());
            break;
        }
        if (!mapper || !edgeMapper) {
            const vtkSmartPointer<vtkPolyData> data = makeMeshPolyData(v.mesh);
            mapper = makeSurfaceMapper(data);
            if (!v.interactiveMesh.triangles.empty())
                interactiveMapper = makeSurfaceMapper(makeMeshPolyData(v.interactiveMesh));
            else if (v.mesh.triangles.size() > kInteractiveMaxTriangles)
                interactiveMapper = makeSurfaceMapper(makeCoarse(data));

            auto edges = vtkSmartPointer<vtkFeatureEdges>::New();
            edges->SetInputData(data);
            edges->SetFeatureAngle(kFeatureAngleDegrees);
            edges->FeatureEdgesOn();
            edges->BoundaryEdgesOn();
            edges->ManifoldEdgesOff();
            edges->NonManifoldEdgesOff();
            edges->ColoringOff();
            edgeMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
            edgeMapper->SetInputConnection(edges->GetOutputPort());
            edgeMapper->ScalarVisibilityOff();
        }
        b.mapper = mapper;
        b.interactiveMapper = interactiveMapper;
        b.surface = vtkSmartPointer<vtkActor>::New();
        b.surface->SetMapper(mapper);
        if (interactiveMapper && d_->view) d_->view->setInteractiveMapper(b.surface, interactiveMapper);
        b.surface->SetUserMatrix(b.matrix);
        vtkProperty* p = b.surface->GetProperty();
        setColor(p, v.color);
        p->SetOpacity(v.opacity);
        p->SetInterpolationToPhong();
        p->SetAmbient(kAmbient);
        p->SetDiffuse(kDiffuse);
        p->SetSpecular(kSpecular);
        p->SetSpecularPower(kSpecularPower);

        b.edges = vtkSmartPointer<vtkActor>::New();
        b.edges->SetMapper(edgeMapper);
        b.edges->SetUserMatrix(b.matrix);
        setColor(b.edges->GetProperty(), kEdgeDarkening * v.color);
        b.edges->GetProperty()->SetLineWidth(kOutlineWidth);
        b.edges->GetProperty()->LightingOff();
        b.edges->GetProperty()->SetOpacity(v.opacity);

        d_->renderer->AddActor(b.surface);
        d_->renderer->AddActor(b.edges);
        d_->bodies.push_back(std::move(b));
    }
    d_->changed();
}

void MeshRenderer::setPose(int index, const Eigen::Matrix3d& rotation, const Eigen::Vector3d& translation) {
    if (index < 0 || index >= static_cast<int>(d_->bodies.size())) return;
    Impl::Body& b = d_->bodies[static_cast<std::size_t>(index)];
    b.rotation = rotation;
    b.translation = translation;
    setMatrix(b.matrix, rotation, translation);
    d_->changed();
}

void MeshRenderer::setContact(const Eigen::Vector3d& point, const Eigen::Vector3d& normal) {
    if (d_->contactShown && d_->contactPoint == point && d_->contactNormal == normal) return;
    d_->contactShown = true;
    d_->contactPoint = point;
    d_->contactNormal = normal;
    double smallest = 0.0;
    for (const Impl::Body& b : d_->bodies)
        if (b.radius > 0.0 && (smallest == 0.0 || b.radius < smallest)) smallest = b.radius;
    if (!(smallest > 0.0)) smallest = 1.0;
    d_->markerSource->SetRadius(kMarkerSmallerBodyShare * smallest);
    d_->marker->SetPosition(point.x(), point.y(), point.z());
    d_->marker->VisibilityOn();

    setMatrix(d_->arrowMatrix, calcArrowFrame(kArrowSmallerBodyShare * smallest * normal.normalized()), point);
    d_->arrow->VisibilityOn();
    d_->changed();
}

void MeshRenderer::setArrows(const std::vector<ArrowVisual>& arrows) {
    for (const auto& a : d_->extraArrows) d_->overlay->RemoveActor(a);
    d_->extraArrows.clear();
    for (const ArrowVisual& a : arrows) {
        const double length = a.vector.norm();
        if (!(length > 0.0) || !a.vector.allFinite() || !a.point.allFinite()) continue;
        auto actor = vtkSmartPointer<vtkActor>::New();
        actor->SetMapper(d_->arrowMapper);
        actor->SetUserMatrix(makeMatrix(calcArrowFrame(a.vector), a.point));
        styleArrow(actor->GetProperty(), a.color);
        d_->overlay->AddActor(actor);
        d_->extraArrows.push_back(actor);
    }
    d_->changed();
}

void MeshRenderer::setLegend(const std::string& text) {
    const char* shown = d_->caption->GetInput();
    if (shown && text == shown && d_->caption->GetVisibility() == !text.empty()) return;
    d_->caption->SetInput(text.c_str());
    d_->caption->SetVisibility(!text.empty());
    d_->changed();
}

void MeshRenderer::clearContact() {
    d_->marker->VisibilityOff();
    d_->arrow->VisibilityOff();
    d_->changed();
}

void MeshRenderer::resetCamera() {
    d_->changed();
    if (d_->view) d_->view->resetCamera();
}

Eigen::Vector3d MeshRenderer::contactMarkerColor() { return render::kContactMarkerColor; }
Eigen::Vector3d MeshRenderer::normalArrowColor() { return kArrowColor; }

std::vector<MeshVisual> makeMeshVisuals(const ImpactScene& scene) {
    std::vector<MeshVisual> out;
    for (const ImpactSceneBody& b : scene.bodies) {
        MeshVisual v;
        v.mesh = b.mesh;
        v.rotation = b.meshRotation;
        v.translation = b.meshTranslation;
        v.color = b.color;
        out.push_back(std::move(v));
    }
    return out;
}

// What the single-impact view's marker and arrow are (the contact frame's
// convention: n points from body 2 into body 1).
const char* const kImpactSceneLegend = "yellow dot: contact point\nred arrow: contact normal n, into body 1";

void showImpactScene(MeshRenderer& renderer, const ImpactScene& scene) {
    updateImpactScene(renderer, scene);
    renderer.resetCamera();
}

void updateImpactScene(MeshRenderer& renderer, const ImpactScene& scene) {
    renderer.setMeshes(makeMeshVisuals(scene));
    renderer.setContact(scene.contact.point, scene.contact.frame.n());
    renderer.setLegend(kImpactSceneLegend);
}

}  // namespace impactlab::ui
