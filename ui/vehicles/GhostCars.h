#pragma once
// Ghost cars of a vehicle reconstruction in the 3D view: each vehicle's rest
// pose as the evidence observes it (a translucent filled outline, the
// vehicle's colour, with a bar at its front) and as the reconstruction
// predicts it (ReconstructionResult::predictedRest: an outline only, darker,
// same front bar). They lie just above the ground, above the vehicle
// overlay's layers.
//
// An observed ghost placed by a rest_position evidence item can be dragged
// with the left mouse button: the ghost follows the pointer on the ground
// plane, and on release the new position is reported once (one undo step per
// drag). A press that misses every draggable ghost is left to the view (the
// camera turns as usual).
//
// No VTK type appears here.
#include <QObject>
#include <QPointF>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "mechanics/Types.h"

namespace impactlab::ui {

class VtkView;

struct GhostCar {
    int vehicle = 0;                     // 0-based
    Vec2 position = Vec2::Zero();        // m, CG on the ground
    double heading = 0.0;                // rad, from +x counter-clockwise
    double length = 4.5, width = 1.8;    // m
    Eigen::Vector3d color{0.5, 0.5, 0.5};
    bool draggable = false;              // placed by a rest_position item
};

class GhostCars : public QObject {
    Q_OBJECT

public:
    // Called on release after a drag: the vehicle and its new rest position (m).
    using DragHandler = std::function<void(int vehicle, const Vec2& position)>;

    explicit GhostCars(VtkView& view);
    ~GhostCars() override;

    void setObserved(std::vector<GhostCar> cars);
    void setPredicted(std::vector<GhostCar> cars);
    void setDragHandler(DragHandler handler) { onDragged_ = std::move(handler); }
    const std::vector<GhostCar>& observed() const { return observed_; }
    const std::vector<GhostCar>& predicted() const { return predicted_; }
    bool isDragging() const { return dragged_ >= 0; }

    // Where a ground point (z = 0) appears in the view, in widget pixels;
    // nullopt when it is behind the camera (tests drag with this).
    std::optional<QPointF> mapToWidget(const Vec2& ground) const;
    // The ground point under a widget pixel; nullopt when the ray misses the ground.
    std::optional<Vec2> mapToGround(const QPointF& widgetPoint) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    int findDraggableAt(const Vec2& ground) const;

    struct Impl;
    std::unique_ptr<Impl> d_;
    std::vector<GhostCar> observed_, predicted_;
    DragHandler onDragged_;
    int dragged_ = -1;                 // index into observed_ while a drag lasts
    Vec2 grabOffset_ = Vec2::Zero();   // ghost centre minus the grabbed ground point
};

}  // namespace impactlab::ui
