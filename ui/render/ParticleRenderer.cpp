#include "render/ParticleRenderer.h"

#include <vtkActor.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkPointGaussianMapper.h>
#include <vtkLookupTable.h>
#include <vtkMatrix4x4.h>
#include <vtkPlaneSource.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkSphereSource.h>

#include <QPointer>
#include <QVector3D>
#include <vector>

#include "mechanics/Rotation.h"
#include "render/CameraFraming.h"
#include "render/VtkSupport.h"
#include "render/VtkView.h"

namespace impactlab::ui {

namespace {

// Each particle is one screen-facing square whose fragment shader draws a lit
// sphere (an impostor): two triangles a particle where a faceted sphere
// glyph needs two hundred, which is what keeps 100,000 particles and more
// interactive on a software renderer (measured: 5,000 faceted glyphs took
// 100-260 ms a frame in Mesa's llvmpipe). The shading darkens towards the
// rim as a sphere's would.
constexpr const char* kSphereImpostorShader =
    "//VTK::Color::Impl\n"
    "float dist = dot(offsetVCVSOutput.xy, offsetVCVSOutput.xy);\n"
    "if (dist > 1.0) { discard; } else {\n"
    "  float scale = sqrt(1.0 - dist);\n"
    "  ambientColor *= scale;\n"
    "  diffuseColor *= scale;\n"
    "}\n";
// Colours of the speed scale's ends (viridis), and the obstacles'.
constexpr int kLookupColors = 256;
const Eigen::Vector3d kObstacleColor(0.62, 0.64, 0.68);
constexpr int kCylinderFacets = 32;
// A plane whose normal is this close to an axis is drawn as the domain's face.
constexpr double kAxisAlignedTol = 1e-9;
// Near white at the top to grey-blue below.
const render::Backdrop kParticleBackdrop{{0.93, 0.95, 0.98}, {0.80, 0.84, 0.90}};

vtkSmartPointer<vtkActor> makeObstacleActor(vtkPolyDataAlgorithm* source, const Eigen::Matrix4d& pose) {
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputConnection(source->GetOutputPort());
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    auto m = vtkSmartPointer<vtkMatrix4x4>::New();
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) m->SetElement(i, j, pose(i, j));
    actor->SetUserMatrix(m);
    render::setColor(actor->GetProperty(), kObstacleColor);
    actor->GetProperty()->SetOpacity(render::kSeeThroughOpacity);
    return actor;
}

}  // namespace

struct ParticleRenderer::Impl {
    QPointer<VtkView> view;
    vtkRenderer* renderer = nullptr;
    vtkSmartPointer<vtkPolyData> particles = vtkSmartPointer<vtkPolyData>::New();
    vtkSmartPointer<vtkPointGaussianMapper> glyphs = vtkSmartPointer<vtkPointGaussianMapper>::New();
    vtkSmartPointer<vtkActor> particleActor = vtkSmartPointer<vtkActor>::New();
    vtkSmartPointer<vtkLookupTable> colors = vtkSmartPointer<vtkLookupTable>::New();
    std::vector<vtkSmartPointer<vtkActor>> obstacles;
    Eigen::AlignedBox3d domain;
};

ParticleRenderer::ParticleRenderer(VtkView& view) : d_(std::make_unique<Impl>()) {
    d_->view = &view;
    d_->renderer = view.renderer();
    render::setUpStudio(d_->renderer, kParticleBackdrop);
    d_->glyphs->SetInputData(d_->particles);
    d_->glyphs->SetScaleArray("radius");   // each square's half-width is its particle's radius
    d_->glyphs->SetScaleFactor(1.0);
    d_->glyphs->SetSplatShaderCode(kSphereImpostorShader);
    d_->glyphs->EmissiveOff();
    d_->glyphs->SetScalarModeToUsePointFieldData();
    d_->glyphs->SelectColorArray("speed");
    d_->glyphs->SetColorModeToMapScalars();
    d_->glyphs->ScalarVisibilityOn();
    d_->colors->SetNumberOfTableValues(kLookupColors);
    for (int i = 0; i < kLookupColors; ++i) {
        // Viridis, by its five stops (FieldMapView uses the same scale).
        static const double stops[5][3] = {{0.267, 0.005, 0.329}, {0.231, 0.322, 0.545}, {0.129, 0.569, 0.549},
                                           {0.369, 0.788, 0.384}, {0.992, 0.906, 0.145}};
        const double u = 4.0 * i / (kLookupColors - 1);
        const int k = std::min(3, static_cast<int>(u));
        const double t = u - k;
        d_->colors->SetTableValue(i, stops[k][0] + t * (stops[k + 1][0] - stops[k][0]),
                                  stops[k][1] + t * (stops[k + 1][1] - stops[k][1]),
                                  stops[k][2] + t * (stops[k + 1][2] - stops[k][2]), 1.0);
    }
    d_->glyphs->SetLookupTable(d_->colors);
    d_->glyphs->UseLookupTableScalarRangeOn();
    d_->particleActor->SetMapper(d_->glyphs);
    d_->renderer->AddActor(d_->particleActor);
    view.setFramingAngles(render::kDefaultAzimuthDegrees, render::kDefaultElevationDegrees);
    view.setWorldUp(QVector3D(0.0f, 0.0f, 1.0f));
}

ParticleRenderer::~ParticleRenderer() {
    if (!d_->view) return;
    d_->renderer->RemoveActor(d_->particleActor);
    for (const auto& a : d_->obstacles) d_->renderer->RemoveActor(a);
    d_->view->setFramedExtent(d_.get(), Eigen::AlignedBox3d());
}

void ParticleRenderer::setObstacles(const granular::GranularWorld& world, const Eigen::AlignedBox3d& domain) {
    for (const auto& a : d_->obstacles) d_->renderer->RemoveActor(a);
    d_->obstacles.clear();
    d_->domain = domain;
    // The camera frames the domain (the view's rule, render/CameraFraming.h).
    if (d_->view) d_->view->setFramedExtent(d_.get(), domain);
    const Eigen::Vector3d centre = domain.center();
    const double extent = domain.sizes().maxCoeff();
    for (const granular::Plane& p : world.planes) {
        auto plane = vtkSmartPointer<vtkPlaneSource>::New();
        const Eigen::Vector3d n = p.normal.normalized();
        const Eigen::Vector3d at = centre - (n.dot(centre) - p.offset) * n;
        Eigen::Vector3d u = n.unitOrthogonal() * 0.5 * extent, v = n.cross(u);
        // A wall along an axis is drawn as the domain's face on it; any other
        // plane as a square over the domain.
        Eigen::Index axis = 0;
        if (n.cwiseAbs().maxCoeff(&axis) > 1.0 - kAxisAlignedTol) {
            const Eigen::Index a = (axis + 1) % 3, b = (axis + 2) % 3;
            u = Eigen::Vector3d::Unit(a) * 0.5 * domain.sizes()(a);
            v = Eigen::Vector3d::Unit(b) * 0.5 * domain.sizes()(b);
        }
        Eigen::Vector3d origin = at - u - v, p1 = at + u - v, p2 = at - u + v;   // VTK takes double*
        plane->SetOrigin(origin.data());
        plane->SetPoint1(p1.data());
        plane->SetPoint2(p2.data());
        d_->obstacles.push_back(makeObstacleActor(plane, Eigen::Matrix4d::Identity()));
    }
    for (const granular::Box& b : world.boxes) {
        auto cube = vtkSmartPointer<vtkCubeSource>::New();
        cube->SetXLength(2.0 * b.halfExtents.x());
        cube->SetYLength(2.0 * b.halfExtents.y());
        cube->SetZLength(2.0 * b.halfExtents.z());
        Eigen::Matrix4d pose = Eigen::Matrix4d::Identity();
        pose.topLeftCorner<3, 3>() = b.axes;
        pose.topRightCorner<3, 1>() = b.centre;
        d_->obstacles.push_back(makeObstacleActor(cube, pose));
    }
    for (const granular::Cylinder& c : world.cylinders) {
        auto cylinder = vtkSmartPointer<vtkCylinderSource>::New();   // along y in VTK
        cylinder->SetRadius(c.radius);
        cylinder->SetHeight(2.0 * c.halfLength);
        cylinder->SetResolution(kCylinderFacets);
        Eigen::Matrix4d pose = Eigen::Matrix4d::Identity();
        pose.topLeftCorner<3, 3>() = calcRotationTaking(Eigen::Vector3d::UnitY(), c.axis);
        pose.topRightCorner<3, 1>() = c.centre;
        d_->obstacles.push_back(makeObstacleActor(cylinder, pose));
    }
    for (const auto& a : d_->obstacles) d_->renderer->AddActor(a);
    if (d_->view) d_->view->requestRender();
}

void ParticleRenderer::setFrame(const granular::GranularFrame& frame, double speedScale) {
    const vtkIdType n = static_cast<vtkIdType>(frame.size());
    auto points = vtkSmartPointer<vtkPoints>::New();
    points->SetDataTypeToDouble();
    points->SetNumberOfPoints(n);
    auto radius = vtkSmartPointer<vtkFloatArray>::New();
    radius->SetName("radius");
    radius->SetNumberOfValues(n);
    auto speed = vtkSmartPointer<vtkFloatArray>::New();
    speed->SetName("speed");
    speed->SetNumberOfValues(n);
    for (vtkIdType i = 0; i < n; ++i) {
        points->SetPoint(i, frame.positions[i].data());
        radius->SetValue(i, static_cast<float>(frame.radii[i]));
        speed->SetValue(i, static_cast<float>(frame.velocities[i].norm()));
    }
    d_->particles->SetPoints(points);
    d_->particles->GetPointData()->Initialize();
    d_->particles->GetPointData()->AddArray(radius);
    d_->particles->GetPointData()->AddArray(speed);
    d_->colors->SetTableRange(0.0, speedScale > 0.0 ? speedScale : 1.0);
    d_->glyphs->Modified();
    if (d_->view) d_->view->requestRender();
}

int ParticleRenderer::particleCount() const { return static_cast<int>(d_->particles->GetNumberOfPoints()); }

void ParticleRenderer::resetCamera() {
    if (d_->view) d_->view->resetCamera();
}

}  // namespace impactlab::ui
