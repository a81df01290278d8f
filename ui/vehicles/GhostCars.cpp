#include "vehicles/GhostCars.h"

#include <QMouseEvent>
#include <QPointer>

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>

#include <cmath>

#include "render/VtkView.h"

namespace impactlab::ui {

namespace {

// m above the ground: the observed ghost's fill, then the outlines, far
// enough apart for the depth buffer at the distances a collision is viewed
// from, and low enough to read as lying on the ground.
constexpr double kGhostFillZ = 0.03;
constexpr double kGhostLineZ = 0.05;
constexpr double kObservedGhostOpacity = 0.35;
constexpr float kObservedGhostLineWidth = 2.0f;
constexpr float kPredictedGhostLineWidth = 3.5f;
// The predicted ghost's outline: the vehicle's colour this much darker, so
// it reads apart from the observed one at the same place.
constexpr double kPredictedGhostDarkening = 0.55;
// The front bar across the car, at this share of its length from the centre.
constexpr double kGhostFrontShare = 0.38;
// m: a press this far outside a ghost's outline still grabs it (the pointer
// at a few tens of metres' view is a few decimetres wide).
constexpr double kGhostGrabMargin = 0.3;

// The car's corners (counter-clockwise) and its front bar, on the ground.
std::vector<Vec2> calcGhostCorners(const GhostCar& car) {
    const Vec2 f(std::cos(car.heading), std::sin(car.heading));
    const Vec2 s(-f.y(), f.x());
    const Vec2 a = 0.5 * car.length * f, b = 0.5 * car.width * s;
    return {car.position - a - b, car.position + a - b, car.position + a + b, car.position - a + b};
}

std::pair<Vec2, Vec2> calcGhostFrontBar(const GhostCar& car) {
    const Vec2 f(std::cos(car.heading), std::sin(car.heading));
    const Vec2 s(-f.y(), f.x());
    const Vec2 c = car.position + kGhostFrontShare * car.length * f;
    return {c - 0.5 * car.width * s, c + 0.5 * car.width * s};
}

vtkSmartPointer<vtkActor> makeGhostActor(vtkPolyData* data, const Eigen::Vector3d& color, double opacity, float lineWidth) {
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputData(data);
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    vtkProperty* p = actor->GetProperty();
    p->SetColor(color.x(), color.y(), color.z());
    p->SetOpacity(opacity);
    p->SetLineWidth(lineWidth);
    p->LightingOff();   // flat colour, whatever the light
    actor->PickableOff();
    return actor;
}

// The outline (closed) and the front bar as lines, or the body as two triangles.
vtkSmartPointer<vtkPolyData> makeGhostPolyData(const GhostCar& car, bool filled) {
    auto points = vtkSmartPointer<vtkPoints>::New();
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    const std::vector<Vec2> corners = calcGhostCorners(car);
    const double z = filled ? kGhostFillZ : kGhostLineZ;
    for (const Vec2& p : corners) points->InsertNextPoint(p.x(), p.y(), z);
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    if (filled) {
        const vtkIdType t1[3] = {0, 1, 2}, t2[3] = {0, 2, 3};
        cells->InsertNextCell(3, t1);
        cells->InsertNextCell(3, t2);
        data->SetPolys(cells);
        return data;
    }
    const vtkIdType outline[5] = {0, 1, 2, 3, 0};
    cells->InsertNextCell(5, outline);
    const auto [a, b] = calcGhostFrontBar(car);
    const vtkIdType ia = points->InsertNextPoint(a.x(), a.y(), z);
    const vtkIdType ib = points->InsertNextPoint(b.x(), b.y(), z);
    const vtkIdType bar[2] = {ia, ib};
    cells->InsertNextCell(2, bar);
    data->SetLines(cells);
    return data;
}

}  // namespace

struct GhostCars::Impl {
    QPointer<VtkView> view;
    std::vector<vtkSmartPointer<vtkActor>> actors;

    void removeActors() {
        if (view)
            for (const auto& a : actors) view->renderer()->RemoveActor(a);
        actors.clear();
    }
};

GhostCars::GhostCars(VtkView& view) : d_(std::make_unique<Impl>()) {
    d_->view = &view;
    view.installEventFilter(this);
}

GhostCars::~GhostCars() {
    d_->removeActors();
    if (d_->view) d_->view->setFramedExtent(this, Eigen::AlignedBox3d());
}

void GhostCars::setObserved(std::vector<GhostCar> cars) {
    if (isDragging()) return;   // the drag's ghost stays under the pointer until release
    observed_ = std::move(cars);
    rebuild();
}

void GhostCars::setPredicted(std::vector<GhostCar> cars) {
    predicted_ = std::move(cars);
    rebuild();
}

void GhostCars::rebuild() {
    if (!d_->view) return;
    d_->removeActors();
    Eigen::AlignedBox3d extent;
    for (const GhostCar& car : observed_) {
        d_->actors.push_back(makeGhostActor(makeGhostPolyData(car, true), car.color, kObservedGhostOpacity, 1.0f));
        d_->actors.push_back(makeGhostActor(makeGhostPolyData(car, false), car.color, 1.0, kObservedGhostLineWidth));
    }
    for (const GhostCar& car : predicted_)
        d_->actors.push_back(makeGhostActor(makeGhostPolyData(car, false), kPredictedGhostDarkening * car.color, 1.0,
                                            kPredictedGhostLineWidth));
    for (const auto* cars : {&observed_, &predicted_})
        for (const GhostCar& car : *cars)
            for (const Vec2& p : calcGhostCorners(car)) extent.extend(Eigen::Vector3d(p.x(), p.y(), kGhostLineZ));
    for (const auto& a : d_->actors) d_->view->renderer()->AddActor(a);
    // Not while dragging: the camera would re-frame under the pointer.
    if (!isDragging()) d_->view->setFramedExtent(this, extent);
    d_->view->requestRender();
}

std::optional<QPointF> GhostCars::mapToWidget(const Vec2& ground) const {
    if (!d_->view) return std::nullopt;
    vtkRenderer* r = d_->view->renderer();
    const int* size = r->GetRenderWindow()->GetSize();
    if (size[0] <= 0 || size[1] <= 0 || d_->view->width() <= 0) return std::nullopt;
    r->SetWorldPoint(ground.x(), ground.y(), kGhostLineZ, 1.0);
    r->WorldToDisplay();
    const double* d = r->GetDisplayPoint();
    if (!(d[2] >= 0.0 && d[2] <= 1.0)) return std::nullopt;
    // The off-screen window may hold a reduced frame: the same view, scaled.
    return QPointF(d[0] * d_->view->width() / size[0], d_->view->height() - d[1] * d_->view->height() / size[1]);
}

std::optional<Vec2> GhostCars::mapToGround(const QPointF& widgetPoint) const {
    if (!d_->view) return std::nullopt;
    vtkRenderer* r = d_->view->renderer();
    const int* size = r->GetRenderWindow()->GetSize();
    if (size[0] <= 0 || size[1] <= 0 || d_->view->width() <= 0 || d_->view->height() <= 0) return std::nullopt;
    const double x = widgetPoint.x() * size[0] / d_->view->width();
    const double y = (d_->view->height() - widgetPoint.y()) * size[1] / d_->view->height();
    Eigen::Vector3d ends[2];
    for (int k = 0; k < 2; ++k) {
        r->SetDisplayPoint(x, y, static_cast<double>(k));   // the near and the far plane
        r->DisplayToWorld();
        const double* w = r->GetWorldPoint();
        if (w[3] == 0.0) return std::nullopt;
        ends[k] = Eigen::Vector3d(w[0], w[1], w[2]) / w[3];
    }
    const Eigen::Vector3d ray = ends[1] - ends[0];
    if (std::abs(ray.z()) < 1e-12) return std::nullopt;   // looking along the ground
    const double t = (kGhostLineZ - ends[0].z()) / ray.z();
    if (t < 0.0) return std::nullopt;
    const Eigen::Vector3d hit = ends[0] + t * ray;
    return Vec2(hit.x(), hit.y());
}

int GhostCars::findDraggableAt(const Vec2& ground) const {
    for (int i = 0; i < static_cast<int>(observed_.size()); ++i) {
        const GhostCar& car = observed_[i];
        if (!car.draggable) continue;
        const Vec2 f(std::cos(car.heading), std::sin(car.heading));
        const Vec2 rel = ground - car.position;
        const double along = rel.dot(f), across = rel.dot(Vec2(-f.y(), f.x()));
        if (std::abs(along) <= 0.5 * car.length + kGhostGrabMargin && std::abs(across) <= 0.5 * car.width + kGhostGrabMargin)
            return i;
    }
    return -1;
}

bool GhostCars::eventFilter(QObject* watched, QEvent* event) {
    if (watched != d_->view.data()) return QObject::eventFilter(watched, event);
    const QEvent::Type type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseMove && type != QEvent::MouseButtonRelease)
        return QObject::eventFilter(watched, event);
    const auto* mouse = static_cast<QMouseEvent*>(event);
    const std::optional<Vec2> ground = mapToGround(mouse->position());
    if (type == QEvent::MouseButtonPress) {
        if (mouse->button() != Qt::LeftButton || mouse->modifiers() != Qt::NoModifier || !ground) return false;
        dragged_ = findDraggableAt(*ground);
        if (dragged_ < 0) return false;   // the camera's
        grabOffset_ = observed_[dragged_].position - *ground;
        d_->view->setCursor(Qt::ClosedHandCursor);
        return true;
    }
    if (!isDragging()) return false;
    if (type == QEvent::MouseMove) {
        if (ground) {
            observed_[dragged_].position = *ground + grabOffset_;
            rebuild();
        }
        return true;
    }
    if (mouse->button() != Qt::LeftButton) return true;
    const GhostCar moved = observed_[dragged_];
    dragged_ = -1;
    d_->view->unsetCursor();
    rebuild();
    if (onDragged_) onDragged_(moved.vehicle, moved.position);
    return true;
}

}  // namespace impactlab::ui
